// repairToolCall() through the real AI SDK: the rejection is recorded, the model is asked once with
// claimcheck's repair prompt, and the corrected call runs as repaired; every way a repair can end.
import { generateText, jsonSchema, stepCountIs, tool, type JSONSchema7, type ToolSet } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { scriptedModel, type ScriptStep } from '../../test/conformance/ai-sdk-model.js';
import { createMemorySink, idField } from '../index.js';
import { guardTools } from './guard-tools.js';
import { repairToolCall } from './repair-tool-call.js';

const refundSchema: JSONSchema7 = {
  type: 'object',
  properties: { order_id: { type: 'string' }, amount_cents: { type: 'integer', minimum: 1 } },
  required: ['order_id', 'amount_cents'],
  additionalProperties: false,
};
const quiet = { warn: vi.fn() };
const call = (id: string, args: unknown, name = 'issue_refund'): ScriptStep => ({ toolCalls: [{ id, name, args }] });

async function setUp() {
  const sink = createMemorySink();
  const execute = vi.fn(async () => ({ refund_id: 'RF-1' }));
  const raw = { issue_refund: tool({ description: 'Refund an order. Amount in cents.', inputSchema: jsonSchema(refundSchema), execute }) };
  const tools = await guardTools(raw, { sink, actions: { issue_refund: { receipt: idField('refund_id') } }, logger: quiet });
  return { sink, execute, tools };
}

async function play(tools: ToolSet, model: MockLanguageModelV3) {
  return generateText({ model, tools, prompt: 'Refund order A-1 ($64).', stopWhen: stepCountIs(4), experimental_repairToolCall: repairToolCall({ model, tools }) });
}

describe('repairToolCall', () => {
  it('records the rejection, asks once with the repair prompt (tool forced, nothing run), and runs the answer as repaired', async () => {
    const { sink, execute, tools } = await setUp();
    const model = scriptedModel([call('c1', { order_id: 'A-1', amount_cents: '6400' }), call('other', { order_id: 'A-1', amount_cents: 6400 }), { text: "I've refunded $64.00." }]);
    const result = await play(tools, model);
    expect(model.doGenerateCalls).toHaveLength(3);
    const repair = model.doGenerateCalls[1];
    expect(repair?.toolChoice).toEqual({ type: 'tool', toolName: 'issue_refund' });
    expect(repair?.tools?.map((t) => t.name)).toEqual(['issue_refund']);
    const asked = repair?.prompt.at(-1);
    expect(asked).toMatchObject({ role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', output: { type: 'error-text' } }] });
    const prompt = (asked?.content[0] as { output: { value: string } }).output.value;
    expect(prompt).toContain('Your call to issue_refund was rejected and did not run');
    expect(prompt).toContain('/amount_cents (type_mismatch)');
    expect(prompt).toContain('/amount_cents: {"type":"integer","minimum":1}');
    expect(execute).toHaveBeenCalledTimes(1);
    expect(execute).toHaveBeenCalledWith({ order_id: 'A-1', amount_cents: 6400 }, expect.objectContaining({ toolCallId: 'c1' }));
    expect(result.steps[0]?.toolCalls).toEqual([expect.objectContaining({ toolCallId: 'c1', input: { order_id: 'A-1', amount_cents: 6400 } })]);
    expect(sink.interceptions.map((i) => [i.callId, i.category, i.repaired])).toEqual([['c1', 'type_mismatch', false]]);
    expect(sink.operations.map((o) => [o.callId, o.state, o.repaired])).toEqual([['c1', 'failed', false], ['c1', 'posted', true]]);
  });

  it('records a repair rejected again as a repaired interception; the model reads that second failure', async () => {
    const { sink, execute, tools } = await setUp();
    const model = scriptedModel([call('c1', '{"order_id": "A-1", "amount_cents": 64.5'), call('c1', { order_id: 'A-1', amount_cents: 0 }), { text: 'Sorry, the refund failed.' }]);
    const result = await play(tools, model);
    expect(execute).not.toHaveBeenCalled();
    expect(sink.interceptions.map((i) => [i.category, i.repaired])).toEqual([['invalid_json', false], ['constraint_violation', true]]);
    expect(sink.operations.map((o) => [o.state, o.repaired])).toEqual([['failed', false], ['failed', true]]);
    expect(result.steps[0]?.content[1]).toMatchObject({ type: 'tool-error', error: expect.stringContaining('(constraint_violation)') });
  });

  it('gives up (null) when the answer calls no tool or the request throws: recorded once, the model reads the first failure', async () => {
    for (const answer of ['text', 'throw'] as const) {
      const { sink, tools } = await setUp();
      const steps = [call('c1', { order_id: 'A-1' }), { text: 'I cannot fix that.' }, { text: 'The refund did not go through.' }];
      const model = scriptedModel(steps);
      if (answer === 'throw') {
        const inner = model.doGenerate;
        let requests = 0;
        model.doGenerate = async (o) => (++requests === 2 ? Promise.reject(new Error('bad request')) : inner(o));
      }
      const result = await generateText({ model, tools, prompt: 'Refund A-1.', stopWhen: stepCountIs(4), maxRetries: 0, experimental_repairToolCall: repairToolCall({ model, tools }) });
      expect(sink.interceptions.map((i) => i.category)).toEqual(['missing_required']);
      expect(sink.operations.map((o) => o.state)).toEqual(['failed']);
      expect(result.steps[0]?.content[1]).toMatchObject({ type: 'tool-error', error: expect.stringContaining('(missing_required)') });
    }
  });

  it('does not repair an unknown tool (the SDK’s answer names the available ones)', async () => {
    const { sink, tools } = await setUp();
    const model = scriptedModel([call('c1', { order_id: 'A-1' }, 'refund_order'), { text: "I couldn't do that." }]);
    const result = await play(tools, model);
    expect(model.doGenerateCalls).toHaveLength(2);
    expect(sink.interceptions.map((i) => [i.tool, i.category])).toEqual([['refund_order', 'unknown_tool']]);
    expect(result.steps[0]?.content[1]).toMatchObject({ type: 'tool-error', error: expect.stringContaining('refund_order') });
  });

  it('needs the tools guardTools returned', () => {
    const plain = { issue_refund: tool({ inputSchema: jsonSchema(refundSchema), execute: async () => ({}) }) };
    expect(() => repairToolCall({ model: new MockLanguageModelV3(), tools: plain })).toThrow(expect.objectContaining({ code: 'invalid_options' }));
  });
});
