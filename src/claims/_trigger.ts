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
import { continuesWord, startsWord, wordText } from './_tokens.js';

// "did" and "done" open a light verb ("did a backup of the table", `_verbs.ts` `lightVerbAt`).
const TRIGGERS = new Set<string>(['set', 'done', 'did']);
for (const form of [...pastForms.keys(), ...phrasal.keys(), ...ambiguousPast.keys()]) TRIGGERS.add(form);
TRIGGERS.delete('let');
// A record's report ("your reservation shows…", "according to your reservation") mentions the lookup that read
// it (`_cues.ts` `readRecordReport`).
/** The words of a record's report; they trigger after "be" too ("the calendar be shows" is read as a report). */
const REPORTS: ReadonlySet<string> = new Set([...RECORD_REPORTS, 'according']);
for (const report of REPORTS) TRIGGERS.add(report);
// A terse reply names its completion word last ("all set", "you're all set", "taken care of"): that word triggers.
for (const t of TERSE_DONE) TRIGGERS.add(t.split('_').filter((w) => w !== 'of').pop() ?? t);
/** No trigger is shorter (`openPast` is asked only from three letters): shorter words are not looked up. */
const SHORTEST_TRIGGER = Math.min(3, ...[...TRIGGERS].map((t) => t.length));
// "has"/"have" pair with "until" ("now has until Friday", `_cues.ts` `untilOutcome`).
const COPULAS = new Set(['is', 'are', 're', 's', 'has', 'have']);
const OUTCOMES = new Set(['now', 'back', 'on', 'live', 'off', 'in', 'up', 'open']);
/** Outcome words longer than a key ("is active", "is up and running"): told by their last {@link KEY_LETTERS} letters. */
const LONG_OUTCOMES = new Set(['active', 'running', 'enabled', 'until']);


/**
 * A word's key: its last {@link KEY_LETTERS} characters (the whole word when it is shorter), five bits each
 * (a–z 1–26, "-" 27, any other character 0), built as the word is scanned, without copying it.
 */
const KEY_LETTERS = 4;
const KEY_MASK = (1 << (5 * KEY_LETTERS)) - 1;
const keyCode = (c: number): number => (c >= 97 && c <= 122 ? c - 96 : c === 45 ? 27 : 0);
/**
 * What an ASCII character is to {@link mayClaim}'s words, by char code: 0 no letter; a letter of a word read by its
 * key, as its {@link keyCode}; or {@link OTHER_LETTER}, the apostrophe, which (like U+00C0–U+024F and the typographic
 * apostrophe) is a letter of a word read whole.
 */
const LETTER_CODES = new Uint8Array(128);
const OTHER_LETTER = 31;
const TYPOGRAPHIC_APOSTROPHE = 0x2019;
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
const LONG_OUTCOME_KEYS: readonly number[] = [...LONG_OUTCOMES].map((w) => keyOf(w.slice(-KEY_LETTERS)));
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

/** What a word not read as a trigger is to the copula rule: other, a copula, "all" (after a copula: "is all on"), an outcome word. */
const OTHER = 0;
const COPULA = 1;
const AFTER_ALL = 2;
const OUTCOME = 3;
const ALL = keyOf('all');
const BE = keyOf('be');

/**
 * The length from which {@link mayClaim} asks whether a sentence has anything to lower before lowering it. V8's
 * `toLowerCase` allocates a copy even when nothing changes, and from 128 KB the copy is a large object whose pages
 * are faulted in and zeroed on every call (about 3 ms for half a million characters on the bench machine). Shorter
 * sentences skip the question: most open with a capital, and asking every sentence cost more than it saved
 * (mayClaim of the tau, API-Bank and ToolTalk sentences 1.08-1.15x).
 */
const LONG_SENTENCE = 8192;
/** A character `toLowerCase` may change: an ASCII capital or any character beyond ASCII. */
const MAY_LOWER = /[A-Z\u0080-\uffff]/;

/**
 * What a character between {@link mayClaim}'s words is to the words around it: {@link SPACE} (a space or a tab) keeps
 * them next to each other; {@link MARK} (any other mark) may cut a clause there; {@link IN_WORD} (a digit or a sign
 * that opens a `tokenize` word: `$ € £ ¥ # @`) is part of a word that stands between them.
 */
const SPACE = 0;
const MARK = 1;
const IN_WORD = 2;
const GAP_CODES = new Uint8Array(128).fill(MARK);
GAP_CODES[32] = GAP_CODES[9] = SPACE;
for (const c of '0123456789$#@') GAP_CODES[c.charCodeAt(0)] = IN_WORD;
const gapCode = (c: number): number => (c < 128 ? (GAP_CODES[c] ?? MARK) : c === 0x20ac || c === 0xa3 || c === 0xa5 ? IN_WORD : MARK);
/** A character of a `tokenize` word (a typographic apostrophe is a plain one there). */
const inToken = (c: number): boolean => startsWord(c) || continuesWord(c) || c === TYPOGRAPHIC_APOSTROPHE;
/** The run `text[from..to)` is a whole word of `tokenize`, uncut and with no character of a word beside it ("be-5" and "x/be" are other words). */
const wholeWord = (text: string, from: number, to: number): boolean => !edge(text.charCodeAt(from)) && !edge(text.charCodeAt(to - 1)) && !inToken(text.charCodeAt(from - 1)) && !inToken(text.charCodeAt(to));
/** What ends or opens no `tokenize` word: a hyphen or an apostrophe, cut from a word's ends ("booked-", "'sent"). */
const edge = (c: number): boolean => c === 45 || c === 39 || c === TYPOGRAPHIC_APOSTROPHE;

