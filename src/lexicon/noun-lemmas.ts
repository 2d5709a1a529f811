/** Noun lemmas of a word form: WordNet's noun.exc (children → child) and its plural rules, checked against its noun lemmas. */
import { exceptionMap, lazy, lexiconTable, nounTable } from './_table.js';

/** WordNet's (morphy's) plural endings for nouns: [ending, replacement]. */
export const NOUN_SUFFIXES: ReadonlyArray<readonly [string, string]> = [
  ['s', ''],
  ['ses', 's'],
  ['xes', 'x'],
  ['zes', 'z'],
  ['ches', 'ch'],
  ['shes', 'sh'],
  ['men', 'man'],
  ['ies', 'y'],
];

const nounExceptions = lazy(() => exceptionMap(lexiconTable().nounExceptions));

/**
 * The singular noun lemma(s) of a word form, lower case: the form itself when it is a noun lemma, then WordNet's
 * exceptions, then regular plural endings ("replies" → reply, "children" → child, "data" → data and datum).
 * [] when no reading is a WordNet noun. Multiword forms are looked up with spaces.
 */
export function nounLemmas(form: string): string[] {
  const w = form.trim().toLowerCase().replaceAll('_', ' ');
  if (w.length === 0) return [];
  const nouns = nounTable();
  const out: string[] = [];
  const add = (lemma: string): void => {
    if (nouns.has(lemma) && !out.includes(lemma)) out.push(lemma);
  };
  add(w);
  for (const lemma of nounExceptions().get(w) ?? []) add(lemma);
  for (const [ending, replacement] of NOUN_SUFFIXES) {
    if (w.length > ending.length && w.endsWith(ending)) add(w.slice(0, w.length - ending.length) + replacement);
  }
  return out;
}

/** Sum of the tag counts of a noun lemma's senses (0 when unknown or untagged). */
export function nounFrequency(lemma: string): number {
  return nounTable().get(lemma.trim().toLowerCase().replaceAll('_', ' ')) ?? 0;
}
