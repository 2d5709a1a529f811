/**
 * A fast, sound pre-filter: a sentence can hold a claim only if one of its words is a claimed verb
 * form of the lexicon (a past form, the first word of a phrasal verb, "let"), a terse completion word,
 * or it pairs "is/are" with an outcome word ("now", "back", "on", "live", "off"). Sentences without any are
 * skipped before clause splitting and tokenizing. Built from the lexicon, so a form added there is
 * never filtered out. One pass over the characters, no regular expression.
 */
import { TERSE_DONE } from './lexicon.js';
import { ambiguousPast, pastForms, phrasal } from './_lookup.js';
import { openPast } from './_open-verbs.js';
import { memoPerSet } from './_memo.js';
import { RECORD_REPORTS } from './_cues.js';

// "did" and "done" open a light verb ("did a backup of the table", `_verbs.ts` `lightVerbAt`).
const TRIGGERS = new Set<string>(['set', 'done', 'did']);
for (const form of [...pastForms.keys(), ...phrasal.keys(), ...ambiguousPast.keys()]) TRIGGERS.add(form);
TRIGGERS.delete('let');
// A record's report ("your reservation shows…", "according to your reservation") mentions the lookup that read
// it (`_cues.ts` `readRecordReport`).
for (const report of [...RECORD_REPORTS, 'according']) TRIGGERS.add(report);
// A terse reply names its completion word last ("all set", "you're all set", "taken care of"): that word triggers.
for (const t of TERSE_DONE) TRIGGERS.add(t.split('_').filter((w) => w !== 'of').pop() ?? t);
/** No trigger is shorter (`openPast` is asked only from three letters): shorter words are not looked up. */
const SHORTEST_TRIGGER = Math.min(3, ...[...TRIGGERS].map((t) => t.length));
const COPULAS = new Set(['is', 'are', 're', 's']);
const OUTCOMES = new Set(['now', 'back', 'on', 'live', 'off']);

const isLetter = (c: number): boolean => (c >= 97 && c <= 122) || c === 39 || c === 45 || c >= 0xc0;

/**
 * Whether a word of a sentence triggers by itself: a claimed form of the lexicon, or a past form the table
 * reads as an act (`openPast`, per tool-verb set). Remembered per word and per tool-verb set (bounded), so a
 * word costs one lookup.
 */
const triggersFor = memoPerSet((word, toolVerbs): boolean => TRIGGERS.has(word) || (word.length > 2 && word !== 'let' && openPast(word, toolVerbs) !== null));

/** False only when the sentence cannot hold a claim. */
export function mayClaim(sentence: string, toolVerbs?: ReadonlySet<string>): boolean {
  const text = sentence.toLowerCase();
  const trigger = triggersFor(toolVerbs);
  let copula = false;
  let outcome = false;
  let start = -1;
  let afterLet = false;
  for (let i = 0; i <= text.length; i++) {
    const letter = i < text.length && isLetter(text.charCodeAt(i));
    if (letter) {
      if (start === -1) start = i;
      continue;
    }
    if (start === -1) continue;
    let word = text.slice(start, i);
    start = -1;
    // "let" claims only as "let them know" (below); as a past form it would let every "Let me know" through.
    // No English past form is shorter than three letters ("ran", "set"): the table is not asked for shorter words.
    if (word.length >= SHORTEST_TRIGGER && trigger(word)) return true;
    const apostrophe = word.indexOf("'");
    if (apostrophe !== -1) {
      const tail = word.slice(apostrophe + 1);
      if (COPULAS.has(tail)) copula = true;
      word = word.slice(0, apostrophe);
      if (TRIGGERS.has(word)) return true;
    }
    // "let them know" notifies; "let me know" asks.
    if (afterLet && word !== 'me' && word !== 'us') return true;
    afterLet = word === 'let';
    if (COPULAS.has(word)) copula = true;
    else if (OUTCOMES.has(word)) outcome = true;
    if (copula && outcome) return true;
  }
  return false;
}
