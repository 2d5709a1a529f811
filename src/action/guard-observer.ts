/**
 * Observers: code that watches a guard's calls and checked replies as they happen (tracing, metrics),
 * besides the one sink that records them. `claimcheck/otel` makes one that turns each call into an
 * OpenTelemetry span.
 */
import type { Interception, Operation, ReceiptRecord } from './operation.js';

/** One guarded call as an observer sees it, once it settled (ran, or had its arguments rejected). */
export interface ObservedCall {
  /** The call's record, as the sink gets it (no argument values unless `captureArgs` is on). */
  operation: Operation;
  /** For a call whose arguments were rejected, its interception (as the sink gets it); otherwise `null`. */
  interception: Interception | null;
  /** The registered tool's description; `null` for an unknown tool or one registered without one. */
  description: string | null;
  /**
   * The arguments, whatever `captureArgs` says: the validated object for a call that ran, the raw
   * arguments (object or text) for a rejected one. An observer that exports them decides itself whether to.
   */
  args: unknown;
  /** What the executor returned (awaited); `undefined` when it did not run or threw. */
  result: unknown;
}

/** One reply checked by `checkBypass`, as an observer sees it. */
export interface ObservedReply {
  /** The record the sink gets: the receipt, the call ids it was judged against, the time and turn. */
  record: ReceiptRecord;
}

/**
 * Watches a guard (see `GuardOptions.observers`). Both methods run synchronously on the guard's path,
 * in the caller's async context (so an OpenTelemetry span made here is a child of the caller's active
 * span), after the sink got the record. A method that throws is an incident logged once per cause; the
 * call and the other observers go on.
 */
export interface GuardObserver {
  /** A guarded call settled. */
  callSettled(call: ObservedCall): void;
  /** A reply was checked (not for `dryRun` checks, which change nothing). */
  replyChecked(reply: ObservedReply): void;
}
