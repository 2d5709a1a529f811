/**
 * guard(): validation before the executor (one test per category), recording, thrown executors,
 * sync/async execution, repaired calls, close().
 */
import { describe, expect, it, vi } from 'vitest';
import { ClaimcheckError } from '../errors.js';
import { openStore } from '../store/open-store.js';
import { validationFailureCategories } from '../validate/validation-failure.js';
import { violationPayloads } from '../validate/violation-payloads.js';
import { action } from './action.js';
import { idField } from './action-receipt.js';
import { guard } from './guard.js';
import { createMemorySink, type OperationSink } from './operation-sink.js';

const invoiceSchema = {
  type: 'object',
  properties: {
    customer_id: { type: 'string', pattern: '^cus_[A-Za-z0-9]+$' },
    currency: { type: 'string', enum: ['usd', 'eur'] },
    due: { type: 'string', format: 'date' },
    amount: { type: 'integer', minimum: 1, maximum: 100_000 },
  },
  required: ['customer_id', 'amount'],
  additionalProperties: false,
};
const tools = [
  { type: 'function', function: { name: 'create_invoice', description: 'Create an invoice for a customer.', parameters: invoiceSchema } },
  { name: 'get_order', description: 'Look up an order by id.', input_schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
];
const quiet = { warn: vi.fn() };

describe('validation: one test per category, driven by violationPayloads', () => {
  const payloads = violationPayloads(invoiceSchema);
  const seen = new Set<string>();

  it.each(payloads.map((p) => [p.category, p] as const))('%s: the executor does not run and the category is reported', (category, payload) => {
    seen.add(category);
    const executor = vi.fn(() => ({ id: 'inv_1' }));
    const sink = createMemorySink();
    const g = guard({ tools, executors: { create_invoice: executor, get_order: () => ({}) }, sink, strictProperties: payload.strictProperties, logger: quiet });
    const r = g.execute('create_invoice', payload.args);
    expect(executor).not.toHaveBeenCalled();
    expect(r.ok).toBe(false);
    expect(r.state).toBe('failed');
    expect(r.failure).toMatchObject({ category, path: payload.path });
    // An extra field's key (of 4+ characters) is the model's, not the schema's: without captureArgs the records name it [key].
    const recordedPath = category === 'extra_field' && /[^/]{4,}$/.test(payload.path) ? payload.path.replace(/[^/]+$/, '[key]') : payload.path;
    expect(sink.interceptions).toEqual([expect.objectContaining({ tool: 'create_invoice', category, path: recordedPath, callId: r.callId })]);
    expect(sink.operations).toEqual([expect.objectContaining({ state: 'failed', ran: false, failure: category })]);
    expect(g.ledger.entries[0]).toMatchObject({ tool: 'create_invoice', status: 'error', callId: r.callId });
    expect(() => r.raiseOnFailure()).toThrow(expect.objectContaining({ code: category, data: expect.objectContaining({ tool: 'create_invoice', callId: r.callId }) }));
  });

  it('unknown_tool: a name that is not registered', () => {
    seen.add('unknown_tool');
    const g = guard({ tools, executors: { create_invoice: () => ({}), get_order: () => ({}) }, logger: quiet });
    const r = g.execute('create_invoic', { customer_id: 'cus_1', amount: 5 });
    expect(r.failure).toMatchObject({ category: 'unknown_tool', hint: 'Did you mean "create_invoice"?' });
    expect(() => r.raiseOnFailure()).toThrow(expect.objectContaining({ code: 'unknown_tool' }));
  });

  it('covered every category', () => {
    expect([...seen].sort()).toEqual([...validationFailureCategories].sort());
  });
});

describe('execute', () => {
  it('runs a valid call, records it, and returns the value with a generated call id', () => {
    const sink = createMemorySink();
    const g = guard({ tools, executors: { get_order: (args) => ({ order: args.id }) }, sink });
    const r = g.execute('get_order', '{"id": "A1"}');
    expect(r).toMatchObject({ ok: true, state: 'read', value: { order: 'A1' }, receipt: null, incident: null });
    expect(r.callId).toMatch(/^cc_[0-9a-f]{12}_1$/);
    expect(r.raiseOnFailure()).toEqual({ order: 'A1' });
    expect(g.ledger.entries).toEqual([expect.objectContaining({ tool: 'get_order', status: 'ok', args: { id: 'A1' }, result: { order: 'A1' }, callId: r.callId })]);
    const [op] = sink.operations;
    expect(op).toMatchObject({ tool: 'get_order', kind: 'read', state: 'read', ran: true, repaired: false });
    expect(op?.endedAt).toBeGreaterThanOrEqual(op?.startedAt ?? Infinity);
    expect(g.execute('get_order', { id: 'A2' }, { callId: 'call_9' }).callId).toBe('call_9');
  });

  it('turns a thrown executor error into a failed operation, recorded, with the error as cause', () => {
    const boom = new Error('SMTP timeout');
    const sink = createMemorySink();
    const g = guard({ executors: { send_email: action(() => { throw boom; }, { receipt: idField('message_id') }) }, sink });
    const r = g.execute('send_email', {});
    expect(r).toMatchObject({ ok: false, state: 'failed', value: undefined, failure: { category: 'tool_failed', message: 'SMTP timeout' } });
    expect(g.ledger.entries[0]).toMatchObject({ status: 'error', error: 'SMTP timeout' });
    expect(sink.operations[0]).toMatchObject({ state: 'failed', ran: true, failure: 'tool_failed', error: 'SMTP timeout' });
    try {
      r.raiseOnFailure();
      expect.unreachable();
    } catch (e) {
      expect(ClaimcheckError.isInstance(e) && e.code).toBe('tool_failed');
      expect((e as Error).cause).toBe(boom);
    }
  });

  it('fails a read-only call whose output reports a failure', () => {
    const g = guard({ tools, executors: { get_order: () => ({ error: 'order not found' }) } });
    expect(g.execute('get_order', { id: 'X' })).toMatchObject({ ok: false, state: 'failed', failure: { category: 'tool_failed', message: 'order not found' } });
  });

  it('throws invalid_options for a registered tool without an executor, and at creation for a stray executor', () => {
    const g = guard({ tools, executors: { get_order: () => ({}) } });
    expect(() => g.execute('create_invoice', {})).toThrow(expect.objectContaining({ code: 'invalid_options' }));
    expect(() => guard({ tools, executors: { get_ordr: () => ({}) } })).toThrow(/get_ordr/);
    expect(() => guard({ executors: { x: 'nope' as never } })).toThrow(expect.objectContaining({ code: 'invalid_options' }));
  });
});

describe('sync and async', () => {
  it('execute refuses an async function before running it', () => {
    let runs = 0;
    const g = guard({ executors: { send: async () => ({ message_id: `m${++runs}` }) } });
    expect(() => g.execute('send', {})).toThrow(expect.objectContaining({ code: 'async_executor' }));
    expect(runs).toBe(0);
    expect(g.ledger.size).toBe(0);
  });

  it('execute throws for an executor that returns a promise, and records the call when it settles', async () => {
    const sink = createMemorySink();
    const g = guard({ executors: { send: action(() => Promise.resolve({ message_id: 'm1' }), { receipt: idField('message_id') }) }, sink });
    expect(() => g.execute('send', {})).toThrow(expect.objectContaining({ code: 'async_executor' }));
    await vi.waitFor(() => expect(sink.operations).toEqual([expect.objectContaining({ state: 'posted' })]));
  });

  it('execute cannot wait for a verify that returns a promise: unknown, logged', () => {
    const logger = { warn: vi.fn() };
    const send = action(() => ({ message_id: 'm' }), { receipt: idField('message_id'), verify: () => Promise.resolve({ code: 'pass' as const }) });
    const r = guard({ executors: { send }, logger }).execute('send', {});
    expect(r).toMatchObject({ ok: true, state: 'unknown', incident: expect.stringMatching(/^verify: .*cannot wait/) });
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });

  it('executeAsync awaits the executor and an async verify; executeRepaired marks the call repaired', async () => {
    const sink = createMemorySink();
    const send = action(async () => ({ message_id: 'm2' }), { receipt: idField('message_id'), verify: async () => ({ code: 'pass' as const }) });
    const g = guard({ executors: { send }, sink });
    expect(await g.executeAsync('send', {})).toMatchObject({ ok: true, state: 'posted', value: { message_id: 'm2' }, verify: { code: 'pass' } });
    const rejected = vi.fn(async () => Promise.reject(new Error('declined')));
    const g2 = guard({ executors: { refund: rejected }, sink });
    expect(await g2.executeRepaired('refund', '{}')).toMatchObject({ ok: false, state: 'failed', failure: { message: 'declined' } });
    expect(sink.operations.map((o) => o.repaired)).toEqual([false, true]);
  });
});

describe('turns and repairs', () => {
  it('turn lists the calls since the last checkBypass; entries the user records in the ledger do not shift it', () => {
    const g = guard({ tools, executors: { get_order: () => ({ status: 'shipped' }), create_invoice: () => ({}) } });
    g.execute('get_order', { id: 'A1' });
    g.ledger.record({ tool: 'send_email', status: 'ok' });
    g.execute('create_invoice', { customer_id: 'nope', amount: 1 });
    expect(g.turn.map((o) => [o.tool, o.state])).toEqual([['get_order', 'read'], ['create_invoice', 'failed']]);
    const receipt = g.checkBypass('I looked up your order.');
    expect(receipt.confirmed).toEqual([expect.objectContaining({ tool: 'get_order', operation: 'read' })]);
    expect(g.turn).toEqual([]);
  });

  it('checkBypass with dryRun judges the turn and changes nothing: the turn stays open, the sink gets no receipt', () => {
    const sink = createMemorySink();
    const g = guard({ tools, executors: { get_order: () => ({ status: 'shipped' }), create_invoice: () => ({}) }, sink });
    g.execute('get_order', { id: 'A1' });
    const preview = g.checkBypass('I looked up your order.', { dryRun: true });
    expect(preview.confirmed).toEqual([expect.objectContaining({ tool: 'get_order', operation: 'read' })]);
    expect(g.turn.map((o) => o.tool)).toEqual(['get_order']);
    expect(sink.receipts).toEqual([]);
    expect(g.checkBypass('I looked up your order.').toJSON()).toEqual(preview.toJSON());
    expect(g.turn).toEqual([]);
    expect(g.close().bypassChecks).toBe(1);
  });

  it('executeRepaired marks a rejected retry and its interception repaired', async () => {
    const sink = createMemorySink();
    const g = guard({ tools, executors: { create_invoice: () => ({}), get_order: () => ({}) }, sink });
    const first = g.execute('create_invoice', '{"customer_id": "cus_1"}');
    expect(first.failure?.category).toBe('missing_required');
    expect((await g.executeRepaired('create_invoice', '{"customer_id": "cus_1", "amount": "5"}')).failure?.category).toBe('type_mismatch');
    expect((await g.executeRepaired('create_invoice', { customer_id: 'cus_1', amount: 5 })).state).toBe('read');
    expect(sink.interceptions.map((i) => [i.category, i.repaired])).toEqual([['missing_required', false], ['type_mismatch', true]]);
    expect(sink.operations.map((o) => o.repaired)).toEqual([false, true, true]);
  });
});

describe('close()', () => {
  it('warns once when action tools were guarded but checkBypass never ran', () => {
    const logger = { warn: vi.fn() };
    const g = guard({ executors: { send: action(() => ({ message_id: 'm' }), { receipt: idField('message_id') }) }, logger });
    g.execute('send', {});
    const summary = g.close();
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]?.[0]).toMatch(/checkBypass\(\) never ran/);
    expect(summary).toMatchObject({ operations: { posted: 1 }, bypassChecks: 0, warnings: [expect.stringMatching(/send/)] });
    expect(g.close()).toBe(summary);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(() => g.execute('send', {})).toThrow(expect.objectContaining({ code: 'guard_closed' }));
  });

  it('does not warn after checkBypass ran, nor for read-only tools', () => {
    const logger = { warn: vi.fn() };
    const g = guard({ executors: { send: action(() => ({ message_id: 'm' }), { receipt: idField('message_id') }) }, logger });
    g.checkBypass('Hello! How can I help?');
    expect(g.close().warnings).toEqual([]);
    expect(guard({ executors: { get: () => 1 }, logger }).close().warnings).toEqual([]);
    expect(logger.warn).not.toHaveBeenCalled();
  });
});

