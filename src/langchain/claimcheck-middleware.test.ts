// claimcheckMiddleware in real createAgent loops: LangChain's fake chat model, real tool() tools with zod schemas.
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { tool } from '@langchain/core/tools';
import { MemorySaver, interrupt } from '@langchain/langgraph';
import { createAgent } from 'langchain';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { idField } from '../action/action-receipt.js';
import { action } from '../action/action.js';
import { guard } from '../action/guard.js';
import { createMemorySink } from '../action/operation-sink.js';
import { ClaimcheckError } from '../errors.js';
import { claimcheckMiddleware } from './claimcheck-middleware.js';

const quiet = { warn: () => undefined };

function shop(refund: (args: { order_id: string; amount_cents: number }) => unknown = () => ({ refund_id: 'RF-1', status: 'succeeded' })) {
  const lookupOrder = tool(({ order_id }) => ({ order_id, total: 64 }), {
    name: 'lookup_order',
    description: 'Fetch an order by its order number.',
    schema: z.object({ order_id: z.string() }),
  });
  const issueRefund = vi.fn(refund);
  const refundTool = tool(issueRefund, {
    name: 'issue_refund',
    description: 'Refund an order to the original payment method. Amount in cents.',
    schema: z.object({ order_id: z.string(), amount_cents: z.number().int().min(1) }),
  });
  return { lookupOrder, refundTool, tools: [lookupOrder, refundTool], issueRefund, actions: { issue_refund: { receipt: idField('refund_id') } } };
}

const calls = (...list: Array<[id: string, name: string, args: Record<string, unknown>]>) =>
  new AIMessage({ content: '', tool_calls: list.map(([id, name, args]) => ({ id, name, args, type: 'tool_call' as const })) });

const toolMessages = (messages: BaseMessage[]) => messages.filter((m): m is ToolMessage => ToolMessage.isInstance(m));

