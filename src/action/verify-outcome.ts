/**
 * What an action's `verify` says about a call that ran: pass it, flag it for review, or halt.
 */
import { ClaimcheckError } from '../errors.js';
import type { ActionReceipt } from './action-receipt.js';

/**
 * The outcome of `verify`, keyed by `code`:
 * - `pass`: the output matches what was asked; with proof, the operation is `posted`.
 * - `flag`: something looks off; the operation is `needs_review`, the result stays `ok`.
 * - `halt`: the output contradicts the request; the operation is `needs_review`, the result is not `ok`
 *   and `raiseOnFailure()` throws a `ClaimcheckError` with code `halted`.
 *
 * Build them with {@link PASS}, {@link FLAG} and {@link HALT}.
 */
export type VerifyOutcome = { readonly code: 'pass' } | { readonly code: 'flag'; readonly reason: string } | { readonly code: 'halt'; readonly reason: string };

/**
 * An action's check of what it did, run after the executor returned and its receipt was read.
 * `args` are the validated arguments, `receipt` the proof read from the output, `output` the executor's
 * raw return value (awaited). Return {@link PASS}, {@link FLAG} or {@link HALT}.
 *
 * Synchronous under `guard.execute`; `guard.executeAsync` also awaits a returned promise. A `verify`
 * that throws, or returns anything else, is an incident: the guard logs it once and the operation is
 * `unknown` (fail open).
 */
export type Verify<Args = Record<string, unknown>, Output = unknown> = (
  args: Args,
  receipt: ActionReceipt,
  output: Output,
) => VerifyOutcome | PromiseLike<VerifyOutcome>;

/** The call did what was asked. */
export const PASS: VerifyOutcome = Object.freeze({ code: 'pass' });

/**
 * The call needs a person to look at it; `reason` says why (shown by `render`, stored with the operation).
 * @throws ClaimcheckError `invalid_options` when `reason` is not a non-empty string.
 */
export function FLAG(reason: string): VerifyOutcome {
  return Object.freeze({ code: 'flag', reason: checkReason(reason, 'FLAG') });
}

/**
 * The call did something other than what was asked; stop and review. `reason` says why.
 * @throws ClaimcheckError `invalid_options` when `reason` is not a non-empty string.
 */
export function HALT(reason: string): VerifyOutcome {
  return Object.freeze({ code: 'halt', reason: checkReason(reason, 'HALT') });
}

function checkReason(reason: unknown, name: string): string {
  if (typeof reason === 'string' && reason.trim() !== '') return reason;
  throw new ClaimcheckError('invalid_options', `${name}(reason) needs a non-empty reason string, got ${typeof reason}; e.g. ${name}('amount differs from the request').`);
}
