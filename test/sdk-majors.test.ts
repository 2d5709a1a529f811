// The adapter tests run against the newest major of each SDK that their Node.js line supports:
// openai 7 and ai 7 need Node.js 22+, so Node.js 20 tests openai 6 and ai 6 (vitest.config.ts aliases
// the bare names to the `openai-v7` and `ai-v7` installs on Node.js 22+).
import aiPackage from 'ai/package.json' with { type: 'json' };
import { VERSION as openaiVersion } from 'openai/version';
import { describe, expect, it } from 'vitest';

const node22 = Number(process.versions.node.split('.')[0]) >= 22;
const major = (version: string): number => Number(version.split('.')[0]);

describe(`SDK majors under test on Node.js ${process.versions.node}`, () => {
  it(`openai ${node22 ? 7 : 6}`, () => {
    expect(major(openaiVersion)).toBe(node22 ? 7 : 6);
  });

  it(`ai ${node22 ? 7 : 6}`, async () => {
    expect(major(aiPackage.version)).toBe(node22 ? 7 : 6);
    const { generateText } = await import('ai');
    expect(typeof generateText).toBe('function');
  });
});
