/**
 * A fast, sound pre-filter: a sentence can hold a claim only if one of its words is a claimed verb
 * form of the lexicon (a past form, the first word of a phrasal verb, "let"), a terse completion word,
 * or it pairs "is/are" with an outcome word ("now", "back", "on", "live", "off"). Sentences without any are
 * skipped before clause splitting and tokenizing. Built from the lexicon, so a form added there is
 * never filtered out. One pass over the characters, no regular expression.
 */
import { TERSE_DONE } from './lexicon.js';
import { ambiguousPast, pastForms, phrasal } from './_lookup.js';
import { openPast } from './_open-verbs.js';
import { memoPerSet } from './_memo.js';
import { RECORD_REPORTS } from './_cues.js';
import { pastEndings } from '../lexicon/index.js';

// "did" and "done" open a light verb ("did a backup of the table", `_verbs.ts` `lightVerbAt`).
const TRIGGERS = new Set<string>(['set', 'done', 'did']);
for (const form of [...pastForms.keys(), ...phrasal.keys(), ...ambiguousPast.keys()]) TRIGGERS.add(form);
TRIGGERS.delete('let');
// A record's report ("your reservation shows…", "according to your reservation") mentions the lookup that read
// it (`_cues.ts` `readRecordReport`).
for (const report of [...RECORD_REPORTS, 'according']) TRIGGERS.add(report);
// A terse reply names its completion word last ("all set", "you're all set", "taken care of"): that word triggers.
for (const t of TERSE_DONE) TRIGGERS.add(t.split('_').filter((w) => w !== 'of').pop() ?? t);
/** No trigger is shorter (`openPast` is asked only from three letters): shorter words are not looked up. */
const SHORTEST_TRIGGER = Math.min(3, ...[...TRIGGERS].map((t) => t.length));
const COPULAS = new Set(['is', 'are', 're', 's']);
const OUTCOMES = new Set(['now', 'back', 'on', 'live', 'off']);


/**
 * A word's key: its last {@link KEY_LETTERS} characters (the whole word when it is shorter), five bits each
 * (a–z 1–26, "-" 27, any other character 0), built as the word is scanned, without copying it.
 */
const KEY_LETTERS = 4;
const KEY_MASK = (1 << (5 * KEY_LETTERS)) - 1;
const keyCode = (c: number): number => (c >= 97 && c <= 122 ? c - 96 : c === 45 ? 27 : 0);
/**
 * What an ASCII character is to {@link mayClaim}'s words, by char code: 0 no letter; a letter of a word read by its
 * key, as its {@link keyCode}; or {@link OTHER_LETTER}, the apostrophe, which (like any character from U+00C0) is a
 * letter of a word read whole.
 */
const LETTER_CODES = new Uint8Array(128);
const OTHER_LETTER = 31;
for (let c = 97; c <= 122; c++) LETTER_CODES[c] = keyCode(c);
LETTER_CODES[45] = keyCode(45);
LETTER_CODES[39] = OTHER_LETTER;
function keyOf(word: string): number {
  let key = 0;
  for (let i = 0; i < word.length; i++) key = ((key << 5) | keyCode(word.charCodeAt(i))) & KEY_MASK;
  return key;
}
/** Keys of the whole words in `words`, each at most {@link KEY_LETTERS} letters long (a key is the word itself then). */
function wordKeys(words: Iterable<string>): readonly number[] {
  const out: number[] = [];
  for (const w of words) {
    if (w.length > KEY_LETTERS || !/^[a-z-]*$/.test(w)) throw new Error(`"${w}" is not a short word`);
    out.push(keyOf(w));
  }
  return out;
}
const COPULA_KEYS = wordKeys(COPULAS);
const OUTCOME_KEYS = wordKeys(OUTCOMES);
const [LET, ME, US] = ['let', 'me', 'us'].map(keyOf);
/** The key of a word's last two letters when they are "ed", the ending of every regular past form. */
const ED = keyOf('ed');
const LAST_TWO = (1 << 10) - 1;

let endingKeys: Uint32Array | undefined;
/**
 * The keys of the words that can trigger and do not end in "ed", as a bit per key: the lexicon's forms
 * ({@link TRIGGERS}) and the endings of the past forms the WordNet table reads without "-ed" (`pastEndings`). Any
 * other word is no trigger (`openPast` reads past forms through the table), so it is not looked up. Built on first use.
 */