describe('store option', () => {
  it('is the alias of sink: a Store from claimcheck/store records every call and receipt', async () => {
    const store = await openStore({ path: ':memory:' });
    const sink: OperationSink = store; // a Store is an OperationSink
    const g = guard({ tools, executors: { get_order: () => ({ status: 'shipped' }), create_invoice: () => ({}) }, store: sink });
    expect(g.sink).toBe(store);
    g.execute('get_order', { id: 'A1' });
    g.execute('create_invoice', { customer_id: 'nope', amount: 1 });
    g.checkBypass('I looked up your order.');
    await store.flush();
    const detail = await store.runDetail(store.currentRunId ?? '');
    expect(detail?.operations.map((o) => [o.tool, o.state])).toEqual([['get_order', 'read'], ['create_invoice', 'failed']]);
    expect(detail?.interceptions).toEqual([expect.objectContaining({ tool: 'create_invoice', category: 'format_violation' })]);
    expect(detail?.receipts).toEqual([expect.objectContaining({ verdict: 'clean' })]);
    await store.close();
  });

  it('run names the run (agent, id, meta, tools) and every record carries its turn', async () => {
    const store = await openStore({ path: ':memory:' });
    const g = guard({ tools, executors: { get_order: () => ({ status: 'shipped' }), create_invoice: () => ({}) }, store, run: { agent: 'billing-bot', id: 'run-7', meta: { model: 'm-1' } } });
    g.execute('get_order', { id: 'A1' });
    g.checkBypass('I looked up your order.');
    g.execute('create_invoice', { customer_id: 'nope', amount: 1 });
    g.execute('get_order', { id: 'A2' });
    g.checkBypass('I looked up the second order.');
    await store.flush();
    const detail = await store.runDetail('run-7');
    expect(detail?.run).toMatchObject({ id: 'run-7', agent: 'billing-bot', meta: { model: 'm-1' }, tools: ['create_invoice', 'get_order'] });
    expect(detail?.operations.map((o) => [o.tool, o.turn])).toEqual([['get_order', 1], ['create_invoice', 2], ['get_order', 2]]);
    expect(detail?.interceptions.map((i) => i.turn)).toEqual([2]);
    expect(detail?.receipts.map((r) => r.turn)).toEqual([1, 2]);
    await store.close();
    // A sink that cannot start runs ignores it.
    const memory = createMemorySink();
    guard({ executors: { get: () => 1 }, sink: memory, run: { agent: 'x' } }).execute('get', {});
    expect(memory.operations[0]?.turn).toBe(1);
  });

  it('refuses store and a different sink together', () => {
    const a = createMemorySink();
    expect(guard({ executors: { get: () => 1 }, store: a, sink: a }).sink).toBe(a);
    expect(() => guard({ executors: { get: () => 1 }, store: a, sink: createMemorySink() })).toThrow(expect.objectContaining({ code: 'invalid_options' }));
  });
});

