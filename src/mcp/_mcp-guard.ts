/**
 * Internal: the object behind `guardMcpClient()`. Each call: the guard validates the arguments; its
 * executor forwards the call to the client and translates the result (`toolOutput`); the wrapper returns
 * the server's result as it came, a refusal for a rejected call, or the client's error.
 */
import { randomBytes } from 'node:crypto';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolRequest, CallToolResult, ListToolsRequest, ListToolsResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { action, type Action, type Executor } from '../action/action.js';
import { guard, type CheckBypassOptions, type Guard, type GuardLogger, type GuardSummary } from '../action/guard.js';
import type { GuardResult } from '../action/guard-result.js';
import type { Operation } from '../action/operation.js';
import type { OperationSink } from '../action/operation-sink.js';
import { ClaimcheckError } from '../errors.js';
import type { Ledger } from '../ledger.js';
import type { Receipt } from '../receipt.js';
import type { GuardedMcpClient, GuardMcpClientOptions, McpCallOptions, McpClient } from './guard-mcp-client.js';
import { listAllTools, toolsKey } from './_list-tools.js';
import { mcpReceipt } from './mcp-receipt.js';
import { refusalResult } from './mcp-refusal.js';
import { toolOutput } from './_tool-output.js';

/** One call in flight: what the executor needs to forward it, and what the server answered. */
interface Slot {
  params: CallToolRequest['params'];
  options: RequestOptions;
  ran: boolean;
  result: CallToolResult | undefined;
  /** The client threw (`error` is what it threw). */
  threw: boolean;
  error: unknown;
}

export class McpGuard implements GuardedMcpClient {
  readonly client: McpClient;
  readonly sink: OperationSink;
  readonly #options: GuardMcpClientOptions;
  readonly #logger: GuardLogger;
  readonly #warned = new Set<string>();
  readonly #pending = new Map<string, Slot>();
  readonly #idPrefix = `cc_${randomBytes(6).toString('hex')}_`;
  #idSeq = 0;
  #guard: Guard;
  #tools: readonly Tool[];
  #byName: Map<string, Tool>;
  #key: string;
  /** Pages of a `listTools` walk in progress (from a call without `cursor`), or `null`. */
  #pages: Tool[] | null = null;

  constructor(client: McpClient, options: GuardMcpClientOptions, tools: readonly Tool[]) {
    this.client = client;
    this.#options = options;
    this.#logger = options.logger ?? console;
    this.#guard = this.#build(tools, undefined);
    this.sink = this.#guard.sink;
    this.#tools = tools;
    this.#byName = new Map(tools.map((t) => [t.name, t]));
    this.#key = toolsKey(tools);
  }

  get guard(): Guard {
    return this.#guard;
  }

  get ledger(): Ledger {
    return this.#guard.ledger;
  }

  get tools(): readonly Tool[] {
    return this.#tools;
  }

  get turn(): readonly Operation[] {
    return this.#guard.turn;
  }

  async listTools(params?: ListToolsRequest['params'], options?: RequestOptions): Promise<ListToolsResult> {
    const result = await this.client.listTools(params, options);
    try {
      if (params?.cursor === undefined) this.#pages = [];
      if (this.#pages !== null) {
        this.#pages.push(...result.tools);
        if (result.nextCursor === undefined) {
          const tools = this.#pages;
          this.#pages = null;
          this.#setTools(tools);
        }
      }
    } catch (cause) {
      this.#warn('the listed tools could not be read', cause);
    }
    return result;
  }

  async refreshTools(options?: RequestOptions): Promise<readonly Tool[]> {
    this.#setTools(await listAllTools(this.client, options));
    return this.#tools;
  }

