/**
 * Whether a word is one of {@link tokenize}'s words of a text, found where the text holds it instead of by
 * splitting the whole text: the judge asks a reply for a few nouns (to tell equal fits apart), and most replies
 * hold none of them. Each place the word is written is read as `tokenize` reads the word that starts there.
 */
import { CONTRACTION_WORDS, continuesWord, startsWord, tokenize } from './_tokens.js';
import { memo } from './_memo.js';

/** A word that is found where it is written: lower-case letters, and no word a contraction expands to. */
const findable = memo((word: string): boolean => /^[a-z]+$/.test(word) && !CONTRACTION_WORDS.has(word));

/**
 * Whether `tokenize(text)` holds `word`, for `lower = wordText(text)`; `undefined` when the word cannot be
 * found this way (not lower-case letters only, or a word a contraction expands to): split the text then.
 * Linear in the text's length: each place `word` is written is read once, and only a word starting there is
 * split.
 */
export function hasWord(lower: string, word: string): boolean | undefined {
  if (!findable(word)) return undefined;
  for (let at = lower.indexOf(word); at !== -1; at = lower.indexOf(word, at + 1)) {
    if (!wordStartsAt(lower, at)) continue;
    let end = at + word.length;
    while (end < lower.length && continuesWord(lower.charCodeAt(end))) end++;
    // The word stands alone, or `tokenize` reads its longer word ("booking's" → "booking", "'s"; "booking." → "booking").
    if (end === at + word.length || tokenize(lower.slice(at, end)).includes(word)) return true;
  }
  return false;
}

/**
 * Whether `tokenize`'s pattern starts a word at `at` (a letter): no character that starts a word comes right
 * before it, nor before a run of characters that only continue one ("-", "/"), for the word it starts runs on.
 */
function wordStartsAt(lower: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && continuesWord(lower.charCodeAt(i)) && !startsWord(lower.charCodeAt(i))) i--;
  return i < 0 || !startsWord(lower.charCodeAt(i));
}
