import { Agent, Runner, tool } from '@openai/agents';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { idField } from '../action/action-receipt.js';
import { createMemorySink } from '../action/operation-sink.js';
import { guard } from '../action/guard.js';
import { ScriptedModel, scriptedProvider, type ScriptedStep } from '../../test/fixtures/openai-agents-model.js';
import { claimcheckToolInputGuardrail, type ClaimcheckToolInputGuardrailOptions } from './claimcheck-tool-input-guardrail.js';
import { guardAgentTools } from './guard-agent-tools.js';

const refundSchema = {
  type: 'object',
  properties: { order_id: { type: 'string', pattern: '^[A-Z]-\\d+$' }, amount_cents: { type: 'integer', minimum: 1 } },
  required: ['order_id', 'amount_cents'],
  additionalProperties: false,
} as const;

function refundTool(options: ClaimcheckToolInputGuardrailOptions, execute = vi.fn(() => ({ refund_id: 'RF-1' }))) {
  const issueRefund = tool({
    name: 'issue_refund',
    description: 'Refund an order. Amount in cents.',
    parameters: structuredClone(refundSchema) as never,
    strict: false,
    execute,
    inputGuardrails: [claimcheckToolInputGuardrail(options)],
  });
  return { issueRefund, execute };
}

async function play(tools: unknown[], steps: ScriptedStep[]) {
  const agent = new Agent({ name: 'Support', model: 'scripted', tools: tools as never });
  const result = await new Runner({ modelProvider: scriptedProvider(new ScriptedModel(steps)), tracingDisabled: true }).run(agent, 'Refund order A-1.');
  const answers = new Map(result.newItems.flatMap((i) => (i.type === 'tool_call_output_item' && i.rawItem.type === 'function_call_result' ? [[i.rawItem.callId, (i.rawItem.output as { text: string }).text]] : [])));
  return { result, answers };
}

const badThenGood: ScriptedStep[] = [
  { toolCalls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'a1', amount_cents: 0 } }] },
  { toolCalls: [{ id: 'c2', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } }] },
  { text: "I've refunded $64.00." },
];

