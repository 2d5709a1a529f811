/**
 * Internal: the rule guards applied to a model's claim. A span must be a verbatim piece of the reply, and it
 * is dropped when the sentence around it holds what keeps the rules from reading a claim: a question, a
 * negation, the future, a modal, progress or an intention, a condition, a failure, reported speech, another
 * actor as subject, a time before the run, or a present state with no act. The model reads the act itself
 * (an idiom, a status mark): a span needs no verb the rules know.
 *
 * Each sentence of the reply is read once, whatever the number of spans in it: reading an answer is linear
 * in the reply's length for a bounded number of spans.
 */
import { tokenize } from './_tokens.js';
import { contentWords, pastVerbAt } from './_verbs.js';
import { conditionalIndex, onPastDate, pastTime } from './_cues.js';
import { negationAt, notYetAt } from './_clause.js';
import type { ExtractedClaim } from './extract-claims.js';
import { FAILURE, FILLERS, OTHER_ACTOR_PRONOUNS, REPORTED, STATE_ADVERBS } from './lexicon.js';
import type { ModelClaim } from './_llm-prompt.js';
import type { SecondOpinionGuard } from '../receipt.js';

/** Possessives and "it" open a claim's own subject ("your refund has been issued", "it's been sent"). */
const OWN_SUBJECT = new Set(['your', 'it']);

/** Characters that end a sentence for the guards. */
const SENTENCE_ENDS = new Set(['.', '!', '?', '\n', '\u2026']);

/** What one sentence holds that the guards ask about; `drop` is the first guard it trips, if any. */
interface SentenceCues {
  question: boolean;
  drop: SecondOpinionGuard | null;
  /** Holds a state adverb ("currently", "still"). */
  state: boolean;
  /** The first word that is not a filler: the sentence's subject, for the other-actor guard. */
  subject: string | undefined;
}

/** Reads the model's claims of one reply: each a claim, or the guard that drops it. */
export type SpanReader = (m: ModelClaim) => ExtractedClaim | SecondOpinionGuard;

/** A reader of spans of `reply`. */
export function spanReader(reply: string): SpanReader {
  let ends: number[] | undefined;
  const cues = new Map<number, SentenceCues>();
  const sentenceEnds = (): number[] => (ends ??= endsOf(reply));
  const cuesOf = (i: number): SentenceCues => {
    let c = cues.get(i);
    if (c === undefined) {
      const list = sentenceEnds();
      c = readSentence(reply.slice(i === 0 ? 0 : (list[i - 1] ?? -1) + 1, (list[i] ?? reply.length - 1) + 1));
      cues.set(i, c);
    }
    return c;
  };
  return (m) => {
    const at = reply.indexOf(m.span);
    if (at === -1) return 'not_in_reply';
    const list = sentenceEnds();
    const first = firstEndAtOrAfter(list, at);
    const last = firstEndAtOrAfter(list, at + m.span.length - 1);
    if (cuesOf(last).question) return 'question';
    let state = false;
    for (let i = first; i <= last; i++) {
      const c = cuesOf(i);
      if (c.drop !== null) return c.drop;
      state ||= c.state;
    }
    const subject = cuesOf(first).subject;
    if (subject !== undefined && OTHER_ACTOR_PRONOUNS.has(subject) && !OWN_SUBJECT.has(subject)) return 'other_actor';
    const spanWords = tokenize(m.span);
    const hit = spanWords.map((_, k) => pastVerbAt(spanWords, k)).find((h) => h !== null) ?? null;
    if (hit === null && state) return 'present_state';
    const from = first === 0 ? 0 : (list[first - 1] ?? -1) + 1;
    const text = reply.slice(from, (list[last] ?? reply.length - 1) + 1).trim();
    const verb = /^[a-z]+$/.test(m.verb) ? m.verb : (hit?.lemma ?? '*');
    return { text, clause: m.span, verb, object: contentWords(spanWords).join(' '), form: 'first_person' };
  };
}

/** Index in `reply` of each sentence end, and of the last character when the reply does not end with one. */
function endsOf(reply: string): number[] {
  const out: number[] = [];
  for (let k = 0; k < reply.length; k++) if (SENTENCE_ENDS.has(reply[k] ?? '')) out.push(k);
  if (out.at(-1) !== reply.length - 1) out.push(reply.length - 1);
  return out;
}

/** Index in `ends` of the first end at or after `position` (binary search). */
function firstEndAtOrAfter(ends: readonly number[], position: number): number {
  let lo = 0;
  let hi = ends.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((ends[mid] ?? 0) < position) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The guards' reading of one sentence. */
function readSentence(sentence: string): SentenceCues {
  const words = tokenize(sentence);
  const question = sentence.trimEnd().endsWith('?');
  const subject = words.find((w) => !FILLERS.has(w));
  let drop: SecondOpinionGuard | null = null;
  if (words.some((_, k) => negationAt(words, k))) drop = 'negation';
  else if (words.some((_, k) => notYetAt(words, k))) drop = 'not_yet';
  else if (conditionalIndex(words) !== -1) drop = 'condition';
  else if (words.some((w) => FAILURE.has(w))) drop = 'failure';
  else if (words.some((w) => REPORTED.has(w))) drop = 'reported';
  else if (pastTime(words) || onPastDate(words)) drop = 'past_time';
  return { question, drop, subject, state: words.some((w) => STATE_ADVERBS.has(w)) };
}