describe('reject()', () => {
  it('records a call rejected upstream without running its executor, whatever the arguments', () => {
    const sink = createMemorySink();
    const executor = vi.fn(() => ({ status: 'shipped' }));
    const g = guard({ tools, executors: { get_order: executor, create_invoice: () => ({}) }, sink, logger: quiet });
    const unknown = g.reject('refund_order', { id: 'A1' }, { callId: 'c1' });
    expect(unknown).toMatchObject({ ok: false, state: 'failed', callId: 'c1', failure: { category: 'unknown_tool' } });
    const valid = g.reject('get_order', { id: 'A1' }, { callId: 'c2' });
    expect(valid.failure).toMatchObject({ category: 'type_mismatch', path: '', message: expect.stringContaining('rejected before') });
    const given = g.reject('get_order', '{"id": 1}', { callId: 'c3', repaired: true, failures: [{ category: 'type_mismatch', path: '/id', message: 'must be string' }] });
    expect(given.failure).toMatchObject({ category: 'type_mismatch', path: '/id' });
    expect(executor).not.toHaveBeenCalled();
    expect(sink.interceptions.map((i) => [i.callId, i.category, i.path, i.repaired])).toEqual([
      ['c1', 'unknown_tool', '', false],
      ['c2', 'type_mismatch', '', false],
      ['c3', 'type_mismatch', '/id', true],
    ]);
    expect(sink.operations.map((o) => [o.tool, o.state, o.ran])).toEqual([['refund_order', 'failed', false], ['get_order', 'failed', false], ['get_order', 'failed', false]]);
    expect(g.turn).toHaveLength(3);
    expect(g.close().interceptions).toBe(3);
    expect(() => g.reject('get_order', {})).toThrow(expect.objectContaining({ code: 'guard_closed' }));
  });
});
