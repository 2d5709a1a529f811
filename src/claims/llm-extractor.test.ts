/**
 * The LLM extractor through the real parsing, guards and merge, with recorded hand-written model answers
 * (__fixtures__/llm-answers.json): it adds only what the rules did not judge, never changes `ok` unless
 * `llmBlocks`, never sends a call's arguments or results, and falls back to the rules on every failure.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { check } from '../check.js';
import { checkAsync, checkTurnsAsync } from '../check-async.js';
import { ClaimcheckError } from '../errors.js';
import type { LedgerEntry } from '../ledger.js';
import { createLlmExtractor, type Complete } from './llm-extractor.js';
import { ruleExtractor } from './extractor.js';

const answers = JSON.parse(readFileSync(new URL('./__fixtures__/llm-answers.json', import.meta.url), 'utf8')) as Record<string, string>;
const answer = (name: string): string => answers[name] ?? '';

const tools = [
  { name: 'submit_form', description: 'Submit a completed form to the registry office.' },
  { name: 'send_email', description: 'Send an email to the user.' },
  { name: 'get_order', description: 'Look up an order.' },
];
const reply = "The signed form went over the counter to the clerk this morning. I wasn't able to email you the receipt. I checked your order.";
const ledger: LedgerEntry[] = [
  { tool: 'get_order', status: 'ok', args: { order_id: 'ARG-SECRET-123' }, result: { note: 'RESULT-SECRET-456' }, error: null, callId: 'c1', startedAt: null, endedAt: null },
];
const rulesOnly = check(reply, ledger, { tools }).toJSON();

function recorded(text: string): { complete: Complete; prompts: string[] } {
  const prompts: string[] = [];
  return { prompts, complete: async (prompt) => (prompts.push(prompt), text) };
}

describe('createLlmExtractor', () => {
  it('adds a claim only the model found as suspected, and ok stays as the rules say', async () => {
    const r = await checkAsync(reply, ledger, { tools, extractor: createLlmExtractor({ complete: recorded(answer('good')).complete }) });
    expect(r.suspected).toEqual([expect.objectContaining({ tool: 'submit_form', source: 'llm', reason: 'not_called', text: 'The signed form went over the counter to the clerk this morning.' })]);
    expect(r.ok).toBe(rulesOnly.ok);
    expect(r.verdict).toBe(rulesOnly.verdict);
    expect(r.confirmed).toEqual(rulesOnly.confirmed);
  });

  it('makes a suspected claim blocking only with llmBlocks', async () => {
    const r = await checkAsync(reply, ledger, { tools, extractor: createLlmExtractor({ complete: recorded(answer('good')).complete, llmBlocks: true }) });
    expect(r).toMatchObject({ verdict: 'fabricated', ok: false, llmBlocks: true });
  });

  it('confirms a model-only claim whose tool succeeded', async () => {
    const ran = [...ledger, { ...ledger[0], tool: 'submit_form', callId: 'c2' } as LedgerEntry];
    const r = await checkAsync(reply, ran, { tools, extractor: createLlmExtractor({ complete: recorded(answer('good')).complete }) });
    expect(r.confirmed.filter((c) => c.source === 'llm').map((c) => c.tool)).toEqual(['submit_form']);
    expect(r.suspected).toEqual([]);
  });

  it('prompts with the reply and tool names and descriptions, never arguments or results', async () => {
    const { complete, prompts } = recorded(answer('good'));
    await checkAsync(reply, ledger, { tools, extractor: createLlmExtractor({ complete }) });
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toContain(JSON.stringify(reply));
    for (const t of tools) expect(prompts[0]).toContain(t.description);
    expect(prompts[0]).not.toContain('SECRET');
    expect(prompts[0]).not.toContain('order_id');
  });

  it('drops a span that is not in the reply, and a negated span, naming the guard in secondOpinion', async () => {
    for (const [name, guard] of [['hallucinatedSpan', 'not_in_reply'], ['negatedSpan', 'negation']] as const) {
      const r = await checkAsync(reply, ledger, { tools, extractor: createLlmExtractor({ complete: recorded(answer(name)).complete }) });
      const { secondOpinion, ...rest } = r.toJSON();
      expect(rest, name).toEqual(rulesOnly);
      expect(secondOpinion?.dropped.map((d) => d.guard), name).toEqual([guard]);
    }
  });

  it('puts a claim naming an unlisted tool in unmatched, never in a judged list', async () => {
    const r = await checkAsync(reply, ledger, { tools, extractor: createLlmExtractor({ complete: recorded(answer('wrongTool')).complete }) });
    expect(r.unmatched.filter((c) => c.source === 'llm')).toEqual([expect.objectContaining({ tool: null, text: 'The signed form went over the counter to the clerk this morning.' })]);
    expect(r.suspected).toEqual([]);
    expect(r.ok).toBe(rulesOnly.ok);
  });

  const failures: Array<[string, () => Complete, string]> = [
    ['garbage', () => recorded(answer('garbage')).complete, 'not the JSON'],
    ['wrong shape', () => recorded(answer('wrongShape')).complete, 'not the JSON'],
    ['provider error', () => () => Promise.reject(new Error('503 upstream overloaded')), '503 upstream overloaded'],
    ['timeout', () => (_prompt, signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))), 'within 20 ms'],
    ['non-string answer', () => async () => 42 as unknown as string, 'not the JSON'],
  ];

  it.each(failures)('falls back to the rules with one warning on %s', async (name, make, says) => {
    const warn = vi.fn();
    const extractor = createLlmExtractor({ complete: make(), warn, timeoutMs: 20 });
    const first = await checkAsync(reply, ledger, { tools, extractor });
    const second = await checkAsync(`${reply} `, ledger, { tools, extractor });
    expect(first.toJSON()).toEqual({ ...rulesOnly, secondOpinion: { read: 0, omitted: 0, dropped: [], failed: name === 'timeout' ? 'timeout' : name === 'provider error' ? 'provider' : 'unreadable' } });
    expect(second.ok).toBe(rulesOnly.ok);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain(says);
    expect(extractor.failures).toBe(2);
  });

  it.each(failures)("throws llm_failed on %s with onError: 'raise'", async (_name, make) => {
    const extractor = createLlmExtractor({ complete: make(), onError: 'raise', timeoutMs: 20 });
    const error = await checkAsync(reply, ledger, { tools, extractor }).catch((e: unknown) => e);
    expect(ClaimcheckError.isInstance(error) && error.code).toBe('llm_failed');
  });

  it('caches answers by reply and tools', async () => {
    const complete = vi.fn(recorded(answer('good')).complete);
    const extractor = createLlmExtractor({ complete });
    await checkAsync(reply, ledger, { tools, extractor });
    await checkAsync(reply, ledger, { tools, extractor });
    await checkAsync(reply, ledger, { tools: tools.slice(0, 2), extractor });
    expect(complete).toHaveBeenCalledTimes(2);
  });

  it('rejects options without a model and a bad timeout', () => {
    expect(() => createLlmExtractor({} as never)).toThrow(/complete/);
    expect(() => createLlmExtractor({ complete: recorded('').complete, timeoutMs: 0 })).toThrow(/timeoutMs/);
  });

  it('gives per-turn receipts; the rule extractor gives exactly the sync result', async () => {
    const messages = [
      { role: 'user', content: 'File my form and email me the receipt.' },
      { role: 'assistant', content: reply },
    ];
    const turns = await checkTurnsAsync(messages, { format: 'transcript', tools, extractor: createLlmExtractor({ complete: recorded(answer('good')).complete }) });
    expect(turns[0]?.receipt.suspected.map((c) => c.tool)).toEqual(['submit_form']);
    const plain = await checkTurnsAsync(messages, { format: 'transcript', tools, extractor: ruleExtractor });
    expect(plain[0]?.receipt.suspected).toEqual([]);
  });
});

describe('createLlmExtractor with an AI SDK model (claimcheck/ai-sdk)', () => {
  it('calls generateText with the prompt and the answer schema as structured output, and reads its text; the root entry points to the subpath', async () => {
    const { createLlmExtractor: fromAiSdk } = await import('../ai-sdk/create-llm-extractor.js');
    const { MockLanguageModelV3 } = await import('ai/test');
    const formats: unknown[] = [];
    const model = new MockLanguageModelV3({
      // The recorded answer is in a code fence, off the schema: it is read all the same.
      doGenerate: async (call) => (formats.push(call.responseFormat), { content: [{ type: 'text', text: answer('good') }], finishReason: { unified: 'stop', raw: undefined }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } }, warnings: [] }),
    });
    const r = await checkAsync(reply, ledger, { tools, extractor: fromAiSdk({ model }) });
    expect(r.suspected.map((c) => c.tool)).toEqual(['submit_form']);
    expect(formats).toEqual([{ type: 'json', name: 'claimcheck_claims', schema: expect.objectContaining({ required: ['claims'] }) }]);
    expect(() => createLlmExtractor({ model } as never)).toThrow(/claimcheck\/ai-sdk/);
  });
});
