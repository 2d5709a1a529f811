// The README's examples are files under examples/: typechecked with the project, run here, and quoted
// verbatim in the README, so the documentation cannot drift from code that works.
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const dir = new URL('../examples/', import.meta.url);
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const examples = readdirSync(dir).filter((f) => f.endsWith('.ts'));

describe('README examples', () => {
  it('has examples to check', () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  it.each(examples)('%s is quoted verbatim in the README', (file) => {
    expect(readme).toContain(readFileSync(new URL(file, dir), 'utf8').trim());
  });

  it('guard.ts runs and catches the unbacked refund claim', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { main } = (await import('../examples/guard.js')) as { main: () => Promise<string> };
    expect(await main()).toBe('fabricated');
    expect(log.mock.calls.map((c) => c.join(' '))).toEqual([
      'false missing_required',
      'missing_required /body,format_violation /to',
      'posted msg_123',
      'fabricated issue_refund:not_called',
    ]);
    log.mockRestore();
  });

  it('openai-agents.ts trips on the email claimed but never sent', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { ScriptedModel } = await import('../examples/mock-openai-agents.js');
    const { supportRun } = (await import('../examples/openai-agents.js')) as { supportRun: (input: string, model: unknown) => Promise<string> };
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } }] },
      { text: "I've refunded $64.00 to your card and emailed you the confirmation." },
    ]);
    expect(await supportRun('Refund order A-1 ($64) and email me.', model)).toBe('I could not complete every step of your request; a colleague will follow up.');
    expect(warn.mock.calls).toEqual([['fabricated: send_email claimed but not_called; 1 confirmed']]);
    warn.mockRestore();
  });

  it('mcp-client.ts runs and catches the claim after the failed email', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { main } = (await import('../examples/mcp-client.js')) as { main: () => Promise<string> };
    expect(await main()).toBe('fabricated');
    expect(log.mock.calls.slice(0, 3).map((c) => c.join(' '))).toEqual(['true type_mismatch /amount_cents', 'RF-1001', 'fabricated send_email:tool_failed']);
    log.mockRestore();
  });

  it('openai-tool-map.ts runs on the scripted OpenAI client of mock-openai.ts and flags the email claimed but never sent', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { scriptedOpenAI } = await import('../examples/mock-openai.js');
    const { supportLoop } = (await import('../examples/openai-tool-map.js')) as { supportLoop: (client: unknown, request: string) => Promise<string> };
    const client = scriptedOpenAI([
      { toolCalls: [{ id: 'call_1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } }] },
      { text: "I've refunded $64.00 and emailed you the confirmation." },
    ]);
    expect(await supportLoop(client, 'Refund order A-1 ($64) and email me at dana@example.com.')).toBe('fabricated');
    expect(log.mock.calls.map((c) => c.join(' '))).toEqual([
      'issue_refund posted (refund id RF-A-1) · claimed send_email but not_called: "I\'ve refunded $64.00 and emailed you the confirmation."',
    ]);
    log.mockRestore();
  });

  it('run-openai.ts runs on the scripted OpenAI client and records the run in the ledger', async () => {
    vi.stubEnv('CLAIMCHECK_DB', join(mkdtempSync(join(tmpdir(), 'claimcheck-examples-')), 'ledger.sqlite'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { scriptedOpenAI } = await import('../examples/mock-openai.js');
    const { supportTurn } = (await import('../examples/run-openai.js')) as { supportTurn: (client: unknown, messages: unknown[]) => Promise<string> };
    const client = scriptedOpenAI([
      { toolCalls: [{ id: 'call_1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } }] },
      { text: "I've refunded $64.00 and emailed you the confirmation." },
    ]);
    expect(await supportTurn(client, [{ role: 'user', content: 'Refund order A-1 and email me.' }])).toBe("I've refunded $64.00 and emailed you the confirmation.");
    expect(warn.mock.calls.map((c) => c.join(' '))).toEqual([expect.stringContaining('claimed send_email but not_called')]);
    warn.mockRestore();
    vi.unstubAllEnvs();
  });

  it('ai-sdk.ts runs on the scripted model of mock-ai-sdk.ts and warns of the refund claimed but never made', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { scriptedModel } = await import('../examples/mock-ai-sdk.js');
    const { refundTurn } = (await import('../examples/ai-sdk.js')) as { refundTurn: (model: unknown, prompt: string) => Promise<string> };
    const honest = scriptedModel([{ toolCalls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } }] }, { text: "I've refunded order A-1." }]);
    expect(await refundTurn(honest, 'Refund order A-1 ($64).')).toBe("I've refunded order A-1.");
    expect(warn).not.toHaveBeenCalled();
    expect(await refundTurn(scriptedModel([{ text: "Done: I've refunded order A-1." }]), 'Refund order A-1 ($64).')).toBe("Done: I've refunded order A-1.");
    expect(warn.mock.calls.map((c) => c.join(' '))).toEqual([`issue_refund not_called: "Done: I've refunded order A-1."`]);
    warn.mockClear();
    // The try-it steps in mock-ai-sdk.ts's closing comment, and the warning it says they give.
    const tryIt = scriptedModel([{ toolCalls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 4600 } }] }, { text: "I've refunded $64.00 for order A-1." }]);
    await refundTurn(tryIt, 'Refund order A-1 ($64).');
    const said = `issue_refund args_mismatch: "I've refunded $64.00 for order A-1." (the reply says a refund of $64.00, but the call used amount_cents 4600)`;
    expect(warn.mock.calls.map((c) => c.join(' '))).toEqual([said]);
    expect(readFileSync(new URL('mock-ai-sdk.ts', dir), 'utf8')).toContain(`// claimcheck warns: ${said}`);
    warn.mockRestore();
  });

  it('langchain.ts runs on the scripted model of mock-langchain.ts and flags the email claimed but never sent', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { scriptedModel } = await import('../examples/mock-langchain.js');
    const { refundTurn } = (await import('../examples/langchain.js')) as { refundTurn: (model: unknown, prompt: string) => Promise<string> };
    const model = scriptedModel([
      { toolCalls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } }] },
      { text: "I've refunded order A-1 and emailed you the confirmation." },
    ]);
    expect(await refundTurn(model, 'Refund order A-1 and email me.')).toBe('fabricated');
    expect(warn.mock.calls.map((c) => c.join(' '))).toEqual([`send_email not_called: "I've refunded order A-1 and emailed you the confirmation."`]);
    log.mockRestore();
    warn.mockRestore();
  });

  it('anthropic-tool-runner.ts runs on the scripted client of mock-anthropic.ts and flags the email claimed but never sent', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { scriptedAnthropic } = await import('../examples/mock-anthropic.js');
    const { refundRun } = (await import('../examples/anthropic-tool-runner.js')) as { refundRun: (client: unknown, request: string) => Promise<string> };
    const client = scriptedAnthropic([
      { toolUses: [{ id: 'toolu_1', name: 'issue_refund', input: { order_id: 'A-1', amount_cents: 6400 } }] },
      { text: "I've refunded $64.00 and emailed you the confirmation." },
    ]);
    expect(await refundRun(client, 'Refund order A-1 and email me.')).toBe('fabricated');
    expect(log.mock.calls.map((c) => c.join(' '))).toEqual([
      'issue_refund posted (refund id RF-A-1) · claimed send_email but not_called: "I\'ve refunded $64.00 and emailed you the confirmation."',
    ]);
    log.mockRestore();
  });

  it('quick-check.ts (the 30-second example) warns of the email claimed but never sent', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await import('../examples/quick-check.js');
    expect(warn.mock.calls.map((c) => c.join(' '))).toEqual([`send_email: not_called — "Done, I've emailed you the receipt."`]);
    warn.mockRestore();
  });

  it('validate-args.ts prints the failures of the bad arguments', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await import('../examples/validate-args.js');
    expect(log.mock.calls).toEqual([[['missing_required /subject', 'format_violation /to']]]);
    log.mockRestore();
  });

  it('ledger.ts records a named run with its operation and receipt in the store', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'claimcheck-examples-')), 'ledger.sqlite');
    vi.stubEnv('CLAIMCHECK_DB', path);
    const { recordOneTurn } = (await import('../examples/ledger.js')) as { recordOneTurn: () => Promise<string> };
    expect(await recordOneTurn()).toBe(path);
    vi.unstubAllEnvs();
    const { openStore } = await import('../src/store.js');
    const store = await openStore({ path, readonly: true });
    const [run] = await store.listRuns();
    expect(run).toMatchObject({ agent: 'ledger-example', operations: 1, receipts: 1, fabricated: 0 });
    await store.close();
  });
});
