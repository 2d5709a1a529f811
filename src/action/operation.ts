/**
 * The records a guard keeps: one {@link Operation} per guarded call, one {@link Interception} per call
 * whose arguments were rejected, one {@link ReceiptRecord} per checked reply. Plain JSON-safe data,
 * free of raw argument values unless the guard's `captureArgs` is on, so a store can persist them as they are.
 */
import type { Receipt } from '../receipt.js';
import type { ValidationFailureCategory } from '../validate/validation-failure.js';
import type { ActionReceipt } from './action-receipt.js';
import type { VerifyOutcome } from './verify-outcome.js';

/**
 * How a guarded call settled.
 * - `posted`: an action whose output carried proof (an id) and whose `verify`, if any, passed.
 * - `unknown`: an action that returned without proof; or any call the guard could not judge because
 *   claimcheck itself failed (an incident; fail open); or, on a claim, an action claimed with no call.
 * - `needs_review`: an action whose `verify` returned `FLAG` or `HALT`.
 * - `failed`: arguments rejected (the executor did not run), the executor threw, or the output reports a failure.
 * - `read`: a read-only tool (not marked with `action()`) ran and returned; no proof is asked of it.
 */
export type OperationState = 'posted' | 'unknown' | 'needs_review' | 'failed' | 'read';

/** How much of a tool's schema a call was checked against, when not all of it; see `Operation.validation`. */
export type ValidationCoverage = 'skipped' | 'partial';

/** What made an operation fail: a validation category, `tool_failed` (threw or reported failure) or `halted` (`HALT`). */
export type GuardFailureCategory = ValidationFailureCategory | 'tool_failed' | 'halted';

/** One guarded call. */
export interface Operation {
  /** The provider's call id, or a generated one (`cc_<random>_<n>`). */
  callId: string;
  /** The tool name called. */
  tool: string;
  /** `action` for tools marked with `action()`, `read` otherwise (also for unknown tools). */
  kind: 'action' | 'read';
  state: OperationState;
  /** `false` when the executor was not run (arguments rejected). */
  ran: boolean;
  /** `true` for calls made through `executeRepaired` (arguments repaired after a rejection). */
  repaired: boolean;
  /** The proof read from the output; `null` for read-only tools and calls that did not return. */
  receipt: ActionReceipt | null;
  /** What `verify` said; `null` when there is no `verify` or it did not run. */
  verify: VerifyOutcome | null;
  /** Set when `state` is `failed`, or `needs_review` after `HALT`. */
  failure: GuardFailureCategory | null;
  /**
   * Error text: the executor's error message, the output's failure text, the `HALT` reason, or for
   * rejected arguments `"<category> at <path>"` (no values). `null` otherwise. Without `captureArgs`,
   * argument values it repeats are written `[argument]` and undeclared member names in the path `[key]`.
   */
  error: string | null;
  /** When claimcheck itself failed on this call (fail open): what failed, e.g. `validation: …`. `null` otherwise. */
  incident: string | null;
  /**
   * Present only when the tool's schema was not applied in full (fail open; the guard logs it once per
   * tool and counts it in `GuardSummary.validationSkipped`):
   * - `skipped`: the schema could not be used at all (Ajv cannot compile it, or it is past the size
   *   bounds: more than 5,000 subschemas or 256 levels; `incident` says why); the arguments only had to
   *   be a JSON object.
   * - `partial`: some keywords were not checked: a `pattern` the linear-time engine does not support
   *   (lookaround, backreferences), which then matches everything (`ValidationResult.skipped`).
   */
  validation?: ValidationCoverage;
  /** Epoch milliseconds. */
  startedAt: number;
  endedAt: number;
  /** The arguments as called; present only when the guard's `captureArgs` is on. */
  args?: unknown;
  /** The guard's turn this call belongs to, 1-based: one more than the `checkBypass` calls before it. */
  turn?: number;
}

/** One call whose arguments were rejected before its executor ran. Carries no argument values unless `captureArgs` is on. */
export interface Interception {
  callId: string;
  tool: string;
  /** The most relevant failure's category. */
  category: ValidationFailureCategory;
  /** JSON Pointer of that failure (`''` for the whole arguments); without `captureArgs`, a member name the schema does not declare is written `[key]`. */
  path: string;
  /** Every failure, by category and path (messages are left out: they quote values). */
  failures: Array<{ category: ValidationFailureCategory; path: string }>;
  /** Hex SHA-256 of the arguments' canonical JSON (object keys sorted; raw text hashed as a JSON string): equal arguments, equal hash. */
  argsHash: string;
  repaired: boolean;
  /** Epoch milliseconds. */
  at: number;
  /** The rejected arguments (object or raw text); present only when `captureArgs` is on. */
  args?: unknown;
  /** The guard's turn, 1-based, as for {@link Operation.turn}. */
  turn?: number;
}

/** One reply checked by `checkBypass`. */
export interface ReceiptRecord {
  /** The receipt, each judged claim carrying its `operation` state. */
  receipt: Receipt;
  /** The calls the reply was judged against (this turn's operations, in call order). */
  callIds: string[];
  /** Epoch milliseconds. */
  at: number;
  /** The guard's turn this reply closes, 1-based, as for {@link Operation.turn}. */
  turn?: number;
  /** The reply text that was checked. A store keeps it only when it captures (`openStore({ capture: true })`). */
  reply?: string;
  /** The user's request given to `checkBypass`, when one was; kept like `reply`. */
  request?: string;
}