  async callTool(params: CallToolRequest['params'], options: McpCallOptions = {}): Promise<CallToolResult> {
    const { repaired = false, callId = `${this.#idPrefix}${++this.#idSeq}`, ...requestOptions } = options;
    if (this.#pending.has(callId)) {
      throw new ClaimcheckError('invalid_options', `callTool option callId ${JSON.stringify(callId)} is already used by a call in flight; give each call its own id.`);
    }
    const slot: Slot = { params, options: requestOptions, ran: false, result: undefined, threw: false, error: undefined };
    const args = params.arguments ?? {};
    this.#pending.set(callId, slot);
    let outcome: GuardResult;
    try {
      outcome = repaired ? await this.#guard.executeRepaired(params.name, args, { callId }) : await this.#guard.executeAsync(params.name, args, { callId });
    } catch (cause) {
      if (ClaimcheckError.isInstance(cause) && cause.code === 'guard_closed') throw cause;
      this.#warn('guarding a call failed; the call goes on unguarded', cause);
      if (!slot.ran) return (await this.client.callTool(params, undefined, requestOptions)) as CallToolResult;
      return answer(slot);
    } finally {
      this.#pending.delete(callId);
    }
    if (slot.ran) return answer(slot);
    if (!outcome.ok && 'failures' in outcome.failure) {
      try {
        return refusalResult(params.name, outcome.failure.failures, this.#byName.get(params.name)?.inputSchema, args);
      } catch (cause) {
        this.#warn('the refusal could not be written', cause);
        return { content: [{ type: 'text', text: `claimcheck refused this call: ${outcome.failure.message}` }], isError: true };
      }
    }
    // Not run and not rejected: cannot happen with the guard's contract; forward it (fail open).
    return (await this.client.callTool(params, undefined, requestOptions)) as CallToolResult;
  }

  checkBypass(text: string, options?: CheckBypassOptions): Receipt {
    return this.#guard.checkBypass(text, options);
  }

  render(): string {
    return this.#guard.render();
  }

  close(): GuardSummary {
    return this.#guard.close();
  }

  /** Take a new tool list: a new guard when it changed. */
  #setTools(tools: readonly Tool[]): void {
    const key = toolsKey(tools);
    if (key === this.#key) return;
    let next: Guard;
    try {
      next = this.#build(tools, this.sink);
    } catch (cause) {
      this.#warn('the changed tool list cannot be guarded; the earlier list stays in use', cause);
      return;
    }
    const open = this.#guard.turn.length;
    if (open > 0) this.#logger.warn(`claimcheck: the MCP tool list changed; a new guard takes over and the next checkBypass does not see the ${open} call(s) of the open turn.`);
    this.#guard = next;
    this.#tools = tools;
    this.#byName = new Map(tools.map((t) => [t.name, t]));
    this.#key = key;
  }

  /** A guard over `tools`: read-only tools plain executors, the others actions with a receipt reader. */
  #build(tools: readonly Tool[], sink: OperationSink | undefined): Guard {
    const { receipts = {}, readOnlyTools = [], store, sink: givenSink, ...guardOptions } = this.#options;
    const readOnly = new Set(readOnlyTools);
    const executors: Record<string, Executor | Action> = {};
    for (const tool of tools) {
      const run = this.#executor(tool.name);
      const reader = Object.hasOwn(receipts, tool.name) ? receipts[tool.name] : undefined;
      const isRead = reader === undefined && (tool.annotations?.readOnlyHint === true || readOnly.has(tool.name));
      executors[tool.name] = isRead ? run : action(run, { receipt: reader ?? mcpReceipt });
    }
    const where = sink !== undefined ? { sink } : { ...(store === undefined ? {} : { store }), ...(givenSink === undefined ? {} : { sink: givenSink }) };
    return guard({ ...guardOptions, ...where, tools: [...tools], executors });
  }

  /** The executor of `tool`: forward the call of the slot registered under the call id, translate the result. */
  #executor(tool: string): Executor {
    return async (args, context) => {
      const slot = this.#pending.get(context.callId);
      if (slot === undefined) return toolOutput((await this.client.callTool({ name: tool, arguments: args })) as CallToolResult);
      slot.ran = true;
      try {
        slot.result = (await this.client.callTool({ ...slot.params, name: tool, arguments: args }, undefined, slot.options)) as CallToolResult;
      } catch (error) {
        slot.threw = true;
        slot.error = error;
        throw error;
      }
      return toolOutput(slot.result);
    };
  }

  #warn(what: string, cause: unknown): void {
    const message = `claimcheck (MCP): ${what}: ${cause instanceof Error ? cause.message : String(cause)}`;
    if (this.#warned.has(message) || this.#warned.size >= 100) return;
    this.#warned.add(message);
    this.#logger.warn(message);
  }
}

/** What the server answered for a call that ran: its result, or the client's error thrown again. */
function answer(slot: Slot): CallToolResult {
  if (slot.threw) throw slot.error;
  return slot.result ?? { content: [] };
}
