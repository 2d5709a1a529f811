/** Which WordNet parts of speech a word form has, commonest first. */
import { CLOSED_CLASS } from './_closed-class.js';
import { adjectiveTable, adverbTable, exceptionMap, lazy, lexiconTable } from './_table.js';
import { nounFrequency, nounLemmas } from './noun-lemmas.js';
import { verbFrequency } from './verb-class.js';
import { isVerb, verbReadings } from './verb-readings.js';

/** WordNet's parts of speech: noun, verb, adjective (with satellites), adverb. */
export type PartOfSpeech = 'n' | 'v' | 'a' | 'r';

const adjectiveExceptions = lazy(() => exceptionMap(lexiconTable().adjectiveExceptions));

/** Adjective lemmas of a form: itself, adj.exc (better → good), comparative and superlative endings. */
function adjectiveLemmas(w: string): string[] {
  const table = adjectiveTable();
  const out = new Set<string>();
  if (table.has(w)) out.add(w);
  for (const l of adjectiveExceptions().get(w) ?? []) if (table.has(l)) out.add(l);
  for (const [ending, replacement] of [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']] as const) {
    if (w.length > ending.length + 2 && w.endsWith(ending)) {
      const l = w.slice(0, w.length - ending.length) + replacement;
      if (table.has(l)) out.add(l);
    }
  }
  return [...out];
}

const ORDER: readonly PartOfSpeech[] = ['n', 'v', 'a', 'r'];

/**
 * Parts of speech WordNet knows for a word form after lemmatization, as a subset of 'n', 'v', 'a', 'r', ordered
 * by the tag counts of the lemmas' senses (commonest first; ties in the order n, v, a, r). Verb readings count
 * only when the lemma is a WordNet verb (not a prefix reading). Closed-class words (determiners, pronouns,
 * prepositions, conjunctions, modals) give [], although WordNet lists some of them ("a", "in") through rare
 * senses.
 */
export function partsOfSpeech(form: string): ReadonlyArray<PartOfSpeech> {
  const w = form.trim().toLowerCase().replaceAll('_', ' ');
  if (w.length === 0 || CLOSED_CLASS.has(w)) return [];
  const weight = new Map<PartOfSpeech, number>();
  const nouns = nounLemmas(w);
  if (nouns.length > 0) weight.set('n', Math.max(...nouns.map(nounFrequency)));
  const verbs = verbReadings(w).filter((r) => isVerb(r.lemma));
  if (verbs.length > 0) weight.set('v', Math.max(...verbs.map((r) => verbFrequency(r.lemma))));
  const adjectives = adjectiveLemmas(w);
  if (adjectives.length > 0) weight.set('a', Math.max(...adjectives.map((l) => adjectiveTable().get(l) ?? 0)));
  if (adverbTable().has(w)) weight.set('r', adverbTable().get(w) ?? 0);
  return ORDER.filter((p) => weight.has(p)).sort((x, y) => (weight.get(y) ?? 0) - (weight.get(x) ?? 0) || ORDER.indexOf(x) - ORDER.indexOf(y));
}
