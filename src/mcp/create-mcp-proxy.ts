/**
 * `createMcpProxy()`: an MCP server in front of one or more MCP servers, so any MCP client gets
 * claimcheck with no code. It lists the upstreams' tools as its own (merged; clashing names prefixed)
 * and sends each `tools/call` through `guardMcpClient`: validated against the tool's `inputSchema`
 * (a failing call is refused, not forwarded), forwarded, judged by its result and recorded in the sink.
 * `claimcheck mcp-proxy` runs it over stdio.
 * @see https://modelcontextprotocol.io/specification/2025-06-18/server/tools
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { guard, type Guard } from '../action/guard.js';
import { ClaimcheckError } from '../errors.js';
import { guardMcpClient, type GuardedMcpClient, type GuardMcpClientOptions } from './guard-mcp-client.js';
import { loadMcpSdk } from './_load-sdk.js';
import { refusalResult } from './mcp-refusal.js';
import { routeTools, upstreamPrefixes, type Routes } from './_proxy-routes.js';
import { readHostInput } from '../_host-input.js';

/** One upstream MCP server. */
export interface McpProxyUpstream {
  /** A connected SDK `Client`. The proxy does not close it. */
  client: Client;
  /**
   * Prefix of this server's tools whose names another upstream also lists (`<name>__<tool>`). Default:
   * the server's name from `initialize`, else `server<N>` (1-based position); characters MCP tool names
   * do not allow become `_`.
   */
  name?: string;
}

/**
 * Options of {@link createMcpProxy}: the guard's options for every upstream (see `GuardMcpClientOptions`;
 * `receipts` and `readOnlyTools` use each server's own tool names; `captureResults` defaults to `false`
 * here, since a proxy never sees the model's reply), plus:
 */
export interface McpProxyOptions extends GuardMcpClientOptions {
  /** The servers to front, at least one (else `invalid_options`). */
  upstreams: readonly McpProxyUpstream[];
  /** The proxy's server name, as clients see it in `initialize`. Default `claimcheck-mcp-proxy`. */
  name?: string;
  /** The proxy's server version. Default `'1.0.0'`. */
  version?: string;
  /**
   * Longest wait for an upstream's answer to one `tools/call`, in milliseconds; each progress
   * notification from the upstream starts the wait again. Past it the client gets a JSON-RPC error
   * that says so (an upstream that never answers, or answers under another id, cannot hold a call
   * forever). Default `300_000` (5 minutes); a positive integer up to 2,147,483,647 (else `invalid_options`).
   */
  callTimeoutMs?: number;
}

/** A proxy made by {@link createMcpProxy}. */
export interface McpProxy {
  /** The SDK `Server` to connect to a transport: `await proxy.server.connect(new StdioServerTransport())`. */
  readonly server: Server;
  /** Each upstream behind its guard, in the order given. */
  readonly upstreams: readonly GuardedMcpClient[];
  /** The tools the proxy lists (merged, clashing names prefixed). */
  readonly tools: readonly Tool[];
  /** Close the proxy's server (not the upstream clients, nor the store). */
  close(): Promise<void>;
}

/** Default of {@link McpProxyOptions.callTimeoutMs}. */
export const DEFAULT_CALL_TIMEOUT_MS = 300_000;
/** JSON-RPC error code of the SDK's request timeout (`ErrorCode.RequestTimeout`). */
const REQUEST_TIMEOUT = -32001;

/**
 * Create a proxy over connected upstream clients. Lists every upstream's tools first; loads
 * `@modelcontextprotocol/sdk`. Calls the proxy does not list are refused (`unknown_tool`) and recorded.
 * When an upstream sends `notifications/tools/list_changed`, its list is read again and the proxy's
 * clients are told the list changed.
 * @throws ClaimcheckError `missing_dependency` without the SDK; `invalid_options` with no upstream or bad
 *   guard options; what an upstream's `listTools` throws.
 */
