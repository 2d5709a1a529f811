import { Agent, handoff, Runner, tool, type AgentInputItem } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ScriptedModel, scriptedProvider, type ScriptedStep } from '../../test/fixtures/openai-agents-model.js';
import { checkAgentRun } from './check-agent-run.js';

const lookupOrder = tool({ name: 'lookup_order', description: 'Fetch an order by its order number.', parameters: z.object({ order_id: z.string() }), execute: ({ order_id }) => ({ order_id, total: 64 }) });
const issueRefund = tool({ name: 'issue_refund', description: 'Refund an order. Amount in cents.', parameters: z.object({ order_id: z.string(), amount_cents: z.number() }), execute: () => ({ refund_id: 'RF-1' }) });
const sendEmail = tool({ name: 'send_email', description: 'Send an email to a customer.', parameters: z.object({ to: z.string(), body: z.string() }), execute: () => ({ message_id: 'm1' }) });

function runnerFor(steps: ScriptedStep[]) {
  return new Runner({ modelProvider: scriptedProvider(new ScriptedModel(steps)), tracingDisabled: true });
}

describe('checkAgentRun', () => {
  it('judges the final reply against the calls of the run', async () => {
    const agent = new Agent({ name: 'Support', model: 'scripted', tools: [lookupOrder, issueRefund, sendEmail] });
    const result = await runnerFor([
      { toolCalls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } }] },
      { text: "I've refunded $64.00 and emailed you the confirmation." },
    ]).run(agent, 'Refund order A-1 and email me.');
    const receipt = checkAgentRun(result);
    expect(receipt.verdict).toBe('fabricated');
    expect(receipt.confirmed.map((c) => c.tool)).toEqual(['issue_refund']);
    expect(receipt.claimedButNeverRan.map((c) => [c.tool, c.reason])).toEqual([['send_email', 'not_called']]);
    expect(checkAgentRun(result, { tools: ['issue_refund'] }).verdict).toBe('clean');
  });

  it('lets a call from an earlier turn of the history back a restatement', async () => {
    const agent = new Agent({ name: 'Support', model: 'scripted', tools: [lookupOrder, issueRefund] });
    const runner = runnerFor([
      { toolCalls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } }] },
      { text: 'Refunded $64.00.' },
      { text: 'Yes: your $64.00 refund has been issued.' },
    ]);
    const first = await runner.run(agent, 'Refund order A-1.');
    const next: AgentInputItem[] = [...first.history, { type: 'message', role: 'user', content: 'Did the refund go through?' }];
    const second = await runner.run(agent, next);
    expect(checkAgentRun(second).verdict).toBe('clean');
  });

  it('knows the tools of every agent of the run, handoffs included', async () => {
    const billing = new Agent({ name: 'Billing', model: 'scripted', tools: [issueRefund] });
    const triage = new Agent({ name: 'Triage', model: 'scripted', tools: [sendEmail], handoffs: [handoff(billing)] });
    const result = await runnerFor([
      { toolCalls: [{ id: 'h1', name: 'transfer_to_Billing', args: {} }] },
      { toolCalls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } }] },
      { text: "I've refunded $64.00 and emailed you." },
    ]).run(triage, 'Refund order A-1 and email me.');
    expect(result.lastAgent?.name).toBe('Billing');
    const receipt = checkAgentRun(result);
    expect(receipt.claimedButNeverRan.map((c) => [c.tool, c.reason])).toEqual([['send_email', 'not_called']]);
  });
});
