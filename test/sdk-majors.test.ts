// The adapter tests run against the newest major of each SDK that their Node.js line supports:
// openai 7 and ai 7 need Node.js 22+, so Node.js 20 tests openai 6 and ai 6. On Node.js 22+,
// vitest.config.ts aliases the bare names to the `openai-v7` and `ai-v7` installs of .ci/node24-deps
// when they are there; CI's Node 24 pass (CI=true) always installs them, so there they must be used.
import aiPackage from 'ai/package.json' with { type: 'json' };
import { VERSION as openaiVersion } from 'openai/version';
import { describe, expect, it } from 'vitest';

const node22 = Number(process.versions.node.split('.')[0]) >= 22;
const newest = process.env.CLAIMCHECK_NEWEST_SDKS === '1';
const major = (version: string): number => Number(version.split('.')[0]);

describe(`SDK majors under test on Node.js ${process.versions.node}`, () => {
  it('uses the newest majors on Node.js 22+ in CI, never on Node.js 20', () => {
    if (!node22) expect(newest).toBe(false);
    else if (process.env.CI === 'true') expect(newest).toBe(true);
  });

  it(`openai ${newest ? 7 : 6}`, () => {
    expect(major(openaiVersion)).toBe(newest ? 7 : 6);
  });

  it(`ai ${newest ? 7 : 6}`, async () => {
    expect(major(aiPackage.version)).toBe(newest ? 7 : 6);
    const { generateText } = await import('ai');
    expect(typeof generateText).toBe('function');
  });
});
