/**
 * Internal: running one validated call: invoke the executor, then settle it (receipt, verify), either
 * synchronously (`guard.execute`) or awaiting promises (`executeAsync`).
 */
import { ClaimcheckError } from '../errors.js';
import { DEFAULT_VERIFY_TIMEOUT_MS, type Action, type Executor } from './action.js';
import type { ValidationCoverage } from './operation.js';
import { applyVerify, settleOutput, type Outcome, type Settlement } from './_settle.js';

/** A call that passed validation (or whose validation failed open) and is about to run. */
export interface Call {
  tool: string;
  callId: string;
  repaired: boolean;
  startedAt: number;
  args: Record<string, unknown>;
  rawArgs: unknown;
  entry: Executor | Action;
  /** A claimcheck fault met while validating, or `null`. */
  incident: string | null;
  /** How much of the schema was skipped (`Operation.validation`), or `null`. */
  validation: ValidationCoverage | null;
}

type Answer = { threw: false; returned: unknown } | { threw: true; error: unknown };

/**
 * Run `call` synchronously. When the executor returns a promise, `later` settles it: the caller records
 * it when it resolves and throws {@link asyncError} now.
 */
export function runSync(call: Call): Settlement | { later: Promise<Settlement> } {
  const outcome = invoke(call);
  if (!outcome.threw && isThenable(outcome.value)) return { later: runAsync(call, outcome) };
  const first = settleOutput(call.entry, call.args, outcome);
  let settlement: Settlement = first;
  if (first.verifyNext) {
    const answer = askVerify(call, first, outcome);
    if (!answer.threw && isThenable(answer.returned)) {
      Promise.resolve(answer.returned).catch(() => undefined);
      settlement = applyVerify(first, { threw: true, error: asyncError(call.tool, 'has a verify that returned a promise; guard.execute() cannot wait for it') });
    } else settlement = applyVerify(first, answer);
  }
  return settlement;
}

/** Run `call` (or finish one already invoked: `invoked`), awaiting the executor and `verify`. */
export async function runAsync(call: Call, invoked: Outcome = invoke(call)): Promise<Settlement> {
  let outcome = invoked;
  if (!outcome.threw && isThenable(outcome.value)) {
    try {
      outcome = { threw: false, value: await outcome.value };
    } catch (error) {
      outcome = { threw: true, error };
    }
  }
  const first = settleOutput(call.entry, call.args, outcome);
  let settlement: Settlement = first;
  if (first.verifyNext) {
    let answer = askVerify(call, first, outcome);
    if (!answer.threw && isThenable(answer.returned)) {
      const timeoutMs = typeof call.entry === 'function' ? DEFAULT_VERIFY_TIMEOUT_MS : (call.entry.verifyTimeoutMs ?? DEFAULT_VERIFY_TIMEOUT_MS);
      try {
        answer = { threw: false, returned: await settleWithin(answer.returned, timeoutMs, call.tool) };
      } catch (error) {
        answer = { threw: true, error };
      }
    }
    settlement = applyVerify(first, answer);
  }
  return settlement;
}

/** The `async_executor` error for `tool`: `what` its executor did. */
export function asyncError(tool: string, what: string): ClaimcheckError {
  return new ClaimcheckError('async_executor', `The executor of ${JSON.stringify(tool)} ${what}. guard.execute() is synchronous; use await guard.executeAsync().`, {
    data: { tool },
  });
}

/** True for an `async function` (known before it runs). */
export function isAsyncFunction(fn: unknown): boolean {
  return typeof fn === 'function' && fn.constructor?.name === 'AsyncFunction';
}

export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

function invoke(call: Call): Outcome {
  const run = typeof call.entry === 'function' ? call.entry : call.entry.executor;
  try {
    return { threw: false, value: run(call.args, { tool: call.tool, callId: call.callId }) };
  } catch (error) {
    return { threw: true, error };
  }
}

function askVerify(call: Call, s: Settlement, outcome: Outcome): Answer {
  const verify = typeof call.entry === 'function' ? null : call.entry.verify;
  if (verify === null || s.receipt === null || outcome.threw) return { threw: false, returned: undefined };
  try {
    return { threw: false, returned: verify(call.args, s.receipt, outcome.value) };
  } catch (error) {
    return { threw: true, error };
  }
}

/** `pending`'s value, or a `verify_timeout` rejection when it has not settled within `timeoutMs`. */
function settleWithin(pending: PromiseLike<unknown>, timeoutMs: number, tool: string): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        new ClaimcheckError('verify_timeout', `The verify of ${JSON.stringify(tool)} did not settle within ${timeoutMs} ms; the call settles without it (raise verifyTimeoutMs in action() if it needs longer).`, {
          data: { tool, timeoutMs },
        }),
      );
    }, timeoutMs);
  });
  // A verify that settles after the timeout is ignored, its rejection included.
  Promise.resolve(pending).catch(() => undefined);
  return Promise.race([Promise.resolve(pending), late]).finally(() => clearTimeout(timer));
}