describe('claimcheckToolInputGuardrail', () => {
  it('keeps a call whose arguments break the tool’s JSON Schema from running; the model reads every problem', async () => {
    const { issueRefund, execute } = refundTool({});
    const { result, answers } = await play([issueRefund], badThenGood);
    expect(execute).toHaveBeenCalledTimes(1);
    expect(answers.get('c1')).toMatch(/^Error: the arguments of issue_refund were rejected and the tool did not run\. /);
    expect(answers.get('c1')).toContain('/order_id');
    expect(answers.get('c1')).toContain('/amount_cents');
    const [rejected, allowed] = result.toolInputGuardrailResults;
    expect(rejected?.guardrail).toEqual({ type: 'tool_input', name: 'claimcheck' });
    expect(rejected?.output.behavior.type).toBe('rejectContent');
    expect(rejected?.output.outputInfo.failures.map((f: { category: string; path: string }) => [f.category, f.path])).toEqual([
      ['format_violation', '/order_id'],
      ['constraint_violation', '/amount_cents'],
    ]);
    expect(allowed?.output).toEqual({ behavior: { type: 'allow' }, outputInfo: { tool: 'issue_refund', failures: [] } });
  });

  it('records the rejection in a guard, and the next call of the tool as its repair when the guard runs it', async () => {
    const sink = createMemorySink();
    const g = guard({ tools: [{ name: 'issue_refund', parameters: refundSchema }], executors: { issue_refund: () => ({ refund_id: 'RF-1' }) }, sink });
    const { issueRefund, execute } = refundTool({ guard: g });
    const { tools } = guardAgentTools([issueRefund], { guard: g });
    await play(tools, badThenGood);
    expect(execute).not.toHaveBeenCalled();
    expect(sink.interceptions.map((i) => [i.tool, i.category, i.callId, i.repaired])).toEqual([['issue_refund', 'format_violation', 'c1', false]]);
    expect(sink.operations.map((o) => [o.tool, o.state, o.callId, o.repaired])).toEqual([
      ['issue_refund', 'failed', 'c1', false],
      ['issue_refund', 'read', 'c2', true],
    ]);
  });

  it('marks a second rejection in a row as a rejected repair', async () => {
    const sink = createMemorySink();
    const g = guard({ tools: [{ name: 'issue_refund', parameters: refundSchema }], executors: { issue_refund: () => ({ refund_id: 'RF-1' }) }, sink });
    const { issueRefund } = refundTool({ guard: g });
    await play([issueRefund], [badThenGood[0] as ScriptedStep, { toolCalls: [{ id: 'c2', name: 'issue_refund', args: { order_id: 'A-1' } }] }, { text: 'Sorry.' }]);
    expect(sink.interceptions.map((i) => [i.category, i.repaired])).toEqual([['format_violation', false], ['missing_required', true]]);
  });

  it('validates against given tools, and lets through a tool they do not list', async () => {
    const strict = refundTool({ tools: [{ name: 'issue_refund', parameters: { type: 'object', properties: { order_id: { type: 'string' } } } }], strictProperties: true, name: 'schema' });
    const { result, answers } = await play([strict.issueRefund], [{ toolCalls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 1 } }] }, { text: 'Sorry.' }]);
    expect(answers.get('c1')).toContain('/amount_cents');
    expect(result.toolInputGuardrailResults[0]?.guardrail.name).toBe('schema');
    const other = refundTool({ tools: ['lookup_order'] });
    const passed = await play([other.issueRefund], [{ toolCalls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'nope' } }] }, { text: 'Done.' }]);
    expect(other.execute).toHaveBeenCalledTimes(1);
    expect(passed.result.toolInputGuardrailResults[0]?.output.behavior.type).toBe('allow');
  });

  it('validates zod tools against the JSON Schema the SDK sends the model', async () => {
    const execute = vi.fn(() => ({ message_id: 'm1' }));
    const sendEmail = tool({ name: 'send_email', description: 'Send an email.', parameters: z.object({ to: z.email(), body: z.string().max(20) }), execute, inputGuardrails: [claimcheckToolInputGuardrail()] });
    const { answers, result } = await play([sendEmail], [{ toolCalls: [{ id: 'c1', name: 'send_email', args: { to: 'priya@example.com', body: 'x'.repeat(21) } }] }, { text: 'Sorry.' }]);
    expect(execute).not.toHaveBeenCalled();
    expect(result.toolInputGuardrailResults).toHaveLength(1);
    // The zod schema rejects the arguments too, and the SDK hides them from the guardrail (tool data is
    // not logged by default): the call goes on to the SDK's own rejection.
    expect(result.toolInputGuardrailResults[0]?.output).toEqual({ behavior: { type: 'allow' }, outputInfo: { tool: 'send_email', failures: [], withheld: true } });
    expect(answers.get('c1')).toBe('An error occurred while running the tool. Please try again.');
  });

  it('validates zod tools wrapped by guardAgentTools with the arguments the model sent', async () => {
    const execute = vi.fn(() => ({ message_id: 'm1' }));
    const sendEmail = tool({ name: 'send_email', description: 'Send an email.', parameters: z.object({ to: z.email(), body: z.string().max(20) }), execute, inputGuardrails: [claimcheckToolInputGuardrail()] });
    const { tools } = guardAgentTools([sendEmail]);
    const { answers, result } = await play(tools, [{ toolCalls: [{ id: 'c1', name: 'send_email', args: { to: 'priya@example.com', body: 'x'.repeat(21) } }] }, { text: 'Sorry.' }]);
    expect(execute).not.toHaveBeenCalled();
    expect(result.toolInputGuardrailResults[0]?.output.outputInfo.failures[0]).toMatchObject({ category: 'constraint_violation', path: '/body' });
    expect(answers.get('c1')).toMatch(/^Error: the arguments of send_email were rejected and the tool did not run\. \/body /);
  });

  it('works with an action guard: the executor the guard runs reads its proof', async () => {
    const sink = createMemorySink();
    const { issueRefund } = refundTool({});
    const { tools } = guardAgentTools([issueRefund], { actions: { issue_refund: { receipt: idField('refund_id') } }, sink });
    await play(tools, badThenGood);
    expect(sink.operations.map((o) => o.state)).toEqual(['posted']);
  });
});
