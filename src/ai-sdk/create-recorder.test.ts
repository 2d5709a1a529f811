// createRecorder() through the real AI SDK: per-step receipts (live, under streamText), the run's
// receipt, rejected calls recorded in the guard, plain tools, and a recorder that never throws.
import { generateText, jsonSchema, stepCountIs, streamText, tool, type JSONSchema7, type ToolSet } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { scriptedModel, streamingModel } from '../../test/conformance/ai-sdk-model.js';
import { checkTurns, createMemorySink, idField } from '../index.js';
import { createRecorder, type StepReceipt } from './create-recorder.js';
import { guardTools } from './guard-tools.js';

const schema = (properties: Record<string, JSONSchema7>): JSONSchema7 => ({ type: 'object', properties, required: Object.keys(properties), additionalProperties: false });
const quiet = { warn: vi.fn() };

function rawTools(): ToolSet {
  return {
    lookup_order: tool({ description: 'Fetch an order by its order number.', inputSchema: jsonSchema(schema({ order_id: { type: 'string' } })), execute: async () => ({ total: 64, status: 'delivered' }) }),
    issue_refund: tool({
      description: 'Refund an order to the original payment method. Amount in cents.',
      inputSchema: jsonSchema(schema({ order_id: { type: 'string' }, amount_cents: { type: 'integer', minimum: 1 } })),
      execute: async () => ({ refund_id: 'RF-1001', status: 'succeeded' }),
    }),
  };
}
const guarded = (sink = createMemorySink()) => guardTools(rawTools(), { sink, actions: { issue_refund: { receipt: idField('refund_id') } }, logger: quiet });
const lookup = { id: 'c1', name: 'lookup_order', args: { order_id: 'A-1' } };
const refund = { id: 'c2', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } };

describe('createRecorder under streamText', () => {
  it('checks each step with text as it finishes, before the next request; the final reply through the guard', async () => {
    const sink = createMemorySink();
    const tools = await guarded(sink);
    const model = streamingModel([
      { text: "I've already refunded $64.00 — let me pull up the order.", toolCalls: [lookup] },
      { toolCalls: [refund] },
      { text: 'I looked up order A-1 and issued a refund of $64.00.' },
    ]);
    const live: Array<[number, string, number]> = [];
    const recorder = createRecorder({ tools, request: 'Refund order A-1.', onTurn: (t: StepReceipt) => live.push([t.step, t.receipt.verdict, model.doStreamCalls.length]) });
    const result = streamText({ model, tools, prompt: 'Refund order A-1.', stopWhen: stepCountIs(5), onStepFinish: recorder.onStepFinish });
    await result.consumeStream();
    // Step 0 claimed a refund no call of its own or earlier backed; it was judged before request 2 went out.
    expect(live).toEqual([[0, 'fabricated', 1], [2, 'clean', 3]]);
    const [first, last] = recorder.turns();
    expect(first?.receipt.claimedButNeverRan.map((c) => [c.tool, c.reason])).toEqual([['issue_refund', 'not_called']]);
    expect(last?.receipt).toBe(recorder.receipt());
    expect(recorder.receipt().confirmed.map((c) => c.tool).sort()).toEqual(['issue_refund', 'lookup_order']);
    expect(sink.receipts).toEqual([expect.objectContaining({ callIds: ['c1', 'c2'] })]);
  });
});

