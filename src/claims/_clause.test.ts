import { describe, expect, it } from 'vitest';
import { mayHoldOffer } from './_clause.js';
import { OFFER_PHRASES } from './lexicon.js';

/** The offer test of the clause reader, on the lower-cased text (what {@link mayHoldOffer} stands in front of). */
const OFFER = new RegExp(`\\b(?:${OFFER_PHRASES.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`);
const offerOnceLowered = (text: string): boolean => OFFER.test(text.toLowerCase());

describe('mayHoldOffer', () => {
  it.each([
    'Want me to cancel it',
    'WOULD YOU LIKE me to book it',
    'Happy To help',
    "I'M HAPPY TO rebook",
    'Let Me Know If it arrives',
    'shall \u0130 send it',
    'would you li\u212Ae a refund',
    'let me \u212Anow if it arrives',
  ])('lets through %j, whose lower case holds an offer', (text) => {
    expect(offerOnceLowered(text)).toBe(true);
    expect(mayHoldOffer(text)).toBe(true);
  });

  it.each(['I cancelled your 4pm haircut.', 'I sent the May invoice to Priya.', 'Your refund has been issued.'])('turns down %j', (text) => {
    expect(mayHoldOffer(text)).toBe(false);
  });

  it('never turns down a text whose lower case holds an offer', () => {
    // Texts made of the phrases' letters in both cases, the two characters that lower-case to ASCII letters,
    // and word and non-word neighbours; a fixed generator, so the run is the same each time.
    const alphabet = [...new Set(OFFER_PHRASES.join('').split(''))].flatMap((c) => [c, c.toUpperCase()]).concat(['\u0130', '\u212A', '_', '-', '.', 'é']);
    let seed = 7;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let offers = 0;
    for (let k = 0; k < 20000; k++) {
      const phrase = OFFER_PHRASES[next(OFFER_PHRASES.length)] ?? '';
      const chars = [...phrase].map((c) => (next(3) === 0 ? c.toUpperCase() : next(12) === 0 ? (alphabet[next(alphabet.length)] ?? c) : c));
      const text = `${alphabet[next(alphabet.length)] ?? ''}${next(2) === 0 ? ' ' : ''}${chars.join('')}${next(2) === 0 ? ' ' : ''}${alphabet[next(alphabet.length)] ?? ''}`;
      if (!offerOnceLowered(text)) continue;
      offers++;
      expect(mayHoldOffer(text), text).toBe(true);
    }
    expect(offers).toBeGreaterThan(1000);
  });
});
