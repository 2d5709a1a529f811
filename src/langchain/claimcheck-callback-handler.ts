/**
 * `ClaimcheckCallbackHandler`: a LangChain callback handler that records every tool run it sees into a
 * {@link Ledger}, for graphs built by hand (a LangGraph `StateGraph` with a `ToolNode`, a chain calling
 * tools) where no agent middleware runs. It only records; `receipt(finalText)` judges a reply.
 * @see https://docs.langchain.com/oss/javascript/langchain/observability
 */
import { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import type { Serialized } from '@langchain/core/load/serializable';
import { check } from '../check.js';
import { Ledger, type LedgerEntry, type LedgerOptions } from '../ledger.js';
import { parseArguments, parseResultText } from '../readers/_json.js';
import { isRecord } from '../readers/_shape.js';
import { resultFailure } from '../readers/result-failure.js';
import type { Receipt } from '../receipt.js';
import { errorMessage } from '../action/_settle.js';
import { toolMessageOf } from './_tool-output.js';
import { messageText } from './_message-text.js';
import { toolEntries } from './_tool-specs.js';
import { readHostInput } from '../_host-input.js';

/** Options of {@link ClaimcheckCallbackHandler}. */
export interface ClaimcheckCallbackHandlerOptions extends LedgerOptions {
  /**
   * Every tool the graph has (LangChain tools or any shape `normalizeTools` reads), so a claim about a
   * tool that never ran can be flagged. Default: the tools that ran.
   */
  tools?: unknown;
  /** Tools never reported as ran-but-unreported (e.g. `think`). Default none. */
  ignoreTools?: readonly string[];
}

/** Options of {@link ClaimcheckCallbackHandler.receipt}. */
export interface CallbackReceiptOptions {
  /** The user's latest message, for terse replies ("Done — sent."). */
  request?: string;
}

interface Started {
  tool: string;
  args: unknown;
  callId: string;
  startedAt: number;
}

/**
 * Pass it in a run's callbacks: `graph.invoke(input, { callbacks: [handler] })`. Each tool run becomes a
 * ledger entry when it ends: `callId` is the model's tool call id (the run id when there is none),
 * `status` is `error` when the tool threw, its `ToolMessage` has `status: 'error'`, or its output
 * reports a failure. Handlers are awaited (`awaitHandlers`), so the ledger is complete when `invoke`
 * resolves. Calls LangChain rejects before the tool starts (arguments that fail the tool's schema, an
 * unknown tool) never reach callbacks: `ledgerFromLangChainMessages(state.messages)` sees those too.
 */
export class ClaimcheckCallbackHandler extends BaseCallbackHandler {
  name = 'ClaimcheckCallbackHandler';
  override awaitHandlers = true;
  /** Every tool run recorded, in the order they ended. */
  readonly ledger: Ledger;
  readonly #tools: unknown;
  readonly #ignoreTools: readonly string[] | undefined;
  readonly #running = new Map<string, Started>();
  /** The entries since the previous `receipt()`. */
  #turn: LedgerEntry[] = [];

  constructor(options: ClaimcheckCallbackHandlerOptions = {}) {
    super();
    const { tools, ignoreTools, ledgerOptions } = readHostInput('new ClaimcheckCallbackHandler', () => {
      const { tools, ignoreTools, ...rest } = options ?? {};
      return { tools, ignoreTools, ledgerOptions: rest };
    });
    this.ledger = new Ledger(ledgerOptions);
    this.#tools = readHostInput('new ClaimcheckCallbackHandler', () => toolEntries(tools));
    this.#ignoreTools = ignoreTools;
  }

  override handleToolStart(tool: Serialized, input: string, runId: string, _parentRunId?: string, _tags?: string[], _metadata?: Record<string, unknown>, runName?: string, toolCallId?: string): void {
    const name = runName ?? nameOf(tool);
    const args = typeof input === 'string' ? parseArguments(input) : (input as unknown);
    this.#running.set(runId, { tool: name, args, callId: toolCallId ?? runId, startedAt: Date.now() });
  }

  override handleToolEnd(output: unknown, runId: string): void {
    const started = this.#take(runId);
    if (started === undefined) return;
    const message = toolMessageOf(output);
    const result = message === undefined ? output : parseResultText(messageText(message.content));
    const failure = message?.status === 'error' ? messageText(message.content) || 'the tool reported an error' : resultFailure(result);
    this.#record(started, failure === null ? 'ok' : 'error', result, failure);
  }

  override handleToolError(error: unknown, runId: string): void {
    const started = this.#take(runId);
    if (started !== undefined) this.#record(started, 'error', undefined, errorMessage(error));
  }

  /**
   * Judge `finalText` against the tool runs recorded since the previous `receipt()` (or since the handler
   * was made), and start a new turn. Every run of the turn may back a claim.
   * @throws ClaimcheckError `invalid_tool` for a bad `tools` entry.
   */
  receipt(finalText: string, options: CallbackReceiptOptions = {}): Receipt {
    const entries = this.#turn;
    this.#turn = [];
    return check(finalText, entries, {
      ...(this.#tools === undefined ? {} : { tools: this.#tools }),
      ...(this.#ignoreTools === undefined ? {} : { ignoreTools: this.#ignoreTools }),
      ...(options.request === undefined ? {} : { request: options.request }),
    });
  }

  #take(runId: string): Started | undefined {
    const started = this.#running.get(runId);
    this.#running.delete(runId);
    return started;
  }

  #record(s: Started, status: 'ok' | 'error', result: unknown, error: string | null): void {
    const entry = this.ledger.record({ tool: s.tool, status, args: s.args, result, error, callId: s.callId, startedAt: s.startedAt, endedAt: Date.now() });
    this.#turn.push(entry);
  }
}

/** A tool's name from its serialized form: `name`, else the last segment of its `id`. */
function nameOf(tool: Serialized): string {
  const t: unknown = tool;
  if (isRecord(t) && typeof t.name === 'string' && t.name !== '') return t.name;
  const id = isRecord(t) && Array.isArray(t.id) ? t.id[t.id.length - 1] : undefined;
  return typeof id === 'string' && id !== '' ? id : 'unknown_tool';
}
