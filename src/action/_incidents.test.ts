/**
 * Fail open: when claimcheck itself fails while guarding a call, the executor still runs, the user gets
 * its value, and the incident is logged once per cause.
 */
import { describe, expect, it, vi } from 'vitest';
import { action } from './action.js';
import { idField } from './action-receipt.js';
import { guard } from './guard.js';
import type { OperationSink } from './operation-sink.js';

/** `pattern: '('` is no regular expression: Ajv cannot compile the schema. */
const broken = [{ name: 'send_email', description: 'Send an email.', parameters: { type: 'object', properties: { to: { type: 'string', pattern: '(' } } } }];

describe('fail open', () => {
  it('a schema Ajv cannot compile: the executor runs, the value comes back as unknown, one warning', () => {
    const logger = { warn: vi.fn() };
    const run = vi.fn(() => ({ message_id: 'msg_1' }));
    const g = guard({ tools: broken, executors: { send_email: action(run, { receipt: idField('message_id') }) }, logger });
    const first = g.execute('send_email', { to: 'a@b.co' });
    const second = g.execute('send_email', '{"to": "c@d.co"}');
    expect(run).toHaveBeenCalledTimes(2);
    expect(first).toMatchObject({ ok: true, state: 'unknown', value: { message_id: 'msg_1' }, incident: expect.stringMatching(/^validation: /) });
    expect(second).toMatchObject({ ok: true, state: 'unknown', receipt: { id: 'msg_1' } });
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]?.[0]).toMatch(/send_email.*cannot be compiled.*the executor ran anyway/);
    expect(logger.warn.mock.calls[0]?.[1]).toMatchObject({ code: 'invalid_tool' });
    expect(g.close().incidents).toBe(2);
  });

  it('still rejects unparseable text when the schema is broken (nothing to run with)', () => {
    const run = vi.fn();
    const g = guard({ tools: broken, executors: { send_email: run }, logger: { warn: vi.fn() } });
    expect(g.execute('send_email', '{"to": ').failure?.category).toBe('invalid_json');
    expect(run).not.toHaveBeenCalled();
  });

  it('a receipt reader or verify that throws: unknown, logged once per cause', () => {
    const logger = { warn: vi.fn() };
    const g = guard({
      executors: {
        a: action(() => ({ id: 1 }), { receipt: () => { throw new Error('reader bug'); } }),
        b: action(() => ({ id: 1 }), { receipt: idField('id'), verify: () => { throw new Error('verify bug'); } }),
        c: action(() => ({ id: 1 }), { receipt: idField('id'), verify: () => 'yes' as never }),
      },
      logger,
    });
    for (const tool of ['a', 'a', 'b', 'c']) expect(g.execute(tool, {})).toMatchObject({ ok: true, state: 'unknown', value: { id: 1 } });
    expect(logger.warn.mock.calls.map((c) => String(c[0]).replace(/^claimcheck: guarding "(\w)" failed at (\w+): ([^(]+).*$/, '$1 $2 $3').trim())).toEqual([
      'a receipt reader bug',
      'b verify verify bug',
      'c verify verify returned a string; expected PASS, FLAG',
    ]);
  });

  it('a sink that throws or rejects: the call is unaffected, "recording is off" said once', async () => {
    const logger = { warn: vi.fn() };
    const down: OperationSink = {
      recordOperation: () => { throw new Error('database is locked'); },
      recordInterception: () => Promise.reject(new Error('disk full')),
      recordReceipt: () => undefined,
    };
    const g = guard({ executors: { get: () => 'ok' }, sink: down, logger });
    expect(g.execute('get', {})).toMatchObject({ ok: true, state: 'read', value: 'ok', incident: null });
    expect(g.execute('get', {}).ok).toBe(true);
    expect(g.execute('get', 'not json').failure?.category).toBe('invalid_json');
    await new Promise((resolve) => setImmediate(resolve)); // the rejected interception settles
    expect(g.close().incidents).toBe(4); // three operations (throw) and an interception (reject)
    expect(logger.warn.mock.calls.map((c) => String(c[0]))).toEqual([expect.stringMatching(/^claimcheck: recording is off: database is locked\. Fix the sink .*still runs your tools/)]);
  });

  it('a logger that throws does not break the call', () => {
    const g = guard({ tools: broken, executors: { send_email: () => 1 }, logger: { warn: () => { throw new Error('no stderr'); } } });
    expect(g.execute('send_email', {}).value).toBe(1);
  });
});
