import { describe, expect, it } from 'vitest';
import { nounFrequency, nounLemmas } from './noun-lemmas.js';

describe('nounLemmas', () => {
  it('singularises regular and irregular plurals', () => {
    expect(nounLemmas('replies')).toEqual(['reply']);
    expect(nounLemmas('children')).toEqual(['child']);
    expect(nounLemmas('boxes')).toEqual(['box']);
    expect(nounLemmas('invoices')).toEqual(['invoice']);
    expect(nounLemmas('data')).toEqual(['data', 'datum']);
    expect(nounLemmas('Bookings')).toEqual(['booking']);
  });

  it('knows multiword nouns and returns [] for non-nouns', () => {
    expect(nounLemmas('credit cards')).toEqual(['credit card']);
    expect(nounLemmas('quickly')).toEqual([]);
    expect(nounLemmas('')).toEqual([]);
  });

  it('gives tag-count frequencies', () => {
    expect(nounFrequency('time')).toBeGreaterThan(nounFrequency('voucher'));
  });
});
