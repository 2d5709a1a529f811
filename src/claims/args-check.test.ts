/**
 * The argument check: a claim is `args_mismatch` only when every backing call contradicts a specific
 * value it states (one money amount, a cued reference, an email address).
 */
import { describe, expect, it } from 'vitest';
import { check } from '../check.js';
import type { LedgerEntry } from '../ledger.js';
import { checkClaimArgs } from './args-check.js';
import { LedgerIndex } from './ledger-index.js';

function call(args: unknown, result: unknown = { ok: true }, tool = 'issue_refund'): LedgerEntry {
  return { tool, status: 'ok', args, result, error: null, callId: null, startedAt: null, endedAt: null };
}

/** Whether a value appears in the result of an earlier call (by default: no call was seen). */
function seenIn(result?: unknown): (value: string) => boolean {
  const index = new LedgerIndex(result === undefined ? [] : [call({}, result, 'lookup_order')]);
  return (value) => index.seen(value);
}

/** `null` when the calls agree with the clause (or nothing can be judged), else the claimed value. */
function judged(clause: string, args: readonly unknown[], evidence?: unknown): string | null {
  return checkClaimArgs(clause, args.map((a) => call(a)), seenIn(evidence))?.claimed ?? null;
}

describe('amounts', () => {
  it.each([
    ['Refunded $64 to your card.', { amount: 64 }],
    ['Refunded $64 to your card.', { amount: '64.00' }],
    ['Charged 64.00 USD.', { total: 64 }],
    ['Refunded €1.250,00.', { amount: 1250 }],
    ['Paid £19.99.', { price: 19.99 }],
    ['Sent EUR 1,240 to Acme.', { amount: 1240 }],
    ['Refunded $64.', { refund: { amount: 64, currency: 'usd' } }],
  ])('%j agrees with %j', (clause, args) => {
    expect(judged(clause, [args])).toBeNull();
  });

  it.each([
    ['Refunded $64 to your card.', { amount: 6400 }],
    ['Refunded $64 to your card.', { amount_cents: 6400 }],
    ['Paid £19.99.', { price: 1999 }],
    ['Refunded €1.250,00.', { amount: 125000 }],
  ])('cents: %j agrees with %j', (clause, args) => {
    expect(judged(clause, [args])).toBeNull();
  });

  it('agrees within a cent of rounding', () => {
    expect(judged('Refunded $64.00.', [{ amount: 64.004 }])).toBeNull();
    expect(judged('Refunded $64.00.', [{ amount: 63.996 }])).toBeNull();
    expect(judged('Refunded $64.00.', [{ amount: 64.02 }])).toBe('$64.00');
  });

  it('a different amount is a mismatch, with the observed values', () => {
    expect(checkClaimArgs('Refunded $64 to your card.', [call({ amount: 46 })], seenIn())).toEqual({ claimed: '$64', observed: [46] });
    expect(judged('Sent EUR 1,240 to Acme.', [{ amount: 1420 }])).toBe('EUR 1,240');
  });

  it('a total split across two calls agrees; two calls that do not add up do not', () => {
    expect(judged('Refunded $64 to your card.', [{ amount: 30 }, { amount: 34 }])).toBeNull();
    expect(checkClaimArgs('Refunded $64 to your card.', [call({ amount: 30 }), call({ amount: 30 })], seenIn())).toEqual({ claimed: '$64', observed: [30, 30] });
  });

  it('one agreeing call among several is enough', () => {
    expect(judged('Refunded $64.', [{ amount: 10 }, { amount: 64 }, { amount: 99 }])).toBeNull();
  });

  it.each([
    ['two amounts', 'Refunded $30 and $40.', { amount: 10 }],
    ['"each"', 'Refunded $20 each.', { amount: 40 }],
    ['"around"', 'Refunded around $50.', { amount: 48 }],
    ['"half of"', 'Refunded half of the $80.', { amount: 40 }],
  ])('an ambiguous sentence (%s) is not judged', (_why, clause, args) => {
    expect(judged(clause, [args])).toBeNull();
  });

  it('calls with no money argument are not judged', () => {
    expect(judged('Refunded $64.', [{ note: 'goodwill' }])).toBeNull();
    expect(judged('Refunded $64.', ['raw text the model emitted'])).toBeNull();
    expect(judged('Refunded $64.', [undefined])).toBeNull();
  });

  it('an amount the agent read from a tool result agrees', () => {
    expect(judged('Refunded $64.', [{ amount: 46 }], { refunded: '64.00' })).toBeNull();
  });
});

