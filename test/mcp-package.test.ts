// The MCP subpath: what `claimcheck/mcp` exports, that the root entry never reaches it, and that it
// loads @modelcontextprotocol/sdk only lazily (guardMcpClient never; the proxy when it is made).
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as mcp from '../src/mcp.js';

describe('claimcheck/mcp surface', () => {
  it('exports exactly the public MCP API', () => {
    expect(Object.keys(mcp).sort()).toEqual(['MCP_REFUSAL_META_KEY', 'createMcpProxy', 'guardMcpClient', 'mcpReceipt', 'readMcpRefusal'].sort());
  });

  it('is not reachable from the root entry, and imports the SDK only for types or lazily', () => {
    const rootGraph = sourceGraph(new URL('../src/index.ts', import.meta.url));
    expect(rootGraph.size).toBeGreaterThan(20);
    expect([...rootGraph].filter((f) => /\/src\/mcp(\.ts|\/)/.test(f))).toEqual([]);
    const graph = sourceGraph(new URL('../src/mcp.ts', import.meta.url));
    expect([...graph].some((f) => f.endsWith('/mcp/_mcp-guard.ts'))).toBe(true);
    const valueImports = [...graph].flatMap((f) => [...readFileSync(new URL(f), 'utf8').matchAll(/^import\s+(?!type\b)[^;]*?from\s+'@modelcontextprotocol\/[^']*'/gm)]);
    expect(valueImports).toEqual([]);
  });

  it.skipIf(!existsSync(new URL('../dist/mcp.js', import.meta.url)))('built: dist/mcp.js loads without the SDK in its static import graph', async () => {
    const graph = sourceGraph(new URL('../dist/mcp.js', import.meta.url), new Set(), '.js');
    const staticSpecifiers = [...graph].flatMap((f) => [...readFileSync(new URL(f), 'utf8').matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]));
    expect(staticSpecifiers.filter((s) => s?.startsWith('@modelcontextprotocol'))).toEqual([]);
    await expect(import(new URL('../dist/mcp.js', import.meta.url).href)).resolves.toHaveProperty('guardMcpClient');
  });
});

/** Every source file reachable from `entry` through relative value imports (type-only imports skipped). */
function sourceGraph(entry: URL, seen = new Set<string>(), ext = '.ts'): Set<string> {
  if (seen.has(entry.href)) return seen;
  seen.add(entry.href);
  const source = readFileSync(entry, 'utf8');
  for (const m of source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gm)) {
    const spec = (m[1] ?? '').replace(/\.js$/, ext);
    sourceGraph(new URL(spec, entry), seen, ext);
  }
  return seen;
}
