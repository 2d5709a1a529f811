/**
 * The dashboard's reads: runs filtered and paged over any ledger size ({@link Store.findRuns}), and
 * counts over time in buckets ({@link Store.timeline}).
 */
import type { Verdict } from '../receipt.js';
import type { OperationState } from './records.js';
import type { RunSummary } from './rows.js';

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
