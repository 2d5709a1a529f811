// The run() subpath: what `claimcheck/run` exports, that the root entry never reaches it, and that its
// built code and declarations load and name no provider SDK (run() only calls the client it is given).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as runEntry from '../src/run.js';

const SDK = /^(openai|@anthropic-ai\/sdk)(\/|$)/;

describe('claimcheck/run surface', () => {
  it('exports exactly the public run API', () => {
    expect(Object.keys(runEntry).sort()).toEqual(['REPAIR_PROMPT_LIMITS', 'buildRepairPrompt', 'run']);
  });

  it('is not reachable from the root entry', () => {
    const graph = builtGraph(new URL('../dist/index.js', import.meta.url));
    expect(graph.files.size).toBeGreaterThan(20);
    expect([...graph.files].filter((f) => /\/dist\/run(\.js|\/)/.test(f))).toEqual([]);
  });

  it('loads no SDK from the built subpath (its whole import graph)', async () => {
    const entry = new URL('../dist/run.js', import.meta.url);
    const loaded = (await import(entry.href)) as Record<string, unknown>;
    expect(typeof loaded.run).toBe('function');
    const graph = builtGraph(entry);
    expect([...graph.files].some((f) => f.endsWith('/dist/run/_openai-chat.js'))).toBe(true);
    expect([...graph.files].some((f) => f.endsWith('/dist/run/_anthropic-messages.js'))).toBe(true);
    expect([...graph.specifiers].filter((s) => SDK.test(s))).toEqual([]);
  });

  it('names no SDK in its built declarations', () => {
    const graph = builtGraph(new URL('../dist/run.d.ts', import.meta.url));
    expect(graph.files.size).toBeGreaterThan(5);
    expect([...graph.files].filter((f) => /['"](openai|@anthropic-ai\/sdk)(\/[^'"]*)?['"]/.test(readFileSync(new URL(f), 'utf8')))).toEqual([]);
  });
});

/** Every module reachable from a built file through relative imports, and every specifier met. */
function builtGraph(entry: URL, files = new Set<string>(), specifiers = new Set<string>()): { files: Set<string>; specifiers: Set<string> } {
  if (files.has(entry.href)) return { files, specifiers };
  files.add(entry.href);
  const source = readFileSync(entry, 'utf8');
  for (const m of source.matchAll(/(?:import|export)[^'"]{0,300}?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const spec = m[1] ?? m[2] ?? '';
    specifiers.add(spec);
    if (!spec.startsWith('.')) continue;
    const next = entry.pathname.endsWith('.d.ts') ? spec.replace(/\.js$/, '.d.ts') : spec;
    builtGraph(new URL(next, entry), files, specifiers);
  }
  return { files, specifiers };
}
