/**
 * Internal: the SQLite {@link Store}. Records are checked and turned into row parameters at once (so
 * a bad record throws where it was made) and queued in a {@link SqliteWriter}; reads flush first, so a
 * process always reads its own records.
 */
import { randomUUID } from 'node:crypto';
import { ClaimcheckError } from '../errors.js';
import type { PendingWrite } from './_sqlite-writer.js';
import { cutoffOf, pruneSqlite } from './_prune.js';
import type { Database } from './_driver.js';
import { registerExitFlush, unregisterExitFlush, type ExitFlushable } from './_exit-flush.js';
import { interceptionParams, operationParams, receiptParams, runIdOf, runParams, type NormalizeOptions } from './_normalize.js';
import { exportPages, listRuns, NO_SINCE, runDetail, tableCounts } from './_sqlite-queries.js';
import { toStoreError } from './_sqlite-errors.js';
import { computeStats } from './_sqlite-stats.js';
import { optimize } from './_optimize.js';
import { SqliteWriter, type WriterOptions } from './_sqlite-writer.js';
import type { ExportRow, RunDetail, RunSummary } from './rows.js';
import type { InterceptionInput, OperationInput, ReceiptInput, RunInput } from './records.js';
import type { ExportOptions, ListRunsOptions, PruneOptions, PruneResult, RunDetailOptions, Store, StoreCounts } from './store.js';
import type { StatsOptions, StoreStats } from './store-stats.js';
import { findRuns, timeline, type Query } from './_dashboard-reads.js';
import { INSERT_MARK, markParams, readMarks, reviewQueue, toMark } from './_review-queries.js';
import type { ReviewMark, ReviewMarkInput, ReviewPage, ReviewQueueOptions } from './review.js';
import type { NewestRecords, OperationPage, RunOperationsOptions, RunPage, RunQuery, TimelineBucket, TimelineOptions } from './run-query.js';
import { newestRecords, runOperations } from './_run-operations.js';
import { hostError, readHostInput } from '../_host-input.js';
import { checkedStoredWrite } from './_stored-params.js';

/** Everything the store needs besides the open database. */
export interface SqliteStoreConfig extends Omit<WriterOptions, 'onError'>, NormalizeOptions {
  schemaVersion: number;
  readonly: boolean;
  /** The `onError` given to `openStore`, if any. */
  onError: ((error: ClaimcheckError) => void) | undefined;
  /** What a write failure does when no `onError` was given and no listener is subscribed. */
  warn: (error: ClaimcheckError) => void;
  /** Runs after the database is closed (removes a read-only snapshot). */
  onClose?: () => void;
}

export class SqliteStore implements Store, ExitFlushable {
  readonly path: string;
  readonly schemaVersion: number;
  readonly capture: boolean;
  readonly readonly: boolean;
  readonly #db: Database;
  readonly #config: SqliteStoreConfig;
  readonly #writer: SqliteWriter | undefined;
  readonly #listeners = new Set<(error: ClaimcheckError) => void>();
  #current: string | null = null;
  #closed = false;

  constructor(db: Database, config: SqliteStoreConfig) {
    this.#db = db;
    this.#config = config;
    this.path = config.path;
    this.schemaVersion = config.schemaVersion;
    this.capture = config.capture;
    this.readonly = config.readonly;
    if (!config.readonly) {
      this.#writer = new SqliteWriter(db, { ...config, onError: (error) => this.#reportError(error) });
      registerExitFlush(this);
    }
  }

  get currentRunId(): string | null {
    return this.#current;
  }

  startRun(run: RunInput = {}): string {
    try {
      const writer = this.#writable('startRun');
      const id = runIdOf(run.id, 'startRun') ?? randomUUID();
      const { params, tools, at } = runParams(run, id, Date.now());
      writer.push({ kind: 'run', runId: id, at, params, tools });
      this.#current = id;
      return id;
    } catch (error) {
      throw hostError('store.startRun', error);
    }
  }

  /** Queue a row exactly as another ledger stored it (`importLedger`); see `_stored-params.ts`. */
  writeStored(item: PendingWrite): void {
    this.#writable('importLedger').push(readHostInput('store.writeStored', () => checkedStoredWrite(item)));
  }

