import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseReply } from './parse-reply.js';
import { splitSentences } from './_tokens.js';

describe('parseReply', () => {
  it('cuts lines into sentences, sentences into clauses of lower-case words', () => {
    const parsed = parseReply("**Done.** I've cancelled order A-1, refunded $64.00 and emailed you.\nAnything else?");
    expect(parsed.lines.map((l) => l.sentences.map((s) => [s.text, s.question]))).toEqual([
      [['Done.', false], ["I've cancelled order A-1, refunded $64.00 and emailed you.", false]],
      [['Anything else?', true]],
    ]);
    expect(parsed.lines[0]?.sentences[1]?.clauses).toEqual([
      { text: "I've cancelled order A-1", words: ['i', 'have', 'cancelled', 'order', 'a-1'] },
      { text: 'refunded $64.00', words: ['refunded', '$64.00'] },
      { text: 'and emailed you.', words: ['and', 'emailed', 'you'] },
    ]);
  });

  it('cuts a sentence once: every reader gets the same clauses', () => {
    const sentence = parseReply('I sent it and filed the ticket.').lines[0]?.sentences[0];
    expect(sentence?.clauses).toBe(sentence?.clauses);
  });

  it('drops code and quoted lines, marks status lines, and gives a table row no sentences', () => {
    const parsed = parseReply('```\nrm -rf build\n```\n> I sent it\n✅ Email sent\n| Order | Status |\n|---|---|\n| A-1 | Refunded |');
    expect(parsed.lines.map((l) => [l.text, l.status, l.table, l.sentences.length])).toEqual([
      ['✅ Email sent', true, false, 1],
      ['Order — Status', false, true, 0],
      ['A-1 — Refunded', false, true, 0],
    ]);
  });
});

describe('sentences of a cleaned line', () => {
  it('are the sentences splitSentences cuts from the line', () => {
    // parseReply does not search a cleaned line for a run of two spaces: cleanReply leaves none.
    const pieces = ['I sent it', 'Done', '✅', '✔', '☑️', '🟢', '[x] ', '[ ] ', '- ', '* ', '1. ', '# ', '| a | b |', '**', '_', '`', '"', "'", '. ', '? ', '! ', '… ', ' ', '  ', '\t', '\n', '\n\n', 'Dr.', 'e.g.', '🔒 The', 'x'];
    const reply = fc.array(fc.constantFrom(...pieces), { maxLength: 24 }).map((ps) => ps.join(''));
    fc.assert(
      fc.property(reply, (r) => {
        for (const line of parseReply(r).lines) {
          if (line.table) continue;
          expect(line.sentences.map((s) => [s.text, s.question]), JSON.stringify(r)).toEqual(splitSentences(line.text).map((s) => [s.text, s.question]));
        }
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('clauses at "and"', () => {
  const clauses = (text: string): string[] => parseReply(text).lines[0]?.sentences[0]?.clauses.map((c) => c.text) ?? [];

  it.each([
    ['Email and SMS sent ✅', ['Email and SMS sent']],
    ['The design and research team meeting is scheduled.', ['The design and research team meeting is scheduled.']],
    ['I have modified the start and end time and sent the attendees a message.', ['I have modified the start and end time', 'and sent the attendees a message.']],
    ['I cancelled the order and the refund has been issued.', ['I cancelled the order', 'and the refund has been issued.']],
    ['The users (ids 9001–9014) and deleted them.', ['The users (ids 9001–9014)', 'and deleted them.']],
    ['Your order and I have emailed you.', ['Your order', 'and I have emailed you.']],
  ])('%j → %j', (text, expected) => {
    expect(clauses(text)).toEqual(expected);
  });
});