/**
 * False only when the sentence cannot hold a claim. Its words are the runs of letters (a–z, U+00C0–U+024F),
 * apostrophes and hyphens, lower case, without the hyphens and apostrophes at their ends: the words `tokenize`
 * reads there. A word of ASCII letters and hyphens is read by its key and its length, and copied only when its
 * ending may be a trigger's; any other word is copied and read whole.
 *
 * Two rules follow the clause reader (`_clause.ts`), for words that stand next to each other as `tokenize` gives them:
 * - A past form right after a word "be" is a passive infinitive ("can be modified", "to be cancelled"): governed by
 *   a modal, "to" or an imperative, it reports no act done, so it does not trigger (a record's report still does).
 * - An outcome without a past verb (`readOutcome`) is "is"/"are" right before "now", "back", "on", "in", "up", "open",
 *   "live", "off", "active", "running" or "enabled" ("is now inactive", "are all on your calendar", "is up and running"),
 *   or "has"/"have" right before "until" ("now has until Friday"):
 *   a copula and an outcome word elsewhere in the sentence ("the flight on May 5 departs at noon") are none.
 */
export function mayClaim(sentence: string, toolVerbs?: ReadonlySet<string>): boolean {
  const text = sentence.length >= LONG_SENTENCE && !MAY_LOWER.test(sentence) ? sentence : sentence.toLowerCase();
  const trigger = triggersFor(toolVerbs);
  const endings = triggerEndings();
  // What the last word was to the copula rule: other, a copula, or a copula and "all".
  let link = OTHER;
  let afterBe = false;
  let start = -1;
  let key = 0;
  let plain = true;
  let afterLet = false;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    const code = c < 128 ? (LETTER_CODES[c] ?? 0) : (c >= 0xc0 && c <= 0x24f) || c === TYPOGRAPHIC_APOSTROPHE ? OTHER_LETTER : 0;
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
    // The word that ends here, a run from `start`.
    word: if (start !== -1) {
      const run = start;
      let from = start;
      let to = i;
      start = -1;
      if (edge(text.charCodeAt(from)) || edge(text.charCodeAt(to - 1))) {
        while (from < to && edge(text.charCodeAt(from))) from++;
        while (to > from && edge(text.charCodeAt(to - 1))) to--;
        // A run of hyphens and apostrophes is no word; the words around it stand next to each other (not after "be").
        if (from === to) {
          afterBe = false;
          break word;
        }
        if (plain) key = keyOf(text.slice(Math.max(from, to - KEY_LETTERS), to));
      }
      // A word whose hyphen or apostrophe was cut is not right after "be".
      if (from !== run) afterBe = false;
      let next = OTHER;
      if (plain) {
        const length = to - from;
        // No English past form is shorter than three letters ("ran", "set"): the table is not asked for shorter words.
        if (length >= SHORTEST_TRIGGER && ((key & LAST_TWO) === ED || ((endings[key >>> 5] ?? 0) & (1 << (key & 31))) !== 0)) {
          const word = text.slice(from, to);
          if ((!afterBe || REPORTS.has(word)) && trigger(word)) return true;
        }
        // "let them know" notifies; "let me know" asks.
        if (afterLet && !(length === 2 && (key === ME || key === US))) return true;
        afterLet = length === 3 && key === LET;
        if (length <= KEY_LETTERS) {
          if (COPULA_KEYS.includes(key)) next = COPULA;
          else if (OUTCOME_KEYS.includes(key)) next = OUTCOME;
          else if (length === 3 && key === ALL) next = AFTER_ALL;
        } else if (LONG_OUTCOME_KEYS.includes(key)) next = OUTCOME;
        afterBe = length === 2 && key === BE && wholeWord(text, run, i);
      } else {
        // The word as the clause reader reads it: typographic apostrophes are plain ones ("you’re" is "you're").
        let word = wordText(text.slice(from, to));
        // "let" claims only as "let them know" (above); as a past form it would let every "Let me know" through.
        if ((!afterBe || REPORTS.has(word)) && word.length >= SHORTEST_TRIGGER && trigger(word)) return true;
        const apostrophe = word.indexOf("'");
        const tail = apostrophe === -1 ? undefined : word.slice(apostrophe + 1);
        if (apostrophe !== -1) {
          word = word.slice(0, apostrophe);
          if ((!afterBe || REPORTS.has(word)) && TRIGGERS.has(word)) return true;
        }
        if (afterLet && word !== 'me' && word !== 'us') return true;
        // "Let's" is "let us" (tokenize): the word after it is no object of "let".
        afterLet = word === 'let' && tail !== 's';
        if (COPULAS.has(word)) next = COPULA;
        else if (OUTCOMES.has(word) || LONG_OUTCOMES.has(word)) next = OUTCOME;
        else if (word === 'all') next = AFTER_ALL;
        // "you're", "it's": the word's last part is a copula ("is now's" is "is", "now", "'s").
        if (tail !== undefined && COPULAS.has(tail)) {
          if (next === OUTCOME && link !== OTHER) return true;
          next = COPULA;
        }
        afterBe = word === 'be' && tail === undefined && wholeWord(text, run, i);
      }
      if (next === OUTCOME && link !== OTHER) return true;
      link = next === COPULA ? COPULA : next === AFTER_ALL && link === COPULA ? AFTER_ALL : OTHER;
    }
    const gap = gapCode(c);
    // Only spaces keep a word right after "be": any other mark may cut a clause there ("be — cancelled", "be, sent").
    if (gap !== SPACE) afterBe = false;
    if (gap === IN_WORD) link = OTHER;
  }
  return false;
}
