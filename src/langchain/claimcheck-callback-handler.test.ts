// ClaimcheckCallbackHandler on a hand-built LangGraph graph (model node + ToolNode) and on direct tool calls.
import { AIMessage, HumanMessage, type BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { tool } from '@langchain/core/tools';
import { END, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import { ToolNode, toolsCondition } from '@langchain/langgraph/prebuilt';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ClaimcheckCallbackHandler } from './claimcheck-callback-handler.js';

const lookupOrder = tool(({ order_id }) => ({ order_id, total: 64 }), {
  name: 'lookup_order',
  description: 'Fetch an order by its order number.',
  schema: z.object({ order_id: z.string() }),
});
const issueRefund = tool(() => ({ error: 'card_declined' }), {
  name: 'issue_refund',
  description: 'Refund an order to the original payment method.',
  schema: z.object({ order_id: z.string() }),
});
const sendEmail = tool(
  () => {
    throw new Error('SMTP timeout after 30000ms');
  },
  { name: 'send_email', description: 'Send an email to a customer.', schema: z.object({ to: z.string() }) },
);
const tools = [lookupOrder, issueRefund, sendEmail];

function graph(model: ReturnType<typeof fakeModel>) {
  const bound = model.bindTools(tools);
  return new StateGraph(MessagesAnnotation)
    .addNode('agent', async (state: { messages: BaseMessage[] }) => ({ messages: [await bound.invoke(state.messages)] }))
    .addNode('tools', new ToolNode(tools))
    .addEdge(START, 'agent')
    .addConditionalEdges('agent', toolsCondition, ['tools', END])
    .addEdge('tools', 'agent')
    .compile();
}

describe('ClaimcheckCallbackHandler', () => {
  it('records the tool runs of a hand-built graph and judges the final reply against them', async () => {
    const model = fakeModel()
      .respond(
        new AIMessage({
          content: '',
          tool_calls: [
            { id: 'c1', name: 'lookup_order', args: { order_id: 'A-1' }, type: 'tool_call' },
            { id: 'c2', name: 'issue_refund', args: { order_id: 'A-1' }, type: 'tool_call' },
            { id: 'c3', name: 'send_email', args: { to: 'priya@example.com' }, type: 'tool_call' },
          ],
        }),
      )
      .respond(new AIMessage("I looked up order A-1, refunded it and I've emailed you the confirmation."));
    const handler = new ClaimcheckCallbackHandler({ tools });
    const state = await graph(model).invoke({ messages: [new HumanMessage('Refund A-1 and email me')] }, { callbacks: [handler] });

    const byCall = Object.fromEntries(handler.ledger.entries.map((e) => [e.callId, [e.tool, e.status, e.error]]));
    expect(byCall).toEqual({
      c1: ['lookup_order', 'ok', null],
      c2: ['issue_refund', 'error', 'card_declined'],
      c3: ['send_email', 'error', 'SMTP timeout after 30000ms'],
    });
    expect(handler.ledger.entries.find((e) => e.callId === 'c1')?.args).toEqual({ order_id: 'A-1' });

    const final = state.messages.at(-1);
    const receipt = handler.receipt(typeof final?.content === 'string' ? final.content : '', { request: 'Refund A-1 and email me' });
    expect(receipt.verdict).toBe('fabricated');
    expect(receipt.claimedButNeverRan.map((c) => [c.tool, c.reason])).toEqual([
      ['issue_refund', 'tool_failed'],
      ['send_email', 'tool_failed'],
    ]);
    expect(receipt.confirmed.map((c) => c.tool)).toEqual(['lookup_order']);
  });

  it('judges each receipt on the runs since the previous one', async () => {
    const handler = new ClaimcheckCallbackHandler({ tools });
    await lookupOrder.invoke({ order_id: 'A-1' }, { callbacks: [handler] });
    expect(handler.receipt('I looked up order A-1.').verdict).toBe('clean');
    const second = handler.receipt('I looked up order A-1 again.');
    expect(second.claimedButNeverRan.map((c) => [c.tool, c.reason])).toEqual([['lookup_order', 'not_called']]);
    expect(handler.ledger.entries).toHaveLength(1);
  });

  it('uses the run id as call id for a tool called without a tool call', async () => {
    const handler = new ClaimcheckCallbackHandler();
    await lookupOrder.invoke({ order_id: 'B-2' }, { callbacks: [handler], runId: '0b0b0b0b-0000-4000-8000-000000000001' });
    expect(handler.ledger.entries.map((e) => [e.tool, e.callId, e.result])).toEqual([['lookup_order', '0b0b0b0b-0000-4000-8000-000000000001', { order_id: 'B-2', total: 64 }]]);
  });
});
