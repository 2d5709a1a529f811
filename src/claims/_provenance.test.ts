import { describe, expect, it } from 'vitest';
import { clauseSpecifics, readFromResults, reportedOfOthers, requested } from './_provenance.js';

describe('provenance and intent', () => {
  it('takes numbers, times, emails and names as a clause’s specifics', () => {
    expect(clauseSpecifics('name is set to Justin Kool')).toEqual({ pieces: ['justin', 'kool'], distinctive: true });
    expect(clauseSpecifics('Your alarms are set for 7:30')).toEqual({ pieces: ['7', '30'], distinctive: true });
    expect(clauseSpecifics('1 checked bag added').distinctive).toBe(false);
  });

  it('says a clause was read from results only when every specific was seen there', () => {
    const seen = (v: string): boolean => ['justin', 'kool', '07', '30'].includes(v);
    expect(readFromResults('name is set to Justin Kool', seen)).toBe(true);
    expect(readFromResults('alarm set for 7:30', seen)).toBe(true);
    expect(readFromResults('name is set to Justin Bell', seen)).toBe(false);
    expect(readFromResults('the light is on', seen)).toBe(false);
  });

  it('matches a date in any common spelling to the ISO date a result records', () => {
    const words = new Set(['2024-05-04', 'm20izo']);
    const seen = (v: string): boolean => words.has(v);
    expect(readFromResults('Created: May 4, 2024', seen)).toBe(true);
    expect(readFromResults('was booked on 2024‑05‑04 (ID M20IZO)', seen)).toBe(true);
    expect(readFromResults('was booked on May 5, 2024', seen)).toBe(false);
    // A date without its year cannot be matched to a recorded one.
    expect(readFromResults('was booked on May 4', seen)).toBe(false);
    // Unless asked to match it by month and day to a date a result records (the index holds "05-04" beside "2024-05-04").
    const byDay = (v: string): boolean => seen(v) || v === '05-04' || v === '05-05';
    expect(readFromResults('was booked on May 4', byDay, true)).toBe(true);
    expect(readFromResults('flew May 4-5', byDay, true)).toBe(true);
    expect(readFromResults('flew May 4-6', byDay, true)).toBe(false);
    expect(readFromResults('flew May 4-5', byDay)).toBe(false);
    // An amount is seen as a result records it.
    expect(readFromResults('Total paid: $45.00', (v) => v === '45')).toBe(true);
    expect(readFromResults('Total paid: $45.50', (v) => v === '45.5')).toBe(true);
  });

  it('knows a request asks for an action by the same verb, its family or a WordNet synonym', () => {
    expect(requested('set', 'Can you set an alarm for 7?')).toBe(true);
    expect(requested('update', 'please change my seat')).toBe(true);
    expect(requested('cancel', 'Shall I cancel reservation ABC123?')).toBe(true);
    expect(requested('set', 'What is on my account?')).toBe(false);
    // Two verbs of a broad family (create's "attach" and "schedule") ask for different acts; its own verb still asks.
    expect(requested('schedule', 'Attach the minutes to the email and mention when the next meeting is.')).toBe(false);
    expect(requested('schedule', 'Please create the follow-up meeting.')).toBe(true);
    expect(requested('update', 'please fix my address')).toBe(true);
    expect(requested('set', undefined)).toBe(false);
    // A word a determiner opens is a noun: "in an email I got" asks for no email to be sent.
    expect(requested('send', 'What is my login code? It is in an email I got today.')).toBe(false);
    expect(requested('send', 'Please email my landlord.')).toBe(true);
  });

  it('reads an act the user says someone else did', () => {
    expect(reportedOfOthers('send', 'They just sent me their half. Send back the rest.')).toBe(true);
    expect(reportedOfOthers('cancel', 'She cancelled my booking this morning.')).toBe(true);
    expect(reportedOfOthers('send', 'Send them back the difference.')).toBe(false);
    expect(reportedOfOthers('send', 'Did they send it?')).toBe(false);
    expect(reportedOfOthers('send', 'You sent me the wrong file.')).toBe(false);
  });
});
