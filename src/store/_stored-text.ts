/**
 * Internal: values to and from the TEXT columns: JSON with a length limit, and guarded parsing back.
 * Nothing here throws.
 */

/** `text` cut to `max` UTF-16 code units, ending `…[truncated N chars]` (as the core `Ledger` cuts). */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}…[truncated ${text.length - max} chars]`;
}

/**
 * JSON text of `value` for a TEXT column, or `null` for `undefined`. Text longer than `max` is cut and
 * stored as a JSON string holding the cut text, so it still parses. Bigints become strings; a value
 * JSON cannot write (a cycle) is stored as its `String()`.
 */
export function toStoredJson(value: unknown, max: number): string | null {
  if (value === undefined) return null;
  let json: string | undefined;
  try {
    json = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  } catch {
    json = JSON.stringify(String(value));
  }
  if (json === undefined) return null;
  if (json.length <= max) return json;
  return JSON.stringify(truncateText(typeof value === 'string' ? value : json, max));
}

/** `value` itself when its JSON fits in `max`; else its JSON text (or the string itself), cut. For values kept inside a JSON column. */
export function cutValue(value: unknown, max: number): unknown {
  if (value === undefined || value === null) return value ?? null;
  const json = toStoredJson(value, max);
  if (json === null) return null;
  return json.length <= max ? value : (JSON.parse(json) as unknown);
}

/** The value a TEXT column holds: parsed JSON, `fallback` for `NULL`, the raw text when it does not parse. */
export function fromStoredJson(text: unknown, fallback: unknown = null): unknown {
  if (typeof text !== 'string') return fallback;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** `value` when it is an array of strings, else `[]` (for JSON list columns). */
export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
