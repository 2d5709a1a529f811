/**
 * What {@link Store.stats} reports: how many runs started and calls ran, how many the guard intercepted
 * and how many were repaired, which tools fail, and what the checked replies' verdicts were.
 */
import type { Verdict } from '../receipt.js';
import type { OperationState } from './records.js';
import type { ReviewCounts } from './review.js';

/** Options of {@link Store.stats}. */
export interface StatsOptions {
  /** Count only records at or after this time (epoch milliseconds or a `Date`). Default: everything. */
  since?: number | Date;
  /** Length of `topFailingTools` and `topCategories`. Default `5`; a positive integer (else `invalid_options`). */
  top?: number;
}

/** A tool among the ones whose calls fail most. */
export interface FailingTool {
  tool: string;
  /** Its operations. */
  calls: number;
  /** Its operations with status `error`. */
  errors: number;
  /** `errors / calls`, 0–1. */
  errorRate: number;
}

/** Numbers over the records since `since`. Rates are 0–1, and 0 when their denominator is 0. */
export interface StoreStats {
  /** The `since` asked for, epoch milliseconds; `null` for everything. */
  since: number | null;
  /** Runs started at or after `since` (one per `startRun`; `claimcheck demo` starts one per scenario). */
  runs: number;
  /**
   * Operations recorded (every guarded call settles as one, rejected calls included): a call rejected and
   * then repaired counts twice, the rejected attempt and the repaired call.
   */
  calls: number;
  /** Operations per state. */
  states: Record<OperationState, number>;
  /** Operations with status `error`. */
  errors: number;
  /** Interceptions: calls whose arguments were rejected. */
  intercepted: number;
  /** `intercepted / calls`. */
  interceptRate: number;
  /** Operations made with repaired arguments that ran and did not fail. */
  repaired: number;
  /** `repaired / intercepted`. */
  repairRate: number;
  /** Operations whose arguments passed validation and whose executor ran (`ran` true). */
  passedThrough: number;
  /** Tools with the most failing operations, most first (ties by name); only tools with an error. */
  topFailingTools: FailingTool[];
  /** Interception categories, most frequent first (ties by name). */
  topCategories: Array<{ category: string; count: number }>;
  /** Receipts per verdict: each checked reply has one receipt, so the three add up to the replies checked. */
  verdicts: Record<Verdict, number>;
  /**
   * Findings over the receipts: claims no listed tool can perform (`claimedWithoutTool`) and denials of
   * actions whose tool succeeded (`deniedButRan`), summed from the receipt bodies (receipts recorded before
   * these lists existed count 0).
   */
  findings: { claimedWithoutTool: number; deniedButRan: number };
  /**
   * Distinct tool names: `registered` by runs (started since `since`), `fired` (an operation that ran),
   * `intercepted` (an interception).
   */
  registry: { registered: number; fired: number; intercepted: number };
  /**
   * Records writers dropped because their bounded queue overflowed while the ledger could not be
   * written (counts written when writes resumed, since `since`), and when the last such count was
   * written (epoch milliseconds, `null` for none). `0` means nothing recorded was lost that way.
   */
  dropped: { records: number; lastAt: number | null };
  /** Review marks added since `since`, each target counted by its latest mark (zeros on a ledger older than schema 3). */
  reviews: ReviewCounts;
}
