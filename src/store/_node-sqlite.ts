/**
 * Internal: Node.js's built-in `node:sqlite` behind the store's {@link Database}, the fallback driver
 * where better-sqlite3 does not load. It adds what better-sqlite3 has and `node:sqlite` lacks:
 * `pragma()`, `transaction()` (`BEGIN`…`COMMIT`, `ROLLBACK` on a throw, a savepoint when nested), and
 * SQLite's result code names on errors (`node:sqlite` gives `errcode: 5`; the store reads
 * `code: 'SQLITE_BUSY'`).
 * @see https://nodejs.org/api/sqlite.html
 */
import { existsSync } from 'node:fs';
import type { Database, Driver, OpenOptions, Statement, Transaction } from './_driver.js';
import { sqliteCodeName } from './_sqlite-codes.js';

/** The part of `node:sqlite` used here (typed locally: the project builds against Node.js 20's types, which have none). */
export interface NodeSqliteModule {
  DatabaseSync: new (path: string, options?: { readOnly?: boolean; timeout?: number }) => DatabaseSync;
}

interface DatabaseSync {
  readonly isOpen: boolean;
  readonly isTransaction: boolean;
  prepare(sql: string): Statement;
  exec(sql: string): void;
  close(): void;
}

/** An error from SQLite, shaped as better-sqlite3's `SqliteError`: the message and the result code's name. */
export class SqliteError extends Error {
  override readonly name = 'SqliteError';
  constructor(
    message: string,
    readonly code: string,
    options?: { cause: unknown },
  ) {
    super(message, options);
  }
}

/** The driver over `mod`. */
export function nodeSqliteDriver(mod: NodeSqliteModule): Driver {
  return {
    name: 'node:sqlite',
    version: process.versions['sqlite'] ?? null,
    passedOver: null,
    open: (path, options) => new NodeSqliteDatabase(mod, path, options),
  };
}

class NodeSqliteDatabase implements Database {
  readonly #db: DatabaseSync;

  constructor(mod: NodeSqliteModule, path: string, options: OpenOptions) {
    if (options.fileMustExist && path !== ':memory:' && !existsSync(path)) {
      throw new SqliteError('unable to open database file', 'SQLITE_CANTOPEN');
    }
    this.#db = sqlite(() => new mod.DatabaseSync(path, { readOnly: options.readonly, timeout: options.timeout }));
  }

  prepare(sql: string): Statement {
    const statement = sqlite(() => this.#db.prepare(sql));
    return {
      run: (...params) => sqlite(() => statement.run(...params)),
      get: (...params) => sqlite(() => statement.get(...params)),
      all: (...params) => sqlite(() => statement.all(...params)),
    };
  }

  exec(sql: string): void {
    sqlite(() => this.#db.exec(sql));
  }

  pragma(source: string, options: { simple?: boolean } = {}): unknown {
    const rows = this.prepare(`PRAGMA ${source}`).all() as Record<string, unknown>[];
    if (options.simple !== true) return rows;
    const first = rows[0];
    return first === undefined ? undefined : Object.values(first)[0];
  }

  transaction<A extends unknown[], R>(fn: (...args: A) => R): Transaction<A, R> {
    const begin =
      (sql: string) =>
      (...args: A): R => {
        const nested = this.#db.isTransaction;
        this.exec(nested ? 'SAVEPOINT claimcheck' : sql);
        try {
          const result = fn(...args);
          this.exec(nested ? 'RELEASE claimcheck' : 'COMMIT');
          return result;
        } catch (error) {
          this.#rollback(nested);
          throw error;
        }
      };
    return Object.assign(begin('BEGIN'), {
      deferred: begin('BEGIN DEFERRED'),
      immediate: begin('BEGIN IMMEDIATE'),
      exclusive: begin('BEGIN EXCLUSIVE'),
    });
  }

  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }

  /** Undo a failed transaction (or savepoint) unless SQLite already did. */
  #rollback(nested: boolean): void {
    if (!this.#db.isTransaction) return;
    try {
      this.#db.exec(nested ? 'ROLLBACK TO claimcheck; RELEASE claimcheck' : 'ROLLBACK');
    } catch {
      // The first error is the one to report.
    }
  }
}

/** Runs `fn`, giving a `node:sqlite` error the name of its result code as `code` (see {@link SqliteError}). */
function sqlite<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    const e = error as { code?: unknown; errcode?: unknown; message?: unknown } | null;
    const code = e?.code === 'ERR_SQLITE_ERROR' && typeof e.errcode === 'number' ? sqliteCodeName(e.errcode) : null;
    if (code === null) throw error;
    throw new SqliteError(String(e?.message), code, { cause: error });
  }
}
