// guardTools() through the real AI SDK (generateText with the SDK's mock model): validation by
// claimcheck, execution through the guard, the tool's own schema, failures, and the options.
import { generateText, jsonSchema, stepCountIs, tool, type JSONSchema7, type ToolSet } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { scriptedModel } from '../../test/conformance/ai-sdk-model.js';
import { HALT, PASS, action, createMemorySink, guard, idField, type Verify } from '../index.js';
import { guardTools } from './guard-tools.js';

type Refund = { order_id: string; amount_cents: number; currency?: string };
const refundSchema: JSONSchema7 = {
  type: 'object',
  properties: { order_id: { type: 'string' }, amount_cents: { type: 'integer', minimum: 1 }, currency: { type: 'string', enum: ['usd', 'eur'] } },
  required: ['order_id', 'amount_cents'],
  additionalProperties: false,
};
const quiet = { warn: vi.fn() };

function refundTool(execute: (input: Refund) => unknown) {
  return tool({ description: 'Refund an order. Amount in cents.', inputSchema: jsonSchema<Refund>(refundSchema), execute: async (input: Refund) => execute(input) });
}

async function play(tools: ToolSet, args: unknown, id = 'c1') {
  const model = scriptedModel([{ toolCalls: [{ id, name: 'issue_refund', args }] }, { text: 'Done.' }]);
  return generateText({ model, tools, prompt: 'Refund A-1.', stopWhen: stepCountIs(4) });
}

describe('guardTools: a new guard over the tools’ own execute', () => {
  it('runs a valid call through the guard: the tool gets the SDK’s input and options, the action is posted with its proof', async () => {
    const sink = createMemorySink();
    const seen = vi.fn((_input: unknown, _callId: string) => undefined);
    const raw = {
      issue_refund: tool({
        description: 'Refund an order. Amount in cents.',
        inputSchema: jsonSchema<Refund>(refundSchema),
        execute: async (input: Refund, options) => {
          seen(input, options.toolCallId);
          return { refund_id: 'RF-1', status: 'succeeded' };
        },
      }),
    };
    const tools = await guardTools(raw, { sink, actions: { issue_refund: { receipt: idField('refund_id') } }, logger: quiet });
    expect(Object.keys(tools)).toEqual(['issue_refund']);
    expect(tools.issue_refund).not.toBe(raw.issue_refund);
    const result = await play(tools, { order_id: 'A-1', amount_cents: 6400 });
    expect(seen).toHaveBeenCalledWith({ order_id: 'A-1', amount_cents: 6400 }, 'c1');
    expect(result.steps[0]?.toolResults).toEqual([expect.objectContaining({ toolCallId: 'c1', output: { refund_id: 'RF-1', status: 'succeeded' } })]);
    expect(sink.operations).toEqual([expect.objectContaining({ callId: 'c1', tool: 'issue_refund', kind: 'action', state: 'posted', receipt: expect.objectContaining({ id: 'RF-1' }) })]);
  });

  it('rejects bad input with claimcheck’s categories before anything runs (the SDK’s InvalidToolInputError carries the failures)', async () => {
    const execute = vi.fn(() => ({ refund_id: 'RF-1' }));
    const tools = await guardTools({ issue_refund: refundTool(execute) }, { logger: quiet });
    const result = await play(tools, { order_id: 'A-1', amount_cents: '6400', note: 'x' });
    expect(execute).not.toHaveBeenCalled();
    const [call, error] = result.steps[0]?.content ?? [];
    expect(call).toMatchObject({ type: 'tool-call', invalid: true, error: { name: 'AI_InvalidToolInputError' } });
    const cause = (call as { error: { cause: { cause: unknown } } }).error.cause.cause;
    expect(cause).toMatchObject({
      name: 'ClaimcheckError',
      code: 'type_mismatch',
      data: { tool: 'issue_refund', failures: [expect.objectContaining({ category: 'type_mismatch', path: '/amount_cents' }), expect.objectContaining({ category: 'extra_field', path: '/note' })] },
    });
    expect(error).toMatchObject({ type: 'tool-error', error: expect.stringContaining('/amount_cents (type_mismatch)') });
    expect(error).toMatchObject({ error: expect.stringContaining('Send 6400 as a JSON number') });
  });

  it('keeps the tool’s own schema validation: its output (defaults, transforms) reaches the tool, the raw arguments the ledger', async () => {
    const execute = vi.fn((input: Refund) => ({ refund_id: `RF-${input.currency}` }));
    const withDefault = jsonSchema<Refund>(refundSchema, { validate: (value) => ({ success: true, value: { currency: 'usd', ...(value as Refund) } }) });
    const raw = { issue_refund: tool({ description: 'Refund an order.', inputSchema: withDefault, execute: async (input: Refund) => execute(input) }) };
    const sink = createMemorySink();
    const tools = await guardTools(raw, { sink, captureArgs: true, logger: quiet });
    await play(tools, { order_id: 'A-1', amount_cents: 6400 });
    expect(execute).toHaveBeenCalledWith({ currency: 'usd', order_id: 'A-1', amount_cents: 6400 });
    expect(sink.operations[0]).toMatchObject({ state: 'read', args: { order_id: 'A-1', amount_cents: 6400 } });

    const refusing = jsonSchema<Refund>(refundSchema, { validate: () => ({ success: false, error: new Error('order_id must start with A-') }) });
    const strict = await guardTools({ issue_refund: tool({ inputSchema: refusing, execute: async () => ({}) }) }, { logger: quiet });
    const refused = await play(strict, { order_id: 'B-1', amount_cents: 1 });
    expect(refused.steps[0]?.content[1]).toMatchObject({ type: 'tool-error', error: expect.stringContaining('order_id must start with A-') });
  });

  it('answers the SDK as the tool would: the same thrown error, a failure output as it is, a HALT as a ClaimcheckError', async () => {
    const sink = createMemorySink();
    const thrown = new Error('payment gateway timeout');
    const throwing = await guardTools({ issue_refund: refundTool(() => Promise.reject(thrown)) }, { sink, logger: quiet });
    expect((await play(throwing, { order_id: 'A-1', amount_cents: 100 })).steps[0]?.content[1]).toMatchObject({ type: 'tool-error', error: thrown });
    const reporting = await guardTools({ issue_refund: refundTool(() => ({ error: 'card expired' })) }, { sink, logger: quiet });
    expect((await play(reporting, { order_id: 'A-1', amount_cents: 100 })).steps[0]?.toolResults[0]).toMatchObject({ output: { error: 'card expired' } });
    const verify = (args: Refund, _receipt: unknown, out: unknown) => ((out as Refund).amount_cents === args.amount_cents ? PASS : HALT('amount differs'));
    const halting = await guardTools(
      { issue_refund: refundTool(() => ({ refund_id: 'RF-9', amount_cents: 9900 })) },
      { sink, logger: quiet, actions: { issue_refund: { receipt: idField('refund_id'), verify: verify as Verify } } },
    );
    const halted = await play(halting, { order_id: 'A-1', amount_cents: 100 });
    expect(halted.steps[0]?.content[1]).toMatchObject({ type: 'tool-error', error: expect.objectContaining({ code: 'halted', message: expect.stringContaining('amount differs') }) });
    expect(sink.operations.map((o) => [o.state, o.failure])).toEqual([['failed', 'tool_failed'], ['failed', 'tool_failed'], ['needs_review', 'halted']]);
  });

  it('reads a streaming execute to its last value, and passes provider-executed tools through untouched', async () => {
    const provider = { type: 'provider', id: 'openai.web_search', args: {}, inputSchema: jsonSchema({ type: 'object' }) } as const;
    const raw = {
      issue_refund: tool({
        inputSchema: jsonSchema<Refund>(refundSchema),
        async *execute() {
          yield { status: 'pending' };
          yield { refund_id: 'RF-2', status: 'succeeded' };
        },
      }),
      web_search: provider,
    };
    const sink = createMemorySink();
    const tools = await guardTools(raw as unknown as ToolSet, { sink, actions: { issue_refund: { receipt: idField('refund_id') } }, logger: quiet });
    expect(tools.web_search).toBe(provider);
    await play(tools, { order_id: 'A-1', amount_cents: 100 });
    expect(sink.operations).toEqual([expect.objectContaining({ state: 'posted', receipt: expect.objectContaining({ id: 'RF-2' }) })]);
  });
});

