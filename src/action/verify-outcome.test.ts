/**
 * verify: PASS, FLAG and HALT, and the operation states they give.
 */
import { describe, expect, it } from 'vitest';
import { action } from './action.js';
import { idField } from './action-receipt.js';
import { guard } from './guard.js';
import { FLAG, HALT, PASS, type Verify } from './verify-outcome.js';

const refund = (verify: Verify, output: unknown = { refund_id: 're_1', amount: 4500 }) =>
  guard({ executors: { refund: action(() => output, { receipt: idField('refund_id'), verify }) } }).execute('refund', { amount: 4500 });

describe('verify', () => {
  it('PASS with proof: posted', () => {
    expect(refund(() => PASS)).toMatchObject({ ok: true, state: 'posted', verify: { code: 'pass' } });
  });

  it('PASS without proof: still unknown', () => {
    expect(refund(() => PASS, { amount: 4500 })).toMatchObject({ ok: true, state: 'unknown' });
  });

  it('FLAG: needs_review, still ok', () => {
    const r = refund(() => FLAG('refund went to a different card'));
    expect(r).toMatchObject({ ok: true, state: 'needs_review', verify: { code: 'flag', reason: 'refund went to a different card' } });
    expect(r.raiseOnFailure()).toEqual({ refund_id: 're_1', amount: 4500 });
  });

  it('HALT: needs_review, not ok, raiseOnFailure throws halted', () => {
    const verify: Verify = (args, receipt, output) =>
      (output as { amount: number }).amount === (args as { amount: number }).amount && receipt.id !== null ? PASS : HALT('amount differs');
    expect(refund(verify).state).toBe('posted');
    const r = refund(verify, { refund_id: 're_2', amount: 45000 });
    expect(r).toMatchObject({ ok: false, state: 'needs_review', failure: { category: 'halted', message: 'amount differs' }, value: { amount: 45000 } });
    expect(() => r.raiseOnFailure()).toThrow(expect.objectContaining({ code: 'halted', message: expect.stringContaining('amount differs') }));
  });

  it('is not asked when the output reports a failure', () => {
    let asked = 0;
    expect(refund(() => (asked++, PASS), { error: 'card_declined' }).state).toBe('failed');
    expect(asked).toBe(0);
  });

  it('FLAG and HALT need a reason', () => {
    expect(() => FLAG('')).toThrow(expect.objectContaining({ code: 'invalid_options' }));
    expect(() => HALT(undefined as never)).toThrow(expect.objectContaining({ code: 'invalid_options' }));
  });
});
