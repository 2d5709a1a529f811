/**
 * Opening the SQLite ledger store: `openStore()` finds (or is given) the file, creates it and its
 * folder when needed, and brings its schema up to date.
 */
import type { ClaimcheckError } from '../errors.js';
import type { Store } from './store.js';
import { openSqliteStore, storeSettings, warnOncePerCode } from './_open-sqlite.js';
import { isPostgresUrl, openPgStore } from './_open-pg.js';
import { hostError } from '../_host-input.js';

/** Options of {@link openStore}. */
export interface OpenStoreOptions {
  /**
   * A PostgreSQL ledger instead of a SQLite file: `postgres://user:password@host:5432/db` (needs the
   * optional peer `pg`, and `CLAIMCHECK_HASH_KEY` set alike on every worker that records). Default:
   * `CLAIMCHECK_DB` when it is such a URL and `path` is not given. A `path` that is such a URL counts too.
   */
  url?: string;
  /**
   * The SQLite file. Default: {@link resolveStorePath} (`CLAIMCHECK_DB`, else `.claimcheck/ledger.sqlite`
   * in the nearest project folder, else `~/.claimcheck/ledger.sqlite`). `':memory:'` opens a private
   * in-memory database. A relative path is resolved against `process.cwd()`. Missing folders are created
   * (a new `.claimcheck/` gets a `.gitignore` so the ledger is not committed).
   */
  path?: string;
  /** Store raw arguments and results (operations, interceptions, receipts' unreported entries). Default `false`: only tool names, states, errors, ids, hashes and times. */
  capture?: boolean;
  /**
   * Longest stored arguments, result and error text, in UTF-16 code units of their JSON; longer text is
   * cut and ends `…[truncated N chars]`. Default `100_000`; a positive integer (else `invalid_options`).
   */
  maxResultChars?: number;
  /** Open for reading only: recording throws `store_readonly`, a missing file (a PostgreSQL database without the claimcheck schema) is `store_not_found`. Default `false`. */
  readonly?: boolean;
  /**
   * Open to maintain the ledger (`prune`, review marks), not to record calls: nothing written is hashed, so
   * a PostgreSQL ledger needs no `CLAIMCHECK_HASH_KEY`; an interception recorded anyway (it stores a keyed
   * hash of its arguments) throws `invalid_options`. Default `false`.
   */
  maintenance?: boolean;
  /**
   * How long opening, reading, `flush()`, `close()` and the write at process exit wait for another
   * process's lock before `store_locked`, in milliseconds. Default `5_000`; a non-negative integer.
   * PostgreSQL: also the server's `statement_timeout` and the time to connect; each query waits at most
   * this + 1 s for an answer (a server that stops answering: `store_io`, the connection dropped).
   */
  busyTimeoutMs?: number;
  /**
   * How long a batch written in the background (a full batch, the timer, a retry) waits for another
   * process's write lock before it gives up and retries later, in milliseconds: the most a record call
   * can be held up by a locked ledger. Default `20`; a non-negative integer, at most `busyTimeoutMs`.
   */
  writeWaitMs?: number;
  /** Queued records that trigger a write. Default `500`; a positive integer. `1` writes every record at once. */
  batchSize?: number;
  /** Longest time a record waits in the queue, in milliseconds. Default `250`; a positive integer. */
  flushIntervalMs?: number;
  /**
   * Most records queued while writes fail; later records are dropped: counted in `counts().dropped`,
   * reported once per outage through `onError`, and written to the ledger's `dropped` table (shown by
   * `stats()` and `claimcheck diagnostic`) once writes resume. Default `100_000`; a positive integer.
   */
  maxPending?: number;
  /**
   * Receives write failures that no caller can catch (batches written by the timer, on a full queue, or at
   * exit). Default: a process warning (`process.emitWarning`), once per error code, unless a listener is
   * subscribed with `Store.onError` (a guard recording into the store subscribes and says it itself).
   */
  onError?: (error: ClaimcheckError) => void;
}

/**
 * Open (creating when needed) the SQLite ledger store. Loads its driver on first call:
 * `better-sqlite3` where it loads, else Node.js's built-in `node:sqlite` (22.13+). The database is in WAL mode, so other processes read while one writes and writers take turns; the
 * schema is migrated forward on open. Queued records are written on `flush()`, `close()` and at
 * process exit (`process.on('exit')`; a process killed by a signal without an exit handler loses at
 * most `flushIntervalMs` worth of records: close the store in your signal handlers).
 *
 * @throws ClaimcheckError, never a raw SQLite error:
 * - `missing_dependency`: `better-sqlite3` is not installed or does not load, and this Node.js has no `node:sqlite`;
 * - `invalid_options`: an option out of range;
 * - `store_not_found`: `readonly` and the file does not exist (or the PostgreSQL database has no claimcheck schema yet);
 * - `store_corrupt`: the file is not a SQLite database, is damaged, or is another application's database;
 * - `store_version`: the file's schema is newer than this claimcheck reads;
 * - `store_readonly`: the file or its folder cannot be written (and `readonly` is off);
 * - `store_locked`: another process held the lock for longer than `busyTimeoutMs` (during a migration);
 * - `store_full`, `store_io`: a full disk, a path that is a folder, another I/O error; `store_io` also for a path that is
 *   no regular file (a FIFO, a device, a socket), refused before it is opened (a FIFO would block).
 */
export async function openStore(options: OpenStoreOptions = {}): Promise<Store> {
  try {
    const env = process.env['CLAIMCHECK_DB'];
    const url = options.url ?? (isPostgresUrl(options.path) ? options.path : options.path === undefined && isPostgresUrl(env) ? env : undefined);
    if (url !== undefined) return await openPgStore(url, options, { ...storeSettings(options), warn: warnOncePerCode() });
    return await openSqliteStore(options);
  } catch (error) {
    throw hostError('openStore', error);
  }
}
