/**
 * `guard()`: own your agent loop and route each tool call through claimcheck. Every call is validated
 * against its tool's schema (rejected calls never reach the executor), run, judged by its receipt and
 * `verify`, and recorded; `checkBypass` catches replies that claim actions no call backs.
 */
import { ClaimcheckError } from '../errors.js';
import type { Ledger } from '../ledger.js';
import type { Receipt } from '../receipt.js';
import type { ValidationFailure } from '../validate/validation-failure.js';
import type { Action, Executor } from './action.js';
import type { GuardResult } from './guard-result.js';
import type { GuardLogger } from './_incidents.js';
import type { GuardObserver } from './guard-observer.js';
import type { Operation, OperationState } from './operation.js';
import type { OperationSink } from './operation-sink.js';
import { GuardImpl } from './_guard.js';
import { assertOptions } from '../_options.js';
import { hostError } from '../_host-input.js';

export type { GuardLogger } from './_incidents.js';
export type { GuardObserver, ObservedCall, ObservedReply } from './guard-observer.js';

/** Options of {@link guard}. */
export interface GuardOptions {
  /**
   * The registered tools, in any shape `normalizeTools` reads, with their parameters schemas. Default:
   * the executors' names, with no schema (any arguments object passes).
   * @throws ClaimcheckError `invalid_tool` for an entry in no known shape.
   */
  tools?: unknown;
  /**
   * One executor per tool name: a function for a read-only tool, or `action(fn, { receipt, verify })`
   * for a side-effecting one. Every name must be among `tools` (else `invalid_options`). A registered
   * tool without an executor makes `execute` throw `invalid_options` when the model calls it.
   */
  executors: Record<string, Executor | Action>;
  /** Treat object schemas that declare `properties` as closed (see `ValidatorOptions.strictProperties`). Default `false`. */
  strictProperties?: boolean;
  /**
   * Put raw arguments in the records sent to the sink and observers (`Operation.args`,
   * `Interception.args`). Default `false`: interceptions carry a hash of the arguments, operations carry
   * none, and the records' text does not repeat them: in error text, a `verify` reason, an incident and
   * (in the receipt the sink gets) a claim's sentence, a string argument value of 4+ characters becomes
   * `[argument]`; in paths, a member name of 4+ characters the schema does not declare (an extra field's
   * key) becomes `[key]`. The result returned to the caller is not changed. Exact rule: docs/formats.md, "Nothing raw
   * at rest without capture".
   */
  captureArgs?: boolean;
  /** Keep `args` and `result` in `guard.ledger` (in memory; used by `checkBypass` to judge stated values). Default `true`. */
  captureResults?: boolean;
  /** Longest result or error text kept in `guard.ledger`, in UTF-16 code units. Default `100_000`; a positive integer (else `invalid_options`). */
  maxResultChars?: number;
  /** Where records go. Default: `createMemorySink()` (the last 10,000 of each kind, in memory). */
  sink?: OperationSink;
  /**
   * The same as `sink`, under the name that reads best for a store: `guard({ store: await openStore() })`
   * records into the SQLite ledger (a `Store` from `claimcheck/store` is an `OperationSink`). Giving both
   * `store` and a different `sink` throws `invalid_options`.
   */
  store?: OperationSink;
  /**
   * Where incidents and `close()` warnings go, as `warn(message, cause?)`. Default `console`. A failing
   * sink's later failures (reported through its `onError`) go to the logger of the latest guard made over it.
   */
  logger?: GuardLogger;
  /**
   * Watch every settled call and checked reply besides the sink: `createOtelObserver()` from
   * `claimcheck/otel` makes one that traces each call as an OpenTelemetry span. Each gets the raw
   * arguments and result (see `ObservedCall`). Default none.
   * @throws ClaimcheckError `invalid_options` for an entry without `callSettled` and `replyChecked`.
   */
  observers?: readonly GuardObserver[];
  /** Tools `checkBypass` never reports as ran-but-unreported (e.g. `think`). Default none. */
  ignoreTools?: readonly string[];
  /**
   * Name the run in the ledger. When the sink can start runs (a `Store` from `claimcheck/store`), the
   * guard starts one when it is made, with this `agent`, `id` and `meta` and the registered tools'
   * names; the store's later records belong to it (`claimcheck view` shows the agent). Default: none
   * started; records go to the store's current run (one started on the first record, agent `null`).
   * A sink without `startRun` ignores it.
   */
  run?: GuardRunOptions;
}

