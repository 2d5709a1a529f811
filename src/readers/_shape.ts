/**
 * Internal: reading untrusted values as plain data, and the `unreadable_messages` error every reader raises.
 * Values are read by property access only, so SDK class instances and objects with extra fields work.
 */
import { ClaimcheckError } from '../errors.js';

/** A non-null, non-array object, read by property access (no prototype required). */
export type Rec = Record<string, unknown>;

/** What `unreadable_messages` errors carry in `data`: the index of the message (null for the whole input). */
export interface UnreadableData {
  index: number | null;
  shape: string;
}

export function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A short human description of a value's shape: `a number`, `an array`, `an object of type "x" with keys a, b`. */
export function describeShape(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : `an array of ${value.length}`;
  if (typeof value !== 'object') return `a ${typeof value}`;
  const rec = value as Rec;
  const keys = Object.keys(rec);
  const tag = typeof rec.type === 'string' ? ` of type "${clip(rec.type)}"` : typeof rec.role === 'string' ? ` with role "${clip(rec.role)}"` : '';
  if (keys.length === 0) return `an empty object${tag}`;
  const more = keys.length > 6 ? ', …' : '';
  return `an object${tag} with keys ${keys.slice(0, 6).map(clip).join(', ')}${more}`;
}

/** Build the `unreadable_messages` error: `${where} is ${shape}; ${problem}`. */
export function unreadable(index: number | null, where: string, value: unknown, problem: string): ClaimcheckError<UnreadableData> {
  const shape = describeShape(value);
  // The message shows a string itself ("status is the string \"success\""); `data.shape` keeps the shape alone.
  const said = typeof value === 'string' ? `the string ${JSON.stringify(clip(value))}` : shape;
  return new ClaimcheckError<UnreadableData>('unreadable_messages', `${where} is ${said}; ${problem}`, {
    data: { index, shape },
  });
}

/** The input list of a reader, or an `unreadable_messages` error naming what was given instead. */
export function requireList(value: unknown, noun: string, format: string): unknown[] {
  if (Array.isArray(value)) return value;
  throw unreadable(null, noun, value, `expected an array of ${format} ${noun}.`);
}

/** A message or item that must be an object. */
export function requireRecord(value: unknown, index: number, where: string): Rec {
  if (isRecord(value)) return value;
  throw unreadable(index, where, value, 'expected an object.');
}

/** A string field, or undefined when absent/null; any other type is unreadable. */
export function optionalString(rec: Rec, key: string, index: number, where: string): string | undefined {
  const value = rec[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  throw unreadable(index, `${where}.${key}`, value, 'expected a string.');
}

/** A non-empty string field; anything else is unreadable. */
export function requireString(rec: Rec, key: string, index: number, where: string): string {
  const value = rec[key];
  if (typeof value === 'string' && value !== '') return value;
  throw unreadable(index, `${where}.${key}`, value, 'expected a non-empty string.');
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
