/**
 * `guardMcpClient()`: an MCP `Client` whose tool calls go through claimcheck's guard. Each call is
 * validated against the tool's listed `inputSchema` (a call that fails is refused and never reaches the
 * server), forwarded, judged by its result (`isError`, `structuredContent`) and recorded;
 * `checkBypass` catches replies that claim actions no call backs.
 * @see https://modelcontextprotocol.io/specification/2025-06-18/server/tools
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolRequest, CallToolResult, ListToolsRequest, ListToolsResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ReceiptReader } from '../action/action-receipt.js';
import type { CheckBypassOptions, Guard, GuardOptions, GuardSummary } from '../action/guard.js';
import type { Operation } from '../action/operation.js';
import type { OperationSink } from '../action/operation-sink.js';
import { ClaimcheckError } from '../errors.js';
import type { Ledger } from '../ledger.js';
import type { Receipt } from '../receipt.js';
import { listAllTools } from './_list-tools.js';
import { McpGuard } from './_mcp-guard.js';
import { readHostInput } from '../_host-input.js';

/** The client methods the wrapper calls: an SDK `Client` (`@modelcontextprotocol/sdk` 1.x), or anything with the same two methods. */
export type McpClient = Pick<Client, 'callTool' | 'listTools'>;

/**
 * Options of {@link guardMcpClient}: the guard's options (`store` or `sink`, `strictProperties`,
 * `captureArgs`, `captureResults`, `maxResultChars`, `logger`, `ignoreTools`; see `GuardOptions`),
 * without `tools` and `executors` (the server's tool list and the client stand for them), plus how
 * results are read.
 */
export interface GuardMcpClientOptions extends Omit<GuardOptions, 'tools' | 'executors'> {
  /**
   * A receipt reader per tool name (`idField('refund_id')` or your own function), reading the tool's
   * output: its `structuredContent`, else its text parsed as JSON, else the text. A tool named here is an
   * action even when its annotations say `readOnlyHint`. Default: {@link mcpReceipt} for every tool that
   * is not read-only.
   */
  receipts?: Record<string, ReceiptReader>;
  /**
   * Tools to treat as read-only (state `read`, no proof asked) besides those whose annotations say
   * `readOnlyHint: true`. Every other tool is an action: `posted` with an id in its output, else `unknown`.
   * Default none.
   */
  readOnlyTools?: readonly string[];
}

/** Options of one guarded call: the SDK's request options (`signal`, `timeout`, `onprogress`, …), passed on to the client, plus: */
export interface McpCallOptions extends RequestOptions {
  /** The call carries arguments the model repaired after a refusal: recorded with `repaired: true` (the guard's `executeRepaired`). Default `false`. */
  repaired?: boolean;
  /** The provider's call id (`tool_use_id`, `tool_call_id`), unique among calls in flight (else `invalid_options`). Default: a generated `cc_<random>_<n>`. */
  callId?: string;
}

/** An MCP client behind claimcheck's guard; made by {@link guardMcpClient}. */
export interface GuardedMcpClient {
  /** The wrapped client (calls made on it directly are not guarded). */
  readonly client: McpClient;
  /** The guard in use. A changed tool list makes a new guard (see {@link GuardedMcpClient.refreshTools}). */
  readonly guard: Guard;
  /** Every guarded call in call order (the guard's ledger; a new one after the tool list changed). */
  readonly ledger: Ledger;
  /** Where records go: `store`, `sink`, or one in-memory sink kept across guards. */
  readonly sink: OperationSink;
  /** The tools the guard checks calls against, as the server listed them. */
  readonly tools: readonly Tool[];
  /** The open turn's operations: the calls since the previous `checkBypass`. */
  readonly turn: readonly Operation[];
  /**
   * The client's `listTools`, unchanged. When the pages read from the first (no `cursor`) to the last
   * (no `nextCursor`) differ from {@link GuardedMcpClient.tools}, the guard is rebuilt on them.
   */
  listTools(params?: ListToolsRequest['params'], options?: RequestOptions): Promise<ListToolsResult>;
  /**
   * Read the whole tool list again (on `notifications/tools/list_changed`, say). When it changed, a new
   * guard takes over: its ledger and turn start empty (the sink is kept), and the logger warns when
   * the open turn had calls, since the next `checkBypass` no longer sees them. Rejects with the client's error.
   */
  refreshTools(options?: RequestOptions): Promise<readonly Tool[]>;
  /**
   * Call a tool through the guard. Arguments (`params.arguments`, `{}` when absent) that fail the tool's
   * `inputSchema`, or a tool not in the list, come back as a refusal: `isError: true`, a text that says
   * what is wrong and how to fix it, and `_meta["claimcheck/refusal"]` (see `readMcpRefusal`); the server
   * is not called. Otherwise the server's result is returned as it is (`isError` results included) and the
   * call is recorded: `failed` on `isError`, `read` for read-only tools, else `posted` with an id in the
   * output or `unknown`. Fails open: when claimcheck itself fails, the call is forwarded unguarded.
   * @throws what the client throws (a protocol error, a closed transport, an abort); the call is recorded as `failed` first.
   * @throws ClaimcheckError `invalid_options` for a `callId` already in flight; `guard_closed` after `close()`.
   */
  callTool(params: CallToolRequest['params'], options?: McpCallOptions): Promise<CallToolResult>;
  /** The guard's `checkBypass`: judge the model's text-only reply against the open turn's calls, and close the turn. */
  checkBypass(text: string, options?: CheckBypassOptions): Receipt;
  /** The guard's `render`: the turn in one line. */
  render(): string;
  /** The guard's `close`: end the session and get its counts (the current guard's). Does not close the client or the store. */
  close(): GuardSummary;
}

/**
 * Put an MCP client behind claimcheck's guard. Lists the server's tools (every page) to learn their
 * schemas; `@modelcontextprotocol/sdk` is not loaded here, only the client's methods are called.
 *
 * ```ts
 * const mcp = await guardMcpClient(client, { store: await openStore() });
 * const result = await mcp.callTool({ name: 'issue_refund', arguments: { order_id: 'A-1', amount_cents: 6400 } });
 * const receipt = mcp.checkBypass(replyText); // receipt.verdict: 'clean' | 'unreported' | 'fabricated'
 * ```
 * @throws what the client's `listTools` throws; ClaimcheckError `invalid_options` for a client without
 *   `callTool`/`listTools` and for bad guard options (see `guard()`).
 */
export async function guardMcpClient(client: McpClient, options: GuardMcpClientOptions = {}): Promise<GuardedMcpClient> {
  if (readHostInput('guardMcpClient', () => typeof client?.callTool !== 'function' || typeof client.listTools !== 'function')) {
    throw new ClaimcheckError('invalid_options', 'guardMcpClient(client) needs a connected MCP Client (from @modelcontextprotocol/sdk/client/index.js), with callTool and listTools.');
  }
  // What the server answers to tools/list is the server's; the options are read as host input.
  const tools = await listAllTools(client);
  return readHostInput('guardMcpClient', () => new McpGuard(client, options, tools));
}
