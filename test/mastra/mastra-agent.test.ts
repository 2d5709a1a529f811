// claimcheck/mastra inside a real Mastra Agent (Node.js 24 pass): what the scenarios of the conformance
// suite do not show. Step receipts for text said alongside tool calls, a verify HALT as the tool error
// the model reads, a tool the hooks were not given, and hooks and processor given to one run only.
import { describe, expect, it, vi } from 'vitest';
import { HALT, idField, type ReceiptJSON } from '../../src/index.js';
import { claimcheckProcessor, claimcheckToolHooks, type MastraStepReceipt } from '../../src/mastra.js';
import { scriptedModel, streamingModel } from '../conformance/ai-sdk-model.js';
import { mastraRuns, mastraSuite } from './mastra-support.js';

const quiet = { warn: () => undefined };
const refundArgs = { order_id: 'A-1', amount_cents: 6400 };

async function refundTool(execute = async () => ({ refund_id: 'RF-1', status: 'succeeded' })) {
  const { createTool } = await import('@mastra/core/tools');
  return createTool({
    id: 'issue_refund',
    description: 'Refund an order to the original payment method. Amount in cents.',
    inputSchema: { type: 'object', properties: { order_id: { type: 'string' }, amount_cents: { type: 'integer', minimum: 1 } }, required: ['order_id', 'amount_cents'] } as never,
    execute,
  });
}

describe.skipIf(!mastraRuns)(mastraSuite('claimcheck/mastra in a Mastra Agent'), () => {
  it('streams: text said alongside a tool call is judged once the call ran, the final reply by the guard', async () => {
    const { Agent } = await import('@mastra/core/agent');
    const tools = { issue_refund: await refundTool() };
    const hooks = claimcheckToolHooks({ tools, actions: { issue_refund: { receipt: idField('refund_id') } }, logger: quiet });
    const steps: MastraStepReceipt[] = [];
    const processor = claimcheckProcessor({ guard: hooks.guard, onStep: (s) => steps.push(s), logger: quiet });
    const model = streamingModel([{ text: "I've refunded order A-1.", toolCalls: [{ id: 'c1', name: 'issue_refund', args: refundArgs }] }, { text: 'Is there anything else?' }]);
    const agent = new Agent({ id: 'support', name: 'Support', instructions: 'Help.', model, tools, hooks, outputProcessors: [processor] });
    const output = await (await agent.stream('Refund order A-1.')).getFullOutput();
    expect(output.text).toContain('Is there anything else?');
    expect(steps.map((s) => [s.step, s.final, s.receipt.verdict, s.receipt.confirmed.map((c) => c.tool)])).toEqual([
      [0, false, 'clean', ['issue_refund']],
      [1, true, 'unreported', []],
    ]);
  });

  it("a verify HALT reaches the model as the tool's error, and the claim it then makes is flagged", async () => {
    const { Agent } = await import('@mastra/core/agent');
    const tools = { issue_refund: await refundTool() };
    const hooks = claimcheckToolHooks({ tools, actions: { issue_refund: { receipt: idField('refund_id'), verify: () => HALT('refunds over $50 need a manager') } }, logger: quiet });
    const model = scriptedModel([{ toolCalls: [{ id: 'c1', name: 'issue_refund', args: refundArgs }] }, { text: "I've refunded $64.00 for order A-1." }]);
    const agent = new Agent({ id: 'support', name: 'Support', instructions: 'Help.', model, tools, hooks, outputProcessors: [claimcheckProcessor({ guard: hooks.guard, onFabricated: 'abort', logger: quiet })] });
    const result = await agent.generate('Refund order A-1.');
    expect(JSON.stringify(model.doGenerateCalls[1]?.prompt)).toContain('issue_refund ran but was halted for review: refunds over $50 need a manager');
    expect(hooks.guard.ledger.entries.map((e) => [e.tool, e.status])).toEqual([['issue_refund', 'ok']]);
    const receipt = (result.tripwire?.metadata as { claimcheck: ReceiptJSON }).claimcheck;
    expect(receipt.claimedButNeverRan.map((c) => [c.tool, c.reason, c.operation])).toEqual([['issue_refund', 'not_proven', 'needs_review']]);
  });

  it('lets a tool the hooks were not given run unguarded (warned once): called outside the guard, its claims unmatched', async () => {
    const { Agent } = await import('@mastra/core/agent');
    const { createTool } = await import('@mastra/core/tools');
    const refund = vi.fn(async () => ({ refund_id: 'RF-1', status: 'succeeded' }));
    const guarded = { lookup_order: createTool({ id: 'lookup_order', description: 'Fetch an order by its order number.', execute: async () => ({ total: 64 }) }) };
    const tools = { ...guarded, issue_refund: await refundTool(refund) };
    const warn = vi.fn();
    const hooks = claimcheckToolHooks({ tools: guarded, actions: {}, logger: { warn } });
    const model = scriptedModel([{ toolCalls: [{ id: 'c1', name: 'issue_refund', args: refundArgs }] }, { text: "I've refunded $64.00 for order A-1." }]);
    const agent = new Agent({ id: 'support', name: 'Support', instructions: 'Help.', model, tools, hooks, outputProcessors: [claimcheckProcessor({ guard: hooks.guard, logger: quiet })] });
    const result = await agent.generate('Refund order A-1.');
    expect(refund).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls.map((c) => c[0])).toEqual([expect.stringContaining('"issue_refund" is not in claimcheckToolHooks({ tools })')]);
    const annotated = result.response.dbMessages?.filter((m) => m.role === 'assistant').at(-1)?.content.metadata?.claimcheck as ReceiptJSON;
    // Called outside the guard: no false `not_called`; but with no profile of the tool, the claim stays unmatched.
    expect([annotated.verdict, annotated.claimedButNeverRan, annotated.unmatched.map((c) => c.text), annotated.ranButUnreported.map((e) => e.tool)]).toEqual([
      'unreported',
      [],
      ["I've refunded $64.00 for order A-1."],
      ['issue_refund'],
    ]);
  });

  it('works as run options: agent.generate(input, { hooks, outputProcessors })', async () => {
    const { Agent } = await import('@mastra/core/agent');
    const tools = { issue_refund: await refundTool() };
    const hooks = claimcheckToolHooks({ tools, actions: { issue_refund: { receipt: idField('refund_id') } }, logger: quiet });
    const model = scriptedModel([{ toolCalls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 0 } }] }, { text: "I've refunded $64.00 for order A-1." }]);
    const agent = new Agent({ id: 'support', name: 'Support', instructions: 'Help.', model, tools });
    const result = await agent.generate('Refund order A-1.', { hooks, outputProcessors: [claimcheckProcessor({ guard: hooks.guard, onFabricated: 'abort', logger: quiet })] });
    expect(JSON.stringify(model.doGenerateCalls[1]?.prompt)).toContain('the arguments of issue_refund were rejected and the tool did not run');
    expect(result.finishReason).toBe('tripwire');
    expect((result.tripwire?.metadata as { claimcheck: ReceiptJSON }).claimcheck.summary).toBe('fabricated: issue_refund claimed but tool_failed');
  });
});
