import { describe, expect, it } from 'vitest';
import { splitClauses, splitSentences, tokenize } from './_tokens.js';

describe('tokenize', () => {
  it('drops the trailing characters of a word and keeps inner ones', () => {
    expect(tokenize('Refunded $64.00 to a.b@c.com, re-booked... ticket #A-1/ x_ 5% done.')).toEqual(['refunded', '$64.00', 'to', 'a.b@c.com', 're-booked', 'ticket', '#a-1', 'x', '5%', 'done']);
    expect(tokenize('a.$5 b--- c/_')).toEqual(['a', '$5', 'b', 'c']);
  });
  it('expands contractions and splits possessives, curly apostrophes read as straight ones', () => {
    expect(tokenize("I've sent it; we’ll see. It's Ana's, DM'd, 'quoted' isn't")).toEqual(['i', 'have', 'sent', 'it', 'we', "'ll", 'see', 'it', 'is', 'ana', "'s", "dm'd", "quoted", "isn't"]);
  });
  it('stops at the limit, with or without apostrophes', () => {
    expect(tokenize('one two three four', 2)).toEqual(['one', 'two']);
    expect(tokenize("I've one two", 2)).toEqual(['i', 'have']);
    expect(tokenize('one two', 5)).toEqual(['one', 'two']);
    expect(tokenize('...')).toEqual([]);
  });
  it('reads a text of thousands of words as it reads each of its words (long token lists share repeated words)', () => {
    const words = ["I've", 'Sent', "Ana's", 'invoice', 'INV-42', "won't", 'café'];
    for (const count of [4095, 4096, 9000]) {
      const text = Array.from({ length: count }, (_, i) => words[i % words.length]).join(' ');
      const oneByOne = Array.from({ length: count }, (_, i) => tokenize(words[i % words.length] as string)).flat();
      expect(tokenize(text)).toEqual(oneByOne);
      expect(tokenize(text)).toEqual(tokenize(text, Number.MAX_SAFE_INTEGER));
    }
  });
  it('reads letters beyond ASCII as lower case', () => {
    expect(tokenize('Café ÀLA İstanbul')).toEqual(['café', 'àla', 'i', 'stanbul']);
  });
});

describe('splitSentences', () => {
  it('squeezes runs of spaces, those a status mark leaves too', () => {
    expect(splitSentences('Done ✅ Sent  the  email. Next one.')).toEqual([
      { text: 'Done', question: false },
      { text: 'Sent the email.', question: false },
      { text: 'Next one.', question: false },
    ]);
    expect(splitSentences('A ✅✅ B')).toEqual([{ text: 'A', question: false }, { text: 'B', question: false }]);
  });
});

describe('splitClauses', () => {
  it('cuts at " and " between two verbs, not between nouns', () => {
    expect(splitClauses('I cancelled the booking and refunded you')).toEqual(['I cancelled the booking', 'and refunded you']);
    expect(splitClauses('your booking for Paris and Rome is confirmed')).toEqual(['your booking for Paris and Rome is confirmed']);
  });

  it('cuts at " and " after an aside in parentheses when a verb follows', () => {
    expect(splitClauses('(no change fee) and texted you the new code')).toEqual(['(no change fee)', 'and texted you the new code']);
    expect(splitClauses('(Paris) and Rome')).toEqual(['(Paris) and Rome']);
  });
});
