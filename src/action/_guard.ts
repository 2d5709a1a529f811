/**
 * Internal: the guard behind `guard()`. Each call: start (validate, or reject and record), run the
 * executor, settle (receipt, verify), record (ledger, turn, sink).
 */
import { randomBytes } from 'node:crypto';
import { boundDepth } from '../_bound-depth.js';
import { ClaimcheckError } from '../errors.js';
import { escapeLoneSurrogates, isWellFormed } from '../_well-formed.js';
import { assertTextLength } from '../_input-limit.js';
import type { Ledger, LedgerEntry } from '../ledger.js';
import { Receipt } from '../receipt.js';
import type { ValidationFailure } from '../validate/validation-failure.js';
import { FailOpenValidation } from './_fail-open-validation.js';
import type { CheckBypassOptions, ExecuteOptions, Guard, GuardOptions, GuardSummary, RejectOptions } from './guard.js';
import type { GuardResult } from './guard-result.js';
import { makeResult } from './_guard-result.js';
import { setUpGuard, type GuardSetup } from './_guard-setup.js';
import { closeWarnings, IncidentLog, type IncidentStep } from './_incidents.js';
import { judgeTurn, type TurnCall } from './_judge-turn.js';
import type { Interception, Operation, OperationState, ValidationCoverage } from './operation.js';
import type { ObservedCall } from './guard-observer.js';
import type { OperationSink } from './operation-sink.js';
import { recordRejection, type Rejection } from './_reject.js';
import { renderTurn } from './render-turn.js';
import { asyncError, isThenable, runAsync, runSync, type Call } from './_run-call.js';
import type { Settlement } from './_settle.js';
import { assertOptions } from '../_options.js';
import { argumentValues, MAX_VALUES, maskOperation, maskReceipt, maskRejection } from './_mask-arguments.js';
import { hostError } from '../_host-input.js';

const NO_OPTIONS: ExecuteOptions = Object.freeze({});

export class GuardImpl implements Guard {
  readonly ledger: Ledger;
  readonly sink: OperationSink;
  readonly #setup: GuardSetup;
  readonly #incidents: IncidentLog;
  readonly #validation: FailOpenValidation;
  readonly #counts: Record<OperationState, number> = { posted: 0, unknown: 0, needs_review: 0, failed: 0, read: 0 };
  /** The open turn: its ledger entries and operations, index for index (the ledger may also hold entries recorded by the user). */
  #turnEntries: LedgerEntry[] = [];
  #turnOps: Operation[] = [];
  /** Generated call ids: a random prefix per guard, then a sequence number. */
  readonly #idPrefix = `cc_${randomBytes(6).toString('hex')}_`;
  #idSeq = 0;
  #checked: { calls: TurnCall[]; receipt: Receipt } | null = null;
  #interceptions = 0;
  #bypassChecks = 0;
  #summary: GuardSummary | null = null;

  constructor(options: GuardOptions) {
    this.#setup = setUpGuard(options);
    this.ledger = this.#setup.ledger;
    this.sink = this.#setup.sink;
    this.#incidents = new IncidentLog(this.#setup.logger, this.#setup.sink);
    this.#validation = new FailOpenValidation(this.#setup.validator, this.#incidents);
    if (options.run !== undefined) this.#startRun(options.run);
  }

  /** Start the named run in a sink that can (a store); a failure is an incident, never thrown. */
  #startRun(run: NonNullable<GuardOptions['run']>): void {
    const sink = this.sink as OperationSink & { startRun?: unknown };
    if (typeof sink.startRun !== 'function') return;
    try {
      (sink.startRun as (r: unknown) => unknown).call(sink, { ...run, tools: this.#setup.tools.map((t) => t.name) });
    } catch (cause) {
      this.#incidents.report('sink', '(run)', cause);
    }
  }

  /** The open turn's number, 1-based. */
  get #turnNumber(): number {
    return this.#bypassChecks + 1;
  }

  get turn(): readonly Operation[] {
    return this.#turnOps.slice();
  }

