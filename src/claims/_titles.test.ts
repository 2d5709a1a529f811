import { describe, expect, it } from 'vitest';
import { parseReply } from './parse-reply.js';
import { claimQuotes, titleAgrees, titleKey } from './_titles.js';

describe('titleAgrees', () => {
  it('agrees loosely: case, punctuation, an added or dropped word, a run of the recorded title', () => {
    expect(titleAgrees('the lantern sessions: late show', 'The Lantern Sessions — Late Show')).toBe(true);
    expect(titleAgrees('buy white wine', 'Buy the white wine')).toBe(true);
    expect(titleAgrees('lantern sessions', 'The Lantern Sessions: Late Show')).toBe(true);
  });

  it('disagrees with a title where a word is another word', () => {
    expect(titleAgrees('the lantern sessions: late show', 'The Lantern Sessions: Early Show')).toBe(false);
    expect(titleAgrees('q3 budget review', 'Q4 budget review')).toBe(false);
  });
});

describe('titleKey', () => {
  it.each([['title', true], ['event_name', true], ['subjectLine', true], ['event_id', false], ['body', false]])('%s', (key, expected) => {
    expect(titleKey(key)).toBe(expected);
  });
});

describe('claimQuotes', () => {
  const quotesOf = (reply: string): unknown[] => {
    const parsed = parseReply(reply);
    const of = claimQuotes(parsed);
    return parsed.lines.flatMap((l) => l.sentences.flatMap((s) => s.clauses.flatMap((c) => of(s.text, c.text))));
  };

  it('gives a sentence’s one quote to the clause that holds it, with the noun that says what it names', () => {
    expect(quotesOf("I've put 4 seats on hold for 'The Lantern Sessions: Late Show'.")).toEqual([{ quote: 'the lantern sessions: late show' }]);
    expect(quotesOf('I attached the document "Q3 plan" to the email.')).toEqual([{ quote: 'q3 plan', noun: 'document' }]);
  });

  it('gives nothing for a sentence that quotes two texts, but the quote its clause opens with', () => {
    expect(quotesOf('I scheduled "Follow-up" with the participants of "Kickoff".')).toEqual([]);
    expect(quotesOf("'Buy white wine' is now a subtask of 'Bring wine to happy hour'.")).toEqual([{ quote: 'buy white wine' }]);
  });
});
