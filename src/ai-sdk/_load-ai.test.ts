// The `ai` peer is optional: the subpath loads it lazily and says what to install when it is missing.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadAi } from './_load-ai.js';

describe('loadAi', () => {
  it('reports a missing ai as missing_dependency, saying what to install', async () => {
    const importer = () => Promise.reject(Object.assign(new Error("Cannot find package 'ai'"), { code: 'ERR_MODULE_NOT_FOUND' }));
    await expect(loadAi(importer)).rejects.toMatchObject({ code: 'missing_dependency', data: { dependency: 'ai' }, message: expect.stringContaining('npm install ai') });
    const broken = () => Promise.resolve({} as never);
    await expect(loadAi(broken)).rejects.toMatchObject({ code: 'missing_dependency', message: expect.stringContaining('did not load') });
  });

  it('loads the installed ai', async () => {
    expect(typeof (await loadAi()).generateText).toBe('function');
  });

  it('is the only runtime import of ai in claimcheck/ai-sdk: every other import of it is type-only', () => {
    const dir = new URL('./', import.meta.url);
    const files = ['../ai-sdk.ts', ...readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))];
    const runtime = files.flatMap((f) => {
      const source = readFileSync(new URL(f, dir), 'utf8');
      return [...source.matchAll(/^import (?!type )[^;]*from '(ai|ai\/[^']*|@ai-sdk\/[^']*)';/gm)].map((m) => `${f}: ${m[1]}`);
    });
    expect(files.length).toBeGreaterThanOrEqual(6);
    expect(runtime).toEqual([]);
    expect(readFileSync(new URL('_load-ai.ts', dir), 'utf8')).toContain("import('ai')");
  });
});
