/**
 * Likely fixes for a `type_mismatch`: values that are right but wrapped in a string (a JSON-encoded
 * object or array, a numeric or boolean string), a comma-separated list for an array, `null`.
 */
import { describeValue } from './_describe-value.js';

const NUMERIC = /^\s*-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?\s*$/;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A hint for `value` where the schema expects one of `expected` (JSON Schema type names), if any. */
export function typeHint(expected: readonly string[], value: unknown): string | undefined {
  const wants = (t: string): boolean => expected.includes(t);
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if ((wants('object') && trimmed.startsWith('{')) || (wants('array') && trimmed.startsWith('['))) {
      const parsed = parseJson(trimmed);
      if (typeof parsed === 'object' && parsed !== null) {
        const kind = Array.isArray(parsed) ? 'array' : 'object';
        if (wants(kind)) {
          return `The ${kind} was sent as a JSON-encoded string; send the ${kind} itself, not a string containing JSON.`;
        }
      }
    }
    if ((wants('number') || wants('integer')) && NUMERIC.test(value)) {
      const n = Number(value);
      const fits = wants('number') || Number.isInteger(n);
      return fits
        ? `Send ${String(n)} as a JSON number, not the string ${describeValue(value)}.`
        : `Send a JSON number (an integer here), not the string ${describeValue(value)}.`;
    }
    if (wants('boolean') && /^(true|false)$/i.test(trimmed)) {
      return `Send ${trimmed.toLowerCase()} as a JSON boolean, not the string ${describeValue(value)}.`;
    }
    if (wants('array') && trimmed.includes(',')) {
      return 'Send a JSON array of items, not one string with a separated list.';
    }
    if (wants('array')) return 'Send a JSON array, even for a single item.';
  }
  if (value === null) {
    const only = expected.length === 1 ? expected[0] : undefined;
    const send = only === undefined ? `one of ${expected.join(', ')}` : `${/^[aeiou]/.test(only) ? 'an' : 'a'} ${only}`;
    return `null is not allowed here: send ${send}, or leave the field out if it is optional.`;
  }
  return undefined;
}
