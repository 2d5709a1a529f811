/**
 * What one `run()` call returns.
 */
import type { Guard } from '../action/guard.js';
import type { Operation, OperationState } from '../action/operation.js';
import type { Claim, Receipt } from '../receipt.js';
import type { ValidationFailure } from '../validate/validation-failure.js';

/** The repair round trip of one call whose arguments were rejected. */
export interface RepairAttempt {
  tool: string;
  /** The model's call id (the repaired call keeps it). */
  callId: string;
  /** Why the first arguments were rejected, most relevant first. */
  failures: ValidationFailure[];
  /**
   * - `repaired`: the model sent new arguments, they passed and the call ran (see its operation for how it went);
   * - `still_invalid`: the new arguments were rejected too; the model reads that failure as the call's answer;
   * - `no_call`: the repair response called no tool of that name; the model reads the first failure;
   * - `request_failed`: the repair request threw (`error`); the model reads the first failure.
   */
  outcome: 'repaired' | 'still_invalid' | 'no_call' | 'request_failed';
  /** What the repair request threw (`request_failed` only). */
  error?: unknown;
}

/** The outcome of one model turn. */
export interface RunResult {
  /**
   * `true` when the model answered without calling a tool: the turn is the reply to the user (and was
   * checked, unless `bypass: false`). Loop `while (!result.finished)`. `false` when tools were called
   * (their answers are in `messages`) or the model paused a server-side turn (Anthropic `pause_turn`).
   */
  finished: boolean;
  /**
   * The conversation to send next: the messages given, then the model's message (with any repaired
   * arguments in place of the rejected ones), then the answers to its calls, all in the provider's own
   * shapes. A new array; the input is not modified.
   */
  messages: unknown[];
  /** The model's text this turn, as the core readers read it: text parts joined, `<thinking>` spans removed (`''` when it only called tools). */
  text: string;
  /** The provider's stop reason (`finish_reason` / `stop_reason`), or `null`. */
  stopReason: string | null;
  /** This turn's guarded calls, in call order (a rejected call and its repair are two operations). */
  operations: readonly Operation[];
  /** The state of `tool`'s latest call this turn; `undefined` when it was not called this turn. */
  state(tool: string): OperationState | undefined;
  /** The claims of a finished reply that no good call backs (`receipt.claimedButNeverRan`); empty otherwise. */
  bypass: readonly Claim[];
  /** The receipt of a finished reply (`guard.checkBypass`); `null` when the turn called tools or the check is off. */
  receipt: Receipt | null;
  /** One entry per call whose arguments were rejected and sent back for repair. */
  repairs: readonly RepairAttempt[];
  /** The session's guard (its ledger, sink, `close()`); the next `run()` on `messages` goes on with it. */
  guard: Guard;
  /** The provider's raw responses this turn, in order: the model's, then the repair response when one was made. */
  responses: readonly unknown[];
  /** The turn in one line (`renderTurn`): what ran with which proof, what failed, what a reply claimed falsely. */
  render(): string;
}
