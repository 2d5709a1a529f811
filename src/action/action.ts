/**
 * Executors, and `action()`: the mark of a side-effecting tool, whose output must carry proof.
 */
import { ClaimcheckError } from '../errors.js';
import type { ReceiptReader } from './action-receipt.js';
import type { Verify } from './verify-outcome.js';
import { hostError } from '../_host-input.js';

/** What an executor gets besides its arguments. */
export interface ExecutorContext {
  /** The tool name called. */
  tool: string;
  /** The call's id: the provider's, or a generated one (`cc_<random>_<n>`). */
  callId: string;
}

/**
 * Runs one tool: takes the validated arguments object and returns the tool's output (or a promise of
 * it, under `guard.executeAsync`). A throw (or a rejection) is a `failed` operation, recorded with its
 * message. Its `args` may be typed as your tool's arguments (`{ order_id: string }`): the guard has
 * validated them against the tool's JSON Schema, so that type is yours to keep in step with the schema.
 */
export type Executor<Args = Record<string, unknown>, Output = unknown> = {
  // Declared as a method so its parameters are checked bivariantly: an executor typed with your own
  // arguments type, `(args: { order_id: string }) => …`, is an Executor without a cast (the guard
  // validates the arguments against the tool's schema before it runs).
  bivarianceHack(args: Args, context: ExecutorContext): Output | Promise<Output>;
}['bivarianceHack'];

/** Options of {@link action}. */
export interface ActionOptions<Args = Record<string, unknown>, Output = unknown> {
  /** Reads the proof from the output: `idField('message_id')` or your own function. Required. */
  receipt: ReceiptReader<Args, Output>;
  /** Checks the output against the arguments: `PASS`, `FLAG(reason)` or `HALT(reason)`. Default: none (proof alone makes it `posted`). */
  verify?: Verify<Args, Output>;
  /**
   * How long `guard.executeAsync` waits for a `verify` that returns a promise, in milliseconds. When it
   * has not settled by then the call settles without it: state `unknown`, `incident` `verify: …` with a
   * `verify_timeout` cause (fail open; the late answer is ignored). Default `30_000`; a positive integer
   * up to 2,147,483,647 (else `invalid_options`).
   */
  verifyTimeoutMs?: number;
}

/** Default of {@link ActionOptions.verifyTimeoutMs}. */
export const DEFAULT_VERIFY_TIMEOUT_MS = 30_000;
/** The longest timer Node.js keeps (2^31 - 1 ms, about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

/** A side-effecting tool's executor with its receipt reader and optional verify; made by {@link action}. */
export interface Action {
  readonly kind: 'action';
  readonly executor: Executor;
  readonly receipt: ReceiptReader;
  readonly verify: Verify | null;
  /** See {@link ActionOptions.verifyTimeoutMs}; absent (an action made by hand, or by an older copy of the package) means the default. */
  readonly verifyTimeoutMs?: number;
}

/**
 * Mark `executor` as a side-effecting tool (it sends, pays, books, deletes...). The guard reads a
 * receipt from each output and the operation is `posted` only with proof (a non-null id) and a passing
 * `verify`; a plain executor is read-only: validated and recorded, no receipt asked.
 *
 * ```ts
 * executors: { send_email: action(sendEmail, { receipt: idField('message_id') }) }
 * ```
 * @throws ClaimcheckError `invalid_options` when `executor`, `receipt` or `verify` is not a function, or
 *   `verifyTimeoutMs` is out of range.
 */
export function action<Args = Record<string, unknown>, Output = unknown>(
  executor: Executor<Args, Output>,
  options: ActionOptions<Args, Output>,
): Action {
  if (typeof executor !== 'function') {
    throw new ClaimcheckError('invalid_options', `action(executor, options) needs a function as executor, got ${typeof executor}.`);
  }
  if (typeof options?.receipt !== 'function') {
    throw new ClaimcheckError(
      'invalid_options',
      "action(executor, { receipt }) needs a receipt reader: idField('message_id') or a function returning { ok, id, kind }.",
    );
  }
  if (options.verify !== undefined && typeof options.verify !== 'function') {
    throw new ClaimcheckError('invalid_options', `action option verify must be a function returning PASS, FLAG(reason) or HALT(reason), got ${typeof options.verify}.`);
  }
  const timeout = options.verifyTimeoutMs ?? DEFAULT_VERIFY_TIMEOUT_MS;
  if (!Number.isInteger(timeout) || timeout <= 0 || timeout > MAX_TIMER_MS) {
    throw new ClaimcheckError('invalid_options', `action option verifyTimeoutMs must be a positive integer number of milliseconds up to ${MAX_TIMER_MS}, got ${String(options.verifyTimeoutMs)}.`);
  }
  // The generic parameters only type the user's functions; the guard calls them with validated arguments.
  return Object.freeze({
    kind: 'action',
    executor: executor as Executor,
    receipt: options.receipt as ReceiptReader,
    verify: (options.verify ?? null) as Verify | null,
    verifyTimeoutMs: timeout,
  });
}

/** True for a value made by {@link action} (also by a second copy of the package). */
export function isAction(value: unknown): value is Action {
  try {
    return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'action' && typeof (value as Action).executor === 'function';
  } catch (error) {
    throw hostError('isAction', error);
  }
}
