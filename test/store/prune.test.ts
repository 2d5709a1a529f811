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
    expect(await store.prune({ before: NOW - 30 * DAY })).toEqual({ before: NOW - 30 * DAY, operations: 2, interceptions: 1, receipts: 1, dropped: 0, runs: 1, reviewMarks: 0 });
    const runs = await store.listRuns({ limit: 10 });
    expect(runs.map((r) => [r.id, r.operations, r.receipts]).sort()).toEqual([
      ['new', 1, 1],
      ['spanning', 1, 0],
    ]);
    expect(runs.find((r) => r.id === 'spanning')?.startedAt).toBe(NOW - 40 * DAY);
    expect(await store.prune({ before: new Date(NOW - 30 * DAY) })).toMatchObject({ operations: 0, interceptions: 0, receipts: 0, runs: 0 });
    await expect(store.prune({ before: Number.NaN })).rejects.toThrow(/needs before as epoch milliseconds or a Date/);
  });

  it('removes the review marks of the claims and operations it removes, and keeps the others', async () => {
    ledger = await driver.fresh();
    const store = await open();
    const flagged = { ...receipt, verdict: 'fabricated' as const, ok: false, claimedButNeverRan: [{ text: 'I emailed you.', verb: 'email', object: '', tool: 'send_email', candidates: ['send_email'], reason: 'not_called' as const, source: 'rules' as const }] };
    const old = store.startRun({ id: 'old', at: NOW - 40 * DAY });
    store.recordOperation({ runId: old, tool: 'refund', state: 'unknown', at: NOW - 40 * DAY });
    store.recordReceipt({ runId: old, receipt: flagged, at: NOW - 40 * DAY });
    const fresh = store.startRun({ id: 'new', at: NOW - DAY });
    store.recordOperation({ runId: fresh, tool: 'refund', state: 'unknown', at: NOW - DAY });
    store.recordReceipt({ runId: fresh, receipt: flagged, at: NOW - DAY });
    await store.flush();
    const claims = (await store.reviewQueue({ target: 'claim' })).items;
    const operations = (await store.reviewQueue({ target: 'operation' })).items;
    expect(claims).toHaveLength(2);
    expect(operations).toHaveLength(2);
    for (const item of claims) await store.addReviewMark({ target: 'claim', targetSeq: item.targetSeq, claimIndex: 0, judgement: 'right', at: NOW });
    for (const item of operations) await store.addReviewMark({ target: 'operation', targetSeq: item.targetSeq, judgement: 'wrong', at: NOW });
    expect(await store.prune({ before: NOW - 30 * DAY })).toMatchObject({ operations: 1, receipts: 1, runs: 1, reviewMarks: 2 });
    const left = await store.reviewMarks();
    expect(left.map((m) => [m.runId, m.target]).sort()).toEqual([
      ['new', 'claim'],
      ['new', 'operation'],
    ]);
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
    expect(out[1]).toMatch(/^claimcheck prune: removed 2 operations, 0 interceptions, 1 receipts, 0 dropped-record counts, 2 runs and 0 review marks from before 2026-05-31T12:00:00.000Z in /);
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
