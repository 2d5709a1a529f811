/**
 * Specific values a claim states: money amounts in common currencies and formats, cued reference
 * numbers, email addresses. Linear-time patterns only.
 */
import { scanEmails, trimEnd } from './_scan.js';
import { matchesOf } from './_matches.js';

/** A money amount read from text. */
export interface Amount {
  value: number;
  text: string;
}

const SYMBOL_FIRST = /(?:[$€£¥₹]|\b(?:USD|EUR|GBP|CAD|AUD|CHF|JPY|INR|SEK|NOK|DKK|PLN)\s?)\s?(\d{1,3}(?:[.,\s]\d{3}){1,5}(?:[.,]\d{1,2})?|\d{1,12}(?:[.,]\d{1,2})?)(k\b)?/gi;
const CODE_AFTER = /\b(\d{1,3}(?:[.,]\d{3}){1,5}(?:[.,]\d{1,2})?|\d{1,12}(?:[.,]\d{1,2})?)\s?(?:USD|EUR|GBP|CAD|AUD|CHF|JPY|INR|dollars|euros|pounds|€)/gi;
const QUALIFIERS = /\b(?:each|per|every|half|around|about|approximately|approx|roughly|nearly|almost|up to|under|over|at least|at most|more than|less than|limit|budget|remaining|balance|available|split|x)\b|~|×|≈/i;

/** Parse "1,250.00", "1.250,00", "11,90", "64" into a number; the last separator with 1–2 digits after it is the decimal mark. */
export function parseAmount(raw: string): number | null {
  const s = raw.replace(/\s/g, '');
  const m = /^(.*?)([.,])(\d{1,2})$/.exec(s);
  let value: number;
  if (m !== null) {
    value = Number(`${(m[1] ?? '').replace(/[.,]/g, '')}.${m[3] ?? ''}`);
  } else {
    value = Number(s.replace(/[.,]/g, ''));
  }
  return Number.isFinite(value) ? value : null;
}

/** Money amounts in a clause. */
export function findAmounts(text: string): Amount[] {
  const out: Amount[] = [];
  const seen = new Set<number>();
  for (const m of matchesOf(SYMBOL_FIRST, text)) {
    const v = parseAmount(m[1] ?? '');
    if (v === null) continue;
    const value = m[2] ? v * 1000 : v;
    if (m.index !== undefined) seen.add(m.index);
    out.push({ value, text: m[0].trim() });
  }
  for (const m of matchesOf(CODE_AFTER, text)) {
    if (!/[A-Za-z€]/.test(m[0].slice((m[1] ?? '').length))) continue;
    const v = parseAmount(m[1] ?? '');
    if (v === null) continue;
    if (out.some((a) => Math.abs(a.value - v) < 0.005)) continue;
    out.push({ value: v, text: m[0].trim() });
  }
  return out;
}

/** True when the clause qualifies its amount ("each", "around", "half of"), so it cannot be judged. */
export function qualifiedAmount(text: string): boolean {
  return QUALIFIERS.test(text);
}