describe('claimcheckMiddleware: tool calls', () => {
  it('rejects arguments that break the zod schema before the tool runs, answers with an error ToolMessage, and records the retry as repaired', async () => {
    const { tools, issueRefund, actions } = shop();
    const sink = createMemorySink();
    const model = fakeModel()
      .respond(calls(['c1', 'issue_refund', { order_id: 'A-1', amount_cents: '6400' }]))
      .respond(calls(['c2', 'issue_refund', { order_id: 'A-1', amount_cents: 6400 }]))
      .respond(new AIMessage('I refunded $64.00 for order A-1.'));
    const claimcheck = claimcheckMiddleware({ tools, actions, sink, logger: quiet });
    const state = await createAgent({ model, tools, middleware: [claimcheck] }).invoke({ messages: [new HumanMessage('Refund A-1')] });

    const [rejected, repaired] = toolMessages(state.messages);
    expect(rejected?.status).toBe('error');
    expect(rejected?.tool_call_id).toBe('c1');
    expect(rejected?.content).toMatch(/^Error: the arguments of issue_refund were rejected and the tool did not run\. .*amount_cents/);
    expect(repaired?.status).not.toBe('error');
    expect(issueRefund).toHaveBeenCalledTimes(1);
    expect(sink.operations.map((o) => [o.callId, o.state, o.repaired])).toEqual([['c1', 'failed', false], ['c2', 'posted', true]]);
    expect(sink.interceptions.map((i) => [i.tool, i.category, i.path])).toEqual([['issue_refund', 'type_mismatch', '/amount_cents']]);
    expect(state.claimcheck?.verdict).toBe('clean');
  });

  it('answers a tool that throws, or whose output reports a failure, with status error and records it failed', async () => {
    const send = tool(
      (): string => {
        throw new Error('SMTP timeout after 30000ms');
      },
      { name: 'send_email', description: 'Send an email to a customer.', schema: z.object({ to: z.string() }) },
    );
    const { lookupOrder, refundTool, actions } = shop(() => ({ error: 'card_declined' }));
    const tools = [lookupOrder, refundTool, send];
    const sink = createMemorySink();
    const model = fakeModel()
      .respond(calls(['c1', 'issue_refund', { order_id: 'A-1', amount_cents: 6400 }], ['c2', 'send_email', { to: 'p@example.com' }]))
      .respond(new AIMessage('Sorry, neither the refund nor the email went through.'));
    const claimcheck = claimcheckMiddleware({ tools, actions, sink, logger: quiet });
    const state = await createAgent({ model, tools, middleware: [claimcheck] }).invoke({ messages: [new HumanMessage('Refund A-1 and email me')] });

    const [refund, email] = toolMessages(state.messages);
    expect([refund?.status, refund?.content]).toEqual(['error', '{"error":"card_declined"}']);
    expect([email?.status, email?.content]).toEqual(['error', 'Error: SMTP timeout after 30000ms']);
    expect(sink.operations.map((o) => [o.tool, o.state, o.failure, o.error])).toEqual([
      ['issue_refund', 'failed', 'tool_failed', 'card_declined'],
      ['send_email', 'failed', 'tool_failed', 'SMTP timeout after 30000ms'],
    ]);
    expect(state.claimcheck?.verdict).toBe('clean');
  });

  it('rejects a tool the model made up as unknown_tool, and warns about an agent tool missing from its tools', async () => {
    const { lookupOrder, refundTool } = shop();
    const sink = createMemorySink();
    const logger = { warn: vi.fn() };
    const model = fakeModel()
      .respond(calls(['c1', 'refund_order', { order_id: 'A-1' }], ['c2', 'issue_refund', { order_id: 'A-1', amount_cents: 1 }]))
      .respond(new AIMessage("I couldn't do that."));
    const claimcheck = claimcheckMiddleware({ tools: [lookupOrder], sink, logger });
    const state = await createAgent({ model, tools: [lookupOrder, refundTool], middleware: [claimcheck] }).invoke({ messages: [new HumanMessage('Refund A-1')] });

    const [unknown, unlisted] = toolMessages(state.messages);
    expect(unknown?.status).toBe('error');
    expect(unknown?.content).toMatch(/^Error: .*refund_order/);
    expect(unlisted?.status).toBe('error');
    expect(sink.interceptions.map((i) => [i.tool, i.category])).toEqual([['refund_order', 'unknown_tool'], ['issue_refund', 'unknown_tool']]);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]?.[0]).toMatch(/"issue_refund" is not in claimcheckMiddleware\(\{ tools \}\)/);
  });

  it('keeps parallel calls apart: each answer goes to its own call', async () => {
    const slow = tool(async ({ id }) => new Promise((resolve) => setTimeout(() => resolve({ id, slow: true }), 30)), {
      name: 'slow_lookup',
      description: 'Look up a record slowly.',
      schema: z.object({ id: z.string() }),
    });
    const fast = tool(({ id }) => ({ id, fast: true }), { name: 'fast_lookup', description: 'Look up a record fast.', schema: z.object({ id: z.string() }) });
    const sink = createMemorySink();
    const model = fakeModel()
      .respond(calls(['s1', 'slow_lookup', { id: 'a' }], ['f1', 'fast_lookup', { id: 'b' }], ['s2', 'slow_lookup', { id: 'c' }]))
      .respond(new AIMessage('Looked them up.'));
    const claimcheck = claimcheckMiddleware({ tools: [slow, fast], sink, logger: quiet });
    const state = await createAgent({ model, tools: [slow, fast], middleware: [claimcheck] }).invoke({ messages: [new HumanMessage('Look up a, b and c')] });

    expect(toolMessages(state.messages).map((m) => [m.tool_call_id, m.content])).toEqual([
      ['s1', '{"id":"a","slow":true}'],
      ['f1', '{"id":"b","fast":true}'],
      ['s2', '{"id":"c","slow":true}'],
    ]);
    expect(claimcheck.guard.ledger.entries.map((e) => [e.callId, e.result])).toEqual(
      expect.arrayContaining([['s1', { id: 'a', slow: true }], ['f1', { id: 'b', fast: true }], ['s2', { id: 'c', slow: true }]]),
    );
  });

  it('lets a LangGraph interrupt through to the graph', async () => {
    const approve = tool(() => interrupt({ question: 'Refund $64?' }) as unknown, { name: 'ask_approval', description: 'Ask a human to approve.', schema: z.object({}) });
    const model = fakeModel().respond(calls(['c1', 'ask_approval', {}])).respond(new AIMessage('Approved.'));
    const claimcheck = claimcheckMiddleware({ tools: [approve], logger: quiet });
    const agent = createAgent({ model, tools: [approve], middleware: [claimcheck], checkpointer: new MemorySaver() });
    const state = await agent.invoke({ messages: [new HumanMessage('Refund A-1')] }, { configurable: { thread_id: 't1' } });
    expect(state.__interrupt__?.[0]?.value).toEqual({ question: 'Refund $64?' });
  });
});

