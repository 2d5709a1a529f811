/**
 * Internal: the records of a call whose arguments were rejected (the executor is not run): its
 * interception (category, path, argument hash; values only with `captureArgs`), its `failed`
 * operation, its ledger entry and its result.
 */
import { boundDepth } from '../_bound-depth.js';
import type { LedgerEntry } from '../ledger.js';
import type { ValidationFailure } from '../validate/validation-failure.js';
import { argsHash } from './_args-hash.js';
import { makeResult } from './_guard-result.js';
import type { GuardResult } from './guard-result.js';
import type { IncidentStep } from './_incidents.js';
import type { Interception, Operation, ValidationCoverage } from './operation.js';

/** A rejected call. */
export interface Rejection {
  tool: string;
  callId: string;
  rawArgs: unknown;
  repaired: boolean;
  startedAt: number;
  /** A claimcheck fault met earlier on this call, or `null`. */
  incident: string | null;
  /** How much of the schema was skipped (`Operation.validation`), or `null`. */
  validation: ValidationCoverage | null;
  /** At least one, most relevant first. */
  failures: readonly ValidationFailure[];
  /** The tool's kind, as its calls that run are recorded (`action` for an `action()` executor); `read` for an unknown tool. */
  kind: 'action' | 'read';
  captureArgs: boolean;
  /** Reports a claimcheck fault (hashing); returns the incident text. */
  onFault(step: IncidentStep, cause: unknown): string;
}

/** What a rejection records and returns. */
export interface RejectionRecords {
  interception: Interception;
  operation: Operation;
  entry: LedgerEntry;
  result: GuardResult;
}

/** Build the records of a rejected call. */
export function recordRejection(r: Rejection): RejectionRecords {
  const first = r.failures[0] ?? { category: 'type_mismatch', path: '', message: 'The arguments were rejected.' };
  let incident = r.incident;
  let hash: string;
  try {
    hash = argsHash(boundDepth(r.rawArgs));
  } catch (cause) {
    incident = r.onFault('record', cause);
    hash = '';
  }
  const endedAt = Date.now();
  const error = `${first.category} at ${first.path === '' ? '(arguments)' : first.path}`;
  const interception: Interception = {
    callId: r.callId,
    tool: r.tool,
    category: first.category,
    path: first.path,
    failures: r.failures.map((f) => ({ category: f.category, path: f.path })),
    argsHash: hash,
    repaired: r.repaired,
    at: r.startedAt,
  };
  const operation: Operation = {
    callId: r.callId,
    tool: r.tool,
    kind: r.kind,
    state: 'failed',
    ran: false,
    repaired: r.repaired,
    receipt: null,
    verify: null,
    failure: first.category,
    error,
    incident,
    startedAt: r.startedAt,
    endedAt,
  };
  if (r.validation !== null) operation.validation = r.validation;
  if (r.captureArgs) {
    interception.args = boundDepth(r.rawArgs);
    operation.args = interception.args;
  }
  const entry: LedgerEntry = { tool: r.tool, status: 'error', args: r.rawArgs, result: undefined, error, callId: r.callId, startedAt: r.startedAt, endedAt };
  const failure = {
    category: first.category,
    path: first.path,
    message: first.message,
    ...(first.hint === undefined ? {} : { hint: first.hint }),
    failures: [...r.failures],
  };
  const result = makeResult({ value: undefined, state: 'failed', receipt: null, verify: null, tool: r.tool, callId: r.callId, incident, failure });
  return { interception, operation, entry, result };
}
