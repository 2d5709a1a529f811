import { execFileSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync, closeSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClaimcheckError } from '../errors.js';
import { buildChildStore, runChild } from '../../test/store/child-store.js';
import { openRaw } from '../../test/store/open-raw.js';
import type { Database } from './_driver.js';
import { openStore } from './open-store.js';
import { openSqliteStore } from './_open-sqlite.js';
import { APPLICATION_ID, migrations } from './_schema.js';
import { SCHEMA_VERSION } from './schema-version.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'claimcheck-open-'));
});
afterEach(() => {
  chmodSync(dir, 0o700);
  rmSync(dir, { recursive: true, force: true });
});

/** Node.js's built-in SQLite, where this Node.js has one (22.13+). */
const nodeSqlite = process.getBuiltinModule?.('node:sqlite');

/** The ClaimcheckError a promise rejects with (fails the test when it resolves or throws something else). */
async function failure(promise: Promise<unknown>): Promise<ClaimcheckError> {
  try {
    await promise;
  } catch (error) {
    if (ClaimcheckError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ClaimcheckError');
}

describe('openStore: schema', () => {
  it('has one migration per schema version', () => {
    expect(migrations).toHaveLength(SCHEMA_VERSION);
  });

  it('creates the file, its .claimcheck folder (git-ignored) and the current schema in WAL mode', async () => {
    const path = join(dir, 'project', '.claimcheck', 'ledger.sqlite');
    const store = await openStore({ path });
    expect(store.schemaVersion).toBe(SCHEMA_VERSION);
    expect(store.path).toBe(path);
    await store.close();
    expect(readFileSync(join(dir, 'project', '.claimcheck', '.gitignore'), 'utf8')).toContain('*');
    const db = await openRaw(path, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.pragma('application_id', { simple: true })).toBe(APPLICATION_ID);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const objects = db.prepare("SELECT type, name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all();
    expect(objects.map((o) => `${(o as { type: string }).type} ${(o as { name: string }).name}`)).toEqual([
      'index interceptions_at', 'index interceptions_category', 'index interceptions_run',
      'index operations_at', 'index operations_run', 'index operations_tool_state',
      'index receipts_at', 'index receipts_run', 'index receipts_verdict', 'index review_marks_at', 'index review_marks_target',
      'index runs_agent', 'index runs_started_at', 'index runs_started_id', 'index tools_last_registered',
      'table dropped', 'table interceptions', 'table operation_days', 'table operations', 'table receipts', 'table review_marks', 'table runs', 'table tools',
      'trigger operation_days_delete', 'trigger operation_days_insert', 'trigger operation_days_update',
    ]);
    db.close();
  });

  it('migrates an existing empty file, and reopens a current one without touching its data', async () => {
    const path = join(dir, 'ledger.sqlite');
    writeFileSync(path, '');
    const first = await openStore({ path });
    first.recordOperation({ tool: 'send_email', status: 'ok' });
    await first.close();
    const second = await openStore({ path });
    expect(second.schemaVersion).toBe(SCHEMA_VERSION);
    expect((await second.counts()).operations).toBe(1);
    await second.close();
  });

  it('refuses a ledger from a newer claimcheck with store_version, naming both versions', async () => {
    const path = join(dir, 'ledger.sqlite');
    await (await openStore({ path })).close();
    const db = await openRaw(path);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    const error = await failure(openStore({ path }));
    expect(error.code).toBe('store_version');
    expect(error.message).toContain(`schema version ${SCHEMA_VERSION + 1}`);
    expect(error.message).toContain(`up to version ${SCHEMA_VERSION}`);
    expect(error.message).toContain('Upgrade claimcheck');
  });

  it('refuses another application’s SQLite database with store_corrupt', async () => {
    const path = join(dir, 'other.sqlite');
    const db = await openRaw(path);
    db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
    db.close();
    const error = await failure(openStore({ path }));
    expect(error.code).toBe('store_corrupt');
    expect(error.message).toContain('not a claimcheck ledger');
  });
});

describe('openStore: schema 2 (dropped counts, keyed hashes)', () => {
  /** A ledger as claimcheck with schema version 1 left it, with one interception hashed by plain SHA-256. */
  async function versionOne(path: string, hash: string): Promise<void> {
    const db = await openRaw(path);
    db.exec(migrations[0] ?? '');
    db.pragma(`application_id = ${APPLICATION_ID}`);
    db.pragma('user_version = 1');
    db.prepare("INSERT INTO interceptions (run_id, at, tool, category, args_hash, repaired) VALUES ('r', 1, 't', 'type_mismatch', ?, 0)").run(hash);
    db.close();
  }

  it('a readonly store reads a version-1 ledger as it is; opening it to write migrates it and keys its stored hashes', async () => {
    const path = join(dir, 'ledger.sqlite');
    const plain = createHash('sha256').update('{"to":"ana@example.com"}').digest('hex');
    await versionOne(path, plain);
    const reader = await openStore({ path, readonly: true });
    expect(reader.schemaVersion).toBe(1);
    expect(await reader.counts()).toMatchObject({ interceptions: 1, droppedRecorded: 0 });
    expect((await reader.stats()).dropped).toEqual({ records: 0, lastAt: null });
    await reader.close();

    const writer = await openStore({ path });
    expect(writer.schemaVersion).toBe(SCHEMA_VERSION);
    await writer.close();
    const keyFile = `${path}-hashkey`;
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'hex');
    const db = await openRaw(path, { readonly: true });
    expect(db.prepare('SELECT args_hash FROM interceptions').get()).toEqual({ args_hash: createHmac('sha256', key).update(plain).digest('hex') });
    db.close();
  });

  it('CLAIMCHECK_HASH_KEY keys the hashes instead of a key file: every worker with the same key stores the same hash', async () => {
    const before = process.env['CLAIMCHECK_HASH_KEY'];
    process.env['CLAIMCHECK_HASH_KEY'] = 'fleet secret';
    try {
      const hashes: unknown[] = [];
      for (const name of ['a.sqlite', 'b.sqlite']) {
        const path = join(dir, name);
        const store = await openStore({ path });
        store.recordInterception({ tool: 't', category: 'type_mismatch', argsHash: 'ab12' });
        const detail = await store.runDetail(store.currentRunId ?? '');
        hashes.push(detail?.interceptions[0]?.argsHash);
        await store.close();
        expect(existsSync(`${path}-hashkey`)).toBe(false);
      }
      expect(hashes).toEqual([createHmac('sha256', 'fleet secret').update('ab12').digest('hex'), createHmac('sha256', 'fleet secret').update('ab12').digest('hex')]);
    } finally {
      if (before === undefined) delete process.env['CLAIMCHECK_HASH_KEY'];
      else process.env['CLAIMCHECK_HASH_KEY'] = before;
    }
  });
});

describe('openStore: bad files and folders', () => {
  it('a file of garbage bytes is store_corrupt, saying where and what to do', async () => {
    const path = join(dir, 'ledger.sqlite');
    writeFileSync(path, Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919) % 256)));
    const error = await failure(openStore({ path }));
    expect(error.code).toBe('store_corrupt');
    expect(error.message).toContain(path);
    expect(error.message).toMatch(/move it away|CLAIMCHECK_DB/);
    expect(error.data).toMatchObject({ path, action: 'open' });
  });

  it('a ledger whose pages were overwritten is store_corrupt on open or on the first read, never a crash', async () => {
    const path = join(dir, 'ledger.sqlite');
    const store = await openStore({ path, capture: true });
    for (let i = 0; i < 500; i++) store.recordOperation({ tool: `tool_${i % 7}`, status: 'ok', result: 'x'.repeat(200) });
    await store.close();
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(4096 * 20, 0xa5), 0, 4096 * 20, 4096);
    closeSync(fd);
    const error = await failure((async () => {
      const s = await openStore({ path });
      try {
        await s.stats();
        await s.listRuns();
        await s.runDetail('x');
        for await (const _row of s.export()) void _row;
      } finally {
        await s.close().catch(() => undefined);
      }
    })());
    expect(error.code).toBe('store_corrupt');
  });

  it('a path that is a folder is store_io', async () => {
    const path = join(dir, 'ledger.sqlite');
    mkdirSync(path);
    const error = await failure(openStore({ path }));
    expect(error.code).toBe('store_io');
    expect(error.message).toContain('is a folder');
  });

  it('readonly: a missing file is store_not_found; recording throws store_readonly; reading works', async () => {
    const path = join(dir, 'ledger.sqlite');
    expect((await failure(openStore({ path, readonly: true }))).code).toBe('store_not_found');
    expect(existsSync(path)).toBe(false);
    const writer = await openStore({ path });
    writer.recordOperation({ tool: 'a', status: 'ok' });
    await writer.close();
    const reader = await openStore({ path, readonly: true });
    expect(() => reader.recordOperation({ tool: 'a', status: 'ok' })).toThrow(expect.objectContaining({ code: 'store_readonly' }));
    expect((await reader.stats()).calls).toBe(1);
    await reader.close();
  });

  it('a read-only folder is store_readonly (as root, checked in a child process running as nobody)', async () => {
    const folder = join(dir, 'locked');
    mkdirSync(folder);
    chmodSync(dir, 0o755);
    chmodSync(folder, 0o555);
    const path = join(folder, 'ledger.sqlite');
    if (process.getuid?.() !== 0) {
      const error = await failure(openStore({ path }));
      expect(error.code).toBe('store_readonly');
      return;
    }
    const built = buildChildStore();
    try {
      const script = `const { openStore } = await import(STORE_URL);
        try { await openStore({ path: ${JSON.stringify(path)} }); console.log('opened'); }
        catch (e) { console.log(JSON.stringify({ code: e.code, message: e.message })); }`;
      const out = await runChild(script, built.url, { uid: 65534, gid: 65534 });
      expect(out.stderr).toBe('');
      const reported = JSON.parse(out.stdout) as { code: string; message: string };
      expect(reported.code).toBe('store_readonly');
      expect(reported.message).toContain(path);
      expect(reported.message).toContain('permissions');
    } finally {
      built.dispose();
    }
  });

  it('reports a missing better-sqlite3 on a Node.js without node:sqlite as missing_dependency, saying what to install', async () => {
    const importer = () => Promise.reject(Object.assign(new Error("Cannot find package 'better-sqlite3'"), { code: 'ERR_MODULE_NOT_FOUND' }));
    const error = await failure(openSqliteStore({ path: join(dir, 'x.sqlite') }, { importer, builtin: () => undefined }));
    expect(error.code).toBe('missing_dependency');
    expect(error.message).toContain('npm install better-sqlite3@12');
    expect(error.message).toContain('Node.js 22.13 or newer');
    expect(existsSync(join(dir, 'x.sqlite'))).toBe(false);
  });

  it.runIf(nodeSqlite !== undefined)('opens the same ledger through node:sqlite when better-sqlite3 is missing (Node.js 22.13+)', async () => {
    const path = join(dir, 'ledger.sqlite');
    const importer = () => Promise.reject(Object.assign(new Error("Cannot find package 'better-sqlite3'"), { code: 'ERR_MODULE_NOT_FOUND' }));
    const store = await openSqliteStore({ path }, { importer });
    store.startRun({ id: 'r1', tools: ['send_email'] });
    store.recordOperation({ tool: 'send_email', status: 'ok', receiptId: 'm-1' });
    await store.close();
    const reopened = await openStore({ path, readonly: true });
    expect(reopened.schemaVersion).toBe(SCHEMA_VERSION);
    expect(await reopened.counts()).toMatchObject({ runs: 1, operations: 1, tools: 1 });
    await reopened.close();
  });

  it('rejects options out of range with invalid_options', async () => {
    for (const options of [{ maxResultChars: 0 }, { batchSize: 1.5 }, { busyTimeoutMs: -1 }, { flushIntervalMs: 0 }]) {
      expect((await failure(openStore({ path: ':memory:', ...options }))).code).toBe('invalid_options');
    }
  });
});

