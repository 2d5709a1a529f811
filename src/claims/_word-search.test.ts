import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasWord } from './_word-search.js';
import { tokenize, wordText } from './_tokens.js';

/** What `hasWord` answers for, by splitting the whole text. */
const split = (text: string, word: string): boolean => tokenize(text).includes(word);

describe('hasWord', () => {
  it('finds a word where tokenize reads it, and not inside a longer word', () => {
    const lower = wordText("Your Booking's updated; see re-booking, bookings and $booking #booking (booking).");
    expect(hasWord(lower, 'booking')).toBe(true);
    expect(hasWord(wordText('re-booking and rebooking'), 'booking')).toBe(false);
    expect(hasWord(wordText('the bookings'), 'booking')).toBe(false);
    expect(hasWord(wordText('the booking.'), 'booking')).toBe(true);
    expect(hasWord(wordText('the booking’s date'), 'booking')).toBe(true);
    expect(hasWord(wordText('-booking'), 'booking')).toBe(true);
    expect(hasWord(wordText('x-/booking'), 'booking')).toBe(false);
  });

  it('leaves to the caller a word a contraction expands to, or one not of lower-case letters', () => {
    expect(hasWord(wordText("I've booked"), 'have')).toBeUndefined();
    expect(hasWord(wordText('an e-mail'), 'e-mail')).toBeUndefined();
  });

  it('agrees with tokenize on any text', () => {
    const chars = ['a', 'b', 's', 'i', 'v', 'e', 'A', 'B', "'", '’', '.', '-', '/', '_', '+', '%', '@', '#', '$', '€', 'é', ' ', ',', '\n', '1'];
    const text = fc.array(fc.constantFrom(...chars), { maxLength: 40 }).map((cs) => cs.join(''));
    const word = fc.constantFrom('a', 'b', 'ab', 'ba', 'abs', 'bs', 's', 'aa', 'i', 'ive', 'be', 'é');
    fc.assert(
      fc.property(text, word, (t, w) => {
        const found = hasWord(wordText(t), w);
        if (found !== undefined) expect(found, JSON.stringify([t, w])).toBe(split(t, w));
      }),
      { numRuns: 20_000 },
    );
  });
});
