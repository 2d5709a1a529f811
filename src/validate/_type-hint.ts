/**
 * Likely fixes for a `type_mismatch`: values that are right but wrapped in a string (a JSON-encoded
 * object or array, a numeric or boolean string), a comma-separated list for an array, `null`.
 */
import { describeValue } from './_describe-value.js';
import { readNumericString } from './_numeric-string.js';
import type { NumericString } from './_numeric-string.js';

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
    const read = wants('number') || wants('integer') ? readNumericString(value) : undefined;
    if (read !== undefined) return numberHint(read, describeValue(value), wants('number'));
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

/**
 * The hint for a numeric string where a number is expected: the same value as a number, never a rounded
 * or rescaled one. A string with decimal places sent to an integer field may be in a larger unit than the
 * field's ("42.00" dollars for cents), so the hint says to convert rather than drop the decimal places.
 */
function numberHint(read: NumericString, sent: string, anyNumber: boolean): string {
  const n = String(read.value);
  if (!read.exact) {
    return `Send a JSON number, not a string; but ${sent} does not keep its value as a number (it would be read as ${n}), so send a value the field can hold exactly.`;
  }
  if (!anyNumber && !read.whole) {
    return `Send a JSON integer, not a string; but ${sent} is ${n}, not a whole number, so no integer has its value: do not round it, send the whole number the field means in the field's unit.`;
  }
  if (read.literal) return `Send ${n} as a JSON number, not the string ${sent}.`;
  const same = `Send a JSON number, not the string ${sent}: the same value as a number is ${n}.`;
  if (anyNumber || !read.decimals) return same;
  return `${same} An integer field has no decimal places: if ${sent} is in a larger unit than the field's, convert it to the field's unit instead.`;
}
