/**
 * Whether a word is one of {@link tokenize}'s words of a text, found where the text holds it instead of by
 * splitting the whole text: the judge asks a reply for a few nouns (to tell equal fits apart), and most replies
 * hold none of them. Each place the word is written is read as `tokenize` reads the word that starts there.
 */
import { CONTRACTION_WORDS, tokenize } from './_tokens.js';
import { memo } from './_memo.js';

/** A word that is found where it is written: lower-case letters, and no word a contraction expands to. */
const findable = memo((word: string): boolean => /^[a-z]+$/.test(word) && !CONTRACTION_WORDS.has(word));

/**
 * The text as {@link tokenize} reads it: lower case, typographic apostrophes made plain. Give this to
 * {@link hasWord}.
 */
export function searchText(text: string): string {
  const lower = text.toLowerCase();
  return lower.includes('’') ? lower.replace(/’/g, "'") : lower;
}

/**
 * Whether `tokenize(text)` holds `word`, for `lower = searchText(text)`; `undefined` when the word cannot be
 * found this way (not lower-case letters only, or a word a contraction expands to): split the text then.
 * Linear in the text's length: each place `word` is written is read once, and only a word starting there is
 * split.
 */
export function hasWord(lower: string, word: string): boolean | undefined {
  if (!findable(word)) return undefined;
  for (let at = lower.indexOf(word); at !== -1; at = lower.indexOf(word, at + 1)) {
    if (!startsWord(lower, at)) continue;
    let end = at + word.length;
    while (end < lower.length && continues(lower.charCodeAt(end))) end++;
    // The word stands alone, or `tokenize` reads its longer word ("booking's" → "booking", "'s"; "booking." → "booking").
    if (end === at + word.length || tokenize(lower.slice(at, end)).includes(word)) return true;
  }
  return false;
}

/**
 * Whether `tokenize`'s pattern starts a word at `at` (a letter): no character that starts a word comes right
 * before it, nor before a run of characters that only continue one ("-", "/"), for the word it starts runs on.
 */
function startsWord(lower: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && continues(lower.charCodeAt(i)) && !starts(lower.charCodeAt(i))) i--;
  return i < 0 || !starts(lower.charCodeAt(i));
}

/** A character that starts a word of `tokenize`: `[a-z0-9\u00c0-\u024f$€£¥#@]`. */
function starts(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 0xc0 && c <= 0x24f) || c === 36 || c === 0x20ac || c === 0xa3 || c === 0xa5 || c === 35 || c === 64;
}

/** A character that continues a word of `tokenize`: `[a-z0-9\u00c0-\u024f'@.\-_#/+%]` (not `$ € £ ¥`, which only start one). */
function continues(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 0xc0 && c <= 0x24f) || c === 39 || c === 64 || c === 46 || c === 45 || c === 95 || c === 35 || c === 47 || c === 43 || c === 37;
}
