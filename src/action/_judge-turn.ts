/**
 * Internal: `checkBypass`'s judgement. The core `check()` judges the reply against this turn's calls;
 * then each judged claim gets its operation's state, and a confirmed claim about an action whose
 * operation is not `posted` (no proof, or under review) is flagged `not_proven`.
 */
import { check } from '../check.js';
import type { LedgerEntry } from '../ledger.js';
import { Receipt, type Claim } from '../receipt.js';
import type { ToolSpec } from '../tools.js';
import type { Operation, OperationState } from './operation.js';

/** One call of the turn: its ledger entry and its operation. */
export interface TurnCall {
  entry: LedgerEntry;
  operation: Operation;
}

/** Inputs of {@link judgeTurn} besides the reply and the turn. */
export interface JudgeTurnOptions {
  tools: readonly ToolSpec[];
  /** Names of the tools marked with `action()`. */
  actions: ReadonlySet<string>;
  /** The names the caller says were called this turn; see `CheckBypassOptions.calledTools`. */
  calledTools?: readonly string[] | undefined;
  request?: string | undefined;
  ignoreTools?: readonly string[] | undefined;
}

/** Best first: the state a claim takes when its tool has several calls in the turn. */
const RANK: readonly OperationState[] = ['posted', 'read', 'needs_review', 'unknown', 'failed'];

/** The receipt of `reply` against the turn's calls, each judged claim carrying its `operation` state. */
export function judgeTurn(reply: string, turn: readonly TurnCall[], options: JudgeTurnOptions): Receipt {
  const called = options.calledTools === undefined ? undefined : new Set(options.calledTools);
  const calls = called === undefined ? turn : turn.filter((c) => called.has(c.entry.tool));
  const states = new Map<string, OperationState[]>();
  const entries: LedgerEntry[] = [];
  for (const c of calls) {
    entries.push(c.entry);
    push(states, c.entry.tool, c.operation.state);
  }
  // A tool the caller says ran but this guard never saw ran outside it: no proof.
  for (const name of called ?? []) {
    if (states.has(name)) continue;
    entries.push({ tool: name, status: 'ok', args: undefined, result: undefined, error: null, callId: null, startedAt: null, endedAt: null });
    push(states, name, options.actions.has(name) ? 'unknown' : 'read');
  }
  const receipt = check(reply, entries, {
    tools: options.tools,
    ...(options.request === undefined ? {} : { request: options.request }),
    ...(options.ignoreTools === undefined ? {} : { ignoreTools: options.ignoreTools }),
  });
  const stateOf = (tool: string | null): OperationState => best(tool === null ? undefined : states.get(tool));
  const confirmed: Claim[] = [];
  const flagged: Claim[] = receipt.claimedButNeverRan.map((c) => ({ ...c, operation: c.reason === 'not_called' ? 'unknown' : stateOf(c.tool) }));
  for (const c of receipt.confirmed) {
    const operation = stateOf(c.tool);
    const proofNeeded = c.tool !== null && options.actions.has(c.tool);
    if (!proofNeeded || operation === 'posted') confirmed.push({ ...c, operation });
    else flagged.push({ ...c, operation, reason: 'not_proven' });
  }
  return new Receipt({
    confirmed,
    claimedButNeverRan: flagged,
    unmatched: [...receipt.unmatched],
    suspected: [...receipt.suspected],
    ranButUnreported: [...receipt.ranButUnreported],
    claimedWithoutTool: [...receipt.claimedWithoutTool],
    deniedButRan: [...receipt.deniedButRan],
    strict: receipt.strict,
    llmBlocks: receipt.llmBlocks,
  });
}

function push(map: Map<string, OperationState[]>, tool: string, state: OperationState): void {
  const list = map.get(tool);
  if (list === undefined) map.set(tool, [state]);
  else list.push(state);
}

function best(states: readonly OperationState[] | undefined): OperationState {
  if (states === undefined || states.length === 0) return 'unknown';
  for (const s of RANK) if (states.includes(s)) return s;
  return 'unknown';
}
