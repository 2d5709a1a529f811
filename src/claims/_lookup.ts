/**
 * The lexicon's records as Maps: lookups by arbitrary tokens never reach `Object.prototype`
 * ("constructor", "toString" are words too) and stay fast.
 */
import { AMBIGUOUS_PAST, NOMINALIZATIONS, NOUN_SYNONYMS, PAST_FORMS, PHRASAL, VERB_OBJECT_HINTS } from './lexicon.js';

const map = <V>(record: Readonly<Record<string, V>>): ReadonlyMap<string, V> => new Map(Object.entries(record));

export const pastForms = map(PAST_FORMS);
export const ambiguousPast = map(AMBIGUOUS_PAST);
export const phrasal: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(Object.entries(PHRASAL).map(([k, v]) => [k, map(v)]));
export const nounSynonyms = map(NOUN_SYNONYMS);
export const nominalizations = map(NOMINALIZATIONS);
export const verbObjectHints = map(VERB_OBJECT_HINTS);
