import { describe, expect, it } from 'vitest';
import { enumParameters, findBareHours, findDates, findTimes, qualifiedTime, statedEnums } from './_typed-values.js';

describe('typed values a claim states', () => {
  it('reads times of day in 12- and 24-hour forms as minutes after midnight', () => {
    expect(findTimes('Scheduled for 3:00 PM ET tomorrow')).toEqual([900]);
    expect(findTimes('moved to 3pm')).toEqual([900]);
    expect(findTimes('at 12 a.m. sharp')).toEqual([0]);
    expect(findTimes('starts 15:30, ends 16:00')).toEqual([930, 960]);
    expect(findTimes('order 4821 for $64')).toEqual([]);
  });

  it('leaves qualified times alone', () => {
    expect(qualifiedTime('around 3pm')).toBe(true);
    expect(qualifiedTime('by 5:00 pm')).toBe(true);
    expect(qualifiedTime('at 3pm')).toBe(false);
  });

  it('reads dates in month-first, day-first and ISO forms', () => {
    expect(findDates('on May 21, 2024')).toEqual(['05-21']);
    expect(findDates('the 3rd of March')).toEqual(['03-03']);
    expect(findDates('2024-05-19 at 13:00')).toEqual(['05-19']);
  });

  it('collects the string enums of a JSON Schema, nested ones too, loosely written', () => {
    const schema = { type: 'object', properties: { stage: { type: 'string', enum: ['closed_won', 'closed_lost', 'open'] }, opts: { type: 'object', properties: { mode: { enum: ['heat', 'cool', 'off'] } } } } };
    expect(enumParameters(schema)).toEqual([
      { key: 'stage', values: ['closed won', 'closed lost', 'open'] },
      { key: 'mode', values: ['heat', 'cool', 'off'] },
    ]);
  });

  it('finds the one allowed value a text names, preferring the longest', () => {
    const p = { key: 'stage', values: ['closed', 'closed won', 'closed lost'] };
    const allowed = p.values;
    expect(statedEnums('Kestrel Bio moved to Closed Won', [p])).toEqual([{ key: 'stage', value: 'closed won', allowed }]);
    expect(statedEnums('moved from Closed Lost to Closed Won', [p])).toEqual([]);
    expect(statedEnums('nothing here', [p])).toEqual([]);
    // The value before a change arrow is the old one; a value that qualifies a unit of time is none.
    const cabin = { key: 'cabin', values: ['basic_economy', 'economy', 'business'].map((v) => v.replace('_', ' ')) };
    expect(statedEnums('Cabin: Basic Economy → Economy', [cabin]).map((s) => s.value)).toEqual(['economy']);
    expect(statedEnums('Cabin: Economy -> Business (charged to card 2135)', [cabin]).map((s) => s.value)).toEqual(['business']);
    expect(statedEnums('Refund of $186 processed (will be available in 5-7 business days)', [cabin])).toEqual([]);
    expect(statedEnums('Upgraded to business class', [cabin]).map((s) => s.value)).toEqual(['business']);
    const mode = { key: 'mode', values: ['heat', 'cool', 'off'] };
    expect(statedEnums('Moved to Closed Won and set to cool', [p, mode]).map((s) => s.value)).toEqual(['closed won', 'cool']);
  });
});

describe('bare hours', () => {
  it.each([
    ["You're all set for Sunday at 8.", [8]],
    ['Booked for Friday at 11, table by the window.', [11]],
    ['The call is at 3 on Friday.', [3]],
    ['See you at 7 tonight', [7]],
  ])('%j states %j', (text, hours) => {
    expect(findBareHours(text)).toEqual(hours);
  });

  it.each(['Delivered at 3 Main Street.', 'Capped at 8% for the year.', 'Booked at 5:30.', 'Booked at 3pm.', 'Seated at 4 tables.', 'Table at 13.'])('%j states none', (text) => {
    expect(findBareHours(text)).toEqual([]);
  });
});
