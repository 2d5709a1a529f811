import { Agent, Runner, tool, webSearchTool, type RunContext } from '@openai/agents';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { idField } from '../action/action-receipt.js';
import { guard } from '../action/guard.js';
import { createMemorySink } from '../action/operation-sink.js';
import { ClaimcheckError } from '../errors.js';
import { ScriptedModel, scriptedProvider, type ScriptedStep } from '../../test/fixtures/openai-agents-model.js';
import { guardAgentTools } from './guard-agent-tools.js';

const quiet = { warn: () => undefined };

function supportTools(refund = vi.fn((input: { order_id: string; amount_cents: number }) => ({ refund_id: 'RF-1', amount_cents: input.amount_cents }))) {
  const issueRefund = tool({
    name: 'issue_refund',
    description: 'Refund an order. Amount in cents.',
    parameters: z.object({ order_id: z.string(), amount_cents: z.number().int().min(1) }),
    execute: refund,
  });
  const lookupOrder = tool({
    name: 'lookup_order',
    description: 'Fetch an order by its order number.',
    parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'], additionalProperties: false } as never,
    strict: false,
    execute: (input) => ({ order_id: (input as { order_id: string }).order_id, total: 64 }),
  });
  const sendEmail = tool({
    name: 'send_email',
    description: 'Send an email to a customer.',
    parameters: z.object({ to: z.string().email(), body: z.string() }),
    execute: () => {
      throw new Error('SMTP timeout after 30000ms');
    },
  });
  return { issueRefund, lookupOrder, sendEmail, refund };
}

async function play<T extends { readonly type: string }>(tools: T[], steps: ScriptedStep[]) {
  const model = new ScriptedModel(steps);
  const agent = new Agent({ name: 'Support', model: 'scripted', tools: tools as never });
  const result = await new Runner({ modelProvider: scriptedProvider(model), tracingDisabled: true }).run(agent, 'Refund order A-1.');
  /** What the model read back for each call, by call id. */
  const answers = new Map(result.newItems.flatMap((i) => (i.type === 'tool_call_output_item' && i.rawItem.type === 'function_call_result' ? [[i.rawItem.callId, i.rawItem.output]] : [])));
  return { result, model, answers };
}

const text = (output: unknown) => (output as { text: string }).text;

describe('guardAgentTools with the tools as executors', () => {
  it('runs each call through a new guard: proof read for actions, reads recorded, the model gets the output', async () => {
    const { issueRefund, lookupOrder, refund } = supportTools();
    const sink = createMemorySink();
    const { tools, guard: g } = guardAgentTools([lookupOrder, issueRefund], { actions: { issue_refund: { receipt: idField('refund_id') } }, sink });
    const { answers } = await play(tools, [
      { toolCalls: [{ id: 'c1', name: 'lookup_order', args: { order_id: 'A-1' } }] },
      { toolCalls: [{ id: 'c2', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } }] },
      { text: 'I looked up order A-1 and refunded $64.00.' },
    ]);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(sink.operations.map((o) => [o.tool, o.state, o.callId, o.receipt?.id ?? null])).toEqual([
      ['lookup_order', 'read', 'c1', null],
      ['issue_refund', 'posted', 'c2', 'RF-1'],
    ]);
    expect(JSON.parse(text(answers.get('c2')))).toEqual({ refund_id: 'RF-1', amount_cents: 6400 });
    expect(g.checkBypass('I looked up order A-1 and refunded $64.00.').verdict).toBe('clean');
  });

  it('rejects arguments that break the JSON Schema before the tool runs, and records the next call as the repair', async () => {
    const { issueRefund, refund } = supportTools();
    const sink = createMemorySink();
    const { tools } = guardAgentTools([issueRefund], { actions: { issue_refund: { receipt: idField('refund_id') } }, sink });
    const { answers, model } = await play(tools, [
      { toolCalls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: '6400' } }] },
      { toolCalls: [{ id: 'c2', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } }] },
      { text: "I've refunded $64.00." },
    ]);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(text(answers.get('c1'))).toBe(
      'Error: the arguments of issue_refund were rejected and the tool did not run. /amount_cents must be an integer, got string "6400". Send 6400 as a JSON number, not the string "6400".',
    );
    // The refusal went back to the model in the next request.
    expect(JSON.stringify(model.requests[1]?.input)).toContain('were rejected and the tool did not run');
    expect(sink.interceptions.map((i) => [i.tool, i.category, i.path, i.callId, i.repaired])).toEqual([['issue_refund', 'type_mismatch', '/amount_cents', 'c1', false]]);
    expect(sink.operations.map((o) => [o.state, o.repaired])).toEqual([['failed', false], ['posted', true]]);
  });

  it('records a tool that threw as failed; the model reads the SDK’s own error text', async () => {
    const { sendEmail } = supportTools();
    const sink = createMemorySink();
    const { tools, guard: g } = guardAgentTools([sendEmail], { actions: { send_email: { receipt: idField('message_id') } }, sink, logger: quiet });
    const { answers } = await play(tools, [{ toolCalls: [{ id: 'c1', name: 'send_email', args: { to: 'priya@example.com', body: 'Hi' } }] }, { text: "I've emailed you." }]);
    expect(text(answers.get('c1'))).toBe('An error occurred while running the tool. Please try again.');
    expect(sink.operations.map((o) => [o.tool, o.state, o.failure, o.error])).toEqual([['send_email', 'failed', 'tool_failed', 'An error occurred while running the tool. Please try again.']]);
    expect(g.checkBypass("I've emailed you.").claimedButNeverRan.map((c) => [c.tool, c.reason])).toEqual([['send_email', 'tool_failed']]);
  });

  it('keeps every other member of a tool and passes non-function tools through', async () => {
    const { lookupOrder } = supportTools();
    const search = webSearchTool();
    const { tools } = guardAgentTools([lookupOrder, search]);
    expect(tools[1]).toBe(search);
    expect(tools[0]).not.toBe(lookupOrder);
    const { invoke: _ownInvoke, ...members } = lookupOrder;
    expect(tools[0]).toMatchObject(members);
    expect(Object.getPrototypeOf(tools[0])).toBe(Object.getPrototypeOf(lookupOrder));
  });

  it('keeps the SDK’s approval flow: the guard runs the call once it is approved', async () => {
    const refund = vi.fn(() => ({ refund_id: 'RF-1' }));
    const issueRefund = tool({ name: 'issue_refund', description: 'Refund an order.', parameters: z.object({ order_id: z.string() }), needsApproval: true, execute: refund });
    const sink = createMemorySink();
    const { tools } = guardAgentTools([issueRefund], { actions: { issue_refund: { receipt: idField('refund_id') } }, sink });
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'A-1' } }] }, { text: 'Refunded.' }]);
    const agent = new Agent({ name: 'Support', model: 'scripted', tools });
    const runner = new Runner({ modelProvider: scriptedProvider(model), tracingDisabled: true });
    const first = await runner.run(agent, 'Refund order A-1.');
    expect(first.interruptions).toHaveLength(1);
    expect(sink.operations).toEqual([]);
    first.state.approve(first.interruptions[0] ?? expect.unreachable());
    const second = await runner.run(agent, first.state);
    expect(second.finalOutput).toBe('Refunded.');
    expect(refund).toHaveBeenCalledTimes(1);
    expect(sink.operations.map((o) => [o.tool, o.state, o.callId])).toEqual([['issue_refund', 'posted', 'c1']]);
  });
});