describe('claimcheckMiddleware: the final reply', () => {
  const fabricating = () => fakeModel().respond(calls(['c1', 'lookup_order', { order_id: 'A-1' }])).respond(new AIMessage("I looked up order A-1 and refunded $64.00."));

  it('sets the receipt on the state and, by default, on the final message', async () => {
    const { tools, actions } = shop();
    const claimcheck = claimcheckMiddleware({ tools, actions, logger: quiet });
    const state = await createAgent({ model: fabricating(), tools, middleware: [claimcheck] }).invoke({ messages: [new HumanMessage('Refund A-1')] });
    expect(state.claimcheck?.verdict).toBe('fabricated');
    expect(state.claimcheck?.claimedButNeverRan.map((c) => [c.tool, c.reason])).toEqual([['issue_refund', 'not_called']]);
    const last = state.messages.at(-1);
    expect(AIMessage.isInstance(last) && last.content).toBe('I looked up order A-1 and refunded $64.00.');
    expect(last?.response_metadata.claimcheck).toEqual(state.claimcheck);
    expect(state.messages).toHaveLength(4);
  });

  it("throws a fabricated_reply ClaimcheckError with onFabricated: 'throw'", async () => {
    const { tools, actions } = shop();
    const claimcheck = claimcheckMiddleware({ tools, actions, logger: quiet, onFabricated: 'throw' });
    const run = createAgent({ model: fabricating(), tools, middleware: [claimcheck] }).invoke({ messages: [new HumanMessage('Refund A-1')] });
    const error: unknown = await run.then(() => undefined, (e: unknown) => e);
    const found = ClaimcheckError.isInstance(error) ? error : (error as { cause?: unknown }).cause;
    expect(ClaimcheckError.isInstance(found) && found.code).toBe('fabricated_reply');
    expect((found as ClaimcheckError<{ receipt: { verdict: string } }>).data?.receipt.verdict).toBe('fabricated');
  });

  it('calls an onFabricated function with the receipt, and only for fabricated replies', async () => {
    const { tools, actions } = shop();
    const onFabricated = vi.fn();
    const claimcheck = claimcheckMiddleware({ tools, actions, logger: quiet, onFabricated });
    const agent = createAgent({ model: fabricating().respond(new AIMessage('Hello!')), tools, middleware: [claimcheck] });
    await agent.invoke({ messages: [new HumanMessage('Refund A-1')] });
    await agent.invoke({ messages: [new HumanMessage('Hi')] });
    expect(onFabricated).toHaveBeenCalledTimes(1);
    expect(onFabricated.mock.calls[0]?.[0].verdict).toBe('fabricated');
  });

  it('judges each run of a thread by its own calls', async () => {
    const { tools, actions } = shop();
    const sink = createMemorySink();
    const model = fakeModel()
      .respond(calls(['c1', 'issue_refund', { order_id: 'A-1', amount_cents: 6400 }]))
      .respond(new AIMessage('I refunded $64.00 for order A-1.'))
      .respond(new AIMessage('I have refunded $64.00 for order A-1 a second time.'));
    const claimcheck = claimcheckMiddleware({ tools, actions, sink, logger: quiet });
    const agent = createAgent({ model, tools, middleware: [claimcheck], checkpointer: new MemorySaver() });
    const thread = { configurable: { thread_id: 't2' } };
    const first = await agent.invoke({ messages: [new HumanMessage('Refund A-1')] }, thread);
    const second = await agent.invoke({ messages: [new HumanMessage('Did it work?')] }, thread);
    expect(first.claimcheck?.verdict).toBe('clean');
    expect(second.claimcheck?.claimedButNeverRan.map((c) => [c.tool, c.reason])).toEqual([['issue_refund', 'not_called']]);
    expect(sink.receipts.map((r) => r.callIds)).toEqual([['c1'], []]);
  });
});

describe('claimcheckMiddleware: a guard of your own', () => {
  it("runs the guard's executors instead of the agent's tool functions, and answers with their values", async () => {
    const { tools, issueRefund } = shop();
    const sink = createMemorySink();
    const g = guard({
      tools: [{ name: 'issue_refund', parameters: { type: 'object', properties: { order_id: { type: 'string' }, amount_cents: { type: 'integer' } }, required: ['order_id'] } }],
      executors: { issue_refund: action(() => ({ refund_id: 'RF-9', status: 'succeeded' }), { receipt: idField('refund_id') }) },
      sink,
    });
    const model = fakeModel()
      .respond(calls(['c1', 'issue_refund', { order_id: 'A-1', amount_cents: 6400 }]))
      .respond(new AIMessage('I refunded $64.00 for order A-1.'));
    const claimcheck = claimcheckMiddleware({ guard: g });
    expect(claimcheck.guard).toBe(g);
    const state = await createAgent({ model, tools, middleware: [claimcheck] }).invoke({ messages: [new HumanMessage('Refund A-1')] });
    expect(toolMessages(state.messages).map((m) => [m.tool_call_id, m.name, m.content])).toEqual([['c1', 'issue_refund', '{"refund_id":"RF-9","status":"succeeded"}']]);
    expect(issueRefund).not.toHaveBeenCalled();
    expect(sink.operations.map((o) => [o.tool, o.state])).toEqual([['issue_refund', 'posted']]);
    expect(state.claimcheck?.verdict).toBe('clean');
  });
});

describe('claimcheckMiddleware: options', () => {
  it('refuses a missing tool list, a guard with other options, an action that names no tool, and an unknown onFabricated', () => {
    const { tools } = shop();
    expect(() => claimcheckMiddleware({} as never)).toThrow(expect.objectContaining({ code: 'invalid_options' }));
    expect(() => claimcheckMiddleware({ guard: guard({ executors: { a: () => 1 } }), tools })).toThrow(expect.objectContaining({ code: 'invalid_options' }));
    expect(() => claimcheckMiddleware({ tools, actions: { refund: { receipt: idField('id') } } })).toThrow(expect.objectContaining({ code: 'invalid_options' }));
    expect(() => claimcheckMiddleware({ tools, onFabricated: 'log' as never })).toThrow(expect.objectContaining({ code: 'invalid_options' }));
  });
});
