/**
 * Sentence, clause and word splitting for the claim extractor. Linear-time patterns only.
 */
import { pastForms, phrasal } from './_lookup.js';
import { openPast } from './_open-verbs.js';
import { isSpace } from './_scan.js';
import { memo } from './_memo.js';

/** A sentence of a reply line. Cut it into clauses with {@link splitClauses} when it is worth reading. */
export interface Sentence {
  /** The sentence text as written (cleaned of markdown). */
  text: string;
  /** Ends with a question mark. */
  question: boolean;
}

const ABBREVIATIONS = new Set(['dr', 'mr', 'mrs', 'ms', 'st', 'vs', 'etc', 'e.g', 'i.e', 'approx', 'no', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'inc', 'ltd', 'co', 'a.m', 'p.m', 'fig', 'min', 'sec', 'hr', 'hrs']);

const LONGEST_ABBREVIATION = Math.max(...[...ABBREVIATIONS].map((w) => w.length));

/**
 * Where a sentence may end, one code point: ".", "!", "?", "…", the status mark, or an emoji or other
 * pictograph (Unicode `Extended_Pictographic`). The status mark is one too; it is found as the mark.
 */
const SENTENCE_END = /[.!?\u2026\u2705]|\p{Extended_Pictographic}/gu;

/**
 * Split one cleaned line into sentences. A sentence ends at ".", "!", "?" or "…" before a space, a closing
 * bracket or quote, or the line's end (not after an abbreviation: "Dr.", "e.g."), with the closers that follow;
 * at a status mark (✅); and at an emoji followed by a capitalized word. One pass over the characters.
 */
export function splitSentences(line: string): Sentence[] {
  return lineSentences(line, line.includes('  '), plainSentence);
}

const plainSentence = (text: string, question: boolean): Sentence => ({ text, question });

/**
 * {@link splitSentences} of a line whose caller knows whether it may hold a run of two spaces (`loose`): a sentence
 * is squeezed of spaces only then. A status mark always ends a sentence, so none is left inside one. Each sentence is
 * made by `make` from its text and whether it is a question, so a caller that keeps more per sentence makes one object.
 */
export function lineSentences<S>(line: string, loose: boolean, make: (text: string, question: boolean) => S): S[] {
  const out: S[] = [];
  let start = 0;
  SENTENCE_END.lastIndex = 0;
  while (SENTENCE_END.test(line)) {
    const after = SENTENCE_END.lastIndex;
    const c = line.charCodeAt(after - 1);
    if (c === 0x2705) {
      pushSentence(out, line, start, after - 1, loose, make);
      start = after;
    } else if (c === 46 || c === 33 || c === 63 || c === 0x2026) {
      // ".", "!", "?", "…"
      if (after < line.length && !afterTerminator(line.charCodeAt(after))) continue;
      if (c === 46 && isAbbreviation(line, after - 1)) continue;
      let end = after;
      while (end < line.length && closer(line.charCodeAt(end))) end++;
      pushSentence(out, line, start, end, loose, make);
      start = SENTENCE_END.lastIndex = end;
    } else if (line.charCodeAt(after) === 32 && isCapital(line.charCodeAt(after + 1))) {
      // An emoji ends a sentence when a capitalized word follows: "Back door is locked 🔒 The first attempt…".
      pushSentence(out, line, start, after, loose, make);
      start = after;
    }
  }
  pushSentence(out, line, start, line.length, loose, make);
  return out;
}

/** Add `line[start..end]`, trimmed, to `out` (made by `make`) unless it is empty; `loose`: the line may hold a run of spaces. */
function pushSentence<S>(out: S[], line: string, start: number, end: number, loose: boolean, make: (text: string, question: boolean) => S): void {
  while (start < end && isSpace(line.charCodeAt(start))) start++;
  while (end > start && isSpace(line.charCodeAt(end - 1))) end--;
  if (start === end) return;
  let text = line.slice(start, end);
  if (loose && text.includes('  ')) text = text.replace(/\s+/g, ' ');
  out.push(make(text, endsWithQuestion(text)));
}

/** What may follow a sentence's end mark: a space, a tab, a closing bracket or quote (`"`, `”`). */
const afterTerminator = (c: number): boolean => c === 32 || c === 9 || c === 41 || c === 34 || c === 0x201d;
/** What a sentence's end takes with it: more end marks, closing brackets and quotes. */
const closer = (c: number): boolean => c === 46 || c === 33 || c === 63 || c === 41 || c === 34 || c === 0x201d;
/** An ASCII capital letter. */
const isCapital = (c: number): boolean => c >= 65 && c <= 90;