describe('guardTools: an existing guard', () => {
  it('runs the guard’s executors (the tools only describe) and gives every tool an execute', async () => {
    const sink = createMemorySink();
    const refund = vi.fn(() => ({ refund_id: 'RF-3' }));
    const g = guard({ tools: [{ name: 'issue_refund', parameters: refundSchema }], executors: { issue_refund: action(refund, { receipt: idField('refund_id') }) }, sink, logger: quiet });
    const tools = await guardTools({ issue_refund: tool({ description: 'Refund an order.', inputSchema: jsonSchema<Refund>(refundSchema) }) }, { guard: g });
    await play(tools, { order_id: 'A-1', amount_cents: 100 }, 'call_9');
    expect(refund).toHaveBeenCalledWith({ order_id: 'A-1', amount_cents: 100 }, { tool: 'issue_refund', callId: 'call_9' });
    expect(g.turn).toEqual([expect.objectContaining({ callId: 'call_9', state: 'posted' })]);
  });
});

describe('guardTools: options', () => {
  it('refuses a guard with other options, actions naming no executable tool, and a tool set that is not an object', async () => {
    const g = guard({ executors: { issue_refund: () => ({}) } });
    const tools = { issue_refund: refundTool(() => ({})) };
    await expect(guardTools(tools, { guard: g, actions: {} })).rejects.toMatchObject({ code: 'invalid_options' });
    await expect(guardTools(tools, { guard: g, store: createMemorySink() })).rejects.toMatchObject({ code: 'invalid_options' });
    await expect(guardTools(tools, { actions: { send_email: { receipt: idField('id') } } })).rejects.toMatchObject({ code: 'invalid_options', message: expect.stringContaining('"send_email"') });
    await expect(guardTools(null as unknown as ToolSet)).rejects.toMatchObject({ code: 'invalid_tool' });
    await expect(guardTools({ issue_refund: 'refund' } as unknown as ToolSet)).rejects.toMatchObject({ code: 'invalid_tool', data: { tool: 'issue_refund' } });
  });
});