function triggerEndings(): Uint32Array {
  if (endingKeys === undefined) {
    const bits = new Uint32Array((KEY_MASK + 1) / 32);
    for (const w of [...TRIGGERS, ...pastEndings(KEY_LETTERS)]) {
      const key = keyOf(w);
      bits[key >>> 5] = (bits[key >>> 5] ?? 0) | (1 << (key & 31));
    }
    endingKeys = bits;
  }
  return endingKeys;
}

/**
 * False only when `word` (lower case) is no claimed verb form: neither "let", a form of the lexicon, nor a past form
 * of the WordNet table ({@link triggerEndings}). Reads at most its last four characters; no lookup by the word.
 */
export function mayBeVerbForm(word: string): boolean {
  const n = word.length;
  if (n >= 2 && word.charCodeAt(n - 1) === 100 && word.charCodeAt(n - 2) === 101) return true;
  let key = 0;
  for (let i = n > KEY_LETTERS ? n - KEY_LETTERS : 0; i < n; i++) key = (key << 5) | keyCode(word.charCodeAt(i));
  return ((triggerEndings()[key >>> 5] ?? 0) & (1 << (key & 31))) !== 0 || word === 'let';
}

/**
 * Whether a word of a sentence triggers by itself: a claimed form of the lexicon, or a past form the table
 * reads as an act (`openPast`, per tool-verb set). Remembered per word and per tool-verb set (bounded), so a
 * word costs one lookup.
 */
const triggersFor = memoPerSet((word, toolVerbs): boolean => TRIGGERS.has(word) || (word.length > 2 && word !== 'let' && openPast(word, toolVerbs) !== null));

/**
 * False only when the sentence cannot hold a claim. Its words are the runs of letters, apostrophes and hyphens
 * (any character from U+00C0 counts as a letter), lower case. A word of ASCII letters and hyphens is read by its
 * key and its length, and copied only when its ending may be a trigger's; any other word is copied and read whole.
 */
export function mayClaim(sentence: string, toolVerbs?: ReadonlySet<string>): boolean {
  const text = sentence.toLowerCase();
  const trigger = triggersFor(toolVerbs);
  const endings = triggerEndings();
  let copula = false;
  let outcome = false;
  let start = -1;
  let key = 0;
  let plain = true;
  let afterLet = false;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    const code = c < 128 ? (LETTER_CODES[c] ?? 0) : c >= 0xc0 ? OTHER_LETTER : 0;
    if (code !== 0) {
      if (start === -1) {
        start = i;
        key = 0;
        plain = true;
      }
      if (code === OTHER_LETTER) plain = false;
      else key = ((key << 5) | code) & KEY_MASK;
      continue;
    }
    if (start === -1) continue;
    if (plain) {
      const length = i - start;
      // No English past form is shorter than three letters ("ran", "set"): the table is not asked for shorter words.
      if (length >= SHORTEST_TRIGGER && ((key & LAST_TWO) === ED || ((endings[key >>> 5] ?? 0) & (1 << (key & 31))) !== 0) && trigger(text.slice(start, i))) return true;
      // "let them know" notifies; "let me know" asks.
      if (afterLet && !(length === 2 && (key === ME || key === US))) return true;
      afterLet = length === 3 && key === LET;
      if (length <= KEY_LETTERS) {
        if (COPULA_KEYS.includes(key)) copula = true;
        else if (OUTCOME_KEYS.includes(key)) outcome = true;
      }
    } else {
      let word = text.slice(start, i);
      // "let" claims only as "let them know" (above); as a past form it would let every "Let me know" through.
      if (word.length >= SHORTEST_TRIGGER && trigger(word)) return true;
      const apostrophe = word.indexOf("'");
      if (apostrophe !== -1) {
        const tail = word.slice(apostrophe + 1);
        if (COPULAS.has(tail)) copula = true;
        word = word.slice(0, apostrophe);
        if (TRIGGERS.has(word)) return true;
      }
      if (afterLet && word !== 'me' && word !== 'us') return true;
      afterLet = word === 'let';
      if (COPULAS.has(word)) copula = true;
      else if (OUTCOMES.has(word)) outcome = true;
    }
    start = -1;
    if (copula && outcome) return true;
  }
  return false;
}
