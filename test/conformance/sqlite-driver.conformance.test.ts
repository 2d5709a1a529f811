// The store's SQLite drivers keep one contract (the calls the store makes, their transactions, and
// the result code names its error mapping reads). Each driver this Node.js can load runs it:
// better-sqlite3 on the Node.js its addon was built for, node:sqlite on Node.js 22.13+.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDriver, type Database, type Driver } from '../../src/store/_driver.js';

const missing = (): Promise<never> => Promise.reject(Object.assign(new Error("Cannot find package 'better-sqlite3'"), { code: 'ERR_MODULE_NOT_FOUND' }));
const drivers: Driver[] = [
  await loadDriver({ builtin: () => undefined }).catch(() => undefined),
  process.getBuiltinModule?.('node:sqlite') === undefined ? undefined : await loadDriver({ importer: missing }),
].filter((d) => d !== undefined);

const dir = mkdtempSync(join(tmpdir(), 'claimcheck-driver-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const newFile = (): string => join(dir, `db-${files++}.sqlite`);

/** What `fn` throws: its name, SQLite result code name and message. */
function thrown(fn: () => unknown): { name: string; code: unknown; message: string } {
  try {
    fn();
  } catch (error) {
    const e = error as Error & { code?: unknown };
    return { name: e.name, code: e.code, message: e.message };
  }
  throw new Error('expected a throw');
}

it('this Node.js loads at least one store driver', () => {
  expect(drivers.length).toBeGreaterThan(0);
});

describe.each(drivers.map((d) => [d.name, d] as const))('conformance: SQLite driver %s', (_name, driver) => {
  const open = (path = newFile(), options: { readonly?: boolean; timeout?: number } = {}): Database =>
    driver.open(path, { readonly: options.readonly === true, fileMustExist: options.readonly === true, timeout: options.timeout ?? 5_000 });

  it('prepares and runs statements; pragma gives rows, or with simple one value', () => {
    const db = open();
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT) STRICT');
    const insert = db.prepare('INSERT INTO t (name) VALUES (?)');
    insert.run('a');
    insert.run(null);
    expect(db.prepare('SELECT id, name FROM t ORDER BY id').all()).toEqual([{ id: 1, name: 'a' }, { id: 2, name: null }]);
    expect(db.prepare('SELECT name FROM t WHERE id = ?').get(1)).toEqual({ name: 'a' });
    expect(db.prepare('SELECT name FROM t WHERE id = ?').get(99)).toBeUndefined();
    expect(db.pragma('journal_mode = WAL', { simple: true })).toBe('wal');
    db.pragma('user_version = 7');
    expect(db.pragma('user_version', { simple: true })).toBe(7);
    expect(db.pragma('user_version')).toEqual([{ user_version: 7 }]);
    db.close();
    db.close(); // twice is harmless
  });

  it('transaction: commits what the function did, rolls it all back when it throws, nests as a savepoint', () => {
    const db = open();
    db.exec('CREATE TABLE t (n INTEGER NOT NULL)');
    const insert = db.prepare('INSERT INTO t VALUES (?)');
    const count = (): unknown => (db.prepare('SELECT count(*) AS n FROM t').get() as { n: unknown }).n;
    const many = db.transaction((values: number[]) => {
      for (const v of values) insert.run(v);
      return values.length;
    });
    expect(many.immediate([1, 2])).toBe(2);
    expect(many([3])).toBe(1);
    expect(count()).toBe(3);
    expect(() => many.deferred([4, null as never])).toThrow();
    expect(count()).toBe(3); // the 4 went with the failing insert
    const outer = db.transaction(() => {
      insert.run(10);
      expect(() => many([11, null as never])).toThrow(); // the nested one rolls back to its savepoint
      insert.run(12);
    });
    outer.exclusive();
    expect(db.prepare('SELECT n FROM t WHERE n >= 10 ORDER BY n').all()).toEqual([{ n: 10 }, { n: 12 }]);
    db.exec('BEGIN');
    db.exec('ROLLBACK'); // no transaction was left open
    db.close();
  });

  it('a lock held past the busy timeout is SQLITE_BUSY; BEGIN IMMEDIATE waits for it within the timeout', () => {
    const path = newFile();
    const holder = open(path);
    holder.pragma('journal_mode = WAL');
    holder.exec('CREATE TABLE t (n INTEGER)');
    const waiter = open(path, { timeout: 30 });
    holder.exec('BEGIN EXCLUSIVE');
    const write = waiter.transaction(() => waiter.prepare('INSERT INTO t VALUES (1)').run());
    const started = Date.now();
    expect(thrown(() => write.immediate())).toMatchObject({ name: 'SqliteError', code: 'SQLITE_BUSY', message: 'database is locked' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    holder.exec('COMMIT');
    write.immediate();
    expect(holder.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 1 });
    holder.close();
    waiter.close();
  });

  it('names the failures the store maps: NOTADB, FULL, READONLY, CANTOPEN, CONSTRAINT', () => {
    const garbage = newFile();
    writeFileSync(garbage, Buffer.alloc(8192, 0xa5));
    expect(thrown(() => open(garbage).pragma('user_version'))).toMatchObject({ code: 'SQLITE_NOTADB', message: 'file is not a database' });

    const full = open();
    full.pragma('max_page_count = 4');
    full.exec('CREATE TABLE t (body TEXT)');
    const insert = full.prepare('INSERT INTO t VALUES (?)');
    expect(thrown(() => { for (let i = 0; i < 100; i++) insert.run('x'.repeat(2000)); })).toMatchObject({ code: 'SQLITE_FULL' });
    full.close();

    const path = newFile();
    open(path).exec('CREATE TABLE t (id INTEGER PRIMARY KEY)');
    const reader = open(path, { readonly: true });
    expect(thrown(() => reader.exec('INSERT INTO t VALUES (1)'))).toMatchObject({ code: expect.stringMatching(/^SQLITE_READONLY/) });
    reader.close();
    expect(thrown(() => open(join(dir, 'missing.sqlite'), { readonly: true }))).toMatchObject({ code: 'SQLITE_CANTOPEN' });

    const db = open(path);
    db.exec('INSERT INTO t VALUES (1)');
    expect(thrown(() => db.exec('INSERT INTO t VALUES (1)'))).toMatchObject({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY', message: 'UNIQUE constraint failed: t.id' });
    expect(thrown(() => db.exec('SELEC 1'))).toMatchObject({ code: 'SQLITE_ERROR', message: 'near "SELEC": syntax error' });
    db.close();
  });
});
