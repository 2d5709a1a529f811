/**
 * Store.prune and `claimcheck prune --older-than`: records before the cutoff go, then the runs left
 * empty; newer records and the runs holding them stay. The same assertions on SQLite and PostgreSQL.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runPrune } from '../../src/cli/prune-command.js';
import { parseDuration } from '../../src/cli/_since.js';
import { ClaimcheckError } from '../../src/errors.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/store.js';
import { postgresDriver, sqliteDriver, type Ledger } from './drivers.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 1);
const receipt = { version: 1 as const, verdict: 'clean' as const, ok: true, summary: 'clean', confirmed: [], claimedButNeverRan: [], unmatched: [], suspected: [], ranButUnreported: [] };

beforeAll(() => {
  process.env['CLAIMCHECK_HASH_KEY'] ??= 'prune suite key';
});

/** An old run (40 days), a run that spans the cutoff (started 40 days ago, a record 2 days ago), a new run. */
function fill(store: Store): void {
  const old = store.startRun({ id: 'old', agent: 'a', at: NOW - 40 * DAY });
  store.recordOperation({ runId: old, tool: 'lookup', at: NOW - 40 * DAY });
  store.recordInterception({ runId: old, tool: 'refund', category: 'missing_required', at: NOW - 40 * DAY });
  store.recordReceipt({ runId: old, receipt, at: NOW - 39 * DAY });
  const spanning = store.startRun({ id: 'spanning', agent: 'b', at: NOW - 40 * DAY });
  store.recordOperation({ runId: spanning, tool: 'lookup', at: NOW - 40 * DAY });
  store.recordOperation({ runId: spanning, tool: 'refund', at: NOW - 2 * DAY });
  const fresh = store.startRun({ id: 'new', agent: 'c', at: NOW - DAY });
  store.recordOperation({ runId: fresh, tool: 'lookup', at: NOW - DAY });
  store.recordReceipt({ runId: fresh, receipt, at: NOW - DAY });
}

describe.each([sqliteDriver, postgresDriver])('prune: $name', (driver) => {
  let ledger: Ledger;
  const stores: Store[] = [];
  const open = async (): Promise<Store> => {
    const s = await openStore({ ...ledger.location });
    stores.push(s);
    return s;
  };
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close().catch(() => undefined);
    await ledger.dispose();
  });

  it('removes records before the cutoff and the runs left empty; keeps newer ones and their runs', async () => {
    ledger = await driver.fresh();
    const store = await open();
    fill(store); // still queued: prune writes them first
    expect(await store.prune({ before: NOW - 30 * DAY })).toEqual({ before: NOW - 30 * DAY, operations: 2, interceptions: 1, receipts: 1, dropped: 0, runs: 1 });
    const runs = await store.listRuns({ limit: 10 });
    expect(runs.map((r) => [r.id, r.operations, r.receipts]).sort()).toEqual([
      ['new', 1, 1],
      ['spanning', 1, 0],
    ]);
    expect(runs.find((r) => r.id === 'spanning')?.startedAt).toBe(NOW - 40 * DAY);
    expect(await store.prune({ before: new Date(NOW - 30 * DAY) })).toMatchObject({ operations: 0, interceptions: 0, receipts: 0, runs: 0 });
    await expect(store.prune({ before: Number.NaN })).rejects.toThrow(/needs before as epoch milliseconds or a Date/);
  });

  it('claimcheck prune --older-than 30d --json prints what it removed; a bad duration is a typed error, exit 2', async () => {
    ledger = await driver.fresh();
    const store = await open();
    fill(store);
    await store.close();
    const db = 'url' in ledger.location ? ledger.location.url : ledger.location.path;
    const out: string[] = [];
    const err: string[] = [];
    const sinks = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    expect(await runPrune({ db, olderThan: '30d', json: true, now: NOW }, sinks)).toBe(0);
    expect(JSON.parse(out[0] ?? '{}')).toMatchObject({ before: NOW - 30 * DAY, operations: 2, interceptions: 1, receipts: 1, dropped: 0, runs: 1 });
    expect(await runPrune({ db, olderThan: '12h', now: NOW }, sinks)).toBe(0);
    expect(out[1]).toMatch(/^claimcheck prune: removed 2 operations, 0 interceptions, 1 receipts, 0 dropped-record counts and 2 runs from before 2026-05-31T12:00:00.000Z in /);
    expect(await runPrune({ db, olderThan: '30 days', now: NOW }, sinks)).toBe(2);
    expect(err).toEqual(['claimcheck prune: --older-than "30 days": not a duration. Use a whole number and a unit: 12h, 30d, 4w (units s, m, h, d, w).']);
  });
});

describe('--older-than durations', () => {
  it('reads 12h, 30d, 4w; refuses zero, other units and other text with invalid_options', () => {
    expect([parseDuration('12h', '--older-than'), parseDuration('30d', '--older-than'), parseDuration(' 4w ', '--older-than')]).toEqual([12 * 3_600_000, 30 * DAY, 28 * DAY]);
    for (const bad of ['0d', '30', 'd', '3y', '-1d', '1.5d', '']) {
      expect(() => parseDuration(bad, '--older-than')).toThrow(ClaimcheckError);
    }
    expect(() => parseDuration('0d', '--older-than')).toThrow(/--older-than "0d": a duration must be more than zero/);
  });
});
