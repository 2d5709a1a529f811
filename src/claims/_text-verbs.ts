/**
 * Verbs whose act an agent performs by writing its reply: making or conveying content ("summarised",
 * "outlined", "explained", "translated"), which the hand lexicon ties to no tool action.
 */
import { CONTENT_LEXFILES, lexfileShare, verbBase } from '../lexicon/index.js';
import { familiesOf } from './_verbs.js';

/** Share of a verb's WordNet sense weight in cognition, communication and creation at or above which it makes content. */
export const CONTENT_SHARE = 0.5;

/**
 * True when WordNet places at least {@link CONTENT_SHARE} of the verb's senses among verbs of cognition,
 * communication or creation, and no verb family of the hand lexicon (which names what tools do: send,
 * create, file, submit…) holds it.
 */
export function textVerb(lemma: string): boolean {
  if (familiesOf(lemma).length > 0 || familiesOf(verbBase(lemma)).length > 0) return false;
  return Math.max(lexfileShare(lemma, CONTENT_LEXFILES), lexfileShare(verbBase(lemma), CONTENT_LEXFILES)) >= CONTENT_SHARE;
}
