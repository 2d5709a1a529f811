/**
 * claimcheck/mcp: Model Context Protocol integration. `guardMcpClient()` puts an MCP client's tool calls
 * behind the guard; `createMcpProxy()` is an MCP server in front of other servers that does the same
 * for any MCP client (the `claimcheck mcp-proxy` command). `@modelcontextprotocol/sdk` is an optional
 * peer: `guardMcpClient` only calls the client you pass, and the proxy loads the SDK when it is made.
 */
export { guardMcpClient, type GuardedMcpClient, type GuardMcpClientOptions, type McpCallOptions, type McpClient } from './mcp/guard-mcp-client.js';
export { createMcpProxy, type McpProxy, type McpProxyOptions, type McpProxyUpstream } from './mcp/create-mcp-proxy.js';
export { mcpReceipt } from './mcp/mcp-receipt.js';
export { MCP_REFUSAL_META_KEY, readMcpRefusal, type McpRefusal } from './mcp/mcp-refusal.js';
