/** The specifics a claim states (dates and codes) that tie it to the call that did the work. */
import { describe, expect, it } from 'vitest';
import { claimSpecifics, dateKeys } from './_specifics.js';

describe('claimSpecifics', () => {
  it('reads dates in either order and codes mixing letters and digits', () => {
    expect([...claimSpecifics('The nonstop flight HAT041 on May 21, 2024, seat 14C, booking A-1042')].sort()).toEqual(['05-21', '14c', '2024-05-21', 'a-1042', 'hat041']);
    expect(dateKeys('21st of March and 2024-05-02')).toEqual(['03-21', '05-02', '2024-05-02']);
  });

  it('reads a range of days after a month as both days only when asked', () => {
    expect(dateKeys('flew May 13-14, 2024', true)).toEqual(['05-13', '2024-05-13', '05-14', '2024-05-14']);
    expect(dateKeys('on May 3–4', true)).toEqual(['05-03', '05-04']);
    expect(dateKeys('flew May 13-14, 2024')).toEqual(['05-13']);
  });

  it('takes a bare number of six digits or more for an identifier, not a year, a postcode or a short number', () => {
    expect([...claimSpecifics('Harbor Inn (conf 48213907), zip 30309, in 2025, 3 nights, 250000 points')].sort()).toEqual(['250000', '48213907']);
  });

  it('does not take a measure or an ordinal for a code', () => {
    expect([...claimSpecifics('no fee since it is more than 48h out, 10am start, the 2nd bag, a 3.5kg box')]).toEqual([]);
  });
});
