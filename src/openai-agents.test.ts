// The public surface of claimcheck/openai-agents, and that it loads @openai/agents for types only.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as agents from './openai-agents.js';

describe('claimcheck/openai-agents surface', () => {
  it('exports exactly the Agents SDK integration', () => {
    expect(Object.keys(agents).sort()).toEqual(['checkAgentRun', 'claimcheckOutputGuardrail', 'claimcheckRunOptions', 'claimcheckToolInputGuardrail', 'guardAgentTools', 'ledgerFromRunItems']);
  });

  it('imports @openai/agents only as types, so the subpath runs without it', () => {
    const dir = new URL('./openai-agents/', import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThanOrEqual(8);
    const sdkImports = files.flatMap((f) => [...readFileSync(new URL(f, dir), 'utf8').matchAll(/^import (type )?[^;]*from '(@openai\/[^']+)';$/gm)].map((m) => [f, m[1] ?? 'value', m[2]]));
    expect(sdkImports.length).toBeGreaterThan(0);
    expect(sdkImports.filter(([, kind]) => kind !== 'type ')).toEqual([]);
  });
});