describe('openStore: locks and full disks', () => {
  it('a lock held past busyTimeoutMs fails the flush with store_locked; the records stay queued and are written later', async () => {
    const path = join(dir, 'ledger.sqlite');
    const errors: ClaimcheckError[] = [];
    const store = await openStore({ path, busyTimeoutMs: 50, onError: (e) => errors.push(e) });
    const other = await openRaw(path);
    other.exec('BEGIN EXCLUSIVE');
    store.recordOperation({ tool: 'send_email', status: 'ok' });
    const error = await failure(store.flush());
    expect(error.code).toBe('store_locked');
    expect(error.message).toContain('50 ms');
    expect((await store.counts()).pending).toBe(2); // the operation and its implicitly started run
    expect(errors.map((e) => e.code)).toEqual(['store_locked']);
    other.exec('COMMIT');
    other.close();
    await store.flush();
    expect(await store.counts()).toMatchObject({ operations: 1, pending: 0 });
    await store.close();
  });

  it('Store.onError: listeners get the write failures too; the default warning is off while one is subscribed', async () => {
    const path = join(dir, 'ledger.sqlite');
    const emitted: string[] = [];
    const onWarning = (w: Error): void => void emitted.push(w.name);
    process.on('warning', onWarning);
    const store = await openStore({ path, batchSize: 1, busyTimeoutMs: 10 });
    store.startRun(); // written at once (batchSize 1), before the lock
    const other = await openRaw(path);
    other.exec('BEGIN EXCLUSIVE');
    const heard: string[] = [];
    const unsubscribe = store.onError((e) => heard.push(e.code));
    store.onError(() => {
      throw new Error('a listener that throws does not break recording');
    });
    store.recordOperation({ tool: 'a', status: 'ok' });
    expect(heard).toEqual(['store_locked']);
    unsubscribe();
    store.recordOperation({ tool: 'b', status: 'ok' });
    expect(heard).toEqual(['store_locked']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(emitted).toEqual([]); // the throwing listener is still subscribed
    expect(() => store.onError('nope' as never)).toThrow(expect.objectContaining({ code: 'invalid_options' }));
    other.exec('COMMIT');
    other.close();
    await store.close();
    process.off('warning', onWarning);
  });

  it('while writes keep failing, records beyond maxPending are dropped, counted, and reported once (then every 10,000)', async () => {
    const path = join(dir, 'ledger.sqlite');
    const errors: ClaimcheckError[] = [];
    const store = await openStore({ path, batchSize: 1, maxPending: 3, busyTimeoutMs: 10, onError: (e) => errors.push(e) });
    const other = await openRaw(path);
    other.exec('BEGIN EXCLUSIVE');
    for (let i = 0; i < 5; i++) store.recordOperation({ tool: 'a', status: 'ok' });
    expect(await store.counts()).toMatchObject({ pending: 3, dropped: 3 });
    expect(errors.filter((e) => e.message.includes('dropped'))).toHaveLength(1);
    other.exec('COMMIT');
    other.close();
    await store.flush();
    expect(await store.counts()).toMatchObject({ runs: 1, operations: 2, pending: 0, dropped: 3 });
    await store.close();
  });

  it('a full database is store_full (injected with a tiny max_page_count); close() says how much is queued and keeps it', async () => {
    const path = join(dir, 'ledger.sqlite');
    let db: Database | undefined;
    const configure = (d: Database): void => {
      db = d;
      d.pragma('max_page_count = 40');
    };
    const store = await openSqliteStore({ path, capture: true, batchSize: 10_000, onError: () => undefined }, { configure });
    for (let i = 0; i < 200; i++) store.recordOperation({ tool: 'upload', status: 'ok', args: { body: 'x'.repeat(2000) } });
    const error = await failure(store.flush());
    expect(error.code).toBe('store_full');
    expect(error.message).toMatch(/disk is full/);
    const closing = await failure(store.close());
    expect(closing.code).toBe('store_full');
    expect(closing.data).toMatchObject({ pending: 201 }); // 200 operations and their run
    db?.pragma('max_page_count = 100000');
    await store.close();
    const reopened = await openStore({ path, readonly: true });
    expect((await reopened.counts()).operations).toBe(200);
    await reopened.close();
  });

  it('a real full disk (a 256 KiB tmpfs, when this process may mount one) is store_full', async (ctx) => {
    const mount = join(dir, 'tiny');
    mkdirSync(mount);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', mount], { stdio: 'ignore' });
    } catch {
      ctx.skip();
    }
    try {
      const errors: ClaimcheckError[] = [];
      const store = await openStore({ path: join(mount, 'ledger.sqlite'), capture: true, batchSize: 50, onError: (e) => errors.push(e) });
      for (let i = 0; i < 400; i++) store.recordOperation({ tool: 'upload', status: 'ok', args: { body: 'y'.repeat(4000) } });
      const error = await failure(store.flush());
      expect(error.code).toBe('store_full');
      expect(errors.length).toBeGreaterThan(0);
      expect((await failure(store.close())).code).toBe('store_full'); // the store stays open with its queue
      execFileSync('mount', ['-o', 'remount,size=16m', mount], { stdio: 'ignore' });
      await store.close();
      const reopened = await openStore({ path: join(mount, 'ledger.sqlite'), readonly: true });
      expect((await reopened.counts()).operations).toBe(400);
      await reopened.close();
    } finally {
      execFileSync('umount', [mount]);
    }
  });

  it('opening a ledger on a disk that is already full is store_full (SQLite says SQLITE_IOERR_SHMSIZE), key file included, and leaves no file behind', async (ctx) => {
    const mount = join(dir, 'full');
    mkdirSync(mount);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mount], { stdio: 'ignore' });
    } catch {
      ctx.skip();
    }
    try {
      const path = join(mount, 'ledger.sqlite');
      const made = await openStore({ path });
      made.recordOperation({ tool: 'send_email', status: 'ok' });
      await made.close();
      const fill = (): void => {
        try {
          execFileSync('dd', ['if=/dev/zero', `of=${join(mount, `fill-${Date.now()}`)}`, 'bs=1k'], { stdio: 'ignore' });
        } catch {
          // dd stops with "No space left on device": the disk is full
        }
      };
      fill();
      for (const readonly of [false, true]) {
        const error = await failure(openStore({ path, readonly }));
        expect({ readonly, code: error.code }).toEqual({ readonly, code: 'store_full' });
        expect(error.message).toMatch(/disk is full/);
      }
      // A new ledger on the full disk: its key file cannot be written either.
      const fresh = join(mount, 'fresh.sqlite');
      expect((await failure(openStore({ path: fresh }))).code).toBe('store_full');
      expect(readdirSync(mount).filter((f) => f.startsWith('fresh.sqlite-hashkey'))).toEqual([]);
    } finally {
      execFileSync('umount', [mount]);
    }
  });
});
