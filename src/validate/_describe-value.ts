/**
 * Short renderings of argument values for failure messages.
 */

const MAX_CHARS = 40;

/** The JSON type of a value: `null`, `array`, `object`, `string`, `number`, `boolean` (or `undefined`). */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** `"Express"`, `150000`, `null`, `an array of 2 items`, `an object`; long strings are cut with `…`. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    const chars = [...value];
    return JSON.stringify(chars.length > MAX_CHARS ? `${chars.slice(0, MAX_CHARS).join('')}…` : value);
  }
  if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object' && value !== null) return 'an object';
  return String(value);
}

/** `describeValue` prefixed by the type where the rendering alone leaves it unclear (`string "3"`). */
export function describeTyped(value: unknown): string {
  return typeof value === 'string' ? `string ${describeValue(value)}` : describeValue(value);
}

/** `'a', 'b' or 'c'`: a human list of quoted names, at most `max` of them. */
export function listNames(names: readonly unknown[], joiner = 'or', max = 20): string {
  const shown = names.slice(0, max).map((n) => (typeof n === 'string' ? JSON.stringify(n) : String(n)));
  if (names.length > max) return `${shown.join(', ')} ${joiner} ${names.length - max} more`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} ${joiner} ${shown[shown.length - 1] ?? ''}`;
}
