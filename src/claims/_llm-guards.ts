/**
 * Internal: the rule guards applied to a model's claim. A span must be a verbatim piece of the reply, and
 * it is dropped when the rules would not read a claim there: a question, a negation or failure, the future
 * or an intention, a condition, reported speech, another actor as subject, or a present state with no act.
 */
import { tokenize } from './_tokens.js';
import { pastVerbAt } from './_verbs.js';
import { conditionalIndex, readOutcome } from './_cues.js';
import { negationAt, notYetAt } from './_clause.js';
import type { ExtractedClaim } from './extract-claims.js';
import { contentWords } from './_verbs.js';
import { FAILURE, FILLERS, OTHER_ACTOR_PRONOUNS, REPORTED } from './lexicon.js';
import type { ModelClaim } from './_llm-prompt.js';

/** Possessives and "it" open a claim's own subject ("your refund has been issued", "it's been sent"). */
const OWN_SUBJECT = new Set(['your', 'it']);

/** The claim the span makes, or `null` when the span is not in the reply or a guard drops it. */
export function guardedClaim(m: ModelClaim, reply: string): ExtractedClaim | null {
  const at = reply.indexOf(m.span);
  if (at === -1) return null;
  const sentence = sentenceAround(reply, at, at + m.span.length);
  if (sentence.trimEnd().endsWith('?')) return null;
  const words = tokenize(sentence);
  if (words.length === 0) return null;
  if (words.some((_, k) => negationAt(words, k) || notYetAt(words, k))) return null;
  if (conditionalIndex(words) !== -1 || words.some((w) => FAILURE.has(w) || REPORTED.has(w))) return null;
  const subject = words.find((w) => !FILLERS.has(w));
  if (subject !== undefined && OTHER_ACTOR_PRONOUNS.has(subject) && !OWN_SUBJECT.has(subject)) return null;
  const hit = words.map((_, k) => pastVerbAt(words, k)).find((h) => h !== null) ?? null;
  if (hit === null && readOutcome(words) === null) return null;
  const verb = /^[a-z]+$/.test(m.verb) ? m.verb : (hit?.lemma ?? '*');
  return { text: sentence.trim(), clause: m.span, verb, object: contentWords(tokenize(m.span)).join(' '), form: 'first_person' };
}

/** The sentence (or line) of the reply holding `[from, to)`. */
function sentenceAround(reply: string, from: number, to: number): string {
  let start = from;
  while (start > 0 && !'.!?\n'.includes(reply[start - 1] ?? '')) start--;
  let end = to;
  while (end < reply.length && !'.!?\n'.includes(reply[end] ?? '')) end++;
  return reply.slice(start, Math.min(reply.length, end + 1));
}
