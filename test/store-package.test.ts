// The store's subpath: what `claimcheck/store` exports, and that the root entry never reaches it
// (so importing `claimcheck` never loads better-sqlite3).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as store from '../src/store.js';

describe('claimcheck/store surface', () => {
  it('exports exactly the public store API', () => {
    expect(Object.keys(store).sort()).toEqual(['PROJECT_MARKERS', 'SCHEMA_VERSION', 'STORE_DIR', 'STORE_FILE', 'importLedger', 'openStore', 'operationStates', 'resolveStorePath'].sort());
  });

  it('is not reachable from the root entry, and loads better-sqlite3 only lazily', () => {
    const graph = sourceGraph(new URL('../src/index.ts', import.meta.url));
    expect(graph.size).toBeGreaterThan(20);
    expect([...graph].filter((f) => /\/src\/store(\.ts|\/)/.test(f))).toEqual([]);
    const storeGraph = sourceGraph(new URL('../src/store.ts', import.meta.url));
    expect([...storeGraph].some((f) => f.endsWith('/store/_driver.ts'))).toBe(true);
    const staticImports = [...storeGraph].flatMap((f) => [...readFileSync(new URL(f), 'utf8').matchAll(/^import\s+(?!type\b)[^;]*?from\s+'better-sqlite3'/gm)]);
    expect(staticImports).toEqual([]);
  });

  it('declares its types without better-sqlite3’s (an optional peer), in the built declarations', () => {
    const graph = sourceGraph(new URL('../dist/store.d.ts', import.meta.url), new Set(), '.d.ts');
    expect(graph.size).toBeGreaterThan(5);
    expect([...graph].filter((f) => /['"]better-sqlite3['"]/.test(readFileSync(new URL(f), 'utf8')))).toEqual([]);
  });
});

/** Every source file reachable from `entry` through relative value imports (type-only imports skipped). */
function sourceGraph(entry: URL, seen = new Set<string>(), ext = '.ts'): Set<string> {
  if (seen.has(entry.href)) return seen;
  seen.add(entry.href);
  const source = readFileSync(entry, 'utf8');
  const imports = ext === '.ts' ? /^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gm : /^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gm;
  for (const m of source.matchAll(imports)) {
    const spec = (m[1] ?? '').replace(/\.js$/, ext);
    sourceGraph(new URL(spec, entry), seen, ext);
  }
  return seen;
}