/** The sentence ends with "?" (after any closing quotes, brackets or emoji). */
function endsWithQuestion(text: string): boolean {
  let i = text.length - 1;
  while (i >= 0 && !letterDigitOrQuestion(text.charCodeAt(i), text, i)) i--;
  return text[i] === '?';
}

/** A letter, a digit or "?" at `text[i]` (char code `c`); ASCII by code, other characters by Unicode class. */
function letterDigitOrQuestion(c: number, text: string, i: number): boolean {
  if (c < 128) return c === 63 || (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122);
  LETTER_OR_DIGIT.lastIndex = i;
  return LETTER_OR_DIGIT.test(text);
}
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/uy;

/** ASCII letter or ".", by char code. */
const letterOrDot = (c: number): boolean => c === 46 || ((c | 32) >= 97 && (c | 32) <= 122);

function isAbbreviation(line: string, dot: number): boolean {
  let j = dot - 1;
  while (j >= 0 && letterOrDot(line.charCodeAt(j))) j--;
  // A word longer than every abbreviation is not one (and is not copied to be asked).
  if (dot - j - 1 > LONGEST_ABBREVIATION) return false;
  const word = line.slice(j + 1, dot).toLowerCase();
  if (word.length === 1 && word !== '.') return true;
  return ABBREVIATIONS.has(word);
}

/**
 * Clause breaks, longest first so ", and then " wins over " and ". A conjunction stays as the first word
 * of its clause, so cues such as "but" remain visible. One alternation of literals: linear time.
 */
const CLAUSE_BREAK = /; | — | – | - |: |, and then | and then |, and |, but | but |, so | so that |, then | then |, which | because |, while | while | and |, plus | plus |, or | or |, since | since |, after |, as |, though |, although |, where /gi;

/**
 * Split a sentence into clauses at conjunctions, dashes, colons and semicolons. " and " joins two clauses
 * when there is a verb on both sides of it (since the last cut, and before the next break) or a verb or a
 * subject pronoun right after it ("…) and deleted them", "and I emailed you"); else it joins nouns ("the
 * start and end time", "your booking for Paris and Rome is confirmed", "Email and SMS sent") and the
 * sentence is not cut there.
 */
export function splitClauses(sentence: string): string[] {
  const breaks: Array<{ at: number; end: number; and: boolean }> = [];
  let anyAnd = false;
  CLAUSE_BREAK.lastIndex = 0;
  for (let m = CLAUSE_BREAK.exec(sentence); m !== null; m = CLAUSE_BREAK.exec(sentence)) {
    const and = m[0].length === 5 && m[0].toLowerCase() === ' and ';
    anyAnd ||= and;
    breaks.push({ at: m.index, end: m.index + m[0].length, and });
  }
  // Whether each stretch between two breaks has a verb (asked only when an " and " is to be decided):
  // every character is read once (linear).
  const verbIn: boolean[] = [];
  if (anyAnd) {
    let from = 0;
    for (const b of breaks) {
      verbIn.push(hasVerbForm(sentence.slice(from, b.at)));
      from = b.end;
    }
    verbIn.push(hasVerbForm(sentence.slice(from)));
  }
  const out: string[] = [];
  let from = 0;
  let verbSince = false;
  for (let i = 0; i < breaks.length; i++) {
    const { at, end, and } = breaks[i] as { at: number; end: number; and: boolean };
    verbSince ||= verbIn[i] === true;
    // "(same section, no price difference) and emailed the tickets": after an aside, "and" opens the next act.
    const afterAside = sentence.charCodeAt(at - 1) === 41 && verbIn[i + 1] === true;
    if (and && !(verbSince && verbIn[i + 1] === true) && !afterAside && !opensClause(sentence, end)) continue;
    verbSince = false;
    addClause(out, sentence.slice(from, at));
    // Keep a conjunction ("but", "and") as the clause's first word; drop punctuation breaks.
    let k = at;
    while (k < end && (sentence.charCodeAt(k) === 32 || sentence.charCodeAt(k) === 44)) k++;
    from = k < end && isAsciiLetter(sentence.charCodeAt(k)) ? k : end;
  }
  addClause(out, sentence.slice(from));
  return out;
}

/** Add the clause `part` to `out`, trimmed and without a leading ",", ";" or ":", cut at its verb list (`splitVerbList`); nothing when empty. */
function addClause(out: string[], part: string): void {
  let p = part.trim();
  if (p[0] === ',' || p[0] === ';' || p[0] === ':') p = p.slice(1).trim();
  if (p !== '') splitVerbList(p, out);
}

/** An ASCII letter, by char code. */
const isAsciiLetter = (c: number): boolean => (c | 32) >= 97 && (c | 32) <= 122;

