/**
 * Internal: the words of a tool result as the ledger index folds them, read off the parsed value instead of
 * its JSON text.
 */
import { memo } from './_memo.js';
import { eachWord, jsonText } from './_values.js';

/**
 * Add to `words` the words ({@link eachWord}) of `jsonText(value).toLowerCase()`. Plain JSON data (what
 * `JSON.parse` returns) is read leaf by leaf, as its JSON text writes each key and value, without writing
 * that text; any other value (one with `toJSON`, a boxed primitive, a class instance, a BigInt, nesting
 * deeper than {@link JSON_WORDS_DEPTH} levels, a cycle) is written out as JSON first.
 */
export function addJsonWords(value: unknown, words: Set<string>): void {
  const add = (word: string): void => {
    words.add(word);
  };
  if (typeof value === 'string') {
    eachWord(value.toLowerCase(), (w) => {
      add(w);
      if (isTimestampWord(w)) add(w.slice(0, 10));
      if (isDateWord(w)) add(w.slice(5, 10));
    });
    return;
  }
  const pieces: Piece[] = [];
  if (!plainJsonPieces(value, [], pieces)) {
    eachWord(jsonText(value).toLowerCase(), add);
    return;
  }
  for (const piece of pieces) {
    // A key or value met again adds nothing to the set that already took its words.
    if (piece.takenBy === words) continue;
    piece.takenBy = words;
    for (const word of piece.words) words.add(word);
  }
}

/** The words of one key or scalar as JSON writes it, and the last word set that took them. */
interface Piece {
  readonly words: readonly string[];
  takenBy: Set<string> | undefined;
}

/** Nesting {@link addJsonWords} reads leaf by leaf; deeper values (or a cycle) are written out as JSON. */
const JSON_WORDS_DEPTH = 64;

/**
 * Add to `out` the pieces of the JSON text of `value` when `JSON.stringify` writes it as its parts alone:
 * scalars, arrays and objects of `Object.prototype` or none, without `toJSON`, none inside itself (`within`
 * holds the arrays and objects around it); else return false. JSON punctuation separates words, so each
 * key and scalar is read alone.
 */
function plainJsonPieces(value: unknown, within: unknown[], out: Piece[]): boolean {
  if (typeof value === 'string') return out.push(stringPiece(value)) > 0;
  if (typeof value === 'number') return out.push(stringPiece(Number.isFinite(value) ? String(value) : 'null')) > 0;
  if (typeof value === 'boolean') return out.push(stringPiece(value ? 'true' : 'false')) > 0;
  if (value === null) return out.push(stringPiece('null')) > 0;
  if (typeof value !== 'object') return typeof value !== 'bigint';
  if (within.length >= JSON_WORDS_DEPTH || within.includes(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  let plain = true;
  within.push(value);
  if (Array.isArray(value)) {
    // An element JSON cannot write (undefined, a function, a symbol) is written `null`.
    for (let i = 0; plain && i < value.length; i++) plain = plainJsonPieces(written(value[i]) ? value[i] : null, within, out);
  } else {
    const proto = Object.getPrototypeOf(value) as unknown;
    plain = proto === Object.prototype || proto === null;
    const record = value as Record<string, unknown>;
    // A member JSON cannot write is left out with its key.
    if (plain) {
      for (const k of Object.keys(record)) {
        const v = record[k];
        if (!written(v)) continue;
        out.push(stringPiece(k));
        if (!(plain = plainJsonPieces(v, within, out))) break;
      }
    }
  }
  within.pop();
  return plain;
}

const written = (v: unknown): boolean => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol';

/** JSON escapes control characters and lone surrogates with a backslash and letters (`\n`, `\ud800`): the letters join the words. */
function escapedInJson(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || (c >= 0xd800 && c <= 0xdfff)) return true;
  }
  return false;
}

/** The words of a string as JSON writes it, lower case. */
function readPiece(text: string): Piece {
  const words: string[] = [];
  eachWord((escapedInJson(text) ? JSON.stringify(text) : text).toLowerCase(), (w) => {
    words.push(w);
    // A timestamp ("2024-05-04t15:00:00") records its date too, and a date its month and day ("05-04").
    if (isTimestampWord(w)) words.push(w.slice(0, 10));
    if (isDateWord(w)) words.push(w.slice(5, 10));
  });
  return { words, takenBy: undefined };
}

/** Keys and short values repeat across results: their words are read once per distinct string. */
const shortPiece = memo(readPiece);
const stringPiece = (text: string): Piece => (text.length <= 64 ? shortPiece(text) : readPiece(text));

/** A word that starts as an ISO timestamp does, `2024-05-04t…`: its first ten characters are a date. */
function isTimestampWord(w: string): boolean {
  return w.length >= 12 && w.charCodeAt(10) === 116 && startsWithDate(w);
}

/** An ISO date (`2024-05-04`) or a timestamp that starts with one: characters 5 to 10 are its month and day. */
function isDateWord(w: string): boolean {
  return (w.length === 10 || (w.length >= 12 && w.charCodeAt(10) === 116)) && startsWithDate(w);
}

/** The first ten characters are digits as an ISO date writes them, `dddd-dd-dd`. */
function startsWithDate(w: string): boolean {
  if (w.length < 10 || w.charCodeAt(4) !== 45 || w.charCodeAt(7) !== 45) return false;
  for (const i of DATE_DIGITS) {
    const c = w.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}
const DATE_DIGITS = [0, 1, 2, 3, 5, 6, 8, 9];