/** How a guard names its run in a store (see {@link GuardOptions.run}). */
export interface GuardRunOptions {
  /** Name of the agent, shown by `claimcheck view`. Free text. */
  agent?: string;
  /** Run id. Default: a random UUID. Reusing an id continues that run (its start time is kept). */
  id?: string;
  /** Any JSON-safe data (model, user, environment...). */
  meta?: unknown;
}

/** Options of one guarded call. */
export interface ExecuteOptions {
  /**
   * The provider's call id (`tool_call_id`, `call_id`, `tool_use_id`). Default: an id unique to this
   * guard and, with overwhelming likelihood, across guards: `cc_<12 random hex digits>_<sequence>`.
   */
  callId?: string;
}

/** Options of {@link Guard.reject}. */
export interface RejectOptions extends ExecuteOptions {
  /**
   * Why the call was rejected, most relevant first (at least one). Default: the guard validates `args`
   * itself; when they pass, one `type_mismatch` at `''` saying they were rejected before the guard saw them.
   */
  failures?: readonly ValidationFailure[];
  /** Mark the interception and operation `repaired: true` (a repair attempt that was rejected too). Default `false`. */
  repaired?: boolean;
}

/** The keys of {@link GuardOptions}, for the check of unknown (misspelled) options. */
const GUARD_KEYS = ['tools', 'executors', 'strictProperties', 'captureArgs', 'captureResults', 'maxResultChars', 'sink', 'store', 'logger', 'observers', 'ignoreTools', 'run'] as const satisfies ReadonlyArray<keyof GuardOptions>;
/** Compile-time: every option of {@link GuardOptions} is a known key (a new option must be added above). */
const GUARD_KEYS_COMPLETE: Exclude<keyof GuardOptions, (typeof GUARD_KEYS)[number]> extends never ? true : never = true;
void GUARD_KEYS_COMPLETE;

/** Options of {@link Guard.checkBypass}. */
export interface CheckBypassOptions {
  /**
   * Names of the tools called since the user's last message, as your loop saw them. When given, the
   * reply is judged against this guard's calls of these tools since the previous `checkBypass`; a name
   * this guard did not run counts as called outside it (an action then has no proof: `unknown`).
   * Default: every call this guard ran since the previous `checkBypass` (or since it was created).
   */
  calledTools?: readonly string[];
  /** The user's latest message, for terse replies ("Done — sent."). */
  request?: string;
  /**
   * Judge the reply and change nothing: the turn stays open, and the receipt is neither sent to the
   * sink nor kept for `render()`. For a reply the caller may send back for the model to answer again
   * (a retry after a fabricated reply), whose next reply is then checked against the same calls.
   * Default `false`.
   */
  dryRun?: boolean;
}

/** What {@link Guard.close} returns. */
export interface GuardSummary {
  /** Guarded calls by state (calls whose arguments were rejected count as `failed`). */
  operations: Record<OperationState, number>;
  /** Calls whose arguments were rejected. */
  interceptions: number;
  /** Times claimcheck itself failed and the call went on (fail open). */
  incidents: number;
  /**
   * Calls whose tool schema was skipped in whole or in part (`Operation.validation` is `skipped` or
   * `partial`): a schema Ajv cannot compile, or a `pattern` the linear-time engine does not support.
   */
  validationSkipped: number;
  /** Replies checked with `checkBypass`. */
  bypassChecks: number;
  /** The warnings `close()` logged. */
  warnings: string[];
}

