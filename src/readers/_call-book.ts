/**
 * Internal: the bookkeeping every reader shares. Collects user/assistant events, opens tool calls,
 * matches results to calls (first open call with the id wins: some recorders reuse ids), settles
 * them into ledger entries, and places calls never answered at their call message.
 */
import type { ConversationEvent } from '../conversation.js';
import type { LedgerEntry } from '../ledger.js';
import { ClaimcheckError } from '../errors.js';
import { describeShape } from './_shape.js';
import { resultFailure } from './result-failure.js';

/** A tool call made by the assistant, waiting for its result. */
export interface OpenCall {
  tool: string;
  args: unknown;
  callId: string | null;
  /** Index of the message or item that made the call. */
  index: number;
}

/** How a call settled, as the format wrote it. */
export interface Outcome {
  /** The result value (already parsed from JSON text by the reader). */
  result: unknown;
  /** True when the format itself marks the call failed (`is_error`, status `error`, an `error` field). */
  marked: boolean;
  /** Error text the format gives, if any. */
  errorText?: string | null;
  startedAt?: number | null;
  endedAt?: number | null;
}

export const noResultError = 'no result: the call was never answered';

export class CallBook {
  readonly #events: ConversationEvent[] = [];
  /** Open calls by call id (`null`: no id), each queue in call order. */
  readonly #open = new Map<string | null, OpenCall[]>();
  readonly #answeredAt = new Map<string | null, number>();

  /** Record user or assistant text (skipped when blank). */
  say(kind: 'user' | 'assistant', index: number, text: string): void {
    if (text.trim() !== '') this.#events.push({ kind, index, text });
  }

  /** Open a call made at `call.index`. */
  open(call: OpenCall): void {
    const queue = this.#open.get(call.callId);
    if (queue === undefined) this.#open.set(call.callId, [call]);
    else queue.push(call);
  }

  /** The earliest open call with this id (removed from the open set), or undefined. */
  take(callId: string | null, index: number): OpenCall | undefined {
    const call = this.#open.get(callId)?.shift();
    if (call !== undefined) this.#answeredAt.set(callId, index);
    return call;
  }

  /** Settle a call whose result arrived at `index`. */
  settle(call: Omit<OpenCall, 'index'>, outcome: Outcome, index: number): void {
    this.#events.push({ kind: 'tool', index, entry: toEntry(call, outcome) });
  }

  /** The error for a result at `noun[index]` (`messages[7]`) that answers no open call. */
  orphan(noun: string, index: number, callId: string | null, value: unknown): ClaimcheckError {
    const before = this.#answeredAt.get(callId);
    const id = callId === null ? 'no call id' : `call id ${callId}`;
    const why = before === undefined ? 'which no earlier assistant tool call made' : `whose call was already answered at ${noun}[${before}]`;
    const message = `tool result at ${noun}[${index}] answers ${id}, ${why}.`;
    return new ClaimcheckError('unreadable_messages', message, { data: { index, shape: describeShape(value) } });
  }

  /** All events in order; calls never answered become errors placed right after their call message. */
  finish(): ConversationEvent[] {
    const unanswered = [...this.#open.values()].flat().sort((a, b) => a.index - b.index);
    const events = this.#events.slice();
    for (const call of unanswered) {
      const entry = toEntry(call, { result: undefined, marked: true, errorText: noResultError });
      events.push({ kind: 'tool', index: call.index, entry });
    }
    // Readers record events in message order, so the (stable) sort is needed only when a call went unanswered.
    return unanswered.length === 0 && inOrder(events) ? events : events.sort((a, b) => a.index - b.index);
  }
}

function inOrder(events: readonly ConversationEvent[]): boolean {
  for (let i = 1; i < events.length; i++) if ((events[i - 1] as ConversationEvent).index > (events[i] as ConversationEvent).index) return false;
  return true;
}

function toEntry(call: Omit<OpenCall, 'index'>, outcome: Outcome): LedgerEntry {
  const failure = outcome.marked ? markedText(outcome) : resultFailure(outcome.result);
  return {
    tool: call.tool,
    status: failure === null ? 'ok' : 'error',
    args: call.args,
    result: failure === null ? outcome.result : undefined,
    error: failure,
    callId: call.callId,
    startedAt: outcome.startedAt ?? null,
    endedAt: outcome.endedAt ?? null,
  };
}

function markedText(outcome: Outcome): string {
  if (typeof outcome.errorText === 'string' && outcome.errorText.trim() !== '') return outcome.errorText.trim();
  const fromResult = resultFailure(outcome.result);
  if (fromResult !== null) return fromResult;
  const { result } = outcome;
  if (typeof result === 'string' && result.trim() !== '') return result.trim();
  if (result !== undefined && result !== null && result !== '') return safeJson(result);
  return 'the tool reported an error without any text';
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
