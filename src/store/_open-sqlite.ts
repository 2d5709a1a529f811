/**
 * Internal: the steps of `openStore` for SQLite, with hooks for tests (drivers that fail to load,
 * a connection setting such as a tiny `max_page_count` to simulate a full disk).
 */
import { accessSync, constants, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { ClaimcheckError } from '../errors.js';
import { loadDriver, type Database, type DriverSources } from './_driver.js';
import { migrate } from './_schema.js';
import { toStoreError } from './_sqlite-errors.js';
import { SqliteStore } from './_sqlite-store.js';
import type { OpenStoreOptions } from './open-store.js';
import { resolveStorePath, STORE_DIR } from './resolve-store-path.js';

/** Test hooks of {@link openSqliteStore}. */
export interface OpenHooks extends DriverSources {
  /** Runs on the open connection before the schema is checked. */
  configure?: (db: Database) => void;
}

export async function openSqliteStore(options: OpenStoreOptions, hooks: OpenHooks = {}): Promise<SqliteStore> {
  const readonly = options.readonly === true;
  const capture = options.capture === true;
  const maxResultChars = int(options.maxResultChars, 100_000, 1, 'maxResultChars');
  const busyTimeoutMs = int(options.busyTimeoutMs, 5_000, 0, 'busyTimeoutMs');
  const batchSize = int(options.batchSize, 500, 1, 'batchSize');
  const flushIntervalMs = int(options.flushIntervalMs, 250, 1, 'flushIntervalMs');
  const maxPending = Math.max(int(options.maxPending, 100_000, 1, 'maxPending'), batchSize);
  const memory = options.path === ':memory:';
  const path = memory ? ':memory:' : resolve(options.path ?? resolveStorePath().path);

  const driver = await loadDriver(hooks);
  if (!memory) prepareFile(path, readonly, busyTimeoutMs);

  let db: Database | undefined;
  try {
    db = driver.open(path, { readonly, fileMustExist: readonly, timeout: busyTimeoutMs });
    if (!readonly && !memory) db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    hooks.configure?.(db);
    const schemaVersion = migrate(db, { path, readonly });
    if (!readonly) optimize(db);
    return new SqliteStore(db, {
      path,
      schemaVersion,
      readonly,
      capture,
      maxResultChars,
      busyTimeoutMs,
      batchSize,
      flushIntervalMs,
      maxPending,
      onError: options.onError,
      warn: warnOncePerCode(),
    });
  } catch (error) {
    try {
      db?.close();
    } catch {
      // Already failing; the first error is the one to report.
    }
    throw toStoreError(error, path, 'open', busyTimeoutMs);
  }
}

/** Checks the path and creates its folder, so failures get a message naming the real cause. */
function prepareFile(path: string, readonly: boolean, busyTimeoutMs: number): void {
  try {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory()) throw Object.assign(new Error(`${path} is a folder, not a file`), { code: 'EISDIR' });
    if (readonly) {
      if (stat === undefined) {
        throw new ClaimcheckError('store_not_found', `No claimcheck ledger at ${path}: nothing has been recorded there yet. Record with a store opened without readonly, or set CLAIMCHECK_DB to the ledger's path.`, { data: { path } });
      }
      return;
    }
    const dir = dirname(path);
    if (!existsSync(dir)) {
      mkdirSync(dir, { recursive: true });
      if (basename(dir) === STORE_DIR) writeFileSync(resolve(dir, '.gitignore'), '# claimcheck ledger: local data, not source\n*\n');
    }
    accessSync(dir, constants.W_OK);
    if (stat !== undefined) accessSync(path, constants.R_OK | constants.W_OK);
  } catch (error) {
    throw toStoreError(error, path, 'open', busyTimeoutMs);
  }
}

/** Refresh the query planner's statistics where they are stale (bounded work); skipped when another process holds the lock. */
function optimize(db: Database): void {
  try {
    db.pragma('analysis_limit = 1000');
    db.pragma('optimize = 0x10002');
  } catch {
    // Only a planner hint.
  }
}

function int(value: number | undefined, fallback: number, min: number, name: string): number {
  if (value === undefined) return fallback;
  if (Number.isInteger(value) && value >= min) return value;
  throw new ClaimcheckError('invalid_options', `openStore option ${name} must be an integer ≥ ${min}, got ${String(value)}.`);
}

function warnOncePerCode(): (error: ClaimcheckError) => void {
  const seen = new Set<string>();
  return (error) => {
    if (seen.has(error.code)) return;
    seen.add(error.code);
    process.emitWarning(error.message, { type: 'ClaimcheckWarning', code: error.code });
  };
}
