/**
 * What one guarded call returns: the executor's value with how the call settled, and a throwing
 * accessor for callers who prefer exceptions.
 */
import type { ValidationFailure, ValidationFailureCategory } from '../validate/validation-failure.js';
import type { ActionReceipt } from './action-receipt.js';
import type { OperationState } from './operation.js';
import type { VerifyOutcome } from './verify-outcome.js';

/**
 * Why a guarded call is not `ok`, keyed by `category`:
 * - a validation category (`invalid_json`, `unknown_tool`, `missing_required`, `type_mismatch`,
 *   `enum_violation`, `format_violation`, `constraint_violation`, `extra_field`): the arguments were
 *   rejected and the executor did not run. `path`, `message` and `hint` are the most relevant
 *   failure's; `failures` holds them all, most relevant first. Feed `message` back to the model.
 * - `tool_failed`: the executor threw (`cause` is what it threw) or its output reports a failure
 *   (`cause` is `undefined`; `message` is the failure text).
 * - `halted`: the action ran and `verify` returned `HALT(reason)`; `message` is the reason.
 */
export type GuardFailure =
  | { category: ValidationFailureCategory; path: string; message: string; hint?: string; failures: ValidationFailure[] }
  | { category: 'tool_failed'; message: string; cause: unknown }
  | { category: 'halted'; message: string };

/** The `data` of the `ClaimcheckError` that `raiseOnFailure()` throws. */
export interface GuardErrorData {
  tool: string;
  callId: string;
  failure: GuardFailure;
}

/** Members every {@link GuardResult} has. */
export interface GuardResultBase {
  /** The executor's return value (awaited under `executeAsync`); `undefined` when it did not run or threw. */
  value: unknown;
  state: OperationState;
  /** The proof read from an action's output; `null` for read-only tools and calls that did not return. */
  receipt: ActionReceipt | null;
  /** What the action's `verify` said; `null` when there is none or it did not run. */
  verify: VerifyOutcome | null;
  tool: string;
  /** The provider's call id passed in, or a generated one (`cc_<random>_<n>`). */
  callId: string;
  /** When claimcheck itself failed on this call (fail open), what failed; `null` otherwise. */
  incident: string | null;
  /**
   * Return `value` when `ok`; otherwise throw a `ClaimcheckError` whose `code` is the failure's
   * `category` (`missing_required`, …, `tool_failed`, `halted`), with {@link GuardErrorData} as `data`
   * and, for `tool_failed`, the executor's error as `cause`.
   */
  raiseOnFailure(): unknown;
}

/**
 * The result of one guarded call. `ok` is `true` when the executor ran and returned, its output does
 * not report a failure, and `verify` did not halt: state `posted`, `read`, `unknown` (no proof, or an
 * incident) or `needs_review` after `FLAG`. Otherwise `ok` is `false` and `failure` says why.
 */
export type GuardResult = GuardResultBase & ({ ok: true; failure?: undefined } | { ok: false; failure: GuardFailure });
