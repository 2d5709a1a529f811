/**
 * Internal: what `pg` throws, as a `ClaimcheckError` naming the ledger (its URL without the password)
 * and the fix. Codes are PostgreSQL's SQLSTATE (`53100`…) or Node.js's (`ECONNREFUSED`…).
 */
import { ClaimcheckError, type ClaimcheckErrorCode } from '../errors.js';
import type { StoreAction } from './_sqlite-errors.js';

export function toPgStoreError(error: unknown, url: string, action: StoreAction): ClaimcheckError {
  if (ClaimcheckError.isInstance(error)) return error;
  const raw = (error as { code?: unknown } | null)?.code;
  // pg-pool's own "timeout exceeded when trying to connect" (no code): every client of the pool is busy.
  const poolTimeout = raw === undefined && error instanceof Error && /^timeout exceeded when trying to connect/i.test(error.message);
  const code = typeof raw === 'string' ? raw : poolTimeout ? 'pool_timeout' : isStalled(error) ? 'query_timeout' : null;
  const text = error instanceof Error ? error.message : String(error);
  const [claimcheckCode, hint] = classify(code ?? '');
  return new ClaimcheckError(claimcheckCode, `Could not ${action} the claimcheck ledger ${url}: ${text}${code === null ? '' : ` (${code})`}. ${hint}`, {
    cause: error,
    data: { path: url, action, cause: code },
  });
}

/** `pg`'s client-side `query_timeout` ran out: the server did not answer on an open connection. */
export function isStalled(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === undefined && error.message === 'Query read timeout';
}

function classify(c: string): [ClaimcheckErrorCode, string] {
  if (c === 'query_timeout') {
    return ['store_io', 'The server stopped answering on an open connection (no answer within busyTimeoutMs + 1 s): the connection was dropped, and the write is retried on a new one. Check that the server and the network to it are up.'];
  }
  if (c === '53100') return ['store_full', "The database server's disk is full. Free space on the server."];
  if (c === '55P03' || c === '57014' || c === '40P01') return ['store_locked', 'A lock or a statement timeout stopped the write; it is retried.'];
  if (c === '42501' || c === '25006') return ['store_readonly', 'This database user cannot write these tables. Grant it INSERT and UPDATE, or use another user.'];
  if (c === '53300' || c === 'pool_timeout') {
    return ['store_io', "Every connection is taken (the server's max_connections, the database's or user's CONNECTION LIMIT, or this process's pool of 4 busy); the write is retried. Raise the limit, or use fewer workers or a pooler (PgBouncer)."];
  }
  if (c === '3D000') return ['store_not_found', 'The database does not exist: create it (createdb) or fix the URL in CLAIMCHECK_DB.'];
  return ['store_io', 'Check that the PostgreSQL server is up and reachable at this URL (pg_isready), and the credentials.'];
}

/** `url` without its password, for messages and `Store.path`. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== '') u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://(unparseable URL)';
  }
}
