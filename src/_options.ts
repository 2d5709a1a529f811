/**
 * Internal: the checks every public function runs on its options object and argument types, so a
 * misspelled option (`tool` for `tools`) or a wrong argument (`check('…', 'nope')`) is a
 * `ClaimcheckError` that says what, where and how to fix, never a silent default or a raw `TypeError`.
 */
import { distance } from 'fastest-levenshtein';
import { ClaimcheckError } from './errors.js';

/**
 * `options` is `undefined` or a plain object whose keys are all in `known`.
 * @throws ClaimcheckError `invalid_options` naming the function, the unknown key, the closest known
 *   key (when one is near) and the known keys.
 */
export function assertOptions(where: string, options: unknown, known: readonly string[]): void {
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new ClaimcheckError('invalid_options', `${where}: options must be an object such as { ${known[0] ?? ''}: … }, got ${describeValue(options)}.`);
  }
  for (const key of Object.keys(options)) {
    if (known.includes(key)) continue;
    const near = closest(key, known);
    const hint = near === undefined ? '' : ` Did you mean "${near}"?`;
    throw new ClaimcheckError('invalid_options', `${where}: unknown option "${key}".${hint} The options are ${known.map((k) => `"${k}"`).join(', ')}.`, {
      data: { option: key, suggestion: near ?? null },
    });
  }
}

/** How a message names a value of the wrong type: `a string ("nope")`, `null`, `a number (3)`, `an array`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `a string (${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)})`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return `a ${typeof value} (${String(value)})`;
  if (value === undefined) return 'undefined';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * The known name nearest to `key` by edit distance (case ignored), when it is within a third of `key`'s
 * length (at least 2); else `undefined`. For "Did you mean" in messages about unknown option keys and values.
 */
export function closest(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(key.length / 3)) + 1;
  for (const candidate of known) {
    // Option names are short; the key is cut to 64 characters.
    const d = distance(key.slice(0, 64).toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
