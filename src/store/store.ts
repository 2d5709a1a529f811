/**
 * The ledger store: a small interface any backend implements (SQLite through `openStore` first).
 * Recording is synchronous and never blocks on the database: records are queued and written in
 * batches, each batch in one transaction. Reading is asynchronous, so backends over a network fit.
 */
import type { ClaimcheckError } from '../errors.js';
import type { ExportRow, RunDetail, RunSummary } from './rows.js';
import type { InterceptionInput, OperationInput, ReceiptInput, RunInput } from './records.js';
import type { StatsOptions, StoreStats } from './store-stats.js';
import type { ReviewMark, ReviewMarkInput, ReviewPage, ReviewQueueOptions } from './review.js';
import type { NewestRecords, OperationPage, RunOperationsOptions, RunPage, RunQuery, TimelineBucket, TimelineOptions } from './run-query.js';

/** Options of {@link Store.listRuns}. */
export interface ListRunsOptions {
  /** Most runs returned, newest start first. Default `50`; a positive integer (else `invalid_options`). */
  limit?: number;
  /** Only runs started at or after this time (epoch milliseconds or a `Date`). Default: all. */
  since?: number | Date;
}

/** Options of {@link Store.runDetail}. */
export interface RunDetailOptions {
  /** Read this page of the run's operations instead of all of them. Default: all. */
  operations?: RunOperationsOptions;
}

/** Options of {@link Store.export}. */
export interface ExportOptions {
  /** Only records at or after this time (runs by their start). Default: all. */
  since?: number | Date;
}

/** Options of {@link Store.prune}. */
export interface PruneOptions {
  /** Remove records from before this time (epoch milliseconds or a `Date`). Required. */
  before: number | Date;
}

/** What {@link Store.prune} removed, by table, and the cutoff it used. */
export interface PruneResult {
  /** The cutoff, epoch milliseconds. */
  before: number;
  operations: number;
  interceptions: number;
  receipts: number;
  /** Rows of the `dropped` table (counts of records a writer dropped). */
  dropped: number;
  /** Runs started before the cutoff that held no record any more. */
  runs: number;
  /** Review marks of the claims and operations removed (a mark goes with the record it judges). */
  reviewMarks: number;
}

/** Row counts per table, and the records still queued in this process. */
export interface StoreCounts {
  runs: number;
  operations: number;
  interceptions: number;
  receipts: number;
  /** Distinct registered tool names. */
  tools: number;
  /** Records (runs included) queued in this process, not yet written. */
  pending: number;
  /** Records this process dropped because the queue was full while writes kept failing. */
  dropped: number;
  /** Records every writer of this ledger reported dropped (the `dropped` table; written once writes resume). */
  droppedRecorded: number;
}

/**
 * A ledger store. Record methods queue and return at once; a batch is written when the queue
 * reaches `batchSize`, after `flushIntervalMs`, on `flush()`, on `close()` and when the process exits.
 *
 * Record methods throw only for a bad record (`invalid_record`), a store opened `readonly`
 * (`store_readonly`) or a closed store (`store_closed`), and never wait on a failing ledger: a batch
 * they write waits at most `writeWaitMs` for a lock; when it fails the records stay queued, later
 * record calls only queue, and a timer retries with backoff. The failure goes once to `onError` (the
 * option and the listeners subscribed with {@link Store.onError}). `flush()` rejects with it.
 * Records without `runId` belong to the current run: the last one `startRun` started, or one started
 * on the first such record.
 */
