/**
 * Internal: checks a record's fields and turns it into the parameters of its INSERT, applying
 * `capture` and `maxResultChars`. Throws `invalid_record` for a record the store cannot hold.
 */
import { ClaimcheckError } from '../errors.js';
import type { ReceiptJSON } from '../receipt.js';
import { operationStates, type InterceptionInput, type OperationInput, type ReceiptInput, type RunInput } from './records.js';
import { cutValue, toStoredJson, truncateText } from './_stored-text.js';
import { hashValue, redactText } from '../_redact.js';
import type { Claim } from '../receipt.js';
import { hostError } from '../_host-input.js';

/** A bound SQL parameter. */
export type SqlValue = string | number | null;

/** What the record methods need from the store's options. */
export interface NormalizeOptions {
  capture: boolean;
  maxResultChars: number;
  /** Hex HMAC-SHA256 under the ledger's key (argument hashes always; values kept without capture). */
  hmac: (text: string) => string;
}

/** A run's upsert: `[id, agent, meta, tools, started_at]`, and its tool names. */
export interface RunParams {
  params: SqlValue[];
  tools: string[];
  at: number;
}

export function runParams(run: RunInput, id: string, now: number): RunParams {
  try {
    const where = 'startRun';
    const at = time(run.at, 'at', where) ?? now;
    if (run.tools !== undefined && (!Array.isArray(run.tools) || run.tools.some((t) => typeof t !== 'string' || t === ''))) {
      throw bad(where, 'tools', 'an array of non-empty tool names', run.tools);
    }
    const tools = [...new Set(run.tools ?? [])];
    const params = [id, text(run.agent, 'agent', where), run.meta === undefined ? null : toStoredJson(run.meta, Number.MAX_SAFE_INTEGER), JSON.stringify(tools), at];
    return { params, tools, at };
  } catch (error) {
    throw hostError('store.startRun', error, 'invalid_record');
  }
}

/** Parameters of the operations INSERT, `run_id` first. */
export function operationParams(op: OperationInput, runId: string, o: NormalizeOptions, now: number): SqlValue[] {
  try {
    const where = 'recordOperation';
    const tool = name(op.tool, 'tool', where);
    if (op.state !== undefined && !operationStates.includes(op.state)) throw bad(where, 'state', operationStates.join(' | '), op.state);
    if (op.status !== undefined && op.status !== 'ok' && op.status !== 'error') throw bad(where, 'status', "'ok' | 'error'", op.status);
    if (op.kind !== undefined && op.kind !== null && op.kind !== 'action' && op.kind !== 'read') throw bad(where, 'kind', "'action' | 'read' | null", op.kind);
    const failure = text(op.failure, 'failure', where);
    const receiptId = op.receipt === undefined || op.receipt === null ? text(op.receiptId, 'receiptId', where) : text(op.receipt.id, 'receipt.id', where);
    const status = op.status ?? (op.state === 'failed' || failure !== null ? 'error' : 'ok');
    const state = op.state ?? (status === 'error' ? 'failed' : receiptId !== null ? 'posted' : 'unknown');
    const startedAt = time(op.startedAt, 'startedAt', where);
    const endedAt = time(op.endedAt, 'endedAt', where);
    const error = freeText(text(op.error, 'error', where), o);
    const verify = op.verify === undefined || op.verify === null ? null : JSON.stringify({ code: String(op.verify.code), ...(op.verify.reason === undefined ? {} : { reason: freeText(String(op.verify.reason), o) }) });
    return [
      runId,
      count(op.turn, 'turn', where),
      time(op.at, 'at', where) ?? endedAt ?? startedAt ?? now,
      tool,
      text(op.callId, 'callId', where),
      op.kind ?? null,
      state,
      status,
      op.ran === false ? 0 : 1,
      op.repaired === true ? 1 : 0,
      failure,
      error === null ? null : truncateText(error, o.maxResultChars),
      freeText(text(op.incident, 'incident', where), o),
      receiptId,
      op.receipt?.kind === undefined ? null : String(op.receipt.kind),
      verify,
      startedAt,
      endedAt,
      o.capture ? toStoredJson(op.args, o.maxResultChars) : null,
      o.capture ? toStoredJson(op.result, o.maxResultChars) : null,
    ];
  } catch (error) {
    throw hostError('store.recordOperation', error, 'invalid_record');
  }
}

/** Parameters of the interceptions INSERT, `run_id` first. */
export function interceptionParams(i: InterceptionInput, runId: string, o: NormalizeOptions, now: number): SqlValue[] {
  try {
    const where = 'recordInterception';
    const failures = (i.failures ?? []).map((f) => ({ category: String(f.category), path: String(f.path) }));
    return [
      runId,
      count(i.turn, 'turn', where),
      time(i.at, 'at', where) ?? now,
      name(i.tool, 'tool', where),
      name(i.category, 'category', where),
      text(i.callId, 'callId', where),
      text(i.path, 'path', where),
      JSON.stringify(failures),
      keyed(text(i.argsHash, 'argsHash', where), o),
      i.repaired === true ? 1 : 0,
      o.capture ? toStoredJson(i.args, o.maxResultChars) : null,
    ];
  } catch (error) {
    throw hostError('store.recordInterception', error, 'invalid_record');
  }
}

