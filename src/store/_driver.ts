/**
 * Internal: the store's SQLite driver, chosen when a store is first opened (so importing claimcheck
 * never loads a native module). `better-sqlite3`, the optional peer dependency, comes first; when it
 * is missing or its native addon does not load (built for another Node.js version), the store falls
 * back to Node.js's built-in `node:sqlite` (22.13 and newer, or 22.5 with `--experimental-sqlite`).
 * Both are used through {@link Database}: the few calls the store makes, typed so that a
 * `better-sqlite3` connection is one as it is.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ClaimcheckError } from '../errors.js';
import { nodeSqliteDriver, type NodeSqliteModule } from './_node-sqlite.js';

/** A prepared statement: bind the parameters, run it, and get the first row, every row, or nothing. */
export interface Statement {
  run(...params: unknown[]): unknown;
  /** The first row, `undefined` when there is none. */
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

/** `fn` wrapped in a transaction: `BEGIN` (deferred) when called, or the named kind; a savepoint when nested. */
export interface Transaction<A extends unknown[], R> {
  (...args: A): R;
  deferred(...args: A): R;
  immediate(...args: A): R;
  exclusive(...args: A): R;
}

/** An open connection. Errors from SQLite carry its result code name as `code` (`SQLITE_BUSY`...). */
export interface Database {
  prepare(sql: string): Statement;
  exec(sql: string): void;
  /** `PRAGMA source`: its rows, or with `simple` the first column of the first row. */
  pragma(source: string, options?: { simple?: boolean }): unknown;
  /** Commits when `fn` returns, rolls back when it throws. */
  transaction<A extends unknown[], R>(fn: (...args: A) => R): Transaction<A, R>;
  close(): void;
}

/** How to open a connection. */
export interface OpenOptions {
  readonly: boolean;
  /** Fail instead of creating the file. */
  fileMustExist: boolean;
  /** Busy timeout: how long a statement waits for another connection's lock, in ms. */
  timeout: number;
}

export type DriverName = 'better-sqlite3' | 'node:sqlite';

/** A loaded driver. */
export interface Driver {
  name: DriverName;
  /** better-sqlite3's package version; for node:sqlite, the SQLite version built into Node.js. */
  version: string | null;
  /** better-sqlite3, when it was tried first and did not load (so this is node:sqlite), and why (`not installed` or its load error). */
  passedOver: { name: 'better-sqlite3'; version: string | null; error: string } | null;
  open(path: string, options: OpenOptions): Database;
}

/** Imports `better-sqlite3`; replaced in tests to simulate a missing install or a broken addon. */
export type DriverImporter = () => Promise<{ default: typeof BetterSqlite3 }>;

/** Where the drivers come from; each replaceable in tests. */
export interface DriverSources {
  importer?: DriverImporter;
  /** `node:sqlite`, or `undefined` where this Node.js has none. */
  builtin?: () => NodeSqliteModule | undefined;
}

const importDriver: DriverImporter = () => import('better-sqlite3');
const builtinSqlite = (): NodeSqliteModule | undefined => {
  try {
    const mod = process.getBuiltinModule?.('node:sqlite') as Partial<NodeSqliteModule> | undefined;
    return typeof mod?.DatabaseSync === 'function' ? (mod as NodeSqliteModule) : undefined;
  } catch {
    return undefined;
  }
};

let cached: Driver | undefined;

/**
 * The store's driver, loaded on first use: better-sqlite3 when it loads, else node:sqlite.
 * @throws ClaimcheckError `missing_dependency` when better-sqlite3 is not installed or its native
 *   addon does not load (built for another Node.js version, unsupported platform), and this Node.js
 *   has no `node:sqlite`; `data`: `{dependency: 'better-sqlite3', installed, fix}`, where `fix` is the one
 *   command that helps (`npm install better-sqlite3@12` when not installed, else `npm rebuild better-sqlite3`).
 */
export async function loadDriver(sources: DriverSources = {}): Promise<Driver> {
  const importer = sources.importer ?? importDriver;
  const builtin = sources.builtin ?? builtinSqlite;
  const defaults = importer === importDriver && builtin === builtinSqlite;
  if (defaults && cached !== undefined) return cached;
  let driver: Driver;
  try {
    const Ctor = (await importer()).default;
    if (typeof Ctor !== 'function') throw new TypeError('better-sqlite3 has no default export');
    new Ctor(':memory:').close(); // the native addon loads on first use, not on import
    driver = { name: 'better-sqlite3', version: betterSqlite3Version(), passedOver: null, open: (path, o) => new Ctor(path, o) };
  } catch (cause) {
    const notInstalled = (cause as { code?: unknown } | null)?.code === 'ERR_MODULE_NOT_FOUND';
    const message = cause instanceof Error ? cause.message : String(cause);
    const why = notInstalled ? 'it is not installed' : `it did not load (${message.split('\n')[0]})`;
    const fallback = builtin();
    if (fallback === undefined) {
      // One way out for the case at hand: install what is missing, or rebuild what is installed but does not load.
      const fix = notInstalled ? 'npm install better-sqlite3@12' : 'npm rebuild better-sqlite3';
      throw new ClaimcheckError(
        'missing_dependency',
        `The claimcheck store needs the optional dependency better-sqlite3, but ${why}: ${fix} ` +
          '(or run Node.js 22.13 or newer, whose built-in node:sqlite the store uses when better-sqlite3 does not load).',
        { cause, data: { dependency: 'better-sqlite3', installed: !notInstalled, fix } },
      );
    }
    const error = notInstalled ? 'not installed' : message.split('\n').map((line) => line.trim()).filter((line) => line !== '').join(' ');
    driver = { ...nodeSqliteDriver(fallback), passedOver: { name: 'better-sqlite3', version: betterSqlite3Version(), error } };
  }
  if (defaults) cached = driver;
  return driver;
}

/** The installed better-sqlite3's version; `null` when it is not installed. */
export function betterSqlite3Version(): string | null {
  try {
    const path = createRequire(import.meta.url).resolve('better-sqlite3/package.json');
    const version = (JSON.parse(readFileSync(path, 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' ? version : null;
  } catch {
    return null;
  }
}
