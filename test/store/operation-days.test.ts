/**
 * Store conformance: `operation_days` (schema 4), the per-day counts `stats()` and the dashboard's daily
 * chart read instead of every operation. Whoever writes or removes operations (the store's writer, another
 * process, `prune`, `importLedger`, plain SQL behind the store's back), the counts stay equal to the rows,
 * and `stats()` equals what the rows say, on SQLite and PostgreSQL alike.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openStore } from '../../src/store/open-store.js';
import { importLedger } from '../../src/store/import-ledger.js';
import type { Store } from '../../src/store/store.js';
import type { OperationInput } from '../../src/store/records.js';
import { buildChildStore, runChild } from './child-store.js';
import { postgresDriver, sqliteDriver, type Ledger } from './drivers.js';
import { openRaw } from './open-raw.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** A UTC midnight. */
const D0 = Date.UTC(2026, 4, 10);

type Row = Record<string, unknown>;

/** Plain SQL on the ledger, behind the store's back. */
interface Raw {
  all(sql: string): Promise<Row[]>;
  close(): Promise<void>;
}

async function rawOn(ledger: Ledger): Promise<Raw> {
  if ('path' in ledger.location) {
    const db = await openRaw(ledger.location.path);
    return { all: async (sql) => (/^\s*select/i.test(sql) ? (db.prepare(sql).all() as Row[]) : (db.exec(sql), [])), close: async () => db.close() };
  }
  const client = new pg.Client({ connectionString: ledger.location.url });
  await client.connect();
  return { all: async (sql) => (await client.query(sql)).rows as Row[], close: () => client.end() };
}