/** Finite auxiliaries and modals: with them a stretch of text has a verb even when its main verb is a base form. */
const FINITE_WORDS: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were', 'am', 'has', 'have', 'had', 'do', 'does', 'did', 'will', 'would', 'can', 'could', 'should', 'shall', 'may', 'might', 'must', "'ll", "'ve", "'re", "'m", "'d"]);
const LETTERS = /[a-z'-]+/g;

const SUBJECT_PRONOUNS: ReadonlySet<string> = new Set(['i', 'we', 'you', 'he', 'she', 'it', 'they']);
const WORD_AT = /[A-Za-z'’-]+/y;

/** The words at `from` open a clause: a subject pronoun, or a verb form, first or after one adverb ("and also sent"). */
function opensClause(sentence: string, from: number): boolean {
  WORD_AT.lastIndex = from;
  const first = WORD_AT.exec(sentence)?.[0].toLowerCase().replace(/’/g, "'");
  if (first === undefined) return false;
  const pronoun = first.includes("'") ? first.slice(0, first.indexOf("'")) : first;
  if (SUBJECT_PRONOUNS.has(pronoun) || hasVerbForm(first)) return true;
  if (!first.endsWith('ly') && first !== 'also' && first !== 'just') return false;
  WORD_AT.lastIndex = from + first.length + 1;
  const second = WORD_AT.exec(sentence)?.[0];
  return second !== undefined && hasVerbForm(second);
}

/** Whether `text` holds a past form the claim reader knows, or a finite auxiliary or modal (contracted ones included). */
function hasVerbForm(text: string): boolean {
  for (const w of wordText(text).match(LETTERS) ?? []) if (isVerbWord(w)) return true;
  return false;
}

/** A word of {@link hasVerbForm} (lower case, straight apostrophes) that is a verb form it looks for; remembered per word. */
const isVerbWord = memo((w: string): boolean => {
  const cut = w.indexOf("'", 1);
  return FINITE_WORDS.has(w) || (cut !== -1 && (FINITE_WORDS.has(w.slice(cut)) || w.endsWith("n't"))) || isPastWord(w);
});

/** A past form the claim reader knows (the hand lexicon's forms and phrasal heads, or the WordNet table's), lower case; remembered per word. */
const isPastWord = memo((word: string): boolean => pastForms.has(word) || phrasal.has(word) || openPast(word) !== null);

/** "I looked up order A-1, refunded $64.00 and emailed you": a comma before a past verb starts a clause. The parts of `clause` go to `out`. */
function splitVerbList(clause: string, out: string[]): void {
  let at = clause.indexOf(', ');
  if (at === -1) {
    out.push(clause);
    return;
  }
  let from = 0;
  for (; at !== -1; at = clause.indexOf(', ', at + 2)) {
    LIST_WORD.lastIndex = at + 2;
    const word = LIST_WORD.exec(clause)?.[0].toLowerCase().replace('’', "'");
    if (word === undefined || !isPastWord(word)) continue;
    pushTrimmed(out, clause.slice(from, at));
    from = at + 2;
  }
  pushTrimmed(out, clause.slice(from));
}
/** The word right after a comma of a verb list. */
const LIST_WORD = /[A-Za-z'’-]+/y;

/** Add `part`, trimmed, to `out` unless it is empty. */
function pushTrimmed(out: string[], part: string): void {
  const p = part.trim();
  if (p !== '') out.push(p);
}

/**
 * A word: a letter, digit or sign (`$ € £ ¥ # @`), then letters, digits and `' @ . - _ # / + %`, ending on
 * none of `. - ' _ /` (those are dropped from a word's end). Linear: a word's run is read at most twice (the
 * greedy run, then back to its last character that may end a word), and what is given back opens no word.
 */
const WORD = /[a-z0-9\u00c0-\u024f$€£¥#@](?:[a-z0-9\u00c0-\u024f'@.\-_#/+%]*[a-z0-9\u00c0-\u024f@#+%])?/g;

/** A text as {@link tokenize} reads it: lower case, typographic apostrophes made plain. */
export function wordText(text: string): string {
  const lower = text.toLowerCase();
  return lower.includes('’') ? lower.replace(/’/g, "'") : lower;
}

/** A character (code unit of {@link wordText}) that starts a word of {@link WORD}: `[a-z0-9\u00c0-\u024f$€£¥#@]`. */
export function startsWord(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 0xc0 && c <= 0x24f) || c === 36 || c === 0x20ac || c === 0xa3 || c === 0xa5 || c === 35 || c === 64;
}

/** A character that goes on in a word of {@link WORD}: `[a-z0-9\u00c0-\u024f'@.\-_#/+%]` (not `$ € £ ¥`, which only start one). */
export function continuesWord(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 0xc0 && c <= 0x24f) || c === 39 || c === 64 || c === 46 || c === 45 || c === 95 || c === 35 || c === 47 || c === 43 || c === 37;
}

const CONTRACTIONS: ReadonlyMap<string, readonly string[]> = new Map(Object.entries({
  "i've": ['i', 'have'], "we've": ['we', 'have'], "i'm": ['i', 'am'], "we're": ['we', 'are'], "i'd": ['i', "'d"],
  "we'd": ['we', "'d"], "i'll": ['i', "'ll"], "we'll": ['we', "'ll"], "you're": ['you', 'are'], "you've": ['you', 'have'],
  "you'll": ['you', "'ll"], "you'd": ['you', "'d"], "they're": ['they', 'are'], "they've": ['they', 'have'],
  "they'll": ['they', "'ll"], "he'll": ['he', "'ll"], "she'll": ['she', "'ll"], "it'll": ['it', "'ll"],
  "that'll": ['that', "'ll"], "there's": ['there', 'is'], "here's": ['here', 'is'], "it's": ['it', 'is'],
  "that's": ['that', 'is'], "what's": ['what', 'is'], "he's": ['he', 'is'], "she's": ['she', 'is'],
  "let's": ['let', 'us'], "who's": ['who', 'is'],
}));

/**
 * Lower-case word tokens, contractions expanded ("I've" → "i", "have"), possessive "'s" split off.
 * @param limit Stop once this many tokens are read (default: read the whole text).
 */
export function tokenize(text: string, limit = Infinity): string[] {
  const lower = wordText(text);
  const apostrophes = lower.includes("'");
  if (limit !== Infinity) {
    // A limited read takes the words one at a time and stops at the limit: the rest of a long text is not read.
    const out: string[] = [];
    WORD.lastIndex = 0;
    for (let m = WORD.exec(lower); m !== null && out.length < limit; m = WORD.exec(lower)) pushToken(out, m[0], apostrophes);
    return out;
  }
  // All words in one native call: no match object per word.
  const words = lower.match(WORD);
  if (words === null) return [];
  // Without an apostrophe every word is a token as it stands.
  if (!apostrophes) return shareRepeated(words);
  const out: string[] = [];
  for (const w of words) pushToken(out, w, true);
  return shareRepeated(out);
}

/**
 * The number of tokens from which {@link tokenize} makes repeated words share one string. Each word a regular
 * expression matches is a string of its own, and a long clause's tokens outlive several young-generation
 * collections, which copy every one of them: a clause of 222,000 words ("the sent " repeated to 1 MB) spent two
 * collections of 13-15 ms copying its 222,000 strings, and with the two strings shared, one of 3 ms. Shorter
 * token lists (nearly all) die before a collection and are left as they are.
 */
const SHARED_FROM = 4096;

/** `words` with each repeated word replaced, in place, by its first occurrence, when there are {@link SHARED_FROM} or more. */
function shareRepeated(words: string[]): string[] {
  if (words.length < SHARED_FROM) return words;
  const first = new Map<string, string>();
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    const known = first.get(w);
    if (known === undefined) first.set(w, w);
    else words[i] = known;
  }
  return words;
}

/** Add the tokens of the word `w` to `out` (`apostrophes`: the text has one, else `w` is its own token). */
function pushToken(out: string[], w: string, apostrophes: boolean): void {
  if (!apostrophes || !w.includes("'")) {
    out.push(w);
    return;
  }
  const expanded = CONTRACTIONS.get(w);
  if (expanded) {
    out.push(...expanded);
    return;
  }
  if (w.endsWith("n't")) {
    out.push(w);
    return;
  }
  if (w.endsWith("'s")) {
    const stem = w.slice(0, -2);
    if (stem !== '') out.push(stem);
    out.push("'s");
    return;
  }
  // "'d" splits only in the pronoun forms above ("I'd"); "DM'd" is one word.
  if (w.endsWith("'ll") || w.endsWith("'ve") || w.endsWith("'re")) {
    const cut = w.lastIndexOf("'");
    out.push(w.slice(0, cut), w.slice(cut));
    return;
  }
  const bare = w.replace(/^'+/, '');
  if (bare !== '') out.push(bare);
}

/** Singular, canonical form of a noun-ish token: "memories" → "memory", "files" → "file". */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses') || word.endsWith('xes') || word.endsWith('ches') || word.endsWith('shes')) return word.slice(0, -2);
  if (word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** Split an identifier such as `send_email`, `sendEmail` or `send-email` into lower-case words. */
export function splitIdentifier(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

/**
 * The words contractions expand to ("I've" → "i", "have"): the only words {@link tokenize} gives that may not be
 * written in the text (lower case, typographic apostrophes made plain) where the word stands.
 */
export const CONTRACTION_WORDS: ReadonlySet<string> = new Set([...CONTRACTIONS.values()].flat());
