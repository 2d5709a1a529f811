/**
 * A failing ledger never stalls the caller: record calls only queue while writes fail, a background
 * writer retries one batch at a time with backoff, and what overflows the bounded queue is counted,
 * reported once, and written to the ledger when writes resume. The loops below would take minutes
 * if a record call waited on the lock or rewrote the queue (the test timeouts are hang guards).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runDiagnostic } from '../cli/diagnostic-command.js';
import { formatStats } from '../cli/stats-command.js';
import type { ClaimcheckError } from '../errors.js';
import { openRaw } from '../../test/store/open-raw.js';
import type { Database } from './_driver.js';
import { openSqliteStore } from './_open-sqlite.js';
import { openStore } from './open-store.js';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'claimcheck-fail-open-'));
  path = join(dir, 'ledger.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Another process's connection holding the write lock until `release()`. */
async function holdLock(): Promise<{ release: () => void }> {
  const other = await openRaw(path);
  other.exec('BEGIN EXCLUSIVE');
  return {
    release: () => {
      other.exec('COMMIT');
      other.close();
    },
  };
}

describe('a failing ledger never stalls the caller', () => {
  it('locked by another process: openStore and 2,000 record calls do not wait for the lock; the rows arrive once it is released', async () => {
    await (await openStore({ path })).close();
    const lock = await holdLock();
    const errors: ClaimcheckError[] = [];
    // A one-minute busy timeout: any call that waited for the lock would hit the test's hang guard.
    const store = await openStore({ path, busyTimeoutMs: 60_000, batchSize: 10, onError: (e) => errors.push(e) });
    for (let i = 0; i < 2_000; i++) store.recordOperation({ tool: 'send_email', status: 'ok' });
    expect(errors).toEqual([]); // a lock is reported only once it outlasts busyTimeoutMs (other writers take turns)
    // A store that waits 300 ms says so once, after the lock has lasted that long, not per call.
    const short = await openStore({ path, busyTimeoutMs: 300, batchSize: 10, onError: (e) => errors.push(e) });
    for (let i = 0; i < 1_000; i++) short.recordOperation({ tool: 'lookup', status: 'ok' });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    for (let i = 0; i < 1_000; i++) short.recordOperation({ tool: 'lookup', status: 'ok' });
    expect(errors.map((e) => e.code)).toEqual(['store_locked']);
    expect(errors[0]?.message).toMatch(/held the database lock for more than \d+ ms/);
    lock.release();
    await store.flush();
    await short.flush();
    expect(await store.counts()).toMatchObject({ operations: 4_000, pending: 0, dropped: 0 });
    await store.close();
    await short.close();
  }, 20_000);

  it('a full disk (SQLITE_FULL from a tiny max_page_count): 5,000 record calls only queue; close() keeps the queue until space returns', async () => {
    let db: Database | undefined;
    const configure = (d: Database): void => {
      db = d;
      d.pragma('max_page_count = 40');
    };
    const errors: ClaimcheckError[] = [];
    const store = await openSqliteStore({ path, batchSize: 50, onError: (e) => errors.push(e) }, { configure });
    for (let i = 0; i < 5_000; i++) store.recordOperation({ tool: 'upload', status: 'error', error: `upload ${i} failed: ${'x'.repeat(200)}` });
    expect(errors.map((e) => e.code)).toEqual(['store_full']);
    const closing = await store.close().then(
      () => null,
      (e: ClaimcheckError) => e,
    );
    expect(closing).toMatchObject({ code: 'store_full', data: { pending: expect.any(Number) } });
    expect((closing?.data as { pending: number }).pending).toBeGreaterThan(4_000);
    expect(closing?.message).toContain('call close() again');
    db?.pragma('max_page_count = 1000000'); // space is back
    await store.close();
    const reopened = await openStore({ path, readonly: true });
    expect((await reopened.counts()).operations).toBe(5_000);
    await reopened.close();
  }, 30_000);

  it('overflow of the bounded queue: dropped records are counted, reported once, and written to the ledger for stats and diagnostic', async () => {
    await (await openStore({ path })).close();
    const lock = await holdLock();
    const errors: ClaimcheckError[] = [];
    const store = await openStore({ path, batchSize: 10, maxPending: 100, onError: (e) => errors.push(e) });
    for (let i = 0; i < 250; i++) store.recordOperation({ tool: 'send_email', status: 'ok' });
    expect(await store.counts()).toMatchObject({ pending: 100, dropped: 151 }); // 99 operations and their run are queued
    expect(errors.filter((e) => e.message.includes('dropped'))).toHaveLength(1);
    lock.release();
    await store.flush();
    expect(await store.counts()).toMatchObject({ operations: 99, pending: 0, dropped: 151, droppedRecorded: 151 });
    const stats = await store.stats();
    expect(stats.dropped).toEqual({ records: 151, lastAt: expect.any(Number) });
    await store.close();

    expect(stripVTControlCharacters(formatStats(stats, path))).toContain('151 records lost');
    const out: string[] = [];
    await runDiagnostic({ db: path, json: true }, { out: (l) => out.push(l), err: () => undefined });
    expect(JSON.parse(out[0] ?? '{}').ledger.counts).toMatchObject({ operations: 99, droppedRecorded: 151 });
  }, 20_000);
});