export interface Store {
  /** Absolute path of the database (`:memory:` for an in-memory store); for PostgreSQL, its URL without the password. */
  readonly path: string;
  /** Schema version of the open database. */
  readonly schemaVersion: number;
  /** Whether raw arguments and results are stored. */
  readonly capture: boolean;
  /** Whether the store was opened `readonly`. */
  readonly readonly: boolean;
  /** Start a run, make it the current run, and return its id. */
  startRun(run?: RunInput): string;
  /** The current run's id, or `null` before the first run. */
  readonly currentRunId: string | null;
  recordOperation(operation: OperationInput): void;
  recordInterception(interception: InterceptionInput): void;
  recordReceipt(receipt: ReceiptInput): void;
  /**
   * Also send the write failures no caller can catch (what `openStore`'s `onError` receives) to
   * `listener`, from now on; returns a function that unsubscribes it. While any listener is subscribed
   * the default process warning is off (an `onError` given to `openStore` is still called). A guard
   * given this store subscribes, so it can say once that recording is off.
   * @throws ClaimcheckError `invalid_options` when `listener` is not a function.
   */
  onError(listener: (error: ClaimcheckError) => void): () => void;
  /** Write every queued record now. Rejects with the write's `ClaimcheckError`; the records stay queued. */
  flush(): Promise<void>;
  /**
   * Flush, then close the database. Idempotent. When the final flush fails the promise rejects with the
   * error (its `data.pending` says how many records are queued) and the store stays open: it keeps
   * retrying in the background, a later `close()` finishes, and the records are tried once more at exit.
   * On PostgreSQL it settles even when the server stops answering on an open connection: each query
   * waits at most `busyTimeoutMs` + 1 s, and connections that have not ended that long after the
   * flush have their sockets destroyed.
   */
  close(): Promise<void>;
  /** Runs, newest first, with their record counts. */
  listRuns(options?: ListRunsOptions): Promise<RunSummary[]>;
  /**
   * Everything recorded for one run, or `null` when there is no such run. With `operations`, only that
   * page of its operations (as {@link Store.runOperations} reads it) and their count, in `operationPage`:
   * a run of any size then answers in one page.
   * @throws ClaimcheckError `invalid_options` for a bad page.
   */
  runDetail(runId: string, options?: RunDetailOptions): Promise<RunDetail | null>;
  /**
   * One run's operations a page at a time, in recording order; `null` when there is no such run.
   * @throws ClaimcheckError `invalid_options` for a bad `after`, `limit` or `callIds`.
   */
  runOperations(runId: string, options?: RunOperationsOptions): Promise<OperationPage | null>;
  /** The newest `seq` of each table: what a live view polls to see that something was recorded. */
  newest(): Promise<NewestRecords>;
  stats(options?: StatsOptions): Promise<StoreStats>;
  counts(): Promise<StoreCounts>;
  /**
   * Remove what happened before `before`: operations, interceptions and receipts by their time (`at`),
   * the `dropped` counts by theirs, then the runs started before it that hold no record any more (a
   * run with a newer record stays, with its start time). The registered tool names (`tools` table) stay.
   * Queued records are written first, so an old record still queued is removed too. One transaction.
   * A SQLite file keeps its size (the freed pages are reused by later records; `VACUUM` shrinks it);
   * PostgreSQL reuses the space after autovacuum.
   * @throws ClaimcheckError `invalid_options` for a bad `before`; `store_readonly`; `store_closed`; the
   *   store's write errors (`store_locked`, `store_unavailable`…), with nothing removed.
   */
  prune(options: PruneOptions): Promise<PruneResult>;
  /** Every stored row since `since`: runs, then operations, interceptions and receipts, each in recording order, read in pages. */
  export(options?: ExportOptions): AsyncIterable<ExportRow>;
  /**
   * Runs matching every filter given, newest start first, one page at a time.
   * @throws ClaimcheckError `invalid_options` for a filter out of range.
   */
  findRuns(query?: RunQuery): Promise<RunPage>;
  /** Operations, interceptions and receipts since `since`, counted per bucket of `bucketMs`. @throws ClaimcheckError `invalid_options`. */
  timeline(options: TimelineOptions): Promise<TimelineBucket[]>;
  /** Flagged claims or `unknown` / `needs_review` operations, newest first, with their latest marks. */
  reviewQueue(options: ReviewQueueOptions): Promise<ReviewPage>;
  /** Every review mark since `since` (epoch milliseconds; default all), oldest first, superseded ones included. */
  reviewMarks(options?: { since?: number }): Promise<ReviewMark[]>;
  /**
   * Write a review mark now (not queued) and return it. The only write a dashboard makes.
   * @throws ClaimcheckError `invalid_record` for a bad mark or a target the ledger does not hold;
   *   `store_readonly` on a store opened `readonly`; the store's write errors.
   */
  addReviewMark(mark: ReviewMarkInput): Promise<ReviewMark>;
}
