/**
 * The dashboard's reads: runs filtered and paged over any ledger size ({@link Store.findRuns}), one
 * run's operations a page at a time ({@link Store.runOperations}), counts over time in buckets
 * ({@link Store.timeline}), and the marker of what was last recorded ({@link Store.newest}).
 */
import type { Verdict } from '../receipt.js';
import type { OperationState } from './records.js';
import type { OperationRow, RunSummary } from './rows.js';

/** Filters of {@link Store.findRuns}; every one given must hold. */
export interface RunQuery {
  /** Runs of this agent (exact name). */
  agent?: string;
  /** Runs with an operation of this tool (exact name). */
  tool?: string;
  /** Runs with an operation in this state (of `tool`, when both are given). */
  state?: OperationState;
  /** Runs with a receipt of this verdict. */
  verdict?: Verdict;
  /** Runs started at or after this time, epoch milliseconds. */
  since?: number;
  /** Runs started before this time, epoch milliseconds. */
  until?: number;
  /**
   * Text in the run's id or agent, a tool name or error of its operations, or its receipts (summary and
   * claims). Case-insensitive for ASCII letters; at most 200 characters.
   */
  search?: string;
  /** Runs per page. Default `50`, at most `500`. */
  limit?: number;
  /** The `next` of the previous page. */
  after?: RunCursor;
}

/** Where a page of runs ended: runs sort by start time, newest first, then by id. */
export interface RunCursor {
  startedAt: number;
  id: string;
}

/** A page of runs, newest first; `next` is `null` on the last page. */
export interface RunPage {
  runs: RunSummary[];
  next: RunCursor | null;
}

/** Options of {@link Store.timeline}. */
export interface TimelineOptions {
  /** Start of the first bucket, epoch milliseconds. */
  since: number;
  /** Bucket width in milliseconds: at least one minute. At most the newest 5,000 buckets are counted. */
  bucketMs: number;
}

/** Counts of one bucket, over records at or after `at` and before `at + bucketMs`. Only buckets with a record are listed. */
export interface TimelineBucket {
  at: number;
  /** Operations. */
  calls: number;
  /** Operations with status `error`. */
  errors: number;
  /** Interceptions. */
  intercepted: number;
  /** Receipts. */
  replies: number;
  /** Receipts with verdict `fabricated`. */
  fabricated: number;
}

/** Options of {@link Store.runOperations}, and of one page of a {@link Store.runDetail}. */
export interface RunOperationsOptions {
  /** Only operations after this `seq`: the `next` of the previous page. Default: from the run's first operation. */
  after?: number;
  /** Operations per page. Default `200`; a whole number from 1 to `1000` (else `invalid_options`). */
  limit?: number;
  /** Only operations with one of these call ids: at most 1,000 ids (else `invalid_options`). Default: any. */
  callIds?: readonly string[];
}

/** A page of one run's operations, in recording order (`seq`). */
export interface OperationPage {
  operations: OperationRow[];
  /** The run's operations on all pages (those with the `callIds` asked for, when given). */
  total: number;
  /** The `after` of the next page; `null` on the last. */
  next: number | null;
}

/**
 * The newest `seq` of each table, `0` for an empty one: it changes whenever a record is added (or the
 * newest one is pruned). One index lookup per table, so it can be asked for every few seconds at any
 * ledger size. Operations and receipts are never changed in place, so a new row is the only change.
 */
export interface NewestRecords {
  runs: number;
  operations: number;
  interceptions: number;
  receipts: number;
  /** `0` on a ledger older than schema 3 (no review marks). */
  reviewMarks: number;
}
