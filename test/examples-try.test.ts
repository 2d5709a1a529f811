/**
 * The README's "try it without a key" files run as a user runs them (`npx tsx examples/try/<sdk>.ts`, on
 * the built package), each showing the catch the README promises.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/tsx/dist/cli.mjs', import.meta.url));

/** What the file prints, stdout then stderr (claimcheck's warnings go to stderr); throws when it exits non-zero. */
function tryExample(name: string): string {
  const run = spawnSync(process.execPath, [tsx, `examples/try/${name}.ts`], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  if (run.status !== 0) throw new Error(`examples/try/${name}.ts exited ${String(run.status)}: ${run.stderr}`);
  return `${run.stdout}\n${run.stderr}`;
}

describe('examples/try, run with tsx', () => {
  it.each([
    ['openai', /claimed send_email but not_called[\s\S]*-> fabricated/],
    ['anthropic', /claimed send_email but not_called[\s\S]*-> fabricated/],
    ['langchain', /claimed send_email but not_called[\s\S]*-> fabricated/],
    ['openai-agents', /fabricated: send_email claimed but not_called/],
  ])('%s shows the catch', (name, shown) => {
    expect(tryExample(name)).toMatch(shown);
  });

  it('ai-sdk warns of the misstated amount and returns the reply', () => {
    const out = tryExample('ai-sdk');
    expect(out).toContain("-> I've refunded $64.00 for order A-1.");
    expect(out).toContain('issue_refund args_mismatch: "I\'ve refunded $64.00 for order A-1." (the reply says a refund of $64.00, but the call used amount_cents 4600)');
  });
});