describe('guardAgentTools with a guard of your own', () => {
  it('runs the guard’s executors, never the tools’ own execute', async () => {
    const { issueRefund, refund } = supportTools();
    const sink = createMemorySink();
    const g = guard({ tools: [{ name: 'issue_refund', parameters: { type: 'object', properties: { order_id: { type: 'string' } } } }], executors: { issue_refund: () => ({ refund_id: 'RF-9' }) }, sink });
    const { tools, guard: same } = guardAgentTools([issueRefund], { guard: g });
    expect(same).toBe(g);
    const { answers } = await play(tools, [{ toolCalls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } }] }, { text: 'Done.' }]);
    expect(refund).not.toHaveBeenCalled();
    expect(JSON.parse(text(answers.get('c1')))).toEqual({ refund_id: 'RF-9' });
    expect(sink.operations.map((o) => [o.tool, o.state])).toEqual([['issue_refund', 'read']]);
  });

  it('answers a thrown executor with Error: <message> and a HALT with the reason', async () => {
    const { issueRefund, sendEmail } = supportTools();
    const { action } = await import('../action/action.js');
    const { HALT } = await import('../action/verify-outcome.js');
    const g = guard({
      executors: {
        send_email: () => {
          throw new Error('SMTP timeout after 30000ms');
        },
        issue_refund: action(() => ({ refund_id: 'RF-1' }), { receipt: idField('refund_id'), verify: () => HALT('amount over the limit') }),
      },
      logger: quiet,
    });
    const { tools } = guardAgentTools([issueRefund, sendEmail], { guard: g });
    const { answers } = await play(tools, [
      { toolCalls: [{ id: 'c1', name: 'send_email', args: { to: 'priya@example.com', body: 'Hi' } }, { id: 'c2', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } }] },
      { text: 'Sorry.' },
    ]);
    expect(text(answers.get('c1'))).toBe('Error: SMTP timeout after 30000ms');
    expect(text(answers.get('c2'))).toBe('Error: issue_refund ran but was halted for review: amount over the limit');
  });
});

describe('guardAgentTools options', () => {
  it('throws for bad input', () => {
    const { issueRefund } = supportTools();
    const codeOf = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return ClaimcheckError.isInstance(e) ? e.code : String(e);
      }
      return 'no error';
    };
    expect(codeOf(() => guardAgentTools({} as never))).toBe('invalid_tool');
    expect(codeOf(() => guardAgentTools([issueRefund], { guard: guard({ executors: {} }), sink: createMemorySink() }))).toBe('invalid_options');
    expect(codeOf(() => guardAgentTools([issueRefund], { actions: { send_email: { receipt: idField('id') } } }))).toBe('invalid_options');
  });

  it('runs a tool only inside an SDK run', async () => {
    const { lookupOrder } = supportTools();
    const { guard: g } = guardAgentTools([lookupOrder], { logger: quiet });
    const r = await g.executeAsync('lookup_order', { order_id: 'A-1' });
    expect(r.failure?.category).toBe('tool_failed');
    expect(r.failure?.message).toContain('runs through its Agents SDK tool');
  });

  it('wraps a tool that is called directly with invoke, with a generated call id', async () => {
    const { lookupOrder } = supportTools();
    const sink = createMemorySink();
    const { tools } = guardAgentTools([lookupOrder], { sink });
    const out = await tools[0]?.invoke({ context: undefined } as unknown as RunContext, '{"order_id":"A-1"}');
    expect(out).toEqual({ order_id: 'A-1', total: 64 });
    expect(sink.operations[0]?.callId).toMatch(/^agents_/);
  });
});