  execute(name: string, args: unknown, options: ExecuteOptions = NO_OPTIONS): GuardResult {
    try {
      const call = this.#start(name, args, options, true, false);
      if (!('entry' in call)) return call;
      const ran = runSync(call);
      if ('later' in ran) {
        ran.later.then((r) => this.#record(call, r)).catch((cause: unknown) => this.#incidents.report('record', name, cause));
        throw asyncError(name, `returned a promise (the call ran and is recorded when it settles; call id ${call.callId})`);
      }
      return this.#record(call, ran);
    } catch (error) {
      throw hostError('guard.execute', error);
    }
  }

  executeAsync(name: string, args: unknown, options: ExecuteOptions = NO_OPTIONS): Promise<GuardResult> {
    return this.#runAsync(name, args, options, false);
  }

  executeRepaired(name: string, args: unknown, options: ExecuteOptions = NO_OPTIONS): Promise<GuardResult> {
    return this.#runAsync(name, args, options, true);
  }

  reject(called: string, args: unknown, options: RejectOptions = NO_OPTIONS): GuardResult {
    try {
      this.#assertOpen();
      const name = recordableName(called);
      const startedAt = Date.now();
      const callId = options.callId ?? `${this.#idPrefix}${++this.#idSeq}`;
      let failures = options.failures === undefined || options.failures.length === 0 ? undefined : [...options.failures];
      let incident: string | null = null;
      let validation: ValidationCoverage | null = null;
      if (failures === undefined) {
        const checked = this.#validation.check(name, args);
        incident = this.#validation.incident;
        validation = this.#validation.coverage;
        failures = checked.ok ? [{ category: 'type_mismatch', path: '', message: 'The arguments were rejected before they reached the guard.' }] : checked.failures;
      }
      return this.#reject({ tool: name, callId, rawArgs: args, repaired: options.repaired ?? false, startedAt, incident, validation, failures });
    } catch (error) {
      throw hostError('guard.reject', error);
    }
  }

  checkBypass(text: string, options: CheckBypassOptions = {}): Receipt {
    try {
      this.#assertOpen();
      if (typeof text !== 'string') throw new ClaimcheckError('invalid_options', `checkBypass(text) needs the reply text as a string, got ${typeof text}.`);
      assertOptions('guard.checkBypass(text, options)', options, ['calledTools', 'request', 'dryRun']);
      // Over the limit is the caller's input, not a claimcheck fault: thrown, never an empty (clean) receipt. The turn stays open.
      assertTextLength(text, 'The reply');
      if (options.request !== undefined) assertTextLength(options.request, 'The request');
      const dryRun = options.dryRun === true;
      const turn = this.#turnNumber;
      const entries = this.#turnEntries;
      const calls: TurnCall[] = this.#turnOps.map((operation, i) => ({ entry: entries[i] as LedgerEntry, operation }));
      if (!dryRun) {
        this.#bypassChecks++;
        this.#turnEntries = [];
        this.#turnOps = [];
      }
      let receipt: Receipt;
      try {
        const { tools, actions, ignoreTools } = this.#setup;
        receipt = judgeTurn(text, calls, { tools, actions, ignoreTools, calledTools: options.calledTools, request: options.request });
      } catch (cause) {
        this.#incidents.report('check', '(reply)', cause);
        receipt = new Receipt({ confirmed: [], claimedButNeverRan: [], unmatched: [], ranButUnreported: [] });
      }
      if (dryRun) return receipt;
      this.#checked = { calls, receipt };
      const conversation = { reply: text, ...(options.request === undefined ? {} : { request: options.request }) };
      // Without captureArgs, the claims' sentences the sink and observers get do not repeat the turn's argument values.
      const recorded = this.#setup.captureArgs ? receipt : maskReceipt(receipt, turnValues(calls, this.#setup.declared));
      const record = { receipt: recorded, callIds: calls.map((c) => c.operation.callId), at: Date.now(), turn };
      this.#send('recordReceipt', { ...record, ...conversation }, '(reply)');
      for (const o of this.#setup.observers) {
        try {
          o.replyChecked({ record });
        } catch (cause) {
          this.#incidents.report('observer', '(reply)', cause);
        }
      }
      return receipt;
    } catch (error) {
      throw hostError('guard.checkBypass', error);
    }
  }

  render(): string {
    if (this.#turnOps.length > 0 || this.#checked === null) return renderTurn({ operations: this.turn });
    return renderTurn({ operations: this.#checked.calls.map((c) => c.operation), receipt: this.#checked.receipt });
  }

  close(): GuardSummary {
    if (this.#summary !== null) return this.#summary;
    const warnings = closeWarnings(this.#setup.actions, this.#bypassChecks);
    for (const w of warnings) this.#incidents.warn(w);
    this.#summary = {
      operations: { ...this.#counts },
      interceptions: this.#interceptions,
      incidents: this.#incidents.count,
      validationSkipped: this.#validation.skippedCount,
      bypassChecks: this.#bypassChecks,
      warnings,
    };
    return this.#summary;
  }

  async #runAsync(name: string, args: unknown, options: ExecuteOptions, repaired: boolean): Promise<GuardResult> {
    try {
      const call = this.#start(name, args, options, false, repaired);
      if (!('entry' in call)) return call;
      return this.#record(call, await runAsync(call));
    } catch (error) {
      throw hostError('guard.executeAsync', error);
    }
  }

  /** Validate and resolve the executor; a rejected call is recorded and its result returned instead. */
  #start(called: string, rawArgs: unknown, options: ExecuteOptions, sync: boolean, repaired: boolean): Call | GuardResult {
    this.#assertOpen();
    const tool = recordableName(called);
    const startedAt = Date.now();
    const callId = options.callId ?? `${this.#idPrefix}${++this.#idSeq}`;
    const entry = this.#setup.executors.get(tool);
    if (entry === undefined && this.#setup.registered.has(tool)) {
      throw new ClaimcheckError('invalid_options', `Tool ${JSON.stringify(tool)} is registered but has no executor; pass executors: { ${tool}: fn }.`, { data: { tool } });
    }
    if (sync && this.#setup.asyncTools.has(tool)) {
      throw asyncError(tool, 'is an async function (it was not run)');
    }
    const checked = this.#validation.check(tool, rawArgs);
    const incident = this.#validation.incident;
    const validation = this.#validation.coverage;
    if (!checked.ok || entry === undefined) {
      const failures: ValidationFailure[] = checked.ok ? [{ category: 'unknown_tool', path: '', message: `Unknown tool ${JSON.stringify(tool)}.` }] : checked.failures;
      return this.#reject({ tool, callId, rawArgs, repaired, startedAt, incident, validation, failures });
    }
    return { tool, callId, repaired, startedAt, args: checked.args, rawArgs, entry, incident, validation };
  }

  /** Record a rejected call (interception, failed operation) and return its result. */
  #reject(r: Omit<Rejection, 'captureArgs' | 'onFault' | 'kind'>): GuardResult {
    const tool = r.tool;
    const onFault = (step: IncidentStep, cause: unknown) => this.#incidents.report(step, tool, cause);
    // The same kind as the tool's calls that run (see #record); an unknown tool has no executor: `read`.
    const executor = this.#setup.executors.get(tool);
    const kind = executor === undefined || typeof executor === 'function' ? 'read' : 'action';
    const rejected = recordRejection({ ...r, kind, captureArgs: this.#setup.captureArgs, onFault });
    if (!this.#setup.captureArgs) {
      const declared = this.#setup.declared(tool);
      maskRejection(rejected.interception, rejected.operation, declared, argumentValues(r.rawArgs, declared));
    }
    this.#interceptions++;
    rejected.interception.turn = this.#turnNumber;
    rejected.operation.turn = this.#turnNumber;
    this.#send('recordInterception', rejected.interception, tool);
    this.#keep(rejected.entry, rejected.operation);
    this.#observe(rejected.operation, rejected.interception, r.rawArgs, undefined);
    return rejected.result;
  }

  /** Record a call that ran, and return its result. */
  #record(call: Call, s: Settlement): GuardResult {
    const incident = s.fault === null ? call.incident : this.#incidents.report(s.fault.step, call.tool, s.fault.cause);
    const state = incident !== null && (s.state === 'posted' || s.state === 'read') ? 'unknown' : s.state;
    const endedAt = Date.now();
    const value = s.value;
    let operation: Operation = {
      callId: call.callId, tool: call.tool, kind: typeof call.entry === 'function' ? 'read' : 'action', state, ran: true, repaired: call.repaired,
      receipt: s.receipt, verify: s.verify, failure: s.failure?.category ?? null, error: s.error, incident, startedAt: call.startedAt, endedAt, turn: this.#turnNumber,
    };
    if (call.validation !== null) operation.validation = call.validation;
    if (this.#setup.captureArgs) operation.args = boundDepth(call.rawArgs);
    else if (operation.error !== null || operation.incident !== null || (operation.verify !== null && operation.verify.code !== 'pass')) {
      // Only a call with text to mask pays for walking its arguments (the hot path has none).
      operation = maskOperation(operation, argumentValues(call.args, this.#setup.declared(call.tool)));
    }
    const entry: LedgerEntry = {
      tool: call.tool, status: state === 'failed' ? 'error' : 'ok', args: call.args, result: value,
      error: state === 'failed' ? s.error : null, callId: call.callId, startedAt: call.startedAt, endedAt,
    };
    this.#keep(entry, operation);
    this.#observe(operation, null, call.args, value);
    return makeResult({ value, state, receipt: s.receipt, verify: s.verify, tool: call.tool, callId: call.callId, incident, failure: s.failure });
  }

  #keep(entry: LedgerEntry, operation: Operation): void {
    this.#counts[operation.state]++;
    try {
      this.#turnEntries.push(this.ledger.record(entry));
      this.#turnOps.push(operation);
    } catch (cause) {
      // Not in the ledger, so not in the turn either; the sink still gets the operation.
      this.#incidents.report('record', operation.tool, cause);
    }
    // Called directly (not through #send): this is the hot path.
    try {
      const pending = this.sink.recordOperation(operation);
      if (pending !== undefined) this.#watch(pending, operation.tool);
    } catch (cause) {
      this.#incidents.report('sink', operation.tool, cause);
    }
  }

  /** Tell the observers a call settled; one that throws is an incident. */
  #observe(operation: Operation, interception: Interception | null, args: unknown, result: unknown): void {
    const observers = this.#setup.observers;
    if (observers.length === 0) return;
    const call: ObservedCall = { operation, interception, description: this.#setup.descriptions.get(operation.tool) ?? null, args, result };
    for (const o of observers) {
      try {
        o.callSettled(call);
      } catch (cause) {
        this.#incidents.report('observer', operation.tool, cause);
      }
    }
  }

  #send<K extends keyof OperationSink>(method: K, record: Parameters<OperationSink[K]>[0], tool: string): void {
    try {
      this.#watch((this.sink[method] as (r: typeof record) => unknown).call(this.sink, record), tool);
    } catch (cause) {
      this.#incidents.report('sink', tool, cause);
    }
  }

  /** Log a sink's rejected promise as an incident. */
  #watch(pending: unknown, tool: string): void {
    if (isThenable(pending)) pending.then(undefined, (cause: unknown) => this.#incidents.report('sink', tool, cause));
  }

  #assertOpen(): void {
    if (this.#summary !== null) throw new ClaimcheckError('guard_closed', 'This guard was closed; create a new guard() for a new session.');
  }
}

/**
 * The name a call is recorded under: as called, or, when it has a lone surrogate (which no registered
 * name has, and no store could keep), with each written as `\uXXXX`; the call is then an `unknown_tool`.
 * A name that is not a string is the host's bad input (`invalid_input`).
 */
function recordableName(name: string): string {
  if (typeof name !== 'string') {
    throw new ClaimcheckError('invalid_input', `guard: a call's tool name must be a string (the name the model called), got ${name === null ? 'null' : typeof name}; nothing was run or recorded.`);
  }
  return isWellFormed(name) ? name : escapeLoneSurrogates(name);
}

/** The argument values of a turn's calls, longest first (see `_mask-arguments.ts`). */
function turnValues(calls: readonly TurnCall[], declared: (tool: string) => ReadonlySet<string>): string[] {
  const values = new Set(calls.flatMap((c) => argumentValues(c.entry.args, declared(c.entry.tool))));
  return [...values].sort((a, b) => b.length - a.length).slice(0, MAX_VALUES);
}
