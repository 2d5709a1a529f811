/**
 * Internal: the SELECT column lists of each table and the mappers from SQLite rows (snake_case,
 * integers for booleans, JSON text) to the store's row objects.
 */
import type { ReceiptJSON, Verdict } from '../receipt.js';
import type { InterceptionRow, OperationRow, ReceiptRow, RunRow, RunSummary } from './rows.js';
import type { OperationState } from './records.js';
import { fromStoredJson, stringList } from './_stored-text.js';

/** A row as the driver returns it (better-sqlite3 or node:sqlite). */
export type RawRow = Record<string, unknown>;

export const RUN_SELECT = 'SELECT rowid AS seq, id, agent, meta, tools, started_at FROM runs';
export const OPERATION_SELECT = 'SELECT * FROM operations';
export const INTERCEPTION_SELECT = 'SELECT * FROM interceptions';
export const RECEIPT_SELECT = 'SELECT * FROM receipts';

export function toRun(r: RawRow): RunRow {
  return {
    id: str(r['id']),
    agent: optStr(r['agent']),
    meta: fromStoredJson(r['meta']),
    tools: stringList(fromStoredJson(r['tools'], [])),
    startedAt: num(r['started_at']),
  };
}

/** A run summary from a row holding a run's columns and its counts (`operations`, `errors`, `failed`, `needs_review`, `unknown`, `interceptions`, `receipts`, `fabricated`, `unreported`, `last_at`). */
export function toRunSummary(r: RawRow): RunSummary {
  return {
    ...toRun(r),
    operations: Number(r['operations']),
    errors: Number(r['errors']),
    failed: Number(r['failed']),
    needsReview: Number(r['needs_review']),
    unknown: Number(r['unknown']),
    interceptions: Number(r['interceptions']),
    receipts: Number(r['receipts']),
    fabricated: Number(r['fabricated']),
    unreported: Number(r['unreported']),
    lastAt: Number(r['last_at']),
  };
}

export function toOperation(r: RawRow): OperationRow {
  const verify = fromStoredJson(r['verify']);
  return {
    seq: num(r['seq']),
    runId: str(r['run_id']),
    turn: optNum(r['turn']),
    at: num(r['at']),
    tool: str(r['tool']),
    callId: optStr(r['call_id']),
    kind: r['kind'] === 'action' || r['kind'] === 'read' ? r['kind'] : null,
    state: str(r['state']) as OperationState,
    status: r['status'] === 'error' ? 'error' : 'ok',
    ran: r['ran'] === 1,
    repaired: r['repaired'] === 1,
    failure: optStr(r['failure']),
    error: optStr(r['error']),
    incident: optStr(r['incident']),
    receiptId: optStr(r['receipt_id']),
    receiptKind: optStr(r['receipt_kind']),
    verify: typeof verify === 'object' && verify !== null && 'code' in verify ? (verify as OperationRow['verify']) : null,
    startedAt: optNum(r['started_at']),
    endedAt: optNum(r['ended_at']),
    args: fromStoredJson(r['args']),
    result: fromStoredJson(r['result']),
  };
}

export function toInterception(r: RawRow): InterceptionRow {
  const failures = fromStoredJson(r['failures'], []);
  return {
    seq: num(r['seq']),
    runId: str(r['run_id']),
    turn: optNum(r['turn']),
    at: num(r['at']),
    tool: str(r['tool']),
    category: str(r['category']),
    callId: optStr(r['call_id']),
    path: optStr(r['path']),
    failures: Array.isArray(failures) ? (failures as InterceptionRow['failures']) : [],
    argsHash: optStr(r['args_hash']),
    repaired: r['repaired'] === 1,
    args: fromStoredJson(r['args']),
  };
}

export function toReceipt(r: RawRow): ReceiptRow {
  return {
    seq: num(r['seq']),
    runId: str(r['run_id']),
    turn: optNum(r['turn']),
    messageIndex: optNum(r['message_index']),
    at: num(r['at']),
    verdict: str(r['verdict']) as Verdict,
    summary: str(r['summary']),
    flagged: num(r['flagged']),
    confirmed: num(r['confirmed']),
    callIds: stringList(fromStoredJson(r['call_ids'], [])),
    receipt: fromStoredJson(r['body'], {}) as ReceiptJSON,
    reply: optStr(r['reply']),
    request: optStr(r['request']),
  };
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : String(v);
}

function optStr(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

function num(v: unknown): number {
  return typeof v === 'number' ? v : Number(v);
}

function optNum(v: unknown): number | null {
  return typeof v === 'number' ? v : null;
}
