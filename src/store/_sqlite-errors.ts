/**
 * Internal: turns what SQLite or the file system throws into a `ClaimcheckError` whose message says
 * what failed, on which file, and how to fix it.
 */
import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { ClaimcheckError, type ClaimcheckErrorCode } from '../errors.js';

/**
 * Free space below which an I/O error is read as a full disk: SQLite grows the `-shm` index by 32 KiB
 * and writes the WAL a page at a time, so a disk with less than this left fails them with a generic
 * `SQLITE_IOERR_*` (`SHMSIZE`, `WRITE`, `FSYNC`…) rather than `SQLITE_FULL`.
 */
const FULL_BELOW_BYTES = 1024 * 1024;

/** What the store was doing: `open` (create, open, migrate), `write` (a batch) or `read` (a query). */
export type StoreAction = 'open' | 'write' | 'read';

/** `data` of the store's errors. */
export interface StoreErrorData {
  path: string;
  action: StoreAction;
  /** SQLite's extended result code (`SQLITE_BUSY`...) or the Node.js error code (`EACCES`...), when there is one. */
  cause: string | null;
}

/** The `ClaimcheckError` for `error` thrown while doing `action` on `path`; a `ClaimcheckError` passes through. */
export function toStoreError(error: unknown, path: string, action: StoreAction, busyTimeoutMs: number): ClaimcheckError {
  if (ClaimcheckError.isInstance(error)) return error;
  const raw = (error as { code?: unknown } | null)?.code;
  const code = typeof raw === 'string' ? raw : null;
  const text = error instanceof Error ? error.message : String(error);
  const [claimcheckCode, hint] = classify(code, text, path, busyTimeoutMs);
  const data: StoreErrorData = { path, action, cause: code };
  return new ClaimcheckError(claimcheckCode, `Could not ${action} the claimcheck ledger ${path}: ${text}${code === null ? '' : ` (${code})`}. ${hint}`, {
    cause: error,
    data,
  });
}

function classify(code: string | null, text: string, path: string, busyTimeoutMs: number): [ClaimcheckErrorCode, string] {
  const c = code ?? '';
  if (c.startsWith('SQLITE_NOTADB') || c.startsWith('SQLITE_CORRUPT') || /file is not a database|malformed/i.test(text)) {
    return ['store_corrupt', 'The file is not a SQLite database or is damaged: move it away (claimcheck starts a new ledger) or point CLAIMCHECK_DB at another file.'];
  }
  if (c.startsWith('SQLITE_BUSY') || c.startsWith('SQLITE_LOCKED')) {
    return ['store_locked', `Another process held the database lock for more than ${busyTimeoutMs} ms. Retry, raise the store's busyTimeoutMs, or find the process holding ${path} (e.g. with lsof).`];
  }
  if (c.startsWith('SQLITE_FULL') || c === 'ENOSPC' || c === 'EDQUOT' || (c.startsWith('SQLITE_IOERR') && diskIsFull(path))) {
    return ['store_full', 'The disk is full. Free some space, or point CLAIMCHECK_DB at a file on another disk.'];
  }
  if (c.startsWith('SQLITE_READONLY') || c === 'EACCES' || c === 'EPERM' || c === 'EROFS' || /readonly|read-only/i.test(text)) {
    return ['store_readonly', 'The file or its folder cannot be written by this user. Fix the permissions, or point CLAIMCHECK_DB at a writable file.'];
  }
  if (c === 'SQLITE_CANTOPEN' || c === 'EISDIR' || c === 'ENOTDIR' || c === 'ENOENT') {
    return ['store_io', 'The path is not a file that can be created or opened (a folder, or a missing or read-only parent?). Point CLAIMCHECK_DB at a file path in a writable folder.'];
  }
  return ['store_io', 'Check the file and its folder, or point CLAIMCHECK_DB at another file.'];
}

/**
 * The disk holding the ledger at `path` has less than {@link FULL_BELOW_BYTES} free for this user
 * (`statfs`'s available blocks); `false` when that cannot be read (an in-memory store, a path gone).
 */
export function diskIsFull(path: string): boolean {
  if (path === ':memory:' || path === '') return false;
  try {
    const fs = statfsSync(dirname(path));
    return fs.bavail * fs.bsize < FULL_BELOW_BYTES;
  } catch {
    return false;
  }
}