  recordOperation(operation: OperationInput): void {
    const writer = this.#writable('recordOperation');
    const params = operationParams(operation, '', this.#config, Date.now());
    const runId = this.#runFor(operation.runId, 'recordOperation');
    params[0] = runId;
    writer.push({ kind: 'operation', runId, at: Number(params[2]), params });
  }

  recordInterception(interception: InterceptionInput): void {
    const writer = this.#writable('recordInterception');
    const params = interceptionParams(interception, '', this.#config, Date.now());
    const runId = this.#runFor(interception.runId, 'recordInterception');
    params[0] = runId;
    writer.push({ kind: 'interception', runId, at: Number(params[2]), params });
  }

  recordReceipt(receipt: ReceiptInput): void {
    const writer = this.#writable('recordReceipt');
    const params = receiptParams(receipt, '', this.#config, Date.now());
    const runId = this.#runFor(receipt.runId, 'recordReceipt');
    params[0] = runId;
    writer.push({ kind: 'receipt', runId, at: Number(params[3]), params });
  }

  async flush(): Promise<void> {
    this.#open('flush');
    this.#writer?.flushSync();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    const pending = this.#writer?.pending ?? 0;
    try {
      this.#writer?.flushSync();
    } catch (error) {
      const e = error as ClaimcheckError;
      // Closing now would lose the queue: the store stays open, retrying in the background, and is
      // written at process exit if it is not closed before.
      throw new ClaimcheckError(e.code, `${e.message} The store stays open with ${pending} records queued: it retries in the background; call close() again to finish (they are also tried at process exit).`, {
        cause: e,
        data: { ...(e.data as object), pending },
      });
    }
    this.#closed = true;
    unregisterExitFlush(this);
    this.#writer?.stop();
    if (!this.readonly) optimize(this.#db, this.#config.busyTimeoutMs);
    this.#db.close();
    this.#config.onClose?.();
  }

  flushOnExit(): void {
    try {
      this.#writer?.flushSync();
    } catch (error) {
      const e = error as ClaimcheckError;
      // A warning emitted now would never print: say it synchronously, then tell onError.
      process.stderr.write(`claimcheck: ${e.message} ${this.#writer?.pending ?? 0} queued records were not written.\n`);
      this.#reportError(e);
    }
  }

  onError(listener: (error: ClaimcheckError) => void): () => void {
    if (typeof listener !== 'function') {
      throw new ClaimcheckError('invalid_options', `Store.onError(listener) needs a function, got ${typeof listener}.`);
    }
    // A wrapper per subscription, so the same function subscribed twice is removed once per unsubscribe.
    const entry = (error: ClaimcheckError): void => listener(error);
    this.#listeners.add(entry);
    return () => void this.#listeners.delete(entry);
  }

  /** A write failure no caller can catch: to every listener, then the `onError` option, else (no listener) the default warning. */
  #reportError(error: ClaimcheckError): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(error);
      } catch {
        // A throwing listener must not break recording or the other listeners.
      }
    }
    if (this.#config.onError !== undefined) this.#config.onError(error);
    else if (this.#listeners.size === 0) this.#config.warn(error);
  }

  async listRuns(options: ListRunsOptions = {}): Promise<RunSummary[]> {
    try {
      // A limit past what SQLite's 64-bit integers hold (a JS number is bound as a REAL) means "all".
      const limit = Math.min(positiveInt(options.limit ?? 50, 'listRuns', 'limit'), Number.MAX_SAFE_INTEGER);
      const since = sinceOf(options.since, 'listRuns') ?? NO_SINCE;
      return await this.#read('listRuns', () => listRuns(this.#db, since, limit));
    } catch (error) {
      throw hostError('store.listRuns', error);
    }
  }

  async runDetail(runId: string, options: RunDetailOptions = {}): Promise<RunDetail | null> {
    try {
      if (options.operations === undefined) return await this.#read('runDetail', () => runDetail(this.#db, runId));
      // The page is read after the rest of the run: operations recorded in between may be counted in its total.
      const detail = this.#read('runDetail', () => runDetail(this.#db, runId, false));
      if (detail === null) return null;
      const { operations, total, next } = await runOperations(this.#query('runDetail'), runId, options.operations);
      return { ...detail, operations, operationPage: { total, next } };
    } catch (error) {
      throw hostError('store.runDetail', error);
    }
  }

  async runOperations(runId: string, options: RunOperationsOptions = {}): Promise<OperationPage | null> {
    try {
      const q = this.#query('runOperations');
      return (await q('SELECT 1 FROM runs WHERE id = ?', [runId])).length === 0 ? null : await runOperations(q, runId, options);
    } catch (error) {
      throw hostError('store.runOperations', error);
    }
  }

  async newest(): Promise<NewestRecords> {
    try {
      return await newestRecords(this.#query('newest'), this.schemaVersion >= 3, 'rowid');
    } catch (error) {
      throw hostError('store.newest', error);
    }
  }

  async stats(options: StatsOptions = {}): Promise<StoreStats> {
    try {
      const top = positiveInt(options.top ?? 5, 'stats', 'top');
      const since = sinceOf(options.since, 'stats');
      return await this.#read('stats', () => computeStats(this.#db, since ?? NO_SINCE, since, top, this.schemaVersion));
    } catch (error) {
      throw hostError('store.stats', error);
    }
  }

  async counts(): Promise<StoreCounts> {
    const counts = await this.#read('counts', () => tableCounts(this.#db, this.schemaVersion >= 2));
    return { ...counts, pending: this.#writer?.pending ?? 0, dropped: this.#writer?.dropped ?? 0 };
  }

  async prune(options: PruneOptions): Promise<PruneResult> {
    try {
      const before = cutoffOf(options);
      const writer = this.#writable('prune');
      try {
        writer.flushSync();
        return pruneSqlite(this.#db, before, { hasDropped: this.schemaVersion >= 2, hasMarks: this.schemaVersion >= 3 });
      } catch (error) {
        throw error instanceof ClaimcheckError ? error : toStoreError(error, this.path, 'write', this.#config.busyTimeoutMs);
      }
    } catch (error) {
      throw hostError('store.prune', error);
    }
  }

  async *export(options: ExportOptions = {}): AsyncIterable<ExportRow> {
    const since = sinceOf(options.since, 'export') ?? NO_SINCE;
    const read = <T>(fn: () => T): T => this.#read('export', fn);
    read(() => undefined);
    for (const page of exportPages(this.#db, since, read)) yield* page;
  }

  async findRuns(query: RunQuery = {}): Promise<RunPage> {
    try {
      return await findRuns(this.#query('findRuns'), query, false);
    } catch (error) {
      throw hostError('store.findRuns', error);
    }
  }

  async timeline(options: TimelineOptions): Promise<TimelineBucket[]> {
    try {
      return await timeline(this.#query('timeline'), options, this.schemaVersion >= 4);
    } catch (error) {
      throw hostError('store.timeline', error);
    }
  }

  async reviewQueue(options: ReviewQueueOptions): Promise<ReviewPage> {
    try {
      return await reviewQueue(this.#query('reviewQueue'), options, this.schemaVersion >= 3);
    } catch (error) {
      throw hostError('store.reviewQueue', error);
    }
  }

  async reviewMarks(options: { since?: number } = {}): Promise<ReviewMark[]> {
    try {
      return await readMarks(this.#query('reviewMarks'), sinceOf(options.since, 'reviewMarks'), this.schemaVersion >= 3);
    } catch (error) {
      throw hostError('store.reviewMarks', error);
    }
  }

  async addReviewMark(mark: ReviewMarkInput): Promise<ReviewMark> {
    try {
      this.#writable('addReviewMark');
      const params = await markParams(this.#query('addReviewMark'), mark, Date.now());
      try {
        const { lastInsertRowid } = this.#db.prepare(INSERT_MARK).run(...params) as { lastInsertRowid: number | bigint };
        return toMark(this.#db.prepare('SELECT * FROM review_marks WHERE seq = ?').get(Number(lastInsertRowid)) as Record<string, unknown>);
      } catch (error) {
        throw toStoreError(error, this.path, 'write', this.#config.busyTimeoutMs);
      }
    } catch (error) {
      throw hostError('store.addReviewMark', error);
    }
  }

  /** Statements with `?` placeholders, each run through {@link SqliteStore.#read}. */
  #query(method: string): Query {
    return async (sql, params) => this.#read(method, () => this.#db.prepare(sql).all(...params) as Record<string, unknown>[]);
  }

  /** Flush (reporting, not throwing, a failure), then run a query, mapping SQLite errors. */
  #read<T>(method: string, fn: () => T): T {
    this.#open(method);
    this.#writer?.tryFlush();
    try {
      return fn();
    } catch (error) {
      throw toStoreError(error, this.path, 'read', this.#config.busyTimeoutMs);
    }
  }

  #runFor(given: string | undefined, where: string): string {
    return runIdOf(given, where) ?? this.#current ?? this.startRun();
  }

  #open(method: string): void {
    if (this.#closed) {
      throw new ClaimcheckError('store_closed', `Store.${method}() was called after close() on ${this.path}. Open a new store with openStore().`, { data: { path: this.path } });
    }
  }

  #writable(method: string): SqliteWriter {
    this.#open(method);
    if (this.#writer === undefined) {
      throw new ClaimcheckError('store_readonly', `Store.${method}() on ${this.path}, which was opened readonly. Open it without readonly to record.`, { data: { path: this.path } });
    }
    return this.#writer;
  }
}

function positiveInt(value: number, method: string, name: string): number {
  if (Number.isInteger(value) && value > 0) return value;
  throw new ClaimcheckError('invalid_options', `Store.${method}() option ${name} must be a positive integer, got ${String(value)}.`);
}

function sinceOf(since: number | Date | undefined, method: string): number | null {
  if (since === undefined) return null;
  const ms = since instanceof Date ? since.getTime() : since;
  if (typeof ms === 'number' && Number.isFinite(ms)) return Math.trunc(ms);
  throw new ClaimcheckError('invalid_options', `Store.${method}() option since must be epoch milliseconds or a valid Date, got ${String(since)}.`);
}