/** Parameters of the receipts INSERT, `run_id` first. */
export function receiptParams(r: ReceiptInput, runId: string, o: NormalizeOptions, now: number): SqlValue[] {
  try {
    const where = 'recordReceipt';
    const receipt = r.receipt as Partial<ReceiptJSON> & { toJSON?: () => ReceiptJSON };
    const json: Partial<ReceiptJSON> = typeof receipt?.toJSON === 'function' ? receipt.toJSON() : receipt;
    if (typeof json !== 'object' || json === null || !['clean', 'unreported', 'fabricated'].includes(String(json.verdict))) {
      throw bad(where, 'receipt', 'a Receipt or its JSON (with a verdict)', r.receipt);
    }
    const unreported = (json.ranButUnreported ?? []).map((e) =>
      o.capture
        ? { ...e, args: cutValue(e.args, o.maxResultChars), result: cutValue(e.result, o.maxResultChars) }
        : { ...e, args: null, result: null, error: typeof e.error === 'string' ? redactText(e.error) : e.error },
    );
    const claims = (list: Claim[] | undefined): Claim[] | undefined => (o.capture || !Array.isArray(list) ? list : list.map((c) => withoutValues(c, o)));
    const body = {
      ...json,
      confirmed: claims(json.confirmed),
      claimedButNeverRan: claims(json.claimedButNeverRan),
      unmatched: claims(json.unmatched),
      suspected: claims(json.suspected),
      ranButUnreported: unreported,
      ...(json.claimedWithoutTool === undefined ? {} : { claimedWithoutTool: claims(json.claimedWithoutTool) }),
      ...(json.secondOpinion === undefined || o.capture ? {} : { secondOpinion: { ...json.secondOpinion, dropped: (json.secondOpinion.dropped ?? []).map((d) => ({ ...d, span: redactText(String(d.span)) })) } }),
      ...(json.deniedButRan === undefined ? {} : { deniedButRan: claims(json.deniedButRan)?.map((c) => (o.capture || c.contradictedBy === undefined ? c : { ...c, contradictedBy: { ...c.contradictedBy, args: null, result: null } })) }),
    };
    const callIds = r.callIds ?? [];
    if (!Array.isArray(callIds) || callIds.some((c) => typeof c !== 'string')) throw bad(where, 'callIds', 'an array of strings', r.callIds);
    return [
      runId,
      count(r.turn, 'turn', where),
      count(r.messageIndex, 'messageIndex', where),
      time(r.at, 'at', where) ?? now,
      String(json.verdict),
      typeof json.summary === 'string' ? json.summary : String(json.verdict),
      json.claimedButNeverRan?.length ?? 0,
      json.confirmed?.length ?? 0,
      JSON.stringify(callIds),
      toStoredJson(body, Number.MAX_SAFE_INTEGER) ?? '{}',
      capturedText(r.reply, 'reply', o),
      capturedText(r.request, 'request', o),
    ];
  } catch (error) {
    throw hostError('store.recordReceipt', error, 'invalid_record');
  }
}

/** A reply or request text: stored (cut to `maxResultChars`) only with capture. */
function capturedText(value: unknown, name: string, o: NormalizeOptions): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw bad('recordReceipt', name, 'a string or null', value);
  return o.capture ? truncateText(value, o.maxResultChars) : null;
}

/** Error text, a verify reason or an incident as stored: as given with capture, else redacted (see `_redact.ts`). */
function freeText(value: string | null, o: NormalizeOptions): string | null {
  return value === null || o.capture ? value : redactText(value);
}

/** An argument hash as stored: keyed with the ledger's secret, so it cannot be confirmed by hashing guesses. */
function keyed(hash: string | null, o: NormalizeOptions): string | null {
  return hash === null ? null : o.hmac(hash);
}

/** A claim as stored without capture: its text redacted, the values it was checked against hashed. */
function withoutValues(claim: Claim, o: NormalizeOptions): Claim {
  const out: Claim = { ...claim, text: redactText(String(claim.text ?? '')), object: redactText(String(claim.object ?? '')) };
  if (Array.isArray(claim.observed)) out.observed = claim.observed.map((v) => hashValue(v, o.hmac));
  if (typeof claim.message === 'string') out.message = redactText(claim.message);
  return out;
}

/** A run id given on a record: a non-empty string, or `undefined`. */
export function runIdOf(value: unknown, where: string): string | undefined {
  return value === undefined ? undefined : name(value, 'runId', where);
}

function name(value: unknown, field: string, where: string): string {
  if (typeof value === 'string' && value !== '') return value;
  throw bad(where, field, 'a non-empty string', value);
}

function text(value: unknown, field: string, where: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  throw bad(where, field, 'a string or null', value);
}

/** The furthest a JS `Date` reaches from 1970, in milliseconds either way (ECMA-262, "Time Values and Time Range"). */
export const MAX_DATE_MS = 8.64e15;

/** Epoch milliseconds a `Date` can hold (so they fit the 64-bit column and read back), cut to whole ones. */
function time(value: unknown, field: string, where: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Math.abs(value) <= MAX_DATE_MS) return Math.trunc(value);
  throw bad(where, field, `epoch milliseconds a Date can hold (a number at most ${MAX_DATE_MS} either side of 1970) or null`, value);
}

function count(value: unknown, field: string, where: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  throw bad(where, field, 'a non-negative integer or null', value);
}

function bad(where: string, field: string, expected: string, got: unknown): ClaimcheckError {
  const shown = typeof got === 'string' ? JSON.stringify(got.slice(0, 40)) : typeof got === 'number' ? String(got) : Array.isArray(got) ? 'an array' : got === null ? 'null' : typeof got;
  return new ClaimcheckError('invalid_record', `${where}: ${field} must be ${expected}, got ${shown}.`, { data: { field } });
}
