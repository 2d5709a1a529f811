/**
 * Internal: the proxy's tool list, merged from its upstream servers, and where each advertised name
 * goes. A name listed by more than one upstream is advertised once per upstream as `<prefix>__<name>`;
 * every other name is advertised as it is.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

/** Where an advertised tool name goes: the upstream's index and the tool's name there. */
export interface Route {
  upstream: number;
  tool: string;
}

/** The merged list and its routes. */
export interface Routes {
  tools: Tool[];
  routes: Map<string, Route>;
}

/** Merge the upstreams' lists, in upstream order. */
export function routeTools(lists: ReadonlyArray<{ prefix: string; tools: readonly Tool[] }>): Routes {
  const owners = new Map<string, number>();
  for (const { tools } of lists) {
    for (const name of new Set(tools.map((t) => t.name))) owners.set(name, (owners.get(name) ?? 0) + 1);
  }
  const tools: Tool[] = [];
  const routes = new Map<string, Route>();
  lists.forEach(({ prefix, tools: listed }, upstream) => {
    for (const tool of listed) {
      const name = (owners.get(tool.name) ?? 0) > 1 ? `${prefix}__${tool.name}` : tool.name;
      if (routes.has(name)) continue;
      routes.set(name, { upstream, tool: tool.name });
      tools.push(name === tool.name ? tool : { ...tool, name });
    }
  });
  return { tools, routes };
}

/**
 * Distinct tool-name prefixes for the upstreams: each server's name (from `initialize`) cut to the
 * characters MCP tool names allow, else `server<N>`; a repeated prefix gets its position appended.
 */
export function upstreamPrefixes(names: ReadonlyArray<string | undefined>): string[] {
  const seen = new Set<string>();
  return names.map((name, i) => {
    const base = [...(name ?? '')].map((c) => (isNameChar(c) ? c : '_')).join('').slice(0, 32) || `server${i + 1}`;
    const prefix = seen.has(base) ? `${base}${i + 1}` : base;
    seen.add(prefix);
    return prefix;
  });
}

function isNameChar(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_' || c === '-' || c === '.';
}
