/**
 * Which of WordNet's lexicographer files a verb's senses fall in, weighted as {@link verbClasses} weighs
 * them (tag count plus {@link UNTAGGED_SENSE_WEIGHT} per sense). Finer than the act / read / state class:
 * it tells a verb of communication ("summarize", "explain") from one of change ("cancel", "refund").
 */
import { lexiconTable, verbId } from './_table.js';
import { UNTAGGED_SENSE_WEIGHT } from './verb-class.js';

/** WordNet's verb lexicographer file numbers that name making or conveying content: cognition, communication, creation. */
export const CONTENT_LEXFILES: ReadonlySet<number> = new Set([31, 32, 36]);

/**
 * The share (0–1) of a verb lemma's sense weight that falls in `lexfiles` (file numbers 29 verb.body …
 * 43 verb.weather). `0` for a lemma that is not a WordNet verb.
 */
export function lexfileShare(lemma: string, lexfiles: ReadonlySet<number>): number {
  const t = lexiconTable();
  const id = verbId(lemma.trim().toLowerCase().replaceAll('_', ' '));
  if (id === undefined) return 0;
  const flat = t.verbSenses[id] ?? [];
  let total = 0;
  let inFiles = 0;
  for (let i = 0; i < flat.length; i += 2) {
    const weight = (flat[i + 1] ?? 0) + UNTAGGED_SENSE_WEIGHT;
    total += weight;
    if (lexfiles.has(t.synsetLexfile[flat[i] ?? -1] ?? -1)) inFiles += weight;
  }
  return total === 0 ? 0 : inFiles / total;
}
