/**
 * The labelled corpus, `"kind": "validation"` cases: every case of ../shared/corpus/{dev,reports} runs
 * through `validateInput`, and `ok`, the first failure's `category` and its `path` must all match.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateInput } from '../src/validate/validate-input.js';

const CORPUS = resolve(import.meta.dirname, '../../shared/corpus');
const TARGET = 0.95;

interface Expect {
  ok: boolean;
  category?: string;
  path?: string;
}

function loadCases(): Array<{ id: string; input: Record<string, unknown>; expect: Expect }> {
  const cases = [];
  for (const dir of ['dev', 'reports']) {
    const folder = join(CORPUS, dir);
    if (!existsSync(folder)) continue;
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.json')).sort()) {
      const data = JSON.parse(readFileSync(join(folder, file), 'utf8')) as Record<string, unknown>;
      if (data.kind !== 'validation') continue;
      cases.push({ id: String(data.id ?? file), input: data, expect: data.expect as Expect });
    }
  }
  return cases;
}

const cases = loadCases();

describe.skipIf(cases.length === 0)('validation corpus', () => {
  it(`gets ok, category and path right on at least ${TARGET * 100}% of cases`, () => {
    const misses: string[] = [];
    for (const c of cases) {
      const got = validateInput(c.input, c.id);
      const first = got.failures[0];
      const right = c.expect.ok
        ? got.ok
        : !got.ok && first !== undefined && first.category === c.expect.category && first.path === c.expect.path;
      if (!right) {
        const gotText = got.ok ? 'ok' : `${first?.category} ${JSON.stringify(first?.path)} (${first?.message})`;
        const want = c.expect.ok ? 'ok' : `${c.expect.category} ${JSON.stringify(c.expect.path)}`;
        misses.push(`${c.id}: expected ${want}, got ${gotText}`);
      }
    }
    const accuracy = (cases.length - misses.length) / cases.length;
    console.log(`validation corpus: ${cases.length - misses.length}/${cases.length} = ${accuracy.toFixed(3)}`);
    for (const miss of misses) console.log(`  miss ${miss}`);
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(accuracy).toBeGreaterThanOrEqual(TARGET);
  });
});