const CUED_REF = /\b(?:order|ticket|case|pr|pull request|issue|build|invoice|deal|account|customer|user|reservation|booking|confirmation|incident|contact|project|transfer|request|job|run|shipment|tracking|return|rma|release|item|record|row|id|number|no\.?)\s{0,3}(?:#|number\s|no\.?\s?)?\s?([A-Za-z]{0,6}-?\d[\w-]{0,24})/gi;
const HASH_REF = /(?:^|[\s(])#(\d[\w-]{0,24})/g;
const CODE_REF = /\b([A-Z]{1,6}-\d{2,}[\w-]{0,16})\b/g;

/** Cued reference numbers ("order 4821", "ticket #5521", "PR #431", "SHP-00912"), normalized to lower case without "#". */
export function findRefs(text: string): string[] {
  const out = new Set<string>();
  for (const m of matchesOf(CUED_REF, text)) out.add(normalizeRef(m[1] ?? ''));
  // A "#" starts every hash reference and a "-" joins every code: most texts have neither.
  if (text.includes('#')) for (const m of matchesOf(HASH_REF, text)) out.add(normalizeRef(m[1] ?? ''));
  if (text.includes('-')) for (const m of matchesOf(CODE_REF, text)) out.add(normalizeRef(m[1] ?? ''));
  out.delete('');
  return [...out].filter((r) => /\d/.test(r) && !/^\d{1,2}$/.test(r));
}

export function normalizeRef(ref: string): string {
  const lower = ref.toLowerCase();
  return trimEnd(lower.startsWith('#') ? lower.slice(1) : lower, '.,;:');
}

const MASKED_REF = /\b([A-Za-z]{3,20})\s{1,3}(?:ending|ends)\s{1,3}(?:in|with)\s{1,3}(\d{3,6})\b/g;

/**
 * References by their last digits ("your card ending in 7334", "the account ending with 0912"): the
 * noun that names the record, lower case, and the digits.
 */
export function findMaskedRefs(text: string): Array<{ noun: string; digits: string }> {
  if (!text.includes('end')) return [];
  return matchesOf(MASKED_REF, text).map((m) => ({ noun: (m[1] ?? '').toLowerCase(), digits: m[2] ?? '' }));
}

/** Email addresses, lower case. */
export function findEmails(text: string): string[] {
  return scanEmails(text);
}

/** A tool call's arguments or result as text to read words from: text as it is, anything else as JSON; `''` when it cannot be written (a cycle, a BigInt). */
export function jsonText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/** Character classes of {@link eachWord}: 1 continues a word, 3 also starts one. */
const WORD_CHAR = new Uint8Array(128);
for (const c of 'abcdefghijklmnopqrstuvwxyz0123456789@+') WORD_CHAR[c.charCodeAt(0)] = 3;
for (const c of '.-') WORD_CHAR[c.charCodeAt(0)] = 1;

/**
 * Visit the words of lower-case text: numbers, references, emails ("rf-88213", "89.99", "a@b.co"). A word
 * is a match of the pattern `[a-z0-9@+][a-z0-9@.+-]*` with its trailing "." and "-" removed. One pass over
 * the text; nothing is allocated but the words.
 */
export function eachWord(lower: string, visit: (word: string) => void): void {
  const n = lower.length;
  let i = 0;
  while (i < n) {
    if (wordClass(lower.charCodeAt(i)) !== 3) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < n && wordClass(lower.charCodeAt(j)) !== 0) j++;
    // The first character is neither "." nor "-", so the trim stops at it.
    let end = j;
    while (lower.charCodeAt(end - 1) === 46 || lower.charCodeAt(end - 1) === 45) end--;
    visit(lower.slice(i, end));
    i = j;
  }
}

const wordClass = (code: number): number => (code < 128 ? (WORD_CHAR[code] ?? 0) : 0);

/** Every leaf of a JSON value, with its key, depth-first. */
export function leaves(value: unknown, key = '', out: Array<{ key: string; value: unknown }> = [], depth = 0): Array<{ key: string; value: unknown }> {
  eachLeaf(value, (k, v) => out.push({ key: k, value: v }), key, depth);
  return out;
}

/**
 * Visit every leaf of a JSON value with its key (the nearest object key above it), depth-first, as
 * {@link leaves} lists them, without building the list: the result walks read thousands of leaves.
 */
export function eachLeaf(value: unknown, visit: (key: string, value: unknown) => void, key = '', depth = 0): void {
  if (depth > 20) return;
  if (Array.isArray(value)) {
    for (const v of value) eachLeaf(v, visit, key, depth + 1);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // The own enumerable keys in Object.entries' order, read without allocating a pair per key.
    for (const k of Object.keys(record)) eachLeaf(record[k], visit, k, depth + 1);
  } else {
    visit(key, value);
  }
}
