/**
 * Internal: loads `@modelcontextprotocol/sdk`, the MCP integration's optional peer, only when a proxy is
 * made or an upstream server is started, so importing `claimcheck/mcp` (or `guardMcpClient`, which only
 * calls methods on the client you pass) never loads it.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolRequestSchema, ListToolsRequestSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { peerLoader } from '../_load-peer.js';

/** The parts of the SDK the proxy uses. */
export interface McpSdk {
  Server: typeof Server;
  StdioServerTransport: typeof StdioServerTransport;
  Client: typeof Client;
  StdioClientTransport: typeof StdioClientTransport;
  CallToolRequestSchema: typeof CallToolRequestSchema;
  ListToolsRequestSchema: typeof ListToolsRequestSchema;
  ToolListChangedNotificationSchema: typeof ToolListChangedNotificationSchema;
  /** Parses one stdio line into a JSON-RPC message (throws for a bad one). */
  deserializeMessage: (line: string) => unknown;
}

/** Imports the SDK's modules; replaced in tests to simulate a missing install. */
export type McpSdkImporter = () => Promise<McpSdk>;

const importSdk: McpSdkImporter = async () => {
  const [server, serverStdio, client, clientStdio, types, sharedStdio] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/types.js'),
    import('@modelcontextprotocol/sdk/shared/stdio.js'),
  ]);
  return {
    Server: server.Server,
    StdioServerTransport: serverStdio.StdioServerTransport,
    Client: client.Client,
    StdioClientTransport: clientStdio.StdioClientTransport,
    CallToolRequestSchema: types.CallToolRequestSchema,
    ListToolsRequestSchema: types.ListToolsRequestSchema,
    ToolListChangedNotificationSchema: types.ToolListChangedNotificationSchema,
    deserializeMessage: sharedStdio.deserializeMessage,
  };
};

/**
 * The SDK's modules, imported on first use.
 * @throws ClaimcheckError `missing_dependency` when `@modelcontextprotocol/sdk` is not installed or does not load.
 */
export const loadMcpSdk: (importer?: McpSdkImporter) => Promise<McpSdk> = peerLoader(
  {
    needer: "claimcheck's MCP proxy",
    dependency: '@modelcontextprotocol/sdk',
    packageName: '@modelcontextprotocol/sdk',
    install: 'npm install @modelcontextprotocol/sdk@1',
  },
  importSdk,
);
