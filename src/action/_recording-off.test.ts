/**
 * A guard over a broken store fails open: the user's tools still run and return their values, and the
 * logger is told once, with the cause and its fix, that recording is off.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openStore } from '../store/open-store.js';
import type { Database } from '../store/_driver.js';
import { openSqliteStore } from '../store/_open-sqlite.js';
import { openRaw } from '../../test/store/open-raw.js';
import { action } from './action.js';
import { idField } from './action-receipt.js';
import { guard } from './guard.js';
import type { OperationSink, SinkErrorSource } from './operation-sink.js';

const tools = [
  { name: 'upload', description: 'Upload a document.', parameters: { type: 'object', properties: { body: { type: 'string' } }, required: ['body'] } },
  { name: 'get_order', description: 'Fetch an order.', parameters: { type: 'object', properties: { id: { type: 'string' } } } },
];
const executors = () => ({ upload: action(() => ({ upload_id: 'up_1' }), { receipt: idField('upload_id') }), get_order: () => ({ status: 'shipped' }) });
const recordingOff = (logger: { warn: ReturnType<typeof vi.fn> }) => logger.warn.mock.calls.filter((c) => /recording is off/.test(String(c[0])));

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'claimcheck-recording-off-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

describe('guard over a broken store', () => {
  it('a full database (tiny max_page_count): every call returns its value; "recording is off" is said once, with the fix', async () => {
    const emitWarning = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const configure = (db: Database): void => void db.pragma('max_page_count = 40');
    // batchSize 1: every record is written at once, so the write fails inside the guard's call.
    const store = await openSqliteStore({ path: join(dir, 'ledger.sqlite'), capture: true, batchSize: 1 }, { configure });
    const sink: OperationSink & SinkErrorSource = store; // a Store reports its later write failures
    const logger = { warn: vi.fn() };
    const g = guard({ tools, executors: executors(), store: sink, logger, captureArgs: true });
    for (let i = 0; i < 60; i++) {
      expect(g.execute('upload', { body: 'x'.repeat(8_000) })).toMatchObject({ ok: true, state: 'posted', value: { upload_id: 'up_1' } });
    }
    expect(g.execute('get_order', { id: 'A-1' }).value).toEqual({ status: 'shipped' });
    g.checkBypass('I uploaded your document.');
    expect(recordingOff(logger)).toHaveLength(1);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    const [message, cause] = logger.warn.mock.calls[0] ?? [];
    expect(message).toMatch(/^claimcheck: recording is off: Could not write the claimcheck ledger .*ledger\.sqlite: .*The disk is full\. Free some space, or point CLAIMCHECK_DB at a file on another disk\. The guard still runs your tools/);
    expect(cause).toMatchObject({ code: 'store_full' });
    expect(emitWarning).not.toHaveBeenCalled(); // the guard said it; the store's default warning stays quiet
    expect(g.close().warnings).toEqual([]);
    await expect(store.close()).rejects.toMatchObject({ code: 'store_full' });
  });

  it('a read-only store throws on every record: the calls go on, said once', async () => {
    const path = join(dir, 'ledger.sqlite');
    await (await openStore({ path })).close();
    const store = await openStore({ path, readonly: true });
    const logger = { warn: vi.fn() };
    const g = guard({ tools, executors: executors(), store, logger });
    expect(g.execute('get_order', { id: 'A-1' }).value).toEqual({ status: 'shipped' });
    expect(g.execute('upload', {}).failure?.category).toBe('missing_required'); // an interception, also unrecordable
    expect(g.execute('upload', { body: 'b' }).state).toBe('posted');
    g.checkBypass('Uploaded.');
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(String(logger.warn.mock.calls[0]?.[0])).toMatch(/recording is off: Store\.recordOperation\(\) on .* which was opened readonly\. Open it without readonly to record\./);
    expect(g.close().incidents).toBe(5); // three operations, an interception, a receipt
    await store.close();
  });

  it('a closed store, shared by several guards: said once for the store, not once per guard', async () => {
    const store = await openStore({ path: join(dir, 'ledger.sqlite') });
    await store.close();
    const first = { warn: vi.fn() };
    const second = { warn: vi.fn() };
    for (const logger of [first, second]) {
      const g = guard({ tools, executors: executors(), store, logger });
      expect(g.execute('get_order', { id: 'A-1' }).ok).toBe(true);
      g.checkBypass('Your order A-1 has shipped.');
      g.close();
    }
    expect(first.warn).toHaveBeenCalledTimes(1);
    expect(String(first.warn.mock.calls[0]?.[0])).toMatch(/recording is off: Store\.recordOperation\(\) was called after close\(\).*Open a new store with openStore\(\)/);
    expect(second.warn).not.toHaveBeenCalled();
  });

  it('a write failure the store reports later (a lock, through onError) is said once, to the latest guard\'s logger', async () => {
    const emitWarning = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const path = join(dir, 'ledger.sqlite');
    const store = await openStore({ path, busyTimeoutMs: 10, flushIntervalMs: 5 });
    const other = await openRaw(path);
    other.exec('BEGIN EXCLUSIVE');
    const logger = { warn: vi.fn() };
    const g = guard({ tools, executors: executors(), store, logger });
    expect(g.execute('get_order', { id: 'A-1' }).value).toEqual({ status: 'shipped' }); // queued; written by the timer
    await vi.waitFor(() => expect(logger.warn).toHaveBeenCalledTimes(1));
    expect(String(logger.warn.mock.calls[0]?.[0])).toMatch(/recording is off: .*held the database lock for more than 10 ms\. Retry/);
    g.execute('get_order', { id: 'A-2' });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the retries fail again
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(emitWarning).not.toHaveBeenCalled();
    other.exec('COMMIT');
    other.close();
    await store.close(); // the lock is gone: the queued records are written
    const reader = await openStore({ path, readonly: true });
    expect((await reader.counts()).operations).toBe(2);
    await reader.close();
  });
});
