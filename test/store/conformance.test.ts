/**
 * The store conformance suite: the same assertions against every backend (SQLite and PostgreSQL,
 * the latter on the real server at 127.0.0.1:5432, a database per test, dropped after).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimcheckError } from '../../src/errors.js';
import { openStore, type OpenStoreOptions } from '../../src/store/open-store.js';
import { SCHEMA_VERSION } from '../../src/store/schema-version.js';
import type { Store } from '../../src/store/store.js';
import { postgresDriver, sqliteDriver, type Ledger } from './drivers.js';

const receipt = {
  version: 1 as const,
  verdict: 'fabricated' as const,
  ok: false,
  summary: 'fabricated: refund claimed but not_called',
  confirmed: [],
  claimedButNeverRan: [{ text: 'I refunded $45.', verb: 'refund', object: 'refund', tool: 'refund', candidates: ['refund'], reason: 'not_called' as const, source: 'rules' as const }],
  unmatched: [],
  suspected: [],
  ranButUnreported: [],
};

beforeAll(() => {
  process.env['CLAIMCHECK_HASH_KEY'] ??= 'conformance suite key';
});

describe.each([sqliteDriver, postgresDriver])('store conformance: $name', (driver) => {
  let ledger: Ledger | undefined;
  const stores: Store[] = [];
  const open = async (options: OpenStoreOptions = {}): Promise<Store> => {
    ledger ??= await driver.fresh();
    const store = await openStore({ ...ledger.location, ...options });
    stores.push(store);
    return store;
  };
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close().catch(() => undefined);
    await ledger?.dispose();
    ledger = undefined;
  });

  it('opens at the current schema version and records every kind of record, read back by runDetail, listRuns, counts and export', async () => {
    const store = await open();
    expect(store.schemaVersion).toBe(SCHEMA_VERSION);
    const runId = store.startRun({ agent: 'support', meta: { model: 'm' }, tools: ['send_email', 'refund'], at: 1_000 });
    store.recordOperation({ tool: 'send_email', callId: 'c1', status: 'ok', receiptId: 'm-1', at: 1_001, args: { to: 'ana@example.com' } });
    store.recordOperation({ tool: 'refund', callId: 'c2', state: 'failed', failure: 'tool_failed', error: 'declined', at: 1_002 });
    store.recordInterception({ tool: 'refund', category: 'type_mismatch', path: '/amount', argsHash: 'ab12', failures: [{ category: 'type_mismatch', path: '/amount' }], at: 1_003 });
    store.recordReceipt({ receipt, turn: 1, callIds: ['c1', 'c2'], at: 1_004 });
    await store.flush();
    const detail = await store.runDetail(runId);
    expect(detail?.run).toMatchObject({ id: runId, agent: 'support', meta: { model: 'm' }, tools: ['send_email', 'refund'], startedAt: 1_000 });
    expect(detail?.operations.map((o) => [o.tool, o.state, o.status, o.receiptId, o.args])).toEqual([
      ['send_email', 'posted', 'ok', 'm-1', null],
      ['refund', 'failed', 'error', null, null],
    ]);
    expect(detail?.interceptions[0]).toMatchObject({ category: 'type_mismatch', path: '/amount', argsHash: expect.stringMatching(/^[0-9a-f]{64}$/), failures: [{ category: 'type_mismatch', path: '/amount' }] });
    expect(detail?.receipts[0]).toMatchObject({ verdict: 'fabricated', flagged: 1, confirmed: 0, callIds: ['c1', 'c2'], turn: 1 });
    expect(await store.runDetail('no-such-run')).toBeNull();
    expect(await store.listRuns()).toEqual([
      expect.objectContaining({ id: runId, operations: 2, errors: 1, failed: 1, needsReview: 0, unknown: 0, interceptions: 1, receipts: 1, fabricated: 1, lastAt: 1_004 }),
    ]);
    expect(await store.counts()).toEqual({ runs: 1, operations: 2, interceptions: 1, receipts: 1, tools: 2, pending: 0, dropped: 0, droppedRecorded: 0 });
    const rows: Array<{ type: string }> = [];
    for await (const row of store.export()) rows.push(row);
    expect(rows.map((r) => r.type)).toEqual(['run', 'operation', 'operation', 'interception', 'receipt']);
  });

  it('capture on keeps arguments and results; stats() count the same ledger the same way', async () => {
    const store = await open({ capture: true });
    store.startRun({ id: 'r1', tools: ['a', 'b'], at: 10 });
    for (let i = 0; i < 6; i++) store.recordOperation({ tool: i % 2 ? 'a' : 'b', status: i % 3 === 0 ? 'error' : 'ok', args: { i }, result: { ok: i }, at: 20 + i });
    store.recordInterception({ tool: 'a', category: 'missing_required', at: 30 });
    store.recordOperation({ tool: 'a', repaired: true, status: 'ok', at: 31 });
    store.recordReceipt({ receipt: { ...receipt, verdict: 'clean', ok: true, claimedButNeverRan: [] }, at: 40 });
    const detail = await store.runDetail('r1');
    expect(detail?.operations[0]).toMatchObject({ args: { i: 0 }, result: { ok: 0 } });
    const stats = await store.stats();
    expect(stats).toMatchObject({
      runs: 1,
      calls: 7,
      errors: 2,
      intercepted: 1,
      repaired: 1,
      passedThrough: 7,
      verdicts: { clean: 1, unreported: 0, fabricated: 0 },
      registry: { registered: 2, fired: 2, intercepted: 1 },
      dropped: { records: 0, lastAt: null },
    });
    expect(stats.topFailingTools).toEqual([
      { tool: 'a', calls: 4, errors: 1, errorRate: 1 / 4 },
      { tool: 'b', calls: 3, errors: 1, errorRate: 1 / 3 },
    ]);
    expect(await store.stats({ since: 31 })).toMatchObject({ calls: 1, runs: 0 });
    expect(await store.listRuns({ since: 11 })).toEqual([]);
  });

  it('readonly stores refuse records; closed stores refuse everything; close() is idempotent', async () => {
    const writer = await open();
    writer.startRun({ id: 'r' });
    await writer.close();
    const reader = await open({ readonly: true });
    expect(() => reader.recordOperation({ tool: 'a' })).toThrow(expect.objectContaining({ code: 'store_readonly' }));
    expect((await reader.counts()).runs).toBe(1);
    await reader.close();
    await reader.close();
    await expect(reader.listRuns()).rejects.toMatchObject({ code: 'store_closed' });
  });

  it('four stores opening one new ledger at once migrate it once', async () => {
    ledger = await driver.fresh();
    const all = await Promise.all([open(), open(), open(), open()]);
    expect(all.map((s) => s.schemaVersion)).toEqual([SCHEMA_VERSION, SCHEMA_VERSION, SCHEMA_VERSION, SCHEMA_VERSION]);
    all.forEach((s, i) => s.recordOperation({ tool: `t${i}` }));
    for (const s of all) await s.flush();
    expect((await all[0]!.counts()).operations).toBe(4);
  });

  it.runIf(driver.name === 'postgres')('connections cut mid-run: record calls go on, the failure is said once, and the queued records are written when the server answers again', async () => {
    const errors: ClaimcheckError[] = [];
    const store = await open({ batchSize: 10, flushIntervalMs: 20, onError: (e) => errors.push(e) });
    for (let i = 0; i < 50; i++) store.recordOperation({ tool: 'before' });
    await store.flush();
    expect(await ledger!.cutConnections()).toBeGreaterThan(0); // this test's own database only
    for (let i = 0; i < 500; i++) store.recordOperation({ tool: 'after' });
    await store.flush(); // the pool opens new connections: nothing accepted was dropped
    const counts = await store.counts();
    expect(counts).toMatchObject({ operations: 550, pending: 0, dropped: 0 });
    expect(errors.length).toBeLessThanOrEqual(1);
  });

  it.runIf(driver.name === 'postgres')('a statement timeout (another session holds the table locked): record calls go on, it is said once, and nothing accepted is dropped', async () => {
    const errors: ClaimcheckError[] = [];
    const store = await open({ batchSize: 20, flushIntervalMs: 20, busyTimeoutMs: 200, onError: (e) => errors.push(e) });
    store.recordOperation({ tool: 'first' });
    await store.flush();
    const { default: pg } = await import('pg');
    const holder = new pg.Client({ connectionString: (ledger!.location as { url: string }).url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE operations IN ACCESS EXCLUSIVE MODE');
    for (let i = 0; i < 300; i++) store.recordOperation({ tool: 'during' });
    await expect(store.flush()).rejects.toMatchObject({ code: 'store_locked' });
    await new Promise((resolve) => setTimeout(resolve, 600)); // the background retries fail too
    expect(errors.map((e) => e.code)).toEqual(['store_locked']);
    await holder.query('COMMIT');
    await holder.end();
    await store.flush();
    expect(await store.counts()).toMatchObject({ operations: 301, pending: 0, dropped: 0 });
  });
});
