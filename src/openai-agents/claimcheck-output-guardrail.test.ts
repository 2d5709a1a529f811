import { Agent, OutputGuardrailTripwireTriggered, Runner, tool, type OutputGuardrailMetadata } from '@openai/agents';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { action } from '../action/action.js';
import { idField } from '../action/action-receipt.js';
import { guard, type Guard } from '../action/guard.js';
import { createMemorySink } from '../action/operation-sink.js';
import { argsHash } from '../action/_args-hash.js';
import { ClaimcheckError } from '../errors.js';
import type { ReceiptJSON } from '../receipt.js';
import { ScriptedModel, scriptedProvider, type ScriptedStep } from '../../test/fixtures/openai-agents-model.js';
import { claimcheckOutputGuardrail, type ClaimcheckOutputGuardrailOptions } from './claimcheck-output-guardrail.js';
import { guardAgentTools } from './guard-agent-tools.js';

const quiet = { warn: () => undefined };
const lookupSchema = { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'], additionalProperties: false } as const;
const refundSchema = { type: 'object', properties: { order_id: { type: 'string' }, amount_cents: { type: 'integer' } }, required: ['order_id', 'amount_cents'], additionalProperties: false } as const;
const specs = [
  { name: 'lookup_order', description: 'Fetch an order by its order number.', parameters: lookupSchema },
  { name: 'issue_refund', description: 'Refund an order to the original payment method. Amount in cents.', parameters: refundSchema },
];
const lookupOrder = tool({
  name: 'lookup_order',
  description: 'Fetch an order by its order number.',
  parameters: structuredClone(lookupSchema) as never,
  strict: false,
  execute: (input) => ({ order_id: (input as { order_id: string }).order_id, total: 64 }),
});
const issueRefund = tool({
  name: 'issue_refund',
  description: 'Refund an order to the original payment method. Amount in cents.',
  parameters: structuredClone(refundSchema) as never,
  strict: false,
  execute: () => ({ refund_id: 'RF-1' }),
});

function supportGuard(sink = createMemorySink()): Guard {
  return guard({
    tools: specs,
    executors: { lookup_order: (args) => ({ order_id: (args as { order_id: string }).order_id, total: 64 }), issue_refund: action(() => ({ refund_id: 'RF-1' }), { receipt: idField('refund_id') }) },
    sink,
    logger: quiet,
  });
}

async function play(tools: unknown[], steps: ScriptedStep[], options: ClaimcheckOutputGuardrailOptions, runOptions: { stream?: boolean; toolNotFoundBehavior?: 'return_error_to_model' } = {}) {
  const agent = new Agent({ name: 'Support', model: 'scripted', tools: tools as never, outputGuardrails: [claimcheckOutputGuardrail(options)] });
  const runner = new Runner({ modelProvider: scriptedProvider(new ScriptedModel(steps)), tracingDisabled: true });
  if (runOptions.stream === true) {
    const streamed = await runner.run(agent, 'Refund order A-1.', { stream: true });
    await streamed.completed;
    return streamed;
  }
  return runner.run(agent, 'Refund order A-1.', runOptions.toolNotFoundBehavior === undefined ? {} : { toolNotFoundBehavior: runOptions.toolNotFoundBehavior });
}

const info = (result: { outputGuardrailResults: Array<{ output: { outputInfo: unknown } }> }) => result.outputGuardrailResults[0]?.output.outputInfo as ReceiptJSON;
const flagged = (json: ReceiptJSON) => json.claimedButNeverRan.map((c) => [c.tool, c.reason]);

describe('claimcheckOutputGuardrail', () => {
  it('needs a mode', () => {
    try {
      claimcheckOutputGuardrail({ mode: 'warn' } as never);
      expect.unreachable();
    } catch (e) {
      expect(ClaimcheckError.isInstance(e) && e.code).toBe('invalid_options');
    }
  });

  it("'annotate' passes a fabricated reply with its receipt; 'fail' trips the SDK's tripwire", async () => {
    const steps: ScriptedStep[] = [{ toolCalls: [{ id: 'c1', name: 'lookup_order', args: { order_id: 'A-1' } }] }, { text: 'I looked up order A-1 and refunded $64.00.' }];
    const annotated = await play([lookupOrder, issueRefund], steps, { mode: 'annotate' });
    expect(annotated.finalOutput).toBe('I looked up order A-1 and refunded $64.00.');
    expect(info(annotated)).toMatchObject({ version: expect.any(Number), verdict: 'fabricated', ok: false });
    expect(flagged(info(annotated))).toEqual([['issue_refund', 'not_called']]);
    const error = await play([lookupOrder, issueRefund], steps, { mode: 'fail', name: 'receipts' }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(OutputGuardrailTripwireTriggered);
    const tripped = error as OutputGuardrailTripwireTriggered<OutputGuardrailMetadata>;
    expect(tripped.result.guardrail.name).toBe('receipts');
    expect(flagged(tripped.result.output.outputInfo as ReceiptJSON)).toEqual([['issue_refund', 'not_called']]);
  });

  it('without a guard, judges against the tools given in place of the agent’s', async () => {
    const steps: ScriptedStep[] = [{ toolCalls: [{ id: 'c1', name: 'lookup_order', args: { order_id: 'A-1' } }] }, { text: 'I looked up order A-1 and refunded $64.00.' }];
    const result = await play([lookupOrder], steps, { mode: 'annotate', tools: [specs[1]] });
    expect(flagged(info(result))).toEqual([['issue_refund', 'not_called']]);
    expect(info(result).confirmed).toEqual([]);
  });

  it('with a guard, records the calls the SDK rejected before any tool ran, with their arguments', async () => {
    const sink = createMemorySink();
    const g = supportGuard(sink);
    const { tools } = guardAgentTools([lookupOrder, issueRefund], { guard: g });
    const result = await play(
      tools,
      [
        { toolCalls: [{ id: 'c1', name: 'issue_refund', args: '{"order_id": "A-1", amount_cents: 6400}' }] },
        { toolCalls: [{ id: 'c2', name: 'refund_order', args: { order_id: 'A-1' } }] },
        { text: "I couldn't process the refund." },
      ],
      { guard: g, mode: 'fail' },
      { toolNotFoundBehavior: 'return_error_to_model' },
    );
    expect(info(result).verdict).toBe('clean');
    expect(sink.interceptions.map((i) => [i.tool, i.category, i.callId, i.argsHash])).toEqual([
      ['issue_refund', 'invalid_json', 'c1', argsHash('{"order_id": "A-1", amount_cents: 6400}')],
      ['refund_order', 'unknown_tool', 'c2', argsHash('{"order_id":"A-1"}')],
    ]);
    expect(sink.operations.map((o) => [o.tool, o.state])).toEqual([['issue_refund', 'failed'], ['refund_order', 'failed']]);
    expect(sink.receipts[0]?.callIds).toEqual(['c1', 'c2']);
  });

  it('with a guard, counts tools the run called outside the guard as called', async () => {
    const sink = createMemorySink();
    const g = supportGuard(sink);
    // Only the refund goes through the guard; the lookup runs as a plain SDK tool.
    const { tools } = guardAgentTools([issueRefund], { guard: g });
    const steps: ScriptedStep[] = [
      { toolCalls: [{ id: 'c1', name: 'lookup_order', args: { order_id: 'A-1' } }] },
      { toolCalls: [{ id: 'c2', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } }] },
      { text: 'I looked up order A-1 and refunded $64.00.' },
    ];
    const result = await play([lookupOrder, ...tools], steps, { guard: g, mode: 'fail' });
    expect(info(result)).toMatchObject({ verdict: 'clean' });
    expect(info(result).confirmed.map((c) => c.tool).sort()).toEqual(['issue_refund', 'lookup_order']);
    expect(sink.operations.map((o) => o.tool)).toEqual(['issue_refund']);
  });

  it('with a guard, flags a claimed action whose call returned no proof', async () => {
    const g = guard({ tools: specs, executors: { issue_refund: action(() => ({ status: 'queued' }), { receipt: idField('refund_id') }) }, logger: quiet });
    const { tools } = guardAgentTools([issueRefund], { guard: g });
    const error = await play(tools, [{ toolCalls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } }] }, { text: "I've refunded $64.00." }], { guard: g, mode: 'fail' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OutputGuardrailTripwireTriggered);
    expect(flagged((error as OutputGuardrailTripwireTriggered<OutputGuardrailMetadata>).result.output.outputInfo as ReceiptJSON)).toEqual([['issue_refund', 'not_proven']]);
  });

  it('works in a streamed run', async () => {
    const result = await play([lookupOrder, issueRefund], [{ text: "I've refunded $64.00." }], { mode: 'annotate' }, { stream: true });
    expect(flagged(info(result))).toEqual([['issue_refund', 'not_called']]);
  });

  it('judges a structured output as its JSON text', async () => {
    const agent = new Agent({
      name: 'Support',
      model: 'scripted',
      tools: [lookupOrder, issueRefund],
      outputType: z.object({ reply: z.string() }),
      outputGuardrails: [claimcheckOutputGuardrail({ mode: 'annotate' })],
    });
    const runner = new Runner({ modelProvider: scriptedProvider(new ScriptedModel([{ text: JSON.stringify({ reply: "I've refunded $64.00." }) }])), tracingDisabled: true });
    const result = await runner.run(agent, 'Refund order A-1.');
    expect(flagged(result.outputGuardrailResults[0]?.output.outputInfo as ReceiptJSON)).toEqual([['issue_refund', 'not_called']]);
  });

  it('fails open: when claimcheck itself fails, the reply passes unchecked and the cause is logged once', async () => {
    const warn = vi.fn();
    const g = supportGuard();
    g.close();
    const options = { guard: g, mode: 'fail', logger: { warn } } as const;
    const steps: ScriptedStep[] = [{ text: "I've refunded $64.00." }];
    const first = await play([issueRefund], steps, options);
    expect(first.finalOutput).toBe("I've refunded $64.00.");
    expect(info(first)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/^claimcheck: the output guardrail could not check the reply \(.*closed.*\); it passed unchecked/);
  });
});
