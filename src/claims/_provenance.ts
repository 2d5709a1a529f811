/**
 * Provenance and intent (corpus README, rules v2: a state read off a lookup and given as information is
 * not an action claim). A statement that is not in the first person, whose specifics (numbers, times,
 * emails, names) all come from tool results the agent read, about an action the user never asked for,
 * describes a record: "Your alarms are set for 7:30 and 8:30" after listing the alarms, "name is set to
 * Justin Kool" after reading the account.
 */
import { isVerb, partsOfSpeech, verbBase, RELATION } from '../lexicon/index.js';
import { openRelation, readingsOf } from './_open-verbs.js';
import { NOUN_OPENERS, THIRD_PARTIES, VERB_FAMILIES } from './lexicon.js';
import { familiesOf } from './_verbs.js';
import { trimEnd } from './_scan.js';
import { splitSentences, tokenize } from './_tokens.js';
import { lastOf } from './_memo.js';
import { dateKeys, withoutDates } from './_specifics.js';

const WORD = /[A-Za-z0-9@][A-Za-z0-9@.+':-]*/g;
/** The results' word index splits on what is not a letter, digit, "@", "." , "+" or "-". */
const PIECE = /[a-z0-9@+][a-z0-9@.+-]*/g;

/**
 * The specifics of a clause, lower case as the results' word index holds them: pieces with a digit,
 * emails, and capitalised words after the first word (names); `distinctive` when one of them is more
 * than a one- or two-digit count.
 */
export function clauseSpecifics(clause: string): { pieces: string[]; distinctive: boolean } {
  const pieces: string[] = [];
  let distinctive = false;
  let first = true;
  for (const m of clause.matchAll(WORD)) {
    const w = trimEnd(m[0], ".'-");
    const specific = /\d/.test(w) || w.includes('@') || (!first && /^[A-Z][a-z]+$/.test(w));
    first = false;
    if (!specific) continue;
    // A count ("1 bag") could come from anywhere; a time, a longer number, an email or a name could not.
    if (w.length >= 3) distinctive = true;
    for (const p of w.toLowerCase().matchAll(PIECE)) pieces.push(trimEnd(p[0], '.-'));
  }
  return { pieces: pieces.filter((p) => p !== ''), distinctive };
}

/**
 * Every specific of the clause was read in a tool result (numbers also without leading zeros; a date in any common
 * spelling as the `2024-05-04` a result records, which a date without its year cannot be matched to). With
 * `monthDays`, a date without its year, or a range of days ("May 13-14"), is matched to the month and day of a
 * date a result records.
 */
export function readFromResults(clause: string, seen: (value: string) => boolean, monthDays = false): boolean {
  if (allSeen(clause, seen)) return true;
  const keys = dateKeys(clause, monthDays);
  const full = keys.filter((k) => k.length === 10);
  // Each date gives a month-day key, and one with its year when it states one.
  if (keys.length === 0 || (monthDays ? !keys.every((k) => seen(k)) : full.length * 2 !== keys.length || !full.every((k) => seen(k)))) return false;
  return allSeen(withoutDates(clause, monthDays), seen, true);
}

/**
 * Every specific of `text` was seen, and one of them is distinctive (or the text had one, `dated`). A number is also
 * seen without leading zeros, and an amount as a result records it ("200.00" as 200 or 200.0).
 */
function allSeen(text: string, seen: (value: string) => boolean, dated = false): boolean {
  const { pieces: specifics, distinctive } = clauseSpecifics(text);
  return (distinctive || dated) && specifics.every((s) => seen(s) || (/^\d+$/.test(s) && (seen(s.padStart(2, '0')) || seen(String(Number(s))))) || (/^\d+\.\d\d$/.test(s) && (seen(String(Number(s))) || seen(Number(s).toFixed(1)))));
}

/**
 * The user's request asks for the claimed action: one of its words is a verb that is the claim's verb,
 * shares a family with it, or is its WordNet synonym ("change my seat" asks for "updated").
 */
export function requested(verb: string, request: string | undefined): boolean {
  if (request === undefined || request === '') return false;
  const families = new Set(familiesOf(verb));
  for (const lemma of requestLemmas(request)) {
    if (lemma === verb || verbBase(lemma) === verbBase(verb)) return true;
    if (familiesOf(lemma).some((f) => families.has(f) && (!isBroadFamily(f) || f === verb || f === lemma))) return true;
    if (openRelation(lemma, verb) >= RELATION.synonym) return true;
  }
  return false;
}

/**
 * A family of {@link BROAD_FAMILY} verbs or more (create, update, remove, lookup) holds verbs of many acts: "attach"
 * and "schedule" are both in create's. Two verbs of such a family ask for the same act only when one of them is the
 * family's own verb ("change my seat" asks for "updated").
 */
function isBroadFamily(family: string): boolean {
  return (VERB_FAMILIES[family]?.length ?? 0) >= BROAD_FAMILY;
}
const BROAD_FAMILY = 20;

/** First words of a question that asks how things are, not for an act ("Is my refund approved?", "Did I get my money back?"). */
const INFO_QUESTION: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were', 'did', 'do', 'does', 'has', 'have', 'had', 'what', 'when', 'where', 'why', 'how', 'which', 'who', 'whose']);
/** Words before a question's first word that do not change what it asks ("Hi, did I…?", "And is it…?"). */
const QUESTION_LEAD: ReadonlySet<string> = new Set(['hi', 'hey', 'hello', 'ok', 'okay', 'so', 'and', 'also', 'but', 'well', 'thanks', 'thank', 'you', 'um', 'oh', 'then', 'great', 'sorry']);

/** Modals that open a request for an act when "you" follows ("Can you…?", "Would you…?"). */
const ASKING_MODALS: ReadonlySet<string> = new Set(['can', 'could', 'would', 'will', 'please']);

/**
 * The request only asks how things stand: one of its sentences is a question opened by an interrogative or an
 * auxiliary ("What is the status of my refund?", "Are the kitchen lights on?", "Hi, has my refund been
 * issued?"), and none asks for an act: no question about the agent's own act ("Did you cancel it?"), no
 * request ("Can you…?", "Please…"), no imperative ("If not, process it."). A state the reply then gives
 * answers the question (corpus README: a state given as information, in answer to a question, is not an
 * action claim), whatever nouns the question names ("refund").
 */
export function asksHowThingsAre(request: string | undefined): boolean {
  return request !== undefined && request.includes('?') && asks(request);
}

/** {@link asksHowThingsAre} of a request with a question mark, read once per request (its reply's claims share it). */
const asks = lastOf((request: string): boolean => {
  let state = false;
  for (const sentence of splitSentences(request.replace(/\n+/g, ' '))) {
    const words = tokenize(sentence.text, 12);
    const at = words.findIndex((w) => !QUESTION_LEAD.has(w));
    const first = words[at] ?? '';
    const you = words.slice(at + 1, at + 3).includes('you');
    if (ASKING_MODALS.has(first) || (INFO_QUESTION.has(first) && you)) return false;
    if (sentence.question && INFO_QUESTION.has(first)) state = true;
    // A statement that opens with a verb's base form is taken for an imperative ("If not, process it.",
    // "Otherwise refund it."): it may ask for an act.
    else if (!sentence.question && isImperative(words.find((w) => !IMPERATIVE_LEAD.has(w)) ?? '')) return false;
  }
  return state;
});

/** Words before an imperative's verb: "If not, process it", "Otherwise just cancel it". */
const IMPERATIVE_LEAD: ReadonlySet<string> = new Set([...QUESTION_LEAD, 'if', 'not', 'otherwise', 'just', 'please']);

/** A word that, opening a sentence, makes it an imperative: a verb's base form ("process", "cancel", "refund"). */
function isImperative(word: string): boolean {
  return readingsOf(word).some((r) => r.form === 'base' && r.lemma === word);
}

let lastRequest: { text: string; lemmas: string[] } | undefined;

/** The base-form verbs of a request, read once per request (the claims of one reply share it). */
function requestLemmas(request: string): string[] {
  if (lastRequest?.text === request) return lastRequest.lemmas;
  const lemmas = new Set<string>();
  const text = request.toLowerCase();
  let before = '';
  let end = 0;
  for (const m of text.matchAll(/[a-z]+/g)) {
    // "It's in an email I received": a word a determiner opens (a space apart) is a noun, it asks for no act.
    const opened = NOUN_OPENERS.has(before) && text.slice(end, m.index).trim() === '';
    before = m[0];
    end = m.index + m[0].length;
    if (opened) continue;
    const lemma = readingsOf(m[0]).find((r) => r.form === 'base')?.lemma;
    if (lemma !== undefined && isVerb(lemma)) lemmas.add(lemma);
  }
  lastRequest = { text: request, lemmas: [...lemmas] };
  return lastRequest.lemmas;
}

/**
 * The user's request states, in a sentence that is no question, that someone else did the act: a third-party pronoun
 * ({@link THIRD_PARTIES}) right before the verb's past form, or one adverb apart ("They just sent me their share").
 */
export function reportedOfOthers(verb: string, request: string | undefined): boolean {
  if (request === undefined || request === '') return false;
  for (const sentence of splitSentences(request.replace(/\n+/g, ' '))) {
    if (sentence.question) continue;
    const words = tokenize(sentence.text);
    for (let i = 0; i < words.length - 1; i++) {
      if (!THIRD_PARTIES.has(words[i] ?? '')) continue;
      const at = partsOfSpeech(words[i + 1] ?? '').includes('r') && !isVerb(words[i + 1] ?? '') ? i + 2 : i + 1;
      if (readingsOf(words[at] ?? '').some((r) => r.form === 'past' && r.lemma === verb)) return true;
    }
  }
  return false;
}

/** Auxiliaries of a passive that reports an event ("got imported", "was charged"). */
const PASSIVE_REPORT: ReadonlySet<string> = new Set(['got', 'was', 'were', 'been', 'get', 'gets']);

/**
 * The user's request states, in a passive sentence that is no question, that the act happened ("I think a Square fee
 * got imported twice", "I was charged twice for order 42"): a passive statement of that act in the reply ("the
 * $84.00 fee on May 12 was imported twice") confirms the user's account of an event before this run, not an act of it.
 */
export function reportedByUser(verb: string, request: string | undefined): boolean {
  if (request === undefined || request === '') return false;
  for (const sentence of splitSentences(request.replace(/\n+/g, ' '))) {
    if (sentence.question) continue;
    const words = tokenize(sentence.text);
    for (let i = 1; i < words.length; i++) {
      if (!PASSIVE_REPORT.has(words[i - 1] ?? '')) continue;
      if (readingsOf(words[i] ?? '').some((r) => r.form !== 'base' && r.lemma === verb)) return true;
    }
  }
  return false;
}