/** `operation_days` as it is, and as the operations say it should be (grouped here, days by Math.floor). */
async function daysVsRows(raw: Raw): Promise<{ stored: string[]; expected: string[] }> {
  const key = (r: Row, day: number): string => [day, r['tool'], r['state'], r['status'], Number(r['ran']), Number(r['repaired'])].join('|');
  const stored = (await raw.all('SELECT day, tool, state, status, ran, repaired, n FROM operation_days')).map((r) => `${key(r, Number(r['day']))}=${Number(r['n'])}`).sort();
  const counts = new Map<string, number>();
  for (const r of await raw.all('SELECT at, tool, state, status, ran, repaired FROM operations')) {
    const k = key(r, Math.floor(Number(r['at']) / DAY));
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return { stored, expected: [...counts].map(([k, n]) => `${k}=${n}`).sort() };
}

/** Operations over three days and their edges: the last millisecond of a day, a midnight, mid-day. */
const OPERATIONS: Array<Omit<OperationInput, 'runId'>> = [
  { tool: 'lookup', state: 'read', at: D0 - 1 },
  { tool: 'lookup', state: 'read', at: D0 },
  { tool: 'refund', state: 'posted', receiptId: 'r1', at: D0 + 5 * HOUR },
  { tool: 'refund', state: 'failed', status: 'error', error: 'upstream 503', at: D0 + 6 * HOUR },
  { tool: 'refund', state: 'posted', repaired: true, receiptId: 'r2', at: D0 + 7 * HOUR },
  { tool: 'cancel', state: 'unknown', ran: false, at: D0 + DAY + 1 },
  { tool: 'cancel', state: 'needs_review', at: D0 + DAY + 12 * HOUR },
  { tool: 'refund', state: 'failed', status: 'error', at: D0 + 2 * DAY + 23 * HOUR },
];

/** What stats() must say about the operations at or after `since`, counted from the inputs. */
function expectedOps(since: number | null): { calls: number; errors: number; passedThrough: number; repaired: number; states: Record<string, number>; failing: Array<{ tool: string; calls: number; errors: number }> } {
  const ops = OPERATIONS.filter((o) => since === null || (o.at ?? 0) >= since);
  const states: Record<string, number> = { posted: 0, unknown: 0, needs_review: 0, failed: 0, read: 0 };
  for (const o of ops) states[o.state ?? 'unknown'] = (states[o.state ?? 'unknown'] ?? 0) + 1;
  const tools = [...new Set(ops.map((o) => o.tool))];
  const failing = tools
    .map((tool) => ({ tool, calls: ops.filter((o) => o.tool === tool).length, errors: ops.filter((o) => o.tool === tool && o.status === 'error').length }))
    .filter((t) => t.errors > 0);
  return {
    calls: ops.length,
    errors: ops.filter((o) => o.status === 'error').length,
    passedThrough: ops.filter((o) => o.ran !== false).length,
    repaired: ops.filter((o) => o.repaired === true && o.state !== 'failed').length,
    states,
    failing,
  };
}

async function expectStats(store: Store, since: number | null): Promise<void> {
  const stats = await store.stats(since === null ? {} : { since });
  const want = expectedOps(since);
  expect({ calls: stats.calls, errors: stats.errors, passedThrough: stats.passedThrough, repaired: stats.repaired, states: stats.states }, `since ${since}`).toEqual({
    calls: want.calls,
    errors: want.errors,
    passedThrough: want.passedThrough,
    repaired: want.repaired,
    states: want.states,
  });
  expect(stats.topFailingTools.map(({ tool, calls, errors }) => ({ tool, calls, errors })), `since ${since}`).toEqual(want.failing);
}

beforeAll(() => {
  process.env['CLAIMCHECK_HASH_KEY'] ??= 'operation days suite key';
});

describe.each([sqliteDriver, postgresDriver])('store conformance, operation_days: $name', (driver) => {
  const ledgers: Ledger[] = [];
  const stores: Store[] = [];
  const raws: Raw[] = [];
  let child: { url: string; dispose: () => void } | undefined;
  const fresh = async (): Promise<Ledger> => {
    const ledger = await driver.fresh();
    ledgers.push(ledger);
    return ledger;
  };
  const open = async (ledger: Ledger, options: { readonly?: boolean } = {}): Promise<Store> => {
    const store = await openStore({ ...ledger.location, ...options });
    stores.push(store);
    return store;
  };
  const raw = async (ledger: Ledger): Promise<Raw> => {
    const r = await rawOn(ledger);
    raws.push(r);
    return r;
  };
  const fill = async (store: Store): Promise<void> => {
    const runId = store.startRun({ id: 'run-1', at: D0 - DAY });
    for (const o of OPERATIONS) store.recordOperation({ ...o, runId });
    await store.flush();
  };
  afterEach(async () => {
    for (const r of raws.splice(0)) await r.close().catch(() => undefined);
    for (const s of stores.splice(0)) await s.close().catch(() => undefined);
    for (const l of ledgers.splice(0)) await l.dispose();
  });
  afterAll(() => child?.dispose());

  it('counts what the store writes per UTC day; stats() from them equals the rows, for all time and any since', async () => {
    const ledger = await fresh();
    const store = await open(ledger);
    await fill(store);
    const { stored, expected } = await daysVsRows(await raw(ledger));
    expect(stored).toEqual(expected);
    expect(stored.some((k) => k.startsWith(`${D0 / DAY - 1}|lookup|read`))).toBe(true); // D0 - 1 ms is the day before
    for (const since of [null, D0 - DAY, D0 - 1, D0, D0 + 1, D0 + 6 * HOUR, D0 + DAY, D0 + DAY + 2, D0 + 2 * DAY + 23 * HOUR, D0 + 3 * DAY]) await expectStats(store, since);
  });

  it('the daily chart counts calls and errors per day from the counts, as the hourly one does from the rows', async () => {
    const ledger = await fresh();
    const store = await open(ledger);
    await fill(store);
    const daily = await store.timeline({ since: D0 - DAY, bucketMs: DAY });
    expect(daily.map(({ at, calls, errors }) => ({ at, calls, errors }))).toEqual([
      { at: D0 - DAY, calls: 1, errors: 0 },
      { at: D0, calls: 4, errors: 1 },
      { at: D0 + DAY, calls: 2, errors: 0 },
      { at: D0 + 2 * DAY, calls: 1, errors: 1 },
    ]);
    const hourly = await store.timeline({ since: D0 - DAY, bucketMs: HOUR });
    const perDay = new Map<number, { calls: number; errors: number }>();
    for (const b of hourly) {
      const day = Math.floor(b.at / DAY) * DAY;
      const t = perDay.get(day) ?? { calls: 0, errors: 0 };
      perDay.set(day, { calls: t.calls + b.calls, errors: t.errors + b.errors });
    }
    expect([...perDay].map(([at, t]) => ({ at, ...t }))).toEqual(daily.map(({ at, calls, errors }) => ({ at, calls, errors })));
  });

  it('a reader sees another process’s new operations at once, counted', async () => {
    const ledger = await fresh();
    const writer = await open(ledger);
    await fill(writer);
    const reader = await open(ledger, { readonly: true });
    expect((await reader.stats()).calls).toBe(OPERATIONS.length);
    child ??= buildChildStore();
    const result = await runChild(
      `const { openStore } = await import(STORE_URL);
       const store = await openStore(${JSON.stringify(ledger.location)});
       for (let i = 0; i < 250; i++) store.recordOperation({ runId: 'run-2', tool: 'refund', state: 'failed', status: 'error', at: ${D0 + DAY + 3 * HOUR} + i });
       await store.close();`,
      child.url,
      { env: { ...process.env } },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const stats = await reader.stats();
    expect(stats.calls).toBe(OPERATIONS.length + 250);
    expect(stats.errors).toBe(2 + 250);
    expect(stats.topFailingTools[0]).toMatchObject({ tool: 'refund', calls: 4 + 250, errors: 2 + 250 });
    expect((await reader.timeline({ since: D0, bucketMs: DAY }))[1]).toMatchObject({ at: D0 + DAY, calls: 252, errors: 250 });
    const { stored, expected } = await daysVsRows(await raw(ledger));
    expect(stored).toEqual(expected);
  });

  it('prune with a cutoff inside a day leaves the counts equal to the rows left; an empty day is gone', async () => {
    const ledger = await fresh();
    const store = await open(ledger);
    await fill(store);
    const result = await store.prune({ before: D0 + 6 * HOUR + 1 });
    expect(result.operations).toBe(4);
    const r = await raw(ledger);
    const { stored, expected } = await daysVsRows(r);
    expect(stored).toEqual(expected);
    expect(stored.some((k) => k.startsWith(`${D0 / DAY - 1}|`))).toBe(false);
    expect(await store.stats()).toMatchObject({ calls: 4, errors: 1, repaired: 1 });
    expect((await store.stats({ since: D0 })).calls).toBe(4);
    await store.prune({ before: D0 + 10 * DAY });
    expect(await r.all('SELECT * FROM operation_days')).toEqual([]);
    expect((await store.stats()).calls).toBe(0);
  });

  it('plain SQL behind the store’s back (insert, update, delete) keeps the counts equal to the rows', async () => {
    const ledger = await fresh();
    const store = await open(ledger);
    await fill(store);
    const r = await raw(ledger);
    await r.all(`INSERT INTO operations (run_id, at, tool, state, status, ran, repaired) VALUES ('run-1', ${D0 + 3 * DAY}, 'sql', 'posted', 'ok', 1, 0), ('run-1', ${D0 + 3 * DAY + 1}, 'sql', 'failed', 'error', 1, 0)`);
    await r.all(`UPDATE operations SET state = 'failed', status = 'error', at = at + ${DAY} WHERE tool = 'cancel'`);
    await r.all(`UPDATE operations SET error = 'redacted' WHERE status = 'error'`);
    await r.all(`DELETE FROM operations WHERE tool = 'lookup'`);
    const { stored, expected } = await daysVsRows(r);
    expect(stored).toEqual(expected);
    expect(await store.stats()).toMatchObject({ calls: OPERATIONS.length + 2 - 2, errors: 2 + 1 + 2 });
    if (driver.name === 'postgres') {
      await r.all('TRUNCATE operations');
      expect(await r.all('SELECT * FROM operation_days')).toEqual([]);
    }
  });

  it('importLedger into another ledger counts the imported operations', async () => {
    const from = await fresh();
    const source = await open(from);
    await fill(source);
    const to = await fresh();
    const target = await open(to);
    await importLedger({ from: source, to: target });
    expect((await target.stats()).calls).toBe(OPERATIONS.length);
    await expectStats(target, D0 + 6 * HOUR);
    const { stored, expected } = await daysVsRows(await raw(to));
    expect(stored).toEqual(expected);
  });

  it('migration 4 counts the operations a version-3 ledger already holds', async () => {
    const ledger = await fresh();
    const store = await open(ledger);
    await fill(store);
    await store.close();
    const r = await raw(ledger);
    if (driver.name === 'sqlite') {
      await r.all('DROP TRIGGER operation_days_insert; DROP TRIGGER operation_days_delete; DROP TRIGGER operation_days_update; DROP TABLE operation_days; PRAGMA user_version = 3');
    } else {
      await r.all('DROP TABLE operation_days; DROP FUNCTION claimcheck_operation_days() CASCADE; UPDATE claimcheck_schema SET version = 3');
    }
    const old = await open(ledger, { readonly: true });
    expect(old.schemaVersion).toBe(3);
    await expectStats(old, null);
    await expectStats(old, D0 + 6 * HOUR);
    const migrated = await open(ledger);
    expect(migrated.schemaVersion).toBe(4);
    const { stored, expected } = await daysVsRows(r);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored).toEqual(expected);
    await expectStats(migrated, null);
    await expectStats(migrated, D0 + 6 * HOUR);
  });
});
