/**
 * Reads the other half of what a reply says about actions: that one failed or was not done ("I wasn't able
 * to send the message", "I couldn't cancel it", "the refund hasn't been issued", "No email was sent"). The
 * claim extractor drops these sentences (corpus README: negation and honest failure reports are not
 * claims); this reader keeps them as denials, to be held against the calls that succeeded.
 *
 * Not denials: the future and capability ("I won't send", "I can't send emails"), conditions ("if I
 * couldn't send it…"), questions, other actors ("your bank didn't refund you"), and denials limited to part
 * of an act ("I didn't charge you twice", "I didn't cancel the hotel, only the flight").
 */
import type { ParsedReply } from './parse-reply.js';
import { objectWords, pastVerbAt } from './_verbs.js';
import { conditionalIndex, pastTime } from './_cues.js';
import { openVerbClass, readingsOf } from './_open-verbs.js';
import { FIRST_PERSON, OTHER_ACTOR_PRONOUNS } from './lexicon.js';

/** A statement that an action failed or was not done. */
export interface Denial {
  /** The sentence, as written (markdown removed). */
  text: string;
  /** The clause holding the denial. */
  clause: string;
  /** Lemma of the denied verb. */
  verb: string;
  /** Content words naming what was (not) acted on, space-separated. */
  object: string;
  /** `first_person`: "I couldn't send"; `passive`: "the message wasn't sent". */
  form: 'first_person' | 'passive';
}

/** Negated auxiliaries of the past or perfect: what they deny is an act of this run, not a future or a capability. */
const PAST_NEGATIONS: ReadonlySet<string> = new Set(["didn't", "wasn't", "weren't", "couldn't", "haven't", "hasn't", "hadn't"]);
/** Auxiliaries that, before "not" or "never", make a past or perfect negation ("did not", "could not", "has never"). */
const PAST_AUXILIARIES: ReadonlySet<string> = new Set(['did', 'was', 'were', 'could', 'have', 'has', 'had']);
/** Words that limit a denial to part of an act ("twice", "only the flight"): the act itself may have happened. */
const PARTIAL: ReadonlySet<string> = new Set(['twice', 'again', 'only', 'except', 'another', 'other', 'more', 'extra', 'additional', 'also', 'either', 'instead']);
/** Words that place the denied act before the turn ("I hadn't saved it before"): the turn may since have done it. */
const BEFORE_NOW: ReadonlySet<string> = new Set(['before', 'earlier', 'previously', 'originally', 'initially', 'first']);
/** Words between a negation and its verb that carry no action ("wasn't able to", "didn't actually"). */
const BRIDGE: ReadonlySet<string> = new Set(['able', 'to', 'be', 'been', 'yet', 'actually', 'successfully', 'get', 'got', 'manage', 'managed', 'quite', 'fully', 'even', 'ever', 'have', 'not', 'never']);
/** Verbs that serve as auxiliaries or catenatives here: "get it sent", "try to send". */
const NOT_ACTS: ReadonlySet<string> = new Set(['be', 'have', 'do', 'get', 'go', 'manage', 'try', 'attempt', 'succeed']);

/**
 * A sentence can deny only if it holds a negation cue that {@link negationIndex} reads: a word ending in
 * "n't" (every past negation does), "not", "never", "unable", "failed" or "no". Tested before a sentence is
 * cut into clauses and tokenized; one pass, no backtracking (alternation of literals and a class).
 */
const NEGATION_CUE = /n['’]t\b|\b(?:not|never|unable|failed|no)\b/i;

/**
 * A sentence the cue lets through is cut into clauses only if its text can hold the words of a negation
 * {@link negationIndex} reads: a past negation ("didn't"), "not", "never" after a past auxiliary (or "'ve"),
 * "unable" after "was"/"were", "failed" before "to", or "no" with "was", "were" or "been" somewhere after it
 * ({@link NO_WORD}, {@link BE_PAST}). Two adjacent words of a clause (`tokenize`) have no ASCII letter or
 * digit between them, so `[^a-z0-9]*` between two words passes every such pair. Linear: no pattern repeats
 * what can follow it. "not" stands alone by the characters around it, matched rather than looked around (only
 * `test` asks it), so the pattern is a plain regular expression that a ReDoS checker proves safe exactly.
 */
const DENIAL_WORDS = /(?:didn|wasn|weren|couldn|haven|hasn|hadn)['’]t|(?:^|[^a-z0-9])not(?:[^a-z0-9]|$)|(?:did|was|were|could|have|has|had|['’]ve)[^a-z0-9]*never|(?:was|were)[^a-z0-9]*unable|failed[^a-z0-9]*to/i;
const NO_WORD = /(?<![a-z0-9])no(?![a-z0-9])/i;
const BE_PAST = /was|were|been/i;

/** The sentence's text can hold a negation {@link negationIndex} reads (see {@link DENIAL_WORDS}). */
const mayDeny = (text: string): boolean => DENIAL_WORDS.test(text) || (NO_WORD.test(text) && BE_PAST.test(text));

