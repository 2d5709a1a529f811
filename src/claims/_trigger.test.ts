import { describe, expect, it } from 'vitest';
import { mayBeVerbForm, mayClaim } from './_trigger.js';
import { openPast } from './_open-verbs.js';
import { AMBIGUOUS_PAST, PAST_FORMS, PHRASAL } from './lexicon.js';
import { irregularReadings } from '../lexicon/_irregular.js';
import { VERB_PREFIXES } from '../lexicon/index.js';

describe('mayClaim', () => {
  it('lets through every claimed form of the lexicon and every past form the table reads as an act, in any case', () => {
    const forms = [...Object.keys(PAST_FORMS), ...Object.keys(AMBIGUOUS_PAST), ...Object.keys(PHRASAL), 'done', 'did', 'set', 'sorted', 'notarised', 're-issued'];
    for (const f of irregularReadings().keys()) if (!f.includes(' ')) for (const p of ['', ...VERB_PREFIXES, 're-']) if (openPast(p + f) !== null) forms.push(p + f);
    expect(forms.length).toBeGreaterThan(1_000);
    for (const f of forms) {
      expect(mayBeVerbForm(f), f).toBe(true);
      expect(mayClaim(`Your ticket was ${f} today.`), f).toBe(true);
      // "let" claims only before a word ("let them know"), and a status mark is no word.
      if (f !== 'let') expect(mayClaim(`${f.toUpperCase()} ✅`), f).toBe(true);
    }
  });

  it('reads the tool list verbs, "let … know", outcomes and contractions', () => {
    expect(mayClaim('I decided the appeal.')).toBe(false);
    expect(mayClaim('I decided the appeal.', new Set(['decide']))).toBe(true);
    expect(mayClaim('Let them know by Friday.')).toBe(true);
    expect(mayClaim('Let me know if you need anything.')).toBe(false);
    expect(mayClaim("Let's review the available flights.")).toBe(false);
    expect(mayClaim('Your flight is now on time.')).toBe(true);
    expect(mayClaim("Everything's back to normal.")).toBe(true);
    // A state a run brings about, without "now": the clause reader decides whether the request ties it.
    expect(mayClaim('The gate is open.')).toBe(true);
    // A moved deadline: "has"/"have" right before "until".
    expect(mayClaim('Priya now has until Monday.')).toBe(true);
    expect(mayClaim('Priya has two more days.')).toBe(false);
    expect(mayClaim('etl-worker-3 is up and running.')).toBe(true);
    expect(mayClaim('The comment filter is active.')).toBe(true);
    expect(mayClaim('The gate opens at noon.')).toBe(false);
    expect(mayClaim('You’re all set!')).toBe(true);
    expect(mayClaim('Here is your itinerary for the trip.')).toBe(false);
  });

  it('reads a long sentence (asked whether it has anything to lower) as it reads it lowered', () => {
    const pad = 'the order of the day '.repeat(500);
    const tails = { 'REFUNDED it': true, 'refunded it': true, 'the gate is open': true, 'the gate opens at noon': false, 'the filter is active': true, 'Ünder review': false, 'let them know': true, 'let me know': false };
    for (const [tail, claims] of Object.entries(tails)) {
      expect(mayClaim(`${pad}${tail}`), tail).toBe(claims);
      expect(mayClaim(`${pad}${tail}`.toLowerCase()), tail).toBe(claims);
    }
  });
});

describe('mayBeVerbForm', () => {
  it('tells most words from verb forms by their ending', () => {
    for (const w of ['let', 'sent', 'refunded', 'upset', 'rebooked', 'done']) expect(mayBeVerbForm(w), w).toBe(true);
    for (const w of ['the', 'your', 'flight', 'hat169', '$64.00', 'passengers', '']) expect(mayBeVerbForm(w), w).toBe(false);
  });
});
