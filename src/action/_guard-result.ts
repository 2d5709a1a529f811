/**
 * Internal: the class behind {@link GuardResult}, so `raiseOnFailure` is one shared method, not a
 * closure per call.
 */
import { ClaimcheckError } from '../errors.js';
import type { ActionReceipt } from './action-receipt.js';
import type { GuardErrorData, GuardFailure, GuardResult, GuardResultBase } from './guard-result.js';
import type { OperationState } from './operation.js';
import type { VerifyOutcome } from './verify-outcome.js';

/** The parts of a result: its members, less `ok` and `raiseOnFailure`, which follow from them. */
export type ResultParts = Pick<GuardResultBase, 'value' | 'state' | 'receipt' | 'verify' | 'tool' | 'callId' | 'incident'> & {
  failure: GuardFailure | undefined;
};

class Result {
  readonly ok: boolean;
  readonly value: unknown;
  readonly state: OperationState;
  readonly receipt: ActionReceipt | null;
  readonly verify: VerifyOutcome | null;
  readonly tool: string;
  readonly callId: string;
  readonly incident: string | null;
  readonly failure: GuardFailure | undefined;

  constructor(p: ResultParts) {
    this.ok = p.failure === undefined;
    this.value = p.value;
    this.state = p.state;
    this.receipt = p.receipt;
    this.verify = p.verify;
    this.tool = p.tool;
    this.callId = p.callId;
    this.incident = p.incident;
    this.failure = p.failure;
  }

  raiseOnFailure(): unknown {
    const failure = this.failure;
    if (failure === undefined) return this.value;
    const data: GuardErrorData = { tool: this.tool, callId: this.callId, failure };
    const hint = 'hint' in failure && failure.hint !== undefined ? ` ${failure.hint}` : '';
    throw new ClaimcheckError(failure.category, `${this.tool} (call ${this.callId}): ${failure.message}${hint}`, {
      data,
      ...(failure.category === 'tool_failed' && failure.cause !== undefined ? { cause: failure.cause } : {}),
    });
  }
}

/** A {@link GuardResult}: `ok` exactly when `failure` is undefined. */
export function makeResult(parts: ResultParts): GuardResult {
  return new Result(parts) as GuardResult;
}
