/**
 * Internal: a stable fingerprint of a call's arguments, so interceptions can be counted and grouped
 * without keeping the values.
 */
import { createHash } from 'node:crypto';

/**
 * Hex SHA-256 of the canonical JSON of `args`: object keys sorted (by UTF-16 code units), no
 * whitespace, members whose value is `undefined` or a function left out (as `JSON.stringify` does),
 * bigints written as strings, a repeated reference to an enclosing object written `"[Circular]"`. A
 * string (raw arguments text) is hashed as the JSON string it is. Throws only when reading the value
 * throws (a throwing getter, a runaway `toJSON`); the guard treats that as an incident.
 */
export function argsHash(args: unknown): string {
  return createHash('sha256').update(canonicalJson(args)).digest('hex');
}

/** The canonical JSON text {@link argsHash} hashes. */
export function canonicalJson(value: unknown): string {
  return write(value, new Set()) ?? 'null';
}

function write(value: unknown, open: Set<object>): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return JSON.stringify(value.toString());
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null) return 'null';
  const obj = value as object;
  if (open.has(obj)) return '"[Circular]"';
  open.add(obj);
  try {
    if (Array.isArray(obj)) return `[${obj.map((v: unknown) => write(v, open) ?? 'null').join(',')}]`;
    const json = toJsonValue(obj);
    if (json !== obj) return write(json, open);
    const parts: string[] = [];
    for (const key of Object.keys(obj).sort()) {
      const member = write((obj as Record<string, unknown>)[key], open);
      if (member !== undefined) parts.push(`${JSON.stringify(key)}:${member}`);
    }
    return `{${parts.join(',')}}`;
  } finally {
    open.delete(obj);
  }
}

/** What `JSON.stringify` would serialize in place of `obj` (its `toJSON()` result, e.g. a Date's ISO text). */
function toJsonValue(obj: object): unknown {
  const toJSON = (obj as { toJSON?: unknown }).toJSON;
  if (typeof toJSON !== 'function') return obj;
  try {
    return (toJSON as () => unknown).call(obj);
  } catch {
    return String(obj);
  }
}
