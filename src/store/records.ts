/**
 * What a store records: runs, operations (settled tool calls), interceptions (calls whose arguments
 * were rejected before they ran) and receipts (checked replies). The shapes accept the guard's
 * `Operation`, `Interception` and `ReceiptRecord` as they are, and a core `LedgerEntry` plus `tool`.
 * Every time (`at`, `startedAt`, `endedAt`) is epoch milliseconds within a `Date`'s range (±8.64e15, cut
 * to whole milliseconds); another value throws `invalid_record` where it is recorded.
 */
import type { Receipt, ReceiptJSON } from '../receipt.js';

/**
 * How a call settled: `posted` (an action with proof), `unknown` (ran without proof, or could not be
 * judged), `needs_review` (`verify` flagged or halted it), `failed` (rejected, threw, or reported a
 * failure), `read` (a read-only tool returned).
 */
export type OperationState = 'posted' | 'unknown' | 'needs_review' | 'failed' | 'read';

/** Every {@link OperationState}, in documentation order. */
export const operationStates: readonly OperationState[] = ['posted', 'unknown', 'needs_review', 'failed', 'read'];

/** A run: one agent session whose records belong together. */
export interface RunInput {
  /** Run id. Default: a random UUID. Starting a run whose id exists keeps the earlier start time and updates `agent`, `meta` and `tools` when given. */
  id?: string;
  /** Name of the agent, free text. Default `null`. */
  agent?: string | null;
  /** Any JSON-safe data (model, user id, environment...). Stored as JSON; default `null`. */
  meta?: unknown;
  /** Names of the tools registered for the run, for `stats().registry`. Default `[]`. */
  tools?: readonly string[];
  /** Start time, epoch milliseconds. Default `Date.now()`. */
  at?: number;
}

/** One settled tool call. Only `tool` is required. */
export interface OperationInput {
  /** The run it belongs to. Default: the store's current run (see `Store.startRun`). */
  runId?: string;
  /** Tool name as called. A non-empty string (else `invalid_record`). */
  tool: string;
  /** The provider's call id. Default `null`. */
  callId?: string | null;
  /** 1-based assistant turn, when known. Default `null`. */
  turn?: number | null;
  /** Default: `failed` when `status` is `error`; else `posted` when a receipt id is given; else `unknown`. */
  state?: OperationState;
  /** Default: `error` when `state` is `failed` or `failure` is set; else `ok`. */
  status?: 'ok' | 'error';
  /** `action` for tools marked as actions, `read` otherwise. Default `null` (not known). */
  kind?: 'action' | 'read' | null;
  /** `false` when the executor did not run (arguments rejected). Default `true`. */
  ran?: boolean;
  /** The call was made with repaired arguments after a rejection. Default `false`. */
  repaired?: boolean;
  /** What made it fail (a validation category, `tool_failed`, `halted`). Default `null`. */
  failure?: string | null;
  /** Error text; cut to `maxResultChars`. Default `null`. */
  error?: string | null;
  /** What failed inside claimcheck on this call (the guard failed open). Default `null`. */
  incident?: string | null;
  /** The proof the output carried (the guard's `ActionReceipt`): `id` and `kind` are stored; `ok` and `error` show in `state` and `error`. */
  receipt?: { id: string | null; kind?: string; ok?: boolean; error?: string | null } | null;
  /** Same as `receipt.id`, for callers with a bare id. `receipt` wins when both are given. */
  receiptId?: string | null;
  /** What `verify` said (`code` and `reason` are stored). Default `null`. */
  verify?: { code: string; reason?: string } | null;
  /** Epoch milliseconds. Default `null`. */
  startedAt?: number | null;
  /** Epoch milliseconds. Default `null`. */
  endedAt?: number | null;
  /** When it happened, epoch milliseconds; what `since` filters on. Default `endedAt ?? startedAt ?? Date.now()`. */
  at?: number;
  /** Arguments; stored (as JSON, cut to `maxResultChars`) only when the store's `capture` is on. */
  args?: unknown;
  /** Result; stored like `args`, only when `capture` is on. */
  result?: unknown;
}

/** One call whose arguments were rejected before its executor ran. `tool` and `category` are required. */
export interface InterceptionInput {
  /** Default: the store's current run. */
  runId?: string;
  tool: string;
  /** The most relevant failure's category (`missing_required`, `type_mismatch`...). A non-empty string. */
  category: string;
  callId?: string | null;
  turn?: number | null;
  /** JSON Pointer of that failure. Default `null`. */
  path?: string | null;
  /** Every failure by category and path (no values). Stored as JSON. Default `[]`. */
  failures?: ReadonlyArray<{ category: string; path: string }>;
  /** Hex hash of the arguments (the guard's canonical SHA-256). Stored whatever `capture` says. Default `null`. */
  argsHash?: string | null;
  /** The rejected call was itself a repair attempt. Default `false`. */
  repaired?: boolean;
  /** Epoch milliseconds. Default `Date.now()`. */
  at?: number;
  /** The rejected arguments; stored only when `capture` is on. */
  args?: unknown;
}

/** One checked reply. */
export interface ReceiptInput {
  /** Default: the store's current run. */
  runId?: string;
  /** The receipt (a `Receipt` or its JSON). Stored as JSON; `ranButUnreported` entries lose `args` and `result` unless `capture` is on. */
  receipt: Receipt | ReceiptJSON;
  /** Call ids the reply was judged against. Default `[]`. */
  callIds?: readonly string[];
  /** 1-based assistant turn. Default `null`. */
  turn?: number | null;
  /** Index of the reply in its message list. Default `null`. */
  messageIndex?: number | null;
  /** Epoch milliseconds. Default `Date.now()`. */
  at?: number;
  /** The reply text the receipt judged; stored (cut to `maxResultChars`) only when the store's `capture` is on. Default `null`. */
  reply?: string | null;
  /** The user's request the reply answered; stored like `reply`. Default `null`. */
  request?: string | null;
}
