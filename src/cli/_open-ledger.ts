/**
 * Internal: which ledger the inspection commands (`view`, `stats`, `export`, `diagnostic`) read, and
 * opening it read-only. `--db` wins, else `CLAIMCHECK_DB`, else `resolveStorePath()`. The store module
 * is imported here, lazily, so `claimcheck check` never loads it (nor `better-sqlite3`).
 */
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { resolve } from 'node:path';
import { ClaimcheckError } from '../errors.js';
import type { openStore as OpenStoreFn, Store } from '../store.js';
import type { Sinks } from './check-command.js';
import type { LoadedConfig } from './_config.js';
import { forCommandLine } from './_ledger-hint.js';
import { assertRegularFile } from '../store/_regular-file.js';

/** Options every ledger command takes. */
export interface LedgerOptions {
  /** Path of the SQLite ledger (`--db`). Default: `CLAIMCHECK_DB`, else the project's or home ledger. */
  db?: string;
  /** Environment to read `CLAIMCHECK_DB` from. Default `process.env` (tests pass their own). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Folder the project search starts from. Default `process.cwd()`. */
  cwd?: string;
  /** The configuration file's settings: its `db` comes after `--db` and `CLAIMCHECK_DB`. Default none. */
  config?: LoadedConfig;
}

/** Where the ledger is and why. */
export interface LedgerLocation {
  path: string;
  /** `flag` for `--db`, `config` for the configuration file's `db`; else `resolveStorePath`'s source. */
  source: 'flag' | 'env' | 'config' | 'project' | 'home';
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

/** Where the ledger is, without touching it: `--db`, else `CLAIMCHECK_DB`, else the config file's `db`, else the project's or home ledger. */
export async function locateLedger(options: LedgerOptions): Promise<LedgerLocation> {
  const cwd = options.cwd ?? process.cwd();
  if (options.db !== undefined && options.db.trim() !== '') {
    if (isPostgresUrl(options.db)) return { path: options.db, source: 'flag', reason: '--db names a PostgreSQL database' };
    return { path: resolve(cwd, options.db), source: 'flag', reason: `--db ${options.db} was given` };
  }
  const fromEnv = (options.env ?? process.env)['CLAIMCHECK_DB']?.trim();
  const { config } = options;
  if ((fromEnv === undefined || fromEnv === '') && config?.config.db !== undefined && config.file !== null) {
    return { path: config.config.db, source: 'config', reason: `"db" is set in ${config.file}` };
  }
  const { resolveStorePath } = await import('../store.js');
  const { path, source, reason } = resolveStorePath({ cwd, ...(options.env === undefined ? {} : { env: options.env }) });
  return { path, source, reason };
}

/**
 * Opens the ledger read-only (nothing is created, migrated or written). A missing file, or a PostgreSQL
 * database without the claimcheck schema, is not an error: `err` gets a note saying so, and the store is
 * an empty in-memory ledger.
 * @throws ClaimcheckError the store's: `store_corrupt`, `store_version`, `store_locked`, `missing_dependency`...,
 *   their fixes naming how the ledger was chosen (`--db`, `CLAIMCHECK_DB`, the config file; see `forCommandLine`).
 */
export async function openLedger(command: string, options: LedgerOptions, sinks: Sinks): Promise<OpenLedger> {
  const location = await locateLedger(options);
  const { openStore } = await import('../store.js');
  try {
    if (isPostgresUrl(location.path)) {
      try {
        const store = await openStore({ url: location.path, readonly: true });
        return { store, location: { ...location, path: store.path }, missing: false }; // shown without the password
      } catch (error) {
        // A database without the claimcheck schema is a ledger not recorded yet, as a missing SQLite file is.
        const shown = noSchemaPath(error);
        if (shown === null) throw error;
        const store = await openStore({ path: ':memory:' });
        sinks.err(`claimcheck ${command}: ${noSchemaNote(shown)}`);
        return { store, location: { ...location, path: shown }, missing: true };
      }
    }
    if (!existsSync(location.path)) {
      // Opened before the note, so a missing SQLite driver is the only thing said (not "run claimcheck demo" too).
      const store = await openStore({ path: ':memory:' });
      sinks.err(`claimcheck ${command}: ${noLedgerNote(location.path)}`);
      return { store, location, missing: true };
    }
    assertSqliteFile(location.path, command);
    return { store: await openStore({ path: location.path, readonly: true }), location, missing: false };
  } catch (error) {
    throw forCommandLine(error, location, { command, creates: false, configFile: options.config?.file });
  }
}

/**
 * A clear message for a `--db` that holds JSON (a conversation file given by mistake), before the store
 * would call it damaged and advise moving it away; and for a path that is no regular file (a FIFO would
 * block the read). Other files are left to the store's message.
 * @throws ClaimcheckError `store_corrupt` for JSON; `store_io` for a FIFO, a device or a socket
 */
export function assertSqliteFile(path: string, command: string): void {
  assertRegularFile(path);
  const head = Buffer.alloc(64);
  let read = 0;
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    read = readSync(fd, head, 0, head.length, 0);
  } catch {
    return; // Unreadable or a directory: the store reports it.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  const text = head.toString('utf8', 0, read).trimStart();
  if (!text.startsWith('{') && !text.startsWith('[')) return; // Other files get the store's own message.
  throw new ClaimcheckError(
    'store_corrupt',
    `${path} holds JSON (recorded conversations?), not a claimcheck ledger. --db and CLAIMCHECK_DB name the SQLite ledger the guard writes (e.g. .claimcheck/ledger.sqlite); \`claimcheck diagnostic\` shows which one is active. To check recorded conversations, run claimcheck check ${path}. (claimcheck ${command} did not touch the file.)`,
  );
}

/**
 * The URL (without its password) of a PostgreSQL database that `error` says has no claimcheck schema
 * yet (the store's `store_not_found` on a URL), else `null`.
 */
export function noSchemaPath(error: unknown): string | null {
  if (!ClaimcheckError.isInstance(error) || error.code !== 'store_not_found') return null;
  // A database that does not exist at all is `store_not_found` too, without a schema version: not this.
  const data = error.data as { path?: unknown; version?: unknown } | undefined;
  return typeof data?.path === 'string' && isPostgresUrl(data.path) && data.version === 0 ? data.path : null;
}

/**
 * Whether the PostgreSQL database at `url` lacks the claimcheck schema, found by opening it read-only
 * (which creates nothing): its URL without the password when it does, else `null`.
 * @throws ClaimcheckError the store's, for a database that cannot be opened at all.
 */
export async function pgWithoutSchema(url: string, openStore: typeof OpenStoreFn): Promise<string | null> {
  try {
    await (await openStore({ url, readonly: true })).close();
    return null;
  } catch (error) {
    const shown = noSchemaPath(error);
    if (shown === null) throw error;
    return shown;
  }
}

/** The note for a PostgreSQL database without the claimcheck schema (nothing recorded there yet). */
export function noSchemaNote(url: string): string {
  return `no ledger in ${url} yet (the database has no claimcheck schema: nothing recorded there) — the first process that records into it with CLAIMCHECK_HASH_KEY set creates it (your agent's workers, or \`claimcheck demo\`); this command created nothing.`;
}

/** The note for a ledger file that does not exist yet. */
export function noLedgerNote(path: string): string {
  return `no ledger at ${path} yet (nothing recorded there) — run your agent with the guard, or \`claimcheck demo\`.`;
}

/**
 * Reports a failed ledger command on `err` (message only, never a stack) and returns exit status 2. A
 * missing SQLite driver is one line: {@link needsSqlite}.
 */
export function ledgerFailure(command: string, error: unknown, sinks: Sinks): number {
  const missing = ClaimcheckError.isInstance(error) && error.code === 'missing_dependency' && (error.data as { dependency?: unknown } | undefined)?.dependency === 'better-sqlite3';
  sinks.err(`claimcheck ${command}: ${missing ? needsSqlite(error) : error instanceof Error ? error.message : String(error)}`);
  return 2;
}

/**
 * What a ledger command says when no SQLite driver loads: the one command that fixes it (from the
 * store's `missing_dependency` data), the Node.js alternative, and that `check` and `validate` need neither.
 */
export function needsSqlite(error: ClaimcheckError): string {
  const data = error.data as { installed?: unknown; fix?: unknown } | undefined;
  const fix = typeof data?.fix === 'string' ? data.fix : 'npm install better-sqlite3@12';
  const state = data?.installed === true ? 'is installed but does not load on this Node.js' : 'is not installed';
  return `the ledger needs better-sqlite3, which ${state}: ${fix} (or run Node.js 22.13+, whose built-in node:sqlite is used instead). claimcheck check and validate need neither.`;
}
