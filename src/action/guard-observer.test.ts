/**
 * Guard observers: each settled call and checked reply reaches every observer with the raw values; an
 * observer that throws is an incident, never the caller's problem.
 */
import { describe, expect, it, vi } from 'vitest';
import { ClaimcheckError } from '../errors.js';
import { action } from './action.js';
import { idField } from './action-receipt.js';
import { guard } from './guard.js';
import type { GuardObserver, ObservedCall, ObservedReply } from './guard-observer.js';

function recorder(): GuardObserver & { calls: ObservedCall[]; replies: ObservedReply[] } {
  const calls: ObservedCall[] = [];
  const replies: ObservedReply[] = [];
  return { calls, replies, callSettled: (c) => calls.push(c), replyChecked: (r) => replies.push(r) };
}

const tools = [{ name: 'refund', description: 'Refund an order.', input_schema: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] } }];

describe('guard observers', () => {
  it('get every settled call with its description, arguments and result, and every checked reply', () => {
    const a = recorder();
    const b = recorder();
    const g = guard({ tools, executors: { refund: action(() => ({ refund_id: 'RF-1' }), { receipt: idField('refund_id') }) }, observers: [a, b] });
    g.execute('refund', { order_id: 'A-1' }, { callId: 'c1' });
    g.execute('refund', {}, { callId: 'c2' });
    const receipt = g.checkBypass('I refunded order A-1.');
    for (const o of [a, b]) {
      expect(o.calls.map((c) => [c.operation.callId, c.operation.state, c.description, c.args, c.result, c.interception?.category ?? null])).toEqual([
        ['c1', 'posted', 'Refund an order.', { order_id: 'A-1' }, { refund_id: 'RF-1' }, null],
        ['c2', 'failed', 'Refund an order.', {}, undefined, 'missing_required'],
      ]);
      expect(o.replies.map((r) => [r.record.receipt, r.record.callIds, r.record.turn])).toEqual([[receipt, ['c1', 'c2'], 1]]);
    }
  });

  it('one that throws is an incident logged once; the call, its result and the other observers go on', () => {
    const warn = vi.fn();
    const after = recorder();
    const broken: GuardObserver = {
      callSettled: () => {
        throw new Error('exporter down');
      },
      replyChecked: () => {
        throw new Error('exporter down');
      },
    };
    const g = guard({ executors: { ping: () => 'pong' }, observers: [broken, after], logger: { warn } });
    expect(g.execute('ping', {}).value).toBe('pong');
    expect(g.execute('ping', {}).ok).toBe(true);
    g.checkBypass('Pong.');
    expect(after.calls).toHaveLength(2);
    expect(after.replies).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/failed at observer: exporter down \(the call is unaffected/);
    expect(g.close().incidents).toBe(3);
  });

  it('an entry without both methods is a typed error naming its index', () => {
    expect(() => guard({ executors: { ping: () => 'pong' }, observers: [recorder(), { callSettled: () => undefined } as unknown as GuardObserver] })).toThrow(ClaimcheckError);
    expect(() => guard({ executors: { ping: () => 'pong' }, observers: [null as unknown as GuardObserver] })).toThrow(/observers\[0\] has no callSettled\(\) and replyChecked\(\)/);
  });
});
