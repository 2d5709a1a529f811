/**
 * What a store gives back: stored runs, operations, interceptions and receipts, as plain JSON-safe
 * objects. Times are epoch milliseconds; fields a record did not carry are `null`.
 */
import type { ReceiptJSON, Verdict } from '../receipt.js';
import type { OperationState } from './records.js';

/** A stored run. */
export interface RunRow {
  id: string;
  agent: string | null;
  meta: unknown;
  /** Registered tool names. */
  tools: string[];
  startedAt: number;
}

/** A run with its record counts, as {@link Store.listRuns} lists it. */
export interface RunSummary extends RunRow {
  operations: number;
  /** Operations with status `error`. */
  errors: number;
  /** Operations in state `failed`. */
  failed: number;
  /** Operations in state `needs_review` (a guard's verify flag or halt). */
  needsReview: number;
  /** Operations in state `unknown` (ran, no proof either way). */
  unknown: number;
  interceptions: number;
  receipts: number;
  /** Receipts with verdict `fabricated`. */
  fabricated: number;
  /** Receipts with verdict `unreported` (the rest of `receipts` are `clean`). */
  unreported: number;
  /** Time of the run's latest record (or its start), epoch milliseconds. */
  lastAt: number;
}

/** A stored operation. `args` and `result` are `null` unless the store captured them. */
export interface OperationRow {
  /** Store-wide insertion order. */
  seq: number;
  runId: string;
  turn: number | null;
  at: number;
  tool: string;
  callId: string | null;
  kind: 'action' | 'read' | null;
  state: OperationState;
  status: 'ok' | 'error';
  ran: boolean;
  repaired: boolean;
  failure: string | null;
  error: string | null;
  incident: string | null;
  receiptId: string | null;
  receiptKind: string | null;
  verify: { code: string; reason?: string } | null;
  startedAt: number | null;
  endedAt: number | null;
  /** The arguments (parsed back from JSON; the cut JSON text when it was longer than `maxResultChars`). */
  args: unknown;
  /** The result, like `args`. */
  result: unknown;
}

/** A stored interception. `args` is `null` unless the store captured it. */
export interface InterceptionRow {
  seq: number;
  runId: string;
  turn: number | null;
  at: number;
  tool: string;
  category: string;
  callId: string | null;
  path: string | null;
  failures: Array<{ category: string; path: string }>;
  argsHash: string | null;
  repaired: boolean;
  args: unknown;
}

/** A stored receipt. */
export interface ReceiptRow {
  seq: number;
  runId: string;
  turn: number | null;
  messageIndex: number | null;
  at: number;
  verdict: Verdict;
  summary: string;
  /** Number of `claimedButNeverRan` claims. */
  flagged: number;
  /** Number of `confirmed` claims. */
  confirmed: number;
  callIds: string[];
  receipt: ReceiptJSON;
  /** The reply text the receipt judged: `null` unless the store captured it (schema 3 on). */
  reply: string | null;
  /** The user's request the reply answered, like `reply`. */
  request: string | null;
}

/** Everything recorded for one run, each list in recording order. */
export interface RunDetail {
  run: RunRow;
  /** All of them, or the page asked for (`operationPage` is then set). */
  operations: OperationRow[];
  /** Set when one page of the operations was asked for: how many the run holds, and where the next page starts (`null` on the last). */
  operationPage?: { total: number; next: number | null };
  interceptions: InterceptionRow[];
  receipts: ReceiptRow[];
}

/** One line of {@link Store.export}: a row tagged with its table. */
export type ExportRow =
  | ({ type: 'run' } & RunRow)
  | ({ type: 'operation' } & OperationRow)
  | ({ type: 'interception' } & InterceptionRow)
  | ({ type: 'receipt' } & ReceiptRow);
