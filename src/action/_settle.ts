/**
 * Internal: how a call that ran settles: a thrown executor, a read-only tool's output, an action's
 * receipt, then its `verify`. Pure; claimcheck's own faults come back as `fault` for the guard to log.
 */
import { resultFailure } from '../readers/result-failure.js';
import type { ActionReceipt } from './action-receipt.js';
import type { Action, Executor } from './action.js';
import type { GuardFailure } from './guard-result.js';
import type { IncidentStep } from './_incidents.js';
import type { OperationState } from './operation.js';
import { PASS, type VerifyOutcome } from './verify-outcome.js';

/** What the executor did: returned a value, or threw. */
export type Outcome = { threw: false; value: unknown } | { threw: true; error: unknown };

/** How a call settled. */
export interface Settlement {
  state: OperationState;
  receipt: ActionReceipt | null;
  verify: VerifyOutcome | null;
  failure: GuardFailure | undefined;
  error: string | null;
  /** A claimcheck step (or user hook) that failed; the state is then `unknown` (fail open). */
  fault: { step: IncidentStep; cause: unknown } | null;
  /** The executor's return value (awaited); `undefined` when it threw. */
  value: unknown;
}

/** Settle a call up to its `verify`, which {@link applyVerify} adds when `verifyNext` is true. */
export function settleOutput(entry: Executor | Action, args: Record<string, unknown>, outcome: Outcome): Settlement & { verifyNext: boolean } {
  if (outcome.threw) {
    const message = errorMessage(outcome.error);
    return settled('failed', null, null, { category: 'tool_failed', message, cause: outcome.error }, message, null, undefined);
  }
  const value = outcome.value;
  if (typeof entry === 'function') {
    const failed = resultFailure(value);
    if (failed === null) return settled('read', null, null, undefined, null, null, value);
    return settled('failed', null, null, { category: 'tool_failed', message: failed, cause: undefined }, failed, null, value);
  }
  let receipt: ActionReceipt;
  try {
    receipt = normalizeReceipt(entry.receipt(value, args));
  } catch (cause) {
    return settled('unknown', null, null, undefined, null, { step: 'receipt', cause }, value);
  }
  if (!receipt.ok) {
    const message = receipt.error ?? 'the output reports a failure';
    return settled('failed', receipt, null, { category: 'tool_failed', message, cause: undefined }, message, null, value);
  }
  return settled(receipt.id === null ? 'unknown' : 'posted', receipt, null, undefined, null, null, value, entry.verify !== null);
}

/**
 * Add `verify`'s answer: `returned` is what it returned (awaited), or `threw` its error. `FLAG` and
 * `HALT` make the call `needs_review` (`HALT` also a `halted` failure); `PASS` keeps the state.
 */
export function applyVerify(s: Settlement, answer: { threw: false; returned: unknown } | { threw: true; error: unknown }): Settlement {
  const outcome = answer.threw ? undefined : asVerifyOutcome(answer.returned);
  if (outcome === undefined) {
    const cause = answer.threw ? answer.error : new TypeError(`verify returned ${describe(answer.returned)}; expected PASS, FLAG(reason) or HALT(reason)`);
    return settled('unknown', s.receipt, null, undefined, null, { step: 'verify', cause }, s.value);
  }
  if (outcome.code === 'pass') return settled(s.state, s.receipt, outcome, s.failure, s.error, s.fault, s.value);
  if (outcome.code === 'flag') return settled('needs_review', s.receipt, outcome, s.failure, s.error, s.fault, s.value);
  return settled('needs_review', s.receipt, outcome, { category: 'halted', message: outcome.reason }, outcome.reason, s.fault, s.value);
}

/** One settlement shape for every path (keeps the guard's hot path monomorphic). */
function settled(
  state: OperationState,
  receipt: ActionReceipt | null,
  verify: VerifyOutcome | null,
  failure: GuardFailure | undefined,
  error: string | null,
  fault: Settlement['fault'],
  value: unknown,
  verifyNext = false,
): Settlement & { verifyNext: boolean } {
  return { state, receipt, verify, failure, error, fault, value, verifyNext };
}

/** A receipt function's answer, with defaults; throws a TypeError for anything that is not an object. */
function normalizeReceipt(value: unknown): ActionReceipt {
  if (typeof value !== 'object' || value === null) throw new TypeError(`the receipt reader returned ${describe(value)}; expected { ok, id, kind }`);
  const r = value as { ok?: unknown; id?: unknown; kind?: unknown; error?: unknown };
  const id = typeof r.id === 'string' && r.id.trim() !== '' ? r.id : typeof r.id === 'number' && Number.isFinite(r.id) ? String(r.id) : null;
  return {
    ok: r.ok !== false,
    id,
    kind: typeof r.kind === 'string' && r.kind !== '' ? r.kind : 'id',
    error: typeof r.error === 'string' && r.error !== '' ? r.error : null,
  };
}

/** The outcome when `value` is one (also from a second copy of the package), else `undefined`. */
function asVerifyOutcome(value: unknown): VerifyOutcome | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as { code?: unknown; reason?: unknown };
  if (v.code === 'pass') return PASS;
  if ((v.code === 'flag' || v.code === 'halt') && typeof v.reason === 'string') return { code: v.code, reason: v.reason };
  return undefined;
}

/** The message of a thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message === '' ? error.name : error.message;
  return typeof error === 'string' ? error : describe(error);
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  return typeof value === 'object' ? (Array.isArray(value) ? 'an array' : 'an object') : `a ${typeof value}`;
}
