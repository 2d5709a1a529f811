// The Mastra files (examples/mastra.ts and the tests that drive a real Agent) typecheck against the real
// @mastra/core types: tsconfig.json leaves them out (on Node.js 20 @mastra/core is not installed), and
// tsconfig.mastra.json checks them with @mastra/core from .ci/mastra. Needs the build (claimcheck's own types).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mastraRuns, mastraSuite } from './mastra-support.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe.skipIf(!mastraRuns)(mastraSuite('Mastra files typecheck against @mastra/core'), () => {
  it('tsc -p tsconfig.mastra.json reports no error', () => {
    const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.mastra.json'], { cwd: root, encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  }, 180_000);
});