/** The denials of one parsed reply (`parseReply`), in reply order. Deterministic, no I/O; linear in the reply length. */
export function readDenials(reply: ParsedReply): Denial[] {
  const out: Denial[] = [];
  for (const line of reply.lines) {
    for (const sentence of line.sentences) {
      if (sentence.question || !NEGATION_CUE.test(sentence.text) || !mayDeny(sentence.text)) continue;
      for (const { text: clause, words } of sentence.clauses) {
        if (conditionalIndex(words) !== -1) break;
        // Most clauses hold no negation: it is looked for before the times that would set one aside.
        const at = negationIndex(words);
        if (at === -1 || pastTime(words) || words.some((w) => BEFORE_NOW.has(w))) continue;
        const denial = readClause(words, at, clause, sentence.text);
        if (denial !== null) out.push(denial);
      }
    }
  }
  return out;
}

/** The denial of a clause whose negation ({@link negationIndex}) is at `words[at]`, or `null`. */
function readClause(words: readonly string[], at: number, clause: string, text: string): Denial | null {
  const subject = words.slice(0, at).filter((w) => !BRIDGE.has(w) && !PAST_AUXILIARIES.has(w));
  const self = subject.some((w) => FIRST_PERSON.has(w));
  if (!self && subject.some((w) => OTHER_ACTOR_PRONOUNS.has(w) && w !== 'it' && w !== 'your')) return null;
  for (let k = at + 1; k < Math.min(words.length, at + 7); k++) {
    const w = words[k] ?? '';
    if (BRIDGE.has(w)) continue;
    const participle = pastVerbAt(words, k);
    const lemma = participle?.lemma ?? baseAct(w);
    if (lemma === null || NOT_ACTS.has(lemma)) return null;
    if (words[k + 1] === 'to') return null;
    // "We have not been told", "I wasn't notified": the speaker is the one acted on, by someone else.
    if (self && participle !== null && passiveAt(words, at, k)) return null;
    // "The email failed to send": the act of the subject's noun did not happen.
    const failedTo = words[at] === 'failed' && participle === null;
    const form = self ? 'first_person' : (participle !== null && passiveAt(words, at, k)) || failedTo ? 'passive' : null;
    if (form === null) return null;
    const after = words.slice(k + 1, k + 10);
    if (after.some((x) => PARTIAL.has(x)) || subject.some((x) => PARTIAL.has(x))) return null;
    const object = objectWords(form === 'passive' ? [...subject, ...after] : after);
    return { text, clause, verb: lemma, object: object.join(' '), form };
  }
  return null;
}

/** Index of a past or perfect negation ("didn't", "was not", "failed to", "was unable to", "no … was sent"), or -1. */
function negationIndex(words: readonly string[]): number {
  for (let k = 0; k < words.length; k++) {
    const w = words[k] ?? '';
    const prev = words[k - 1] ?? '';
    if (PAST_NEGATIONS.has(w)) return k;
    if ((w === 'not' || w === 'never') && PAST_AUXILIARIES.has(prev)) return k;
    if (w === 'unable' && (prev === 'was' || prev === 'were')) return k;
    // "I failed to send", "the email failed to send" (a noun before it; not "you failed to…").
    if (w === 'failed' && words[k + 1] === 'to' && (FIRST_PERSON.has(prev) || headlineSubject(words, k))) return k;
    // A headline passive without its auxiliary: "Email not sent", "❌ Refund not processed".
    if (w === 'not' && headlineSubject(words, k) && pastVerbAt(words, k + 1) !== null) return k;
    // "No email was sent", "no refund has been issued".
    if (w === 'no' && k === 0) {
      const aux = words.findIndex((x, i) => i > k && (x === 'was' || x === 'were' || x === 'been'));
      if (aux !== -1 && aux <= k + 4) return aux;
    }
  }
  return -1;
}

/**
 * `words[0..k]` is a short noun phrase and nothing else (one to four words, none a verb form, a pronoun or
 * a number): the subject of a headline-style clause ("Email not sent", "The refund failed to process").
 */
function headlineSubject(words: readonly string[], k: number): boolean {
  if (k < 1 || k > 4) return false;
  for (let i = 0; i < k; i++) {
    const w = words[i] ?? '';
    if (!/^[a-z][a-z-]*$/.test(w) || PAST_AUXILIARIES.has(w) || BRIDGE.has(w) || FIRST_PERSON.has(w) || OTHER_ACTOR_PRONOUNS.has(w) || pastVerbAt(words, i) !== null) return false;
  }
  return true;
}

/** "wasn't sent", "was not sent", "hasn't been sent", "no email was sent", "email not sent": the participle at `k` is passive. */
function passiveAt(words: readonly string[], at: number, k: number): boolean {
  const w = words[at] ?? '';
  if (w === 'not' && k === at + 1 && headlineSubject(words, at)) return true;
  if (w === "wasn't" || w === "weren't" || w === 'was' || w === 'were') return true;
  if (w === 'not' || w === 'never') return ['was', 'were'].includes(words[at - 1] ?? '') || words.slice(at + 1, k).includes('been');
  return words.slice(at + 1, k).includes('been');
}

/** The lemma of a base-form verb of acting ("send", "process"), or `null`. */
function baseAct(word: string): string | null {
  if (!/^[a-z][a-z'-]+$/.test(word)) return null;
  const reading = readingsOf(word).find((r) => r.form === 'base');
  if (reading === undefined || openVerbClass(reading.lemma) !== 'act') return null;
  return reading.lemma;
}
