/**
 * Internal: the steps of `openStore` for SQLite, with hooks for tests (drivers that fail to load,
 * a connection setting such as a tiny `max_page_count` to simulate a full disk).
 */
import { accessSync, constants, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { resolveHashKey } from './_hash-key.js';
import { optimize } from './_optimize.js';
import { ClaimcheckError } from '../errors.js';
import { loadDriver, type Database, type DriverSources } from './_driver.js';
import { migrate } from './_schema.js';
import { toStoreError } from './_sqlite-errors.js';
import { SqliteStore } from './_sqlite-store.js';
import type { OpenStoreOptions } from './open-store.js';
import { resolveStorePath, STORE_DIR } from './resolve-store-path.js';
import { assertRegularFile } from './_regular-file.js';

/** Test hooks of {@link openSqliteStore}. */
export interface OpenHooks extends DriverSources {
  /** Runs on the open connection before the schema is checked. */
  configure?: (db: Database) => void;
}

/** The numeric options of `openStore`, checked, with their defaults. @throws ClaimcheckError `invalid_options`. */
export function storeSettings(options: OpenStoreOptions): { maxResultChars: number; busyTimeoutMs: number; batchSize: number; flushIntervalMs: number; maxPending: number; writeWaitMs: number } {
  const maxResultChars = int(options.maxResultChars, 100_000, 1, 'maxResultChars');
  const busyTimeoutMs = int(options.busyTimeoutMs, 5_000, 0, 'busyTimeoutMs');
  const batchSize = int(options.batchSize, 500, 1, 'batchSize');
  const flushIntervalMs = int(options.flushIntervalMs, 250, 1, 'flushIntervalMs');
  const maxPending = Math.max(int(options.maxPending, 100_000, 1, 'maxPending'), batchSize);
  const writeWaitMs = Math.min(int(options.writeWaitMs, 20, 0, 'writeWaitMs'), busyTimeoutMs);
  return { maxResultChars, busyTimeoutMs, batchSize, flushIntervalMs, maxPending, writeWaitMs };
}

export async function openSqliteStore(options: OpenStoreOptions, hooks: OpenHooks = {}): Promise<SqliteStore> {
  const readonly = options.readonly === true;
  const capture = options.capture === true;
  const { maxResultChars, busyTimeoutMs, batchSize, flushIntervalMs, maxPending, writeWaitMs } = storeSettings(options);
  const memory = options.path === ':memory:';
  const path = memory ? ':memory:' : resolve(options.path ?? resolveStorePath().path);

  const driver = await loadDriver(hooks);
  if (!memory) prepareFile(path, readonly, busyTimeoutMs);
  const hashKey = readonly ? NO_KEY : resolveHashKey(path);
  // A read-only ledger in a folder this user cannot write, with no shared-memory file left by a
  // writer: SQLite cannot open a WAL database there, so it is read from a private copy.
  const snapshot = readonly && !memory && needsSnapshot(path) ? copyForReading(path, busyTimeoutMs) : undefined;

  let db: Database | undefined;
  try {
    db = driver.open(snapshot?.path ?? path, { readonly, fileMustExist: readonly, timeout: busyTimeoutMs });
    if (!readonly && !memory) db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    hooks.configure?.(db);
    const schemaVersion = migrate(db, { path, readonly, hashKey });
    if (!readonly) optimize(db, busyTimeoutMs);
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
      writeWaitMs,
      hmac: hashKey.hmac,
      ...(snapshot === undefined ? {} : { onClose: snapshot.dispose }),
      onError: options.onError,
      warn: warnOncePerCode(),
    });
  } catch (error) {
    try {
      db?.close();
    } catch {
      // Already failing; the first error is the one to report.
    }
    snapshot?.dispose();
    throw toStoreError(error, path, 'open', busyTimeoutMs);
  }
}

/** Checks the path and creates its folder, so failures get a message naming the real cause. */
function prepareFile(path: string, readonly: boolean, busyTimeoutMs: number): void {
  try {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory()) throw Object.assign(new Error(`${path} is a folder, not a file`), { code: 'EISDIR' });
    assertRegularFile(path);
    if (readonly) {
      if (stat === undefined) {
        throw new ClaimcheckError('store_not_found', `No claimcheck ledger at ${path}: nothing has been recorded there yet. Record with a store opened without readonly, or set CLAIMCHECK_DB to the ledger's path.`, { data: { path } });
      }
      return;
    }
    const dir = dirname(path);
    if (!existsSync(dir)) {
      makeFolders(dir);
      if (basename(dir) === STORE_DIR) writeFileSync(resolve(dir, '.gitignore'), '# claimcheck ledger: local data, not source\n*\n');
    }
    // A file where the folder should be: said here on every Node.js (from 22 on, statSync with
    // throwIfNoEntry: false answers undefined for ENOTDIR too, and the next file opened would fail instead).
    if (!statSync(dir).isDirectory()) throw Object.assign(new Error(`ENOTDIR: not a directory: ${dir} is a file`), { code: 'ENOTDIR' });
    accessSync(dir, constants.W_OK);
    if (stat !== undefined) accessSync(path, constants.R_OK | constants.W_OK);
  } catch (error) {
    throw toStoreError(error, path, 'open', busyTimeoutMs);
  }
}

/** A readonly store writes nothing, so it hashes nothing. */
const NO_KEY = { hmac: (): string => '' };

/** Whether `path` can only be read through a copy: its folder is not writable and no writer left a `-shm` file to share. */
function needsSnapshot(path: string): boolean {
  if (existsSync(`${path}-shm`)) return false;
  try {
    accessSync(dirname(path), constants.W_OK);
    return false;
  } catch {
    return true;
  }
}

/** Copies the ledger (and its write-ahead log, if any) into a private temporary folder. */
function copyForReading(path: string, busyTimeoutMs: number): { path: string; dispose: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'claimcheck-read-'));
  const copy = join(dir, basename(path));
  try {
    copyFileSync(path, copy);
    if (existsSync(`${path}-wal`)) copyFileSync(`${path}-wal`, `${copy}-wal`);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw toStoreError(error, path, 'open', busyTimeoutMs);
  }
  return { path: copy, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Creates `dir` and its missing parents one level at a time. Node.js's `mkdirSync(..., { recursive: true })`
 * loops forever on some paths (`/proc/nope/x`: the parent exists but refuses children with ENOENT);
 * here every level is tried once, so such a path fails with the parent's error.
 */
function makeFolders(dir: string): void {
  const missing: string[] = [];
  for (let d = dir; !existsSync(d); d = dirname(d)) {
    missing.push(d);
    if (dirname(d) === d) break;
  }
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error; // another process made it first
    }
  }
}

function int(value: number | undefined, fallback: number, min: number, name: string): number {
  if (value === undefined) return fallback;
  if (Number.isInteger(value) && value >= min) return value;
  throw new ClaimcheckError('invalid_options', `openStore option ${name} must be an integer ≥ ${min}, got ${String(value)}.`);
}

export function warnOncePerCode(): (error: ClaimcheckError) => void {
  const seen = new Set<string>();
  return (error) => {
    if (seen.has(error.code)) return;
    seen.add(error.code);
    process.emitWarning(error.message, { type: 'ClaimcheckWarning', code: error.code });
  };
}
