/**
 * Verbs related to nouns and adjectives: WordNet's derivationally-related-form and participle pointers, plus
 * morphology checked against WordNet's verb lemmas (deletion → delete, closed → close, inactive → inactivate).
 */
import { lexiconTable } from './_table.js';
import { nounLemmas } from './noun-lemmas.js';
import { verbReadings } from './verb-readings.js';

/** Nominal endings undone to find a verb: [ending, replacements]; each result must be a verb. */
export const NOUN_VERB_SUFFIXES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['ication', ['y']],
  ['ation', ['ate', 'e', '']],
  ['ition', ['', 'e']],
  ['ion', ['', 'e']],
  ['ment', ['']],
  ['al', ['', 'e']],
  ['ance', ['', 'e']],
  ['ence', ['', 'e']],
  ['age', ['', 'e']],
];

/** Adjective endings undone to find a verb. */
export const ADJECTIVE_VERB_SUFFIXES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['ive', ['ivate', 'e', '']],
  ['able', ['', 'e']],
  ['ible', ['', 'e']],
];

/** Base-form verb lemmas for a candidate spelling (British spellings and prefixes as {@link verbReadings} reads them). */
function baseVerbs(candidate: string): string[] {
  return verbReadings(candidate)
    .filter((r) => r.form === 'base')
    .map((r) => r.lemma);
}

function bySuffix(word: string, rules: ReadonlyArray<readonly [string, readonly string[]]>): string[] {
  const out: string[] = [];
  for (const [ending, replacements] of rules) {
    if (word.length <= ending.length + 2 || !word.endsWith(ending)) continue;
    const stem = word.slice(0, word.length - ending.length);
    for (const r of replacements) for (const v of baseVerbs(stem + r)) if (!out.includes(v)) out.push(v);
    // cancellation → cancel: a doubled final consonant.
    if (stem.length > 3 && stem[stem.length - 1] === stem[stem.length - 2]) for (const v of baseVerbs(stem.slice(0, -1))) if (!out.includes(v)) out.push(v);
    if (out.length > 0) break;
  }
  return out;
}

const ids = (map: Record<string, number[]>, lemma: string): string[] =>
  (map[lemma.replaceAll(' ', '_')] ?? []).map((id) => lexiconTable().verbs[id] as string);

/**
 * Verbs a noun is derived from or derives to, lower case: WordNet's derivational links of the noun's lemma(s),
 * and a two-word verb written solid ("setup" → "set up"); when WordNet links none, nominal endings undone
 * (-ation, -ion, -ment, -al, -ance, -age) and gerunds ("booking" → book). [] when none is found.
 */
export function verbsOfNoun(noun: string): string[] {
  const w = noun.trim().toLowerCase();
  const lemmas = nounLemmas(w);
  const out: string[] = [];
  for (const lemma of lemmas) for (const v of ids(lexiconTable().nounVerbs, lemma)) if (!out.includes(v)) out.push(v);
  if (out.length > 0) return out;
  for (const form of lemmas.length > 0 ? lemmas : [w]) {
    for (const r of verbReadings(form)) if (r.form === 'gerund' && !out.includes(r.lemma)) out.push(r.lemma);
    for (const v of bySuffix(form, NOUN_VERB_SUFFIXES)) if (!out.includes(v)) out.push(v);
  }
  return out;
}

/**
 * Verbs an adjective relates to, lower case: participial adjectives ("closed" → close, "cancelled" → cancel),
 * WordNet's participle and derivation links, and -ive/-able endings undone ("inactive" → inactivate).
 * [] when none ("online").
 */
export function verbsOfAdjective(adj: string): string[] {
  const w = adj.trim().toLowerCase();
  const out: string[] = [];
  for (const r of verbReadings(w)) if ((r.form === 'participle' || r.form === 'past') && !out.includes(r.lemma)) out.push(r.lemma);
  for (const v of ids(lexiconTable().adjectiveVerbs, w)) if (!out.includes(v)) out.push(v);
  if (out.length === 0) out.push(...bySuffix(w, ADJECTIVE_VERB_SUFFIXES));
  return out;
}
