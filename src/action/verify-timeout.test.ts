/** A `verify` that never settles must not leave `executeAsync` pending forever (issue 10, item 9). */
import { describe, expect, it, vi } from 'vitest';
import { action } from './action.js';
import { idField } from './action-receipt.js';
import { guard } from './guard.js';
import { PASS } from './verify-outcome.js';

describe('verifyTimeoutMs', () => {
  it('a verify that never settles: the call settles unknown after the timeout, with a verify_timeout incident', { timeout: 10_000 }, async () => {
    const logger = { warn: vi.fn() };
    const send = action(() => ({ message_id: 'm1' }), { receipt: idField('message_id'), verify: () => new Promise(() => undefined), verifyTimeoutMs: 50 });
    const g = guard({ executors: { send }, logger });
    const r = await g.executeAsync('send', {});
    expect(r).toMatchObject({ ok: true, state: 'unknown', value: { message_id: 'm1' } });
    expect(r.incident).toMatch(/^verify: The verify of "send" did not settle within 50 ms/);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]?.[1]).toMatchObject({ code: 'verify_timeout', data: { tool: 'send', timeoutMs: 50 } });
  });

  it('a verify that settles in time is applied as before; the default is 30 s', async () => {
    const send = action(() => ({ message_id: 'm2' }), { receipt: idField('message_id'), verify: async () => PASS });
    expect(send.verifyTimeoutMs).toBe(30_000);
    const g = guard({ executors: { send } });
    expect(await g.executeAsync('send', {})).toMatchObject({ ok: true, state: 'posted', verify: { code: 'pass' } });
  });

  it.each([0, -1, 1.5, Number.NaN, 2 ** 31, Number.POSITIVE_INFINITY])('rejects verifyTimeoutMs %s with invalid_options', (bad) => {
    expect(() => action(() => ({}), { receipt: idField('id'), verifyTimeoutMs: bad })).toThrow(expect.objectContaining({ code: 'invalid_options' }));
  });
});
