// The public surface of claimcheck/mastra, and that neither its source nor its built declarations
// reference @mastra/core (Node.js >=22.13 only): the subpath loads, and typechecks, without it.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as mastra from './mastra.js';

describe('claimcheck/mastra surface', () => {
  it('exports exactly the Mastra integration', () => {
    expect(Object.keys(mastra).sort()).toEqual(['claimcheckProcessor', 'claimcheckToolHooks']);
  });

  it('references @mastra/core nowhere in its source or its built declarations', () => {
    const read = (dir: URL, ext: string) =>
      readdirSync(dir)
        .filter((f) => f.endsWith(ext) && !f.endsWith('.test.ts'))
        .map((f) => [f, readFileSync(new URL(f, dir), 'utf8')] as const);
    const files = [...read(new URL('./mastra/', import.meta.url), '.ts'), ...read(new URL('../dist/mastra/', import.meta.url), '.d.ts')];
    expect(files.length).toBeGreaterThanOrEqual(10);
    expect(files.filter(([, text]) => /from '@mastra\//.test(text)).map(([f]) => f)).toEqual([]);
  });

  it('loads from the build with @mastra/core absent', async () => {
    const built = (await import(new URL('../dist/mastra.js', import.meta.url).href)) as Record<string, unknown>;
    expect(Object.keys(built).sort()).toEqual(['claimcheckProcessor', 'claimcheckToolHooks']);
  });
});