describe('createRecorder under generateText', () => {
  it('records calls the SDK rejected in the guard (unknown tool, invalid input) when no repair function did', async () => {
    const sink = createMemorySink();
    const tools = await guarded(sink);
    const model = scriptedModel([
      { toolCalls: [{ id: 'u1', name: 'refund_order', args: { order_id: 'A-1' } }, { id: 'v1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: -5 } }] },
      { text: 'Refunded $64.00 for order A-1.' },
    ]);
    const recorder = createRecorder({ tools, request: 'Refund order A-1.' });
    await generateText({ model, tools, prompt: 'Refund order A-1.', stopWhen: stepCountIs(4), onStepFinish: recorder.onStepFinish });
    expect(sink.interceptions.map((i) => [i.callId, i.tool, i.category, i.path])).toEqual([
      ['u1', 'refund_order', 'unknown_tool', ''],
      ['v1', 'issue_refund', 'constraint_violation', '/amount_cents'],
    ]);
    expect(sink.operations.map((o) => [o.tool, o.state, o.ran])).toEqual([['refund_order', 'failed', false], ['issue_refund', 'failed', false]]);
    expect(recorder.receipt().claimedButNeverRan.map((c) => [c.tool, c.reason])).toEqual([['issue_refund', 'tool_failed']]);
    expect(recorder.transcript()).toEqual([
      { role: 'user', content: 'Refund order A-1.' },
      expect.objectContaining({ tool: 'refund_order', status: 'error', callId: 'u1', error: expect.stringContaining('unavailable tool') }),
      expect.objectContaining({ tool: 'issue_refund', status: 'error', callId: 'v1', error: expect.stringContaining('(constraint_violation)') }),
      { role: 'assistant', content: 'Refunded $64.00 for order A-1.' },
    ]);
  });

  it('works with plain tools: the transcript it keeps is what checkTurns reads, and it yields the same receipts', async () => {
    const tools = rawTools();
    const model = scriptedModel([{ toolCalls: [lookup] }, { text: "I looked up order A-1 and refunded $64.00." }]);
    const recorder = createRecorder({ tools, request: 'Refund order A-1.' });
    await generateText({ model, tools, prompt: 'Refund order A-1.', stopWhen: stepCountIs(4), onStepFinish: recorder.onStepFinish });
    expect(recorder.guard).toBeNull();
    const receipt = recorder.receipt();
    expect(receipt.confirmed.map((c) => c.tool)).toEqual(['lookup_order']);
    expect(receipt.claimedButNeverRan.map((c) => [c.tool, c.reason])).toEqual([['issue_refund', 'not_called']]);
    const again = checkTurns(recorder.transcript(), { format: 'transcript', tools: Object.keys(tools) });
    expect(again.map((t) => t.receipt.verdict)).toEqual(['fabricated']);
    expect(recorder.transcript()[1]).toEqual({ tool: 'lookup_order', status: 'ok', args: { order_id: 'A-1' }, result: { total: 64, status: 'delivered' }, callId: 'c1' });
  });

  it('gives a receipt with no claims when no step had text, and never throws into the SDK', () => {
    const logger = { warn: vi.fn() };
    const recorder = createRecorder({ tools: rawTools(), logger });
    recorder.onStepFinish({ stepNumber: 0, text: '', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'lookup_order', input: {} }, { type: 'tool-result', toolCallId: 'c1', toolName: 'lookup_order', input: {}, output: { total: 1 } }] });
    expect(recorder.receipt().verdict).toBe('unreported');
    recorder.onStepFinish(null as never);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('could not record AI SDK step'), expect.anything());
  });

  it('says so when a step generated nothing (no text, no tool call), e.g. a mock that returns no content', async () => {
    const logger = { warn: vi.fn() };
    const recorder = createRecorder({ tools: rawTools(), logger });
    const { text } = await generateText({ model: scriptedModel([{ text: '' }]), tools: rawTools(), prompt: 'Refund A-1', onStepFinish: recorder.onStepFinish });
    expect(text).toBe('');
    expect(logger.warn).toHaveBeenCalledWith('claimcheck: AI SDK step 0 has no text and no tool call (finishReason stop): the model generated nothing, so there was nothing to check. A mock model whose doGenerate returns no content parts does this.');
    expect(recorder.turns()).toEqual([]);
  });

  it('needs the tools object, from at most one guard', async () => {
    expect(() => createRecorder({} as never)).toThrow(expect.objectContaining({ code: 'invalid_options' }));
    const [a, b] = [await guarded(), await guarded()];
    expect(() => createRecorder({ tools: { lookup_order: a.lookup_order as ToolSet[string], issue_refund: b.issue_refund as ToolSet[string] } })).toThrow(expect.objectContaining({ code: 'invalid_options' }));
  });
});
