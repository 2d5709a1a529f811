/**
 * Internal: an MCP server's whole tool list (every page of `tools/list`), and a key that changes when
 * the list changes in anything the guard uses.
 */
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpClient } from './guard-mcp-client.js';

/** Most pages read from one server (a guard against a server whose cursor never ends). */
const MAX_PAGES = 1_000;

/** Every page of the server's `tools/list`, in order. Rejects with the client's error. */
export async function listAllTools(client: McpClient, options?: RequestOptions): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.listTools(cursor === undefined ? undefined : { cursor }, options);
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined) break;
  }
  return tools;
}

/** What identifies a tool list for the guard: names, descriptions, input schemas and read-only hints. */
export function toolsKey(tools: readonly Tool[]): string {
  try {
    return JSON.stringify(tools.map((t) => [t.name, t.description ?? '', t.inputSchema, t.annotations?.readOnlyHint === true]));
  } catch {
    return String(Math.random());
  }
}