describe('cued references', () => {
  it.each([
    ['Cancelled order 4821.', { order_id: '4812' }, '4821'],
    ['Closed ticket #5521.', { ticket_id: 5512 }, '5521'],
    ['Merged PR #431.', { pr_number: 413 }, '431'],
    ['Rerouted SHP-00912.', { shipment_id: 'SHP-00921' }, 'shp-00912'],
  ])('%j against %j is a mismatch on %s', (clause, args, ref) => {
    expect(judged(clause, [args])).toBe(ref);
  });

  it('names the value the call used', () => {
    expect(checkClaimArgs('Cancelled order 4821.', [call({ order_id: '4812' })], seenIn())).toEqual({ claimed: '4821', observed: ['4812'] });
  });

  it.each([
    ['Cancelled order 4821.', { order_id: '4821' }],
    ['Cancelled order 4821.', { order_id: 4821 }],
    ['Cancelled order #4821.', { order_id: 'ord_4821' }],
    ['Merged PR #431.', { pr_number: 431 }],
    ['Rerouted SHP-00912.', { shipment_id: 'SHP-912' }],
  ])('%j agrees with %j', (clause, args) => {
    expect(judged(clause, [args])).toBeNull();
  });

  it('a display number that a lookup mapped to the id agrees', () => {
    expect(judged('Cancelled order 4821.', [{ order_id: '9' }], { display: '4821', id: '9' })).toBeNull();
  });
});

describe('emails', () => {
  it('a different address is a mismatch', () => {
    expect(checkClaimArgs('Emailed dana@example.com.', [call({ to: 'dan@example.com' })], seenIn())).toEqual({ claimed: 'dana@example.com', observed: ['dan@example.com'] });
  });

  it('agrees case-insensitively and inside recipient lists', () => {
    expect(judged('Emailed dana@example.com.', [{ to: 'Dana@Example.com' }])).toBeNull();
    expect(judged('Emailed dana@example.com.', [{ to: ['x@y.com', 'dana@example.com'] }])).toBeNull();
  });

  it('an address the agent read from a tool result agrees', () => {
    expect(judged('Emailed dana@example.com.', [{ to: 'dan@example.com' }], { email: 'Dana@example.com' })).toBeNull();
  });
});

describe('through check', () => {
  const tools = ['issue_refund', 'lookup_order'];

  it('flags args_mismatch, with the observed values on the claim', () => {
    const receipt = check('Your refund of $64 has been issued.', [call({ order_id: '4821', amount: 46 })], { tools });
    expect(receipt.verdict).toBe('fabricated');
    expect(receipt.claimedButNeverRan).toEqual([expect.objectContaining({ tool: 'issue_refund', reason: 'args_mismatch', observed: [46] })]);
  });

  it('a value read from an earlier tool result backs the claim', () => {
    const lookup = call({ order_id: '4821' }, { order: '4821', refundable: 64 }, 'lookup_order');
    const receipt = check('I looked up order 4821, and your refund of $64 has been issued.', [lookup, call({ order_id: '4821', amount: 46 })], { tools });
    expect(receipt.verdict).toBe('clean');
  });

  it('checkArgs: false never flags a mismatch', () => {
    const receipt = check('Your refund of $64 has been issued.', [call({ amount: 46 })], { tools, checkArgs: false });
    expect(receipt.verdict).toBe('clean');
    expect(receipt.confirmed).toEqual([expect.objectContaining({ tool: 'issue_refund' })]);
  });
});
