/**
 * Reading the specific values a claim states: money amounts, cued references, email addresses.
 */
import { describe, expect, it } from 'vitest';
import { eachWord, findAmounts, findEmails, findRefs, leaves, parseAmount, qualifiedAmount } from './_values.js';

describe('findAmounts', () => {
  it.each([
    ['Refunded $64 to your card.', 64, '$64'],
    ['Charged 64.00 USD.', 64, '64.00 USD'],
    ['A refund of €1.250,00 was issued.', 1250, '€1.250,00'],
    ['Paid £19.99 for the upgrade.', 19.99, '£19.99'],
    ['Sent EUR 1,240 to Acme.', 1240, 'EUR 1,240'],
    ['Refunded $1,250.50.', 1250.5, '$1,250.50'],
    ['Paid 11,90 € at checkout.', 11.9, '11,90 €'],
    ['Refunded 45 dollars.', 45, '45 dollars'],
    ['Transferred $2.5k to savings.', 2500, '$2.5k'],
    ['Charged ¥5000.', 5000, '¥5000'],
    ['Paid $0.99.', 0.99, '$0.99'],
  ])('%j → %d', (text, value, written) => {
    expect(findAmounts(text)).toEqual([{ value, text: written }]);
  });

  it('finds every amount of a sentence', () => {
    expect(findAmounts('Refunded $30 and then $40.').map((a) => a.value)).toEqual([30, 40]);
  });

  it('reads no amount in plain numbers, times or references', () => {
    expect(findAmounts('Order 4821 ships at 3:45pm on 2024-05-01, 2 boxes.')).toEqual([]);
  });
});

describe('parseAmount', () => {
  it.each([
    ['64', 64],
    ['1,250.00', 1250],
    ['1.250,00', 1250],
    ['11,90', 11.9],
    ['1,240', 1240],
    ['1.240', 1240],
    ['1 250,50', 1250.5],
  ])('%s → %d', (raw, value) => {
    expect(parseAmount(raw)).toBe(value);
  });
});

describe('qualifiedAmount', () => {
  it.each(['Refunded $20 each.', 'Refunded around $50.', 'Refunded half of the $80.', 'Refunded roughly $12.', 'Charged $5 per seat.', 'Credited up to $100.'])(
    '%j is qualified',
    (text) => {
      expect(qualifiedAmount(text)).toBe(true);
    },
  );

  it('a plain amount is not qualified', () => {
    expect(qualifiedAmount('Refunded $64 to your card.')).toBe(false);
  });
});

describe('findRefs', () => {
  it.each([
    ['Order 4821 is cancelled.', ['4821']],
    ['Closed ticket #5521.', ['5521']],
    ['Merged PR #431 into main.', ['431']],
    ['Shipment SHP-00912 was rerouted.', ['shp-00912']],
    ['Updated order no. 7731.', ['7731']],
    ['Case number 88123 is resolved.', ['88123']],
    ['Booking ref ABC-123 is confirmed.', ['abc-123']],
  ])('%j → %j', (text, refs) => {
    expect(findRefs(text)).toEqual(refs);
  });

  it('ignores uncued numbers and one- or two-digit references', () => {
    expect(findRefs('Moved 3 files at 4pm, item #12 too.')).toEqual([]);
  });
});

describe('findEmails', () => {
  it('finds addresses, lower case, without trailing punctuation', () => {
    expect(findEmails('Emailed Dana.Lee@Example.com. Copied ops@acme.io and ops@acme.io.')).toEqual(['dana.lee@example.com', 'ops@acme.io']);
  });

  it('finds no address in a handle or a bare domain', () => {
    expect(findEmails('Pinged @dana on example.com.')).toEqual([]);
  });
});

describe('leaves', () => {
  it('lists every leaf with its nearest key', () => {
    expect(leaves({ to: ['a@x.io', 'b@x.io'], body: { amount: 64, meta: null } })).toEqual([
      { key: 'to', value: 'a@x.io' },
      { key: 'to', value: 'b@x.io' },
      { key: 'amount', value: 64 },
      { key: 'meta', value: null },
    ]);
  });

  it('stops at depth 20 instead of overflowing on deep input', () => {
    let deep: unknown = { amount: 1 };
    for (let i = 0; i < 10_000; i++) deep = { next: deep };
    expect(leaves(deep)).toEqual([]);
  });
});

describe('eachWord', () => {
  const words = (text: string): string[] => {
    const out: string[] = [];
    eachWord(text, (w) => out.push(w));
    return out;
  };
  /** The pattern it implements, with the trailing trim. */
  const byPattern = (text: string): string[] => [...text.matchAll(/[a-z0-9@+][a-z0-9@.+-]*/g)].map((m) => m[0].replace(/[.-]+$/, ''));

  it('reads numbers, references and emails without trailing dots and dashes', () => {
    expect(words('{"id": "rf-88213", "total": 89.99, "to": "a@b.co."} -x- ..a--')).toEqual(['id', 'rf-88213', 'total', '89.99', 'to', 'a@b.co', 'x', 'a']);
  });

  it('reads what the pattern reads, on any text', () => {
    const alphabet = 'az09@+.-_ "\\:,é\u0130K';
    let seed = 7;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let n = 0; n < 500; n++) {
      let text = '';
      for (let i = next() % 40; i > 0; i--) text += alphabet[next() % alphabet.length];
      expect(words(text)).toEqual(byPattern(text));
    }
  });
});
