/**
 * Internal: which ledger the inspection commands (`view`, `stats`, `export`, `diagnostic`) read, and
 * opening it read-only. `--db` wins, else `CLAIMCHECK_DB`, else `resolveStorePath()`. The store module
 * is imported here, lazily, so `claimcheck check` never loads it (nor `better-sqlite3`).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Store } from '../store.js';
import type { Sinks } from './check-command.js';

/** Options every ledger command takes. */
export interface LedgerOptions {
  /** Path of the SQLite ledger (`--db`). Default: `CLAIMCHECK_DB`, else the project's or home ledger. */
  db?: string;
  /** Environment to read `CLAIMCHECK_DB` from. Default `process.env` (tests pass their own). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Folder the project search starts from. Default `process.cwd()`. */
  cwd?: string;
}

/** Where the ledger is and why. */
export interface LedgerLocation {
  path: string;
  /** `flag` for `--db`; else `resolveStorePath`'s source. */
  source: 'flag' | 'env' | 'project' | 'home';
  reason: string;
}

/** An open ledger; `missing` when there is no file yet and `store` is an empty in-memory one. */
export interface OpenLedger {
  store: Store;
  location: LedgerLocation;
  missing: boolean;
}

/** Whether `location` is a PostgreSQL URL rather than a file path. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(location);
}

/** Where the ledger is, without touching it. */
export async function locateLedger(options: LedgerOptions): Promise<LedgerLocation> {
  const cwd = options.cwd ?? process.cwd();
  if (options.db !== undefined && options.db.trim() !== '') {
    if (isPostgresUrl(options.db)) return { path: options.db, source: 'flag', reason: '--db names a PostgreSQL database' };
    return { path: resolve(cwd, options.db), source: 'flag', reason: `--db ${options.db} was given` };
  }
  const { resolveStorePath } = await import('../store.js');
  const { path, source, reason } = resolveStorePath({ cwd, ...(options.env === undefined ? {} : { env: options.env }) });
  return { path, source, reason };
}

/**
 * Opens the ledger read-only (nothing is created, migrated or written). A missing file is not an
 * error: `err` gets a note saying so, and the store is an empty in-memory ledger.
 * @throws ClaimcheckError the store's: `store_corrupt`, `store_version`, `store_locked`, `missing_dependency`...
 */
export async function openLedger(command: string, options: LedgerOptions, sinks: Sinks): Promise<OpenLedger> {
  const location = await locateLedger(options);
  const { openStore } = await import('../store.js');
  if (isPostgresUrl(location.path)) {
    const store = await openStore({ url: location.path, readonly: true });
    return { store, location: { ...location, path: store.path }, missing: false }; // shown without the password
  }
  if (!existsSync(location.path)) {
    sinks.err(`claimcheck ${command}: ${noLedgerNote(location.path)}`);
    return { store: await openStore({ path: ':memory:' }), location, missing: true };
  }
  return { store: await openStore({ path: location.path, readonly: true }), location, missing: false };
}

/** The note for a ledger file that does not exist yet. */
export function noLedgerNote(path: string): string {
  return `no ledger at ${path} yet (nothing recorded there) — run your agent with the guard, or \`claimcheck demo\`.`;
}

/** Reports a failed ledger command on `err` (message only, never a stack) and returns exit status 2. */
export function ledgerFailure(command: string, error: unknown, sinks: Sinks): number {
  sinks.err(`claimcheck ${command}: ${error instanceof Error ? error.message : String(error)}`);
  return 2;
}
