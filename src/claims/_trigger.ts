/**
 * A fast, sound pre-filter: a sentence can hold a claim only if it has a past form ("-ed" or an
 * irregular form of the lexicon), an outcome ("is/are … now/on/live/off"), or a terse completion
 * word. Sentences without any are skipped before tokenizing. Built from the lexicon, so a form added
 * there is never filtered out. Every pattern is an alternation of literals: linear time.
 */
import { AMBIGUOUS_PAST, PAST_FORMS, PHRASAL, TERSE_DONE } from './lexicon.js';

const escape = (w: string): string => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const irregular = new Set<string>(['let', 'all', 'both', 'set']);
for (const form of [...Object.keys(PAST_FORMS), ...Object.keys(PHRASAL), ...Object.keys(AMBIGUOUS_PAST)]) {
  if (!form.endsWith('ed')) irregular.add(form);
}
for (const t of TERSE_DONE) for (const part of t.split('_')) irregular.add(part.includes("'") ? part.slice(0, part.indexOf("'")) : part);

const PAST = new RegExp(`ed\\b|\\b(?:${[...irregular].sort((a, b) => b.length - a.length).map(escape).join('|')})\\b`, 'i');
const COPULA = /\b(?:is|are)\b|'re\b|'s\b/i;
const STATE = /\b(?:now|on|live|off)\b/i;

/** False only when the sentence cannot hold a claim. */
export function mayClaim(sentence: string): boolean {
  return PAST.test(sentence) || (COPULA.test(sentence) && STATE.test(sentence));
}
