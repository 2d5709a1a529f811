/**
 * Internal: turns what SQLite or the file system throws into a `ClaimcheckError` whose message says
 * what failed, on which file, and how to fix it.
 */
import { ClaimcheckError, type ClaimcheckErrorCode } from '../errors.js';

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
  if (c.startsWith('SQLITE_FULL') || c === 'ENOSPC' || c === 'EDQUOT') {
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
