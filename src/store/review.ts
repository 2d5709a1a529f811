/**
 * Review marks: a person's judgement of a flagged claim or of an operation the guard could not prove
 * (`unknown`, `needs_review`), stored in the ledger's `review_marks` table (schema 3; docs/formats.md).
 * Marks are only added: a later mark on the same target supersedes an earlier one, which is kept.
 */
import type { FlagReason } from '../receipt.js';
import type { OperationState } from './records.js';

/** What a mark judges: one flagged claim of a receipt, or one operation. */
export type ReviewTarget = 'claim' | 'operation';

/** `right`: the checker was right (the claim was false, the operation did need a look); `wrong`: it was not. */
export type ReviewJudgement = 'right' | 'wrong';

/** A mark to add. */
export interface ReviewMarkInput {
  target: ReviewTarget;
  /** `seq` of the receipt (for a claim) or of the operation, as the store's rows give it. */
  targetSeq: number;
  /** For a claim: its index in the receipt's `claimedButNeverRan`, 0-based. Ignored for an operation. */
  claimIndex?: number | null;
  judgement: ReviewJudgement;
  /** Free text, at most 2,000 characters. Default `null`. */
  note?: string | null;
  /**
   * Epoch milliseconds, within a `Date`'s range (±8.64e15; fractions are cut). Default `Date.now()`.
   * Outside it, or not a number: `invalid_record`.
   */
  at?: number;
}

/** A stored mark. */
export interface ReviewMark {
  seq: number;
  at: number;
  runId: string;
  target: ReviewTarget;
  targetSeq: number;
  /** The claim's index in `claimedButNeverRan`; `null` for an operation. */
  claimIndex: number | null;
  judgement: ReviewJudgement;
  note: string | null;
}

/** Options of {@link Store.reviewQueue}. */
export interface ReviewQueueOptions {
  target: ReviewTarget;
  /** `pending` (no mark yet; the default), `reviewed` (marked), or `all`. */
  status?: 'pending' | 'reviewed' | 'all';
  /** Most receipts (for claims) or operations read, newest first. Default `50`, at most `500`. */
  limit?: number;
  /** Only targets whose `seq` is below this one: the `next` of the previous page. Default: the newest. */
  before?: number;
}

/** One item of the review queue, with its latest mark. */
export interface ReviewItem {
  target: ReviewTarget;
  runId: string;
  targetSeq: number;
  claimIndex: number | null;
  at: number;
  turn: number | null;
  tool: string | null;
  /** The claim's sentence, or the operation's error or verify reason; `''` when there is none. */
  text: string;
  /** Why the claim was flagged; `null` for an operation. */
  reason: FlagReason | null;
  /**
   * The receipt's sentence on what contradicts the claim, where it has one (`args_mismatch`: the value
   * the reply states against the one the call used, e.g. `the reply says a refund of $64.00, but the call
   * used amount_cents 4600`); `null` otherwise and for an operation.
   */
  message: string | null;
  /** The operation's state; `null` for a claim. */
  state: OperationState | null;
  mark: ReviewMark | null;
}

/** A page of the review queue; `next` is the `before` of the following page, `null` on the last. */
export interface ReviewPage {
  items: ReviewItem[];
  next: number | null;
}

/** Review counts since `since`, each target counted by its latest mark. */
export interface ReviewCounts {
  claims: { right: number; wrong: number };
  operations: { right: number; wrong: number };
  /** Share of reviewed flags judged right, 0–1; `null` before the first claim is reviewed. */
  flagsJudgedRight: number | null;
}

/** The latest mark of each target, from marks in any order. */
export function latestMarks(marks: readonly ReviewMark[]): ReviewMark[] {
  const latest = new Map<string, ReviewMark>();
  for (const m of marks) {
    const key = markKey(m.target, m.targetSeq, m.claimIndex);
    const seen = latest.get(key);
    if (seen === undefined || seen.seq < m.seq) latest.set(key, m);
  }
  return [...latest.values()].sort((a, b) => a.seq - b.seq);
}

/** The counts of {@link ReviewCounts} from the latest marks. */
export function countReviews(latest: readonly ReviewMark[]): ReviewCounts {
  const counts: ReviewCounts = { claims: { right: 0, wrong: 0 }, operations: { right: 0, wrong: 0 }, flagsJudgedRight: null };
  for (const m of latest) counts[m.target === 'claim' ? 'claims' : 'operations'][m.judgement]++;
  const judged = counts.claims.right + counts.claims.wrong;
  counts.flagsJudgedRight = judged === 0 ? null : counts.claims.right / judged;
  return counts;
}

/** A key naming one review target. */
export function markKey(target: ReviewTarget, targetSeq: number, claimIndex: number | null): string {
  return target === 'claim' ? `claim:${targetSeq}:${claimIndex ?? 0}` : `operation:${targetSeq}`;
}