/** A guard over one agent session; made by {@link guard}. */
export interface Guard {
  /** Every guarded call of the session, in call order (rejected calls as `error` entries). */
  readonly ledger: Ledger;
  /** The records' destination. */
  readonly sink: OperationSink;
  /** The operations of the open turn: the calls since the previous `checkBypass`. */
  readonly turn: readonly Operation[];
  /**
   * Guard one call, synchronously: validate `args` (an object, or the raw arguments text the model
   * emitted), run the executor, read the receipt, apply `verify`, record. Never throws for bad arguments,
   * a failing executor or a claimcheck fault: those come back in the result.
   * @throws ClaimcheckError `async_executor` when the executor is an `async` function (it is not run) or
   *   returns a promise (it ran; the call is recorded when it settles): use {@link Guard.executeAsync}.
   *   `invalid_options` when `name` is registered but has no executor. `guard_closed` after `close()`.
   */
  execute(name: string, args: unknown, options?: ExecuteOptions): GuardResult;
  /** {@link Guard.execute} for executors (and `verify`s) that may return promises; awaits them. Same throws, but no `async_executor`. */
  executeAsync(name: string, args: unknown, options?: ExecuteOptions): Promise<GuardResult>;
  /**
   * {@link Guard.executeAsync} for a call whose arguments the model repaired after a rejection (the
   * `run()` loop's retry). The operation and any interception are marked `repaired: true`.
   */
  executeRepaired(name: string, args: unknown, options?: ExecuteOptions): Promise<GuardResult>;
  /**
   * Record a call whose arguments were rejected before it reached the guard (by an SDK that validates
   * calls itself, such as the AI SDK's `NoSuchToolError` and `InvalidToolInputError`): an interception
   * and a `failed` operation, as if `execute` had rejected it. The executor is never run, whatever the
   * arguments. Returns the failed result. Never throws for bad arguments or unknown names.
   * @throws ClaimcheckError `guard_closed` after `close()`.
   */
  reject(name: string, args: unknown, options?: RejectOptions): GuardResult;
  /**
   * Judge a text-only reply (a model turn with no tool calls) against the open turn's calls, and close
   * the turn. Each judged claim carries its tool's `operation` state; a confirmed claim about an action
   * whose operation is not `posted` moves to `claimedButNeverRan` with reason `not_proven`. The receipt
   * is sent to the sink. A claimcheck fault gives an empty receipt and is logged (fail open).
   * Linear in the reply's length; limit: `text` and `options.request` are each at most 8,388,608
   * characters (UTF-16 code units; 8 MiB of ASCII text).
   * @throws ClaimcheckError `invalid_options` when `text` is not a string; `input_too_large` when `text` or
   *   `options.request` is over the limit (the turn stays open); `guard_closed` after `close()`.
   */
  checkBypass(text: string, options?: CheckBypassOptions): Receipt;
  /**
   * The turn in one line (see `renderTurn`): the open turn's calls, or, right after `checkBypass`, the
   * turn it checked with its flagged claims.
   */
  render(): string;
  /**
   * End the session. Warns (through the logger) when action tools were registered but `checkBypass`
   * never ran: a reply claiming an action without calling its tool is the one catch a wrapper around
   * executors cannot make by itself. Returns the session's counts. Idempotent.
   */
  close(): GuardSummary;
}

/**
 * Create a {@link Guard}.
 *
 * ```ts
 * const g = guard({ tools, executors: { send_email: action(send, { receipt: idField('message_id') }), get_order: getOrder } });
 * const r = g.execute('send_email', call.function.arguments, { callId: call.id });
 * // r.ok, r.state ('posted' | 'unknown' | 'needs_review' | 'failed' | 'read'), r.value, r.failure
 * ```
 *
 * Fails open: when claimcheck itself throws while guarding a call (a bug, a schema Ajv cannot compile,
 * a receipt reader or `verify` that throws, a sink that is down), the executor still runs and its value
 * is returned; a `posted` or `read` state becomes `unknown`, `incident` says what failed, and the
 * logger gets one warning per distinct cause. A sink or store whose writes fail (damaged, locked,
 * read-only, full or closed; a store's later write failures come through its `onError`) gets one
 * warning per sink, that recording is off, with the cause and its fix.
 * @throws ClaimcheckError `invalid_tool` for a tool in no known shape; `invalid_options` for an executor
 *   that is neither a function nor an `action()`, an executor named after no registered tool, a sink
 *   without the three methods, `store` and a different `sink` both given, a bad `maxResultChars`, or an
 *   unknown option key (named, with the closest known one: `data: { option, suggestion }`).
 */
export function guard(options: GuardOptions): Guard {
  try {
    assertOptions('guard(options)', options, GUARD_KEYS);
    const store = options?.store;
    if (store === undefined) return new GuardImpl(options);
    if (options.sink !== undefined && options.sink !== store) {
      throw new ClaimcheckError('invalid_options', 'guard options store and sink are the same option (store is its alias); give one of them.');
    }
    return new GuardImpl({ ...options, sink: store });
  } catch (error) {
    throw hostError('guard', error);
  }
}
