/**
 * claimcheck's English lexical layer, generated from WordNet (see data/WORDNET-LICENSE): verb inflections and
 * classes, graded verb relations, noun/adjective → verb derivation, noun lemmas, parts of speech and multiword
 * verbs. Internal to the package (not in package.json exports). The table is parsed on first use.
 */
export { isVerb, pastEndings, verbBase, verbReadings, VERB_PREFIXES } from './verb-readings.js';
export type { VerbForm, VerbReading } from './verb-readings.js';
export { commonVerbs, verbClass, verbClasses, verbFrequency, verbLexfileShare, CHANGE_LEXFILE, LEXFILE_CLASS } from './verb-class.js';
export type { VerbClass } from './verb-class.js';
export { verbRelation, FREQUENT_MIN_SHARE, FREQUENT_MIN_TAGS, FREQUENT_SENSES, RELATION } from './verb-relation.js';
export { verbsOfAdjective, verbsOfNoun } from './derivation.js';
export { nounFrequency, nounLemmas } from './noun-lemmas.js';
export { partsOfSpeech } from './parts-of-speech.js';
export type { PartOfSpeech } from './parts-of-speech.js';
export { multiwordVerbCount, particlesOf } from './particles.js';
export { pastForms, regularPast } from './past-forms.js';
export { lexiconTable } from './_table.js';
export type { LexiconTable } from './_table.js';
export { CONTENT_LEXFILES, lexfileShare } from './verb-lexfiles.js';
