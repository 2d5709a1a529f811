import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openRaw } from '../../test/store/open-raw.js';
import { Receipt } from '../receipt.js';
import { openStore } from './open-store.js';
import type { ExportRow } from './rows.js';
import type { Store } from './store.js';

let dir: string;
let path: string;
let store: Store;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'claimcheck-record-'));
  path = join(dir, 'ledger.sqlite');
});
afterEach(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const refundReceipt = new Receipt({
  confirmed: [],
  claimedButNeverRan: [{ text: 'I refunded $45.', verb: 'refund', object: 'refund', tool: 'refund', candidates: ['refund'], reason: 'not_called', source: 'rules' }],
  unmatched: [],
  ranButUnreported: [{ tool: 'lookup', status: 'ok', args: { order: 'A-1' }, result: { secret: 'card 4242' }, error: null, callId: 'c0', startedAt: 1, endedAt: 2 }],
});

/** The raw TEXT of every column of a table, to prove what reached the disk. */
async function rawTexts(table: string): Promise<string> {
  const db = await openRaw(path, { readonly: true });
  const text = JSON.stringify(db.prepare(`SELECT * FROM ${table}`).all());
  db.close();
  return text;
}

describe('recording', () => {
  it('capture off (the default) stores no raw arguments or results anywhere', async () => {
    store = await openStore({ path });
    const runId = store.startRun({ agent: 'support', meta: { model: 'gpt-4o' }, tools: ['send_email', 'lookup'] });
    store.recordOperation({ tool: 'send_email', status: 'ok', args: { to: 'ann@example.com' }, result: { id: 'm-1' }, receiptId: 'm-1' });
    store.recordInterception({ tool: 'send_email', category: 'format_violation', path: '/to', argsHash: 'ab12', args: { to: 'ann at example' } });
    store.recordReceipt({ receipt: refundReceipt, turn: 1 });
    await store.flush();
    for (const table of ['operations', 'interceptions', 'receipts']) {
      expect(await rawTexts(table)).not.toMatch(/ann@example|ann at example|4242|A-1|"m-1"\}/);
    }
    const detail = await store.runDetail(runId);
    expect(detail?.operations[0]).toMatchObject({ tool: 'send_email', state: 'posted', receiptId: 'm-1', args: null, result: null });
    // The stored hash is keyed (HMAC under the ledger's key), so it cannot be confirmed by hashing guesses.
    expect(detail?.interceptions[0]).toMatchObject({ category: 'format_violation', argsHash: expect.stringMatching(/^[0-9a-f]{64}$/), args: null });
    expect(detail?.interceptions[0]?.argsHash).not.toBe('ab12');
    expect(detail?.receipts[0]?.receipt.ranButUnreported[0]).toMatchObject({ tool: 'lookup', args: null, result: null });
  });

  it("capture off: an args_mismatch claim's text and message are redacted and its observed values hashed", async () => {
    store = await openStore({ path });
    const runId = store.startRun({ agent: 'support' });
    const claim = { text: 'I refunded $1,234.00 to ann@example.com.', verb: 'refund', object: 'refund', tool: 'refund', candidates: ['refund'], reason: 'args_mismatch' as const, source: 'rules' as const, observed: [4321], message: 'the reply says a refund of $1,234.00, but the call used 4321' };
    store.recordReceipt({ receipt: new Receipt({ confirmed: [], claimedButNeverRan: [claim], unmatched: [], ranButUnreported: [] }), turn: 1 });
    await store.flush();
    expect(await rawTexts('receipts')).not.toMatch(/1,234|4321|ann@example/);
    const stored = (await store.runDetail(runId))?.receipts[0]?.receipt.claimedButNeverRan[0];
    expect(stored).toMatchObject({ reason: 'args_mismatch', message: 'the reply says a refund of $[number], but the call used [number]', observed: [expect.stringMatching(/^hmac-sha256:/)] });
  });

  it("capture off: the spans a second opinion dropped are redacted like a claim's text", async () => {
    store = await openStore({ path });
    const runId = store.startRun({ agent: 'support' });
    const dropped = [{ span: 'I never emailed ann@example.com the PIN 4821', tool: 'send_email', verb: 'send', guard: 'negation' as const }];
    store.recordReceipt({ receipt: new Receipt({ confirmed: [], claimedButNeverRan: [], unmatched: [], ranButUnreported: [], secondOpinion: { read: 1, omitted: 0, dropped } }), turn: 1 });
    await store.flush();
    expect(await rawTexts('receipts')).not.toMatch(/ann@example|4821/);
    expect((await store.runDetail(runId))?.receipts[0]?.receipt.secondOpinion).toEqual({ read: 1, omitted: 0, dropped: [{ ...dropped[0], span: 'I never emailed [email] the PIN [redacted]' }] });
  });

  it('capture on stores arguments and results, cut to maxResultChars', async () => {
    store = await openStore({ path, capture: true, maxResultChars: 20 });
    const runId = store.startRun();
    store.recordOperation({ tool: 'search', status: 'ok', args: { q: 'shoes' }, result: 'r'.repeat(50) });
    store.recordOperation({ tool: 'search', status: 'error', error: 'E'.repeat(30), result: { rows: ['a', 'b', 'c', 'd', 'e', 'f'] } });
    store.recordReceipt({ receipt: refundReceipt });
    await store.flush();
    const unreported = (await store.runDetail(runId))?.receipts[0]?.receipt.ranButUnreported[0];
    expect(unreported).toMatchObject({ args: { order: 'A-1' }, result: '{"secret":"card 4242…[truncated 2 chars]' });
    const [ok, failed] = (await store.runDetail(runId))?.operations ?? [];
    expect(ok?.args).toEqual({ q: 'shoes' });
    expect(ok?.result).toBe(`${'r'.repeat(20)}…[truncated 30 chars]`);
    expect(failed?.error).toBe(`${'E'.repeat(20)}…[truncated 10 chars]`);
    expect(failed?.result).toBe('{"rows":["a","b","c"…[truncated 14 chars]'); // the JSON text, cut
    expect(failed).toMatchObject({ state: 'failed', status: 'error' });
  });

  it('accepts the guard’s records as they are and derives state and status', async () => {
    store = await openStore({ path });
    const runId = store.startRun({ id: 'run-1' });
    store.recordOperation({
      callId: 'c1', tool: 'refund', kind: 'action', state: 'needs_review', ran: true, repaired: true,
      receipt: { ok: true, id: 'r-9', kind: 'refund_id' }, verify: { code: 'halt', reason: 'amount differs' },
      failure: 'halted', error: 'amount differs', incident: null, startedAt: 1000, endedAt: 1040,
    });
    store.recordOperation({ tool: 'lookup', status: 'ok' });
    store.recordOperation({ tool: 'send', failure: 'missing_required', ran: false, error: 'missing_required at /to' });
    store.recordInterception({ callId: 'c0', tool: 'refund', category: 'type_mismatch', path: '/amount', failures: [{ category: 'type_mismatch', path: '/amount' }], argsHash: 'ff', repaired: false, at: 990 });
    const detail = await store.runDetail(runId);
    expect(detail?.operations.map((o) => [o.tool, o.state, o.status, o.ran, o.repaired])).toEqual([
      ['refund', 'needs_review', 'error', true, true],
      ['lookup', 'unknown', 'ok', true, false],
      ['send', 'failed', 'error', false, false],
    ]);
    expect(detail?.operations[0]).toMatchObject({ at: 1040, receiptId: 'r-9', receiptKind: 'refund_id', verify: { code: 'halt', reason: 'amount differs' }, kind: 'action', startedAt: 1000, endedAt: 1040 });
    expect(detail?.interceptions[0]).toMatchObject({ at: 990, failures: [{ category: 'type_mismatch', path: '/amount' }], path: '/amount', repaired: false });
  });

  it('records without runId go to the current run; the first one starts a run', async () => {
    store = await openStore({ path });
    expect(store.currentRunId).toBeNull();
    store.recordOperation({ tool: 'a', status: 'ok' });
    const implicit = store.currentRunId;
    expect(implicit).toMatch(/^[0-9a-f-]{36}$/);
    const named = store.startRun({ id: 'later', agent: 'bot' });
    store.recordOperation({ tool: 'b', status: 'ok' });
    store.recordOperation({ tool: 'c', status: 'ok', runId: implicit ?? '' });
    store.recordOperation({ tool: 'd', status: 'ok', runId: 'elsewhere' });
    const runs = await store.listRuns();
    expect(runs.map((r) => [r.id, r.operations]).sort()).toEqual([['elsewhere', 1], [implicit, 2], [named, 1]].sort());
  });

  it('throws invalid_record for a bad record, store_closed after close, and writes everything on close', async () => {
    store = await openStore({ path, batchSize: 1000, flushIntervalMs: 60_000 });
    expect(() => store.recordOperation({ tool: '', status: 'ok' })).toThrow(expect.objectContaining({ code: 'invalid_record', message: expect.stringContaining('tool must be a non-empty string') }));
    expect(() => store.recordOperation({ tool: 'a', status: 'fine' as 'ok' })).toThrow(expect.objectContaining({ code: 'invalid_record' }));
    expect(() => store.recordOperation({ tool: 'a', startedAt: Number.NaN })).toThrow(expect.objectContaining({ code: 'invalid_record' }));
    expect(() => store.recordInterception({ tool: 'a', category: '' })).toThrow(expect.objectContaining({ code: 'invalid_record' }));
    expect(() => store.recordReceipt({ receipt: { verdict: 'great' } as never })).toThrow(expect.objectContaining({ code: 'invalid_record' }));
    expect(store.currentRunId).toBeNull();
    for (let i = 0; i < 10; i++) store.recordOperation({ tool: 'a', status: 'ok' });
    await store.close();
    await store.close();
    expect(() => store.recordOperation({ tool: 'a', status: 'ok' })).toThrow(expect.objectContaining({ code: 'store_closed' }));
    await expect(store.stats()).rejects.toMatchObject({ code: 'store_closed' });
    const again = await openStore({ path, readonly: true });
    expect((await again.counts()).operations).toBe(10);
    await again.close();
  });

  it('refuses a time no Date can hold when it is recorded, so it never stalls the batch it would have joined', async () => {
    store = await openStore({ path, batchSize: 1000, flushIntervalMs: 60_000 });
    store.startRun({ id: 'r' });
    store.recordOperation({ tool: 'before' });
    for (const at of [1e300, -1e300, 8.64e15 + 1]) {
      expect(() => store.recordOperation({ tool: 'far', at })).toThrow(expect.objectContaining({ code: 'invalid_record', message: expect.stringContaining('at must be epoch milliseconds a Date can hold') }));
      expect(() => store.recordOperation({ tool: 'far', startedAt: at })).toThrow(expect.objectContaining({ code: 'invalid_record' }));
      expect(() => store.recordInterception({ tool: 'far', category: 'type_mismatch', at })).toThrow(expect.objectContaining({ code: 'invalid_record' }));
      expect(() => store.recordReceipt({ receipt: refundReceipt, at })).toThrow(expect.objectContaining({ code: 'invalid_record' }));
      expect(() => store.startRun({ at })).toThrow(expect.objectContaining({ code: 'invalid_record' }));
    }
    store.recordOperation({ tool: 'after', at: 8.64e15 });
    await store.flush();
    expect((await store.runDetail('r'))?.operations.map((o) => o.tool)).toEqual(['before', 'after']);
  });

  it('the timer writes a queued record within flushIntervalMs, visible to another connection', async () => {
    store = await openStore({ path, flushIntervalMs: 20 });
    store.recordOperation({ tool: 'a', status: 'ok' });
    await new Promise((r) => setTimeout(r, 200));
    expect(await rawTexts('operations')).toContain('"tool":"a"');
  });
});