export async function createMcpProxy(options: McpProxyOptions): Promise<McpProxy> {
  const sdk = await loadMcpSdk();
  // The options are read first (bad ones are invalid_input); what the upstream servers answer is theirs.
  const { upstreams, name, version, guardOptions, callTimeoutMs } = readHostInput('createMcpProxy', () => {
    const { upstreams, name = 'claimcheck-mcp-proxy', version = '1.0.0', callTimeoutMs = DEFAULT_CALL_TIMEOUT_MS, ...given } = options;
    if (!Number.isInteger(callTimeoutMs) || callTimeoutMs <= 0 || callTimeoutMs > 2_147_483_647) {
      throw new ClaimcheckError('invalid_options', `createMcpProxy option callTimeoutMs must be a positive integer number of milliseconds up to 2147483647, got ${String(callTimeoutMs)}.`);
    }
    if (!Array.isArray(upstreams) || upstreams.length === 0 || upstreams.some((u) => typeof u !== 'object' || u === null)) {
      throw new ClaimcheckError('invalid_options', 'createMcpProxy needs at least one upstream: { upstreams: [{ client }] }.');
    }
    // A proxy never sees the model's reply, so nothing reads the in-memory ledger's values: keep none.
    const guardOptions: GuardMcpClientOptions = { ...given, captureResults: given.captureResults ?? false };
    return { upstreams: upstreams.map((u) => ({ ...u })), name, version, guardOptions, callTimeoutMs };
  });
  const guarded: GuardedMcpClient[] = [];
  for (const upstream of upstreams) {
    // The first guard resolves `store` or `sink`; the others record into the same sink.
    const { store: _store, sink: _sink, ...rest } = guardOptions;
    guarded.push(await guardMcpClient(upstream.client, guarded[0] === undefined ? guardOptions : { ...rest, sink: guarded[0].sink }));
  }
  const first = guarded[0] as GuardedMcpClient;
  const prefixes = upstreamPrefixes(upstreams.map((u) => u.name ?? u.client.getServerVersion()?.name));
  const instructions = upstreams.map((u) => u.client.getInstructions()).filter((t) => t !== undefined && t !== '');
  const server = new sdk.Server({ name, version }, { capabilities: { tools: { listChanged: true } }, ...(instructions.length > 0 ? { instructions: instructions.join('\n\n') } : {}) });
  const logger = guardOptions.logger ?? console;

  let state: Routes & { unknown: Guard | null } = { ...routeTools([]), unknown: null };
  const reroute = () => {
    const merged = routeTools(guarded.map((g, i) => ({ prefix: prefixes[i] as string, tools: g.tools })));
    let unknown: Guard | null = null;
    try {
      // Records calls of names no upstream lists; its tool names (no schemas, no executors) give the "did you mean" hint.
      unknown = guard({ tools: merged.tools.map((t) => t.name), executors: {}, sink: first.sink, logger });
    } catch (cause) {
      logger.warn(`claimcheck (MCP proxy): unknown tools will not be recorded: ${cause instanceof Error ? cause.message : String(cause)}`);
    }
    state = { ...merged, unknown };
  };
  reroute();

  upstreams.forEach((upstream, i) => {
    upstream.client.setNotificationHandler(sdk.ToolListChangedNotificationSchema, async () => {
      try {
        await (guarded[i] as GuardedMcpClient).refreshTools();
        reroute();
        await server.sendToolListChanged();
      } catch (cause) {
        logger.warn(`claimcheck (MCP proxy): the changed tool list of ${prefixes[i]} could not be read: ${cause instanceof Error ? cause.message : String(cause)}`);
      }
    });
  });

  server.setRequestHandler(sdk.ListToolsRequestSchema, () => ({ tools: state.tools }));
  server.setRequestHandler(sdk.CallToolRequestSchema, async (request, extra) => {
    const { _meta, ...params } = request.params;
    const { progressToken, ...meta } = _meta ?? {};
    const requestOptions: RequestOptions = { signal: extra.signal, timeout: callTimeoutMs, resetTimeoutOnProgress: true };
    if (progressToken !== undefined) {
      requestOptions.onprogress = (progress) => {
        extra.sendNotification({ method: 'notifications/progress', params: { ...progress, progressToken } }).catch(() => undefined);
      };
    }
    const route = state.routes.get(params.name);
    if (route === undefined) return refuseUnknown(state.unknown, params.name, params.arguments);
    const forwarded = { ...params, name: route.tool, ...(Object.keys(meta).length > 0 ? { _meta: meta } : {}) };
    try {
      return await (guarded[route.upstream] as GuardedMcpClient).callTool(forwarded, requestOptions);
    } catch (error) {
      if ((error as { code?: unknown })?.code !== REQUEST_TIMEOUT) throw error;
      throw new Error(
        `claimcheck mcp-proxy: the server behind ${JSON.stringify(params.name)} did not answer within ${callTimeoutMs} ms ` +
          '(the proxy\'s call timeout; it may have answered under another id, or not at all). The call may or may not have run.',
        { cause: error },
      );
    }
  });

  return {
    server,
    upstreams: guarded,
    get tools() {
      return state.tools;
    },
    close: () => server.close(),
  };
}

/** The refusal of a name no upstream lists, recorded by the proxy's own guard (fails open to a plain refusal). */
async function refuseUnknown(unknown: Guard | null, tool: string, args: Record<string, unknown> | undefined): Promise<CallToolResult> {
  try {
    if (unknown !== null) {
      const result = await unknown.executeAsync(tool, args ?? {});
      if (!result.ok && 'failures' in result.failure) return refusalResult(tool, result.failure.failures, undefined, args ?? {});
    }
  } catch {
    // Fall through to the plain refusal.
  }
  return refusalResult(tool, [{ category: 'unknown_tool', path: '', message: `Unknown tool ${JSON.stringify(tool)}.` }], undefined, args ?? {});
}
