// A fresh clone has no ../shared folder (the labelled corpus and real traces live beside the repository
// in CI): the suites that read it must skip with a note, not fail the whole `npm test`. Runs those two
// suites in a child vitest with CLAIMCHECK_SHARED_DIR at an empty folder (and no CI variable).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const empty = mkdtempSync(join(tmpdir(), 'claimcheck-no-shared-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

describe('a clone without ../shared', () => {
  it('skips the corpus and fuzz suites with a note saying what is missing', { timeout: 120_000 }, () => {
    const env: Record<string, string | undefined> = { ...process.env, CLAIMCHECK_SHARED_DIR: empty, CI: undefined, VITEST: undefined, NODE_OPTIONS: undefined };
    delete env.CI;
    const vitest = join(root, 'node_modules/vitest/vitest.mjs');
    // The fuzz file's 5 MB reply needs no corpus; leave it out to keep this quick.
    const child = spawnSync(process.execPath, [vitest, 'run', 'test/corpus.test.ts', 'test/fuzz-check.test.ts', '-t', 'corpus|real wording|damaged'], {
      cwd: root,
      env: Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)),
      encoding: 'utf8',
    });
    const output = `${child.stdout}\n${child.stderr}`;
    expect(output, output).not.toMatch(/ENOENT|Cannot read case directory/);
    expect(child.status, output).toBe(0);
    expect(output).toContain(`corpus suite skipped: ${join(empty, 'corpus/dev')} and ${join(empty, 'corpus/reports')} not found`);
    expect(output).toContain(`fuzz suite on damaged conversations skipped: ${join(empty, 'corpus/dev')} not found`);
  });
});