describe('reading', () => {
  it('lists runs newest first with their counts, and since/limit filter them', async () => {
    store = await openStore({ path });
    store.startRun({ id: 'old', at: 1_000, tools: ['a'] });
    store.recordOperation({ tool: 'a', status: 'error', at: 1_500 });
    store.startRun({ id: 'new', at: 2_000, agent: 'bot', meta: { v: 1 } });
    store.recordOperation({ tool: 'a', status: 'ok', at: 2_100 });
    store.recordInterception({ tool: 'a', category: 'extra_field', at: 2_200 });
    store.recordReceipt({ receipt: refundReceipt, at: 2_300 });
    const runs = await store.listRuns();
    expect(runs).toEqual([
      { id: 'new', agent: 'bot', meta: { v: 1 }, tools: [], startedAt: 2_000, operations: 1, errors: 0, failed: 0, needsReview: 0, unknown: 1, interceptions: 1, receipts: 1, fabricated: 1, unreported: 0, lastAt: 2_300 },
      { id: 'old', agent: null, meta: null, tools: ['a'], startedAt: 1_000, operations: 1, errors: 1, failed: 1, needsReview: 0, unknown: 0, interceptions: 0, receipts: 0, fabricated: 0, unreported: 0, lastAt: 1_500 },
    ]);
    expect((await store.listRuns({ since: 1_500 })).map((r) => r.id)).toEqual(['new']);
    expect((await store.listRuns({ limit: 1 })).map((r) => r.id)).toEqual(['new']);
    expect(await store.runDetail('missing')).toBeNull();
    await expect(store.listRuns({ limit: 0 })).rejects.toMatchObject({ code: 'invalid_options' });
  });

  it('exports every row tagged with its table, in recording order, and since filters by time', async () => {
    store = await openStore({ path, capture: true });
    store.startRun({ id: 'r1', at: 10 });
    for (let i = 0; i < 2_500; i++) store.recordOperation({ tool: `t${i % 3}`, status: 'ok', at: 10 + i, args: { i } });
    store.recordInterception({ tool: 't0', category: 'missing_required', at: 50 });
    store.recordReceipt({ receipt: refundReceipt.toJSON(), at: 3_000, callIds: ['c1'] });
    const rows: ExportRow[] = [];
    for await (const row of store.export()) rows.push(row);
    expect(rows.map((r) => r.type).filter((t, i, all) => all.indexOf(t) === i)).toEqual(['run', 'operation', 'interception', 'receipt']);
    expect(rows.filter((r) => r.type === 'operation')).toHaveLength(2_500);
    const ops = rows.flatMap((r) => (r.type === 'operation' ? [r] : []));
    expect(ops.every((r, i) => i === 0 || r.seq > (ops[i - 1]?.seq ?? 0))).toBe(true);
    expect(ops[7]).toMatchObject({ type: 'operation', runId: 'r1', tool: 't1', args: { i: 7 } });
    expect(rows.at(-1)).toMatchObject({ type: 'receipt', verdict: 'fabricated', flagged: 1, callIds: ['c1'] });
    expect(JSON.parse(JSON.stringify(rows.at(-1)))).toEqual(rows.at(-1));
    const recent: ExportRow[] = [];
    for await (const row of store.export({ since: 2_500 })) recent.push(row);
    expect(recent.map((r) => r.type)).toEqual([...Array(10).fill('operation'), 'receipt']);
  });
});
