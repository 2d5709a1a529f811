/**
 * Action receipts: idField and receipt functions, and the states they give a guarded action.
 */
import { describe, expect, it } from 'vitest';
import { action } from './action.js';
import { idField, type ReceiptReader } from './action-receipt.js';
import { guard } from './guard.js';

const send = (output: unknown, receipt: ReceiptReader = idField('message_id')) =>
  guard({ executors: { send_email: action(() => output, { receipt }) } }).execute('send_email', { to: 'a@b.co' });

describe('idField', () => {
  it('reads the id: posted with proof', () => {
    const r = send({ message_id: 'msg_123' });
    expect(r).toMatchObject({ ok: true, state: 'posted', receipt: { ok: true, id: 'msg_123', kind: 'message_id', error: null } });
  });

  it('reads JSON text, nested paths and number ids', () => {
    expect(send('{"message_id": "msg_9"}').receipt?.id).toBe('msg_9');
    expect(send({ data: { refund: { id: 42 } } }, idField(['data', 'refund', 'id'])).receipt).toMatchObject({ id: '42', kind: 'id' });
  });

  it('no id, an empty id or a non-scalar id: unknown (ran, no proof), still ok', () => {
    for (const output of [{}, { message_id: '' }, { message_id: { x: 1 } }, 'sent!', undefined]) {
      expect(send(output)).toMatchObject({ ok: true, state: 'unknown', receipt: { ok: true, id: null } });
    }
  });

  it('an output that reports a failure: failed with its text', () => {
    const r = send({ error: 'card_declined' });
    expect(r).toMatchObject({ ok: false, state: 'failed', failure: { category: 'tool_failed', message: 'card_declined' }, receipt: { ok: false, error: 'card_declined' } });
    expect(send({ ok: false, message_id: 'm' }).state).toBe('failed');
    expect(() => r.raiseOnFailure()).toThrow(expect.objectContaining({ code: 'tool_failed' }));
  });

  it('rejects an empty path', () => {
    expect(() => idField('')).toThrow(expect.objectContaining({ code: 'invalid_options' }));
    expect(() => idField([])).toThrow(expect.objectContaining({ code: 'invalid_options' }));
  });
});

describe('receipt functions', () => {
  it('return { ok, id, kind }; missing members take defaults', () => {
    const reader: ReceiptReader = (output) => ({ ok: (output as { status: string }).status === 'sent', id: (output as { ref?: string }).ref ?? null, kind: 'ref' });
    expect(send({ status: 'sent', ref: 'R-1' }, reader)).toMatchObject({ state: 'posted', receipt: { id: 'R-1', kind: 'ref' } });
    expect(send({ status: 'queued' }, reader)).toMatchObject({ state: 'failed', failure: { message: 'the output reports a failure' } });
    expect(send({}, () => ({ id: 7 }))).toMatchObject({ state: 'posted', receipt: { ok: true, id: '7', kind: 'id', error: null } });
    expect(send({}, () => ({ ok: false, error: 'insufficient_funds' })).failure?.message).toBe('insufficient_funds');
  });

  it('get the output and the validated arguments', () => {
    const r = send({ n: 1 }, (output, args) => ({ id: `${(args as { to: string }).to}:${(output as { n: number }).n}` }));
    expect(r.receipt?.id).toBe('a@b.co:1');
  });

  it('action() checks its arguments', () => {
    expect(() => action(() => 1, {} as never)).toThrow(/receipt reader/);
    expect(() => action('x' as never, { receipt: idField('id') })).toThrow(expect.objectContaining({ code: 'invalid_options' }));
  });
});
