// checkLangChainMessages / ledgerFromLangChainMessages over a real agent run's messages, in every form LangChain writes them.
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, mapChatMessagesToStoredMessages, type BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { tool } from '@langchain/core/tools';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { turnReceiptToJSON } from '../check.js';
import { ClaimcheckError } from '../errors.js';
import { checkLangChainMessages, ledgerFromLangChainMessages } from './check-langchain-messages.js';

const lookupOrder = tool(({ order_id }) => ({ order_id, total: 64, status: 'delivered' }), {
  name: 'lookup_order',
  description: 'Fetch an order by its order number.',
  schema: z.object({ order_id: z.string() }),
});
const issueRefund = tool(() => ({ refund_id: 'RF-1001', status: 'succeeded' }), {
  name: 'issue_refund',
  description: 'Refund an order to the original payment method. Amount in cents.',
  schema: z.object({ order_id: z.string(), amount_cents: z.number().int() }),
});
const sendEmail = tool(
  () => {
    throw new Error('SMTP timeout after 30000ms');
  },
  { name: 'send_email', description: 'Send an email to a customer.', schema: z.object({ to: z.string(), body: z.string() }) },
);
const tools = [lookupOrder, issueRefund, sendEmail];

/** A real createAgent run (no middleware): a lookup, a refund, an email that throws, and a reply claiming all three. */
async function recordedRun(): Promise<BaseMessage[]> {
  const model = fakeModel()
    .respond(new AIMessage({ content: 'Let me look that up.', tool_calls: [{ id: 'c1', name: 'lookup_order', args: { order_id: 'A-1' }, type: 'tool_call' }] }))
    .respond(
      new AIMessage({
        content: '',
        tool_calls: [
          { id: 'c2', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 }, type: 'tool_call' },
          { id: 'c3', name: 'send_email', args: { to: 'priya@example.com', body: 'Refunded.' }, type: 'tool_call' },
        ],
      }),
    )
    .respond(new AIMessage("I refunded $64.00 to your card and I've emailed you the confirmation."));
  const state = await createAgent({ model, tools }).invoke({ messages: [new SystemMessage('You are a support agent.'), new HumanMessage('Refund order A-1 and email me.')] });
  return state.messages;
}

describe('checkLangChainMessages', () => {
  it('judges every AI turn with text; the final one claims an email whose tool threw', async () => {
    const messages = await recordedRun();
    const turns = checkLangChainMessages(messages, { tools });
    expect(turns.map((t) => [t.turn, t.messageIndex, t.receipt.verdict])).toEqual([
      [1, 2, 'unreported'],
      [2, 7, 'fabricated'],
    ]);
    const last = turns[1]?.receipt;
    expect(last?.claimedButNeverRan.map((c) => [c.tool, c.reason])).toEqual([['send_email', 'tool_failed']]);
    expect(last?.confirmed.map((c) => c.tool)).toEqual(['issue_refund']);
  });

  it('reads the instances, their toJSON() form, stored messages, LangGraph API dicts and role objects alike', async () => {
    const messages = await recordedRun();
    const expected = checkLangChainMessages(messages, { tools }).map(turnReceiptToJSON);
    const lc = JSON.parse(JSON.stringify(messages)) as unknown[];
    expect((lc[3] as { lc: number; id: string[] }).id.at(-1)).toBe('ToolMessage');
    const stored = mapChatMessagesToStoredMessages(messages);
    const api = stored.map((m) => ({ type: m.type, ...m.data }));
    const roleOf: Record<string, string> = { human: 'user', ai: 'assistant', tool: 'tool', system: 'system' };
    const roles = messages.map((m) => ({ ...m.toDict().data, role: roleOf[m.getType()] }));
    for (const form of [lc, stored, api, roles]) {
      expect(checkLangChainMessages(form, { tools }).map(turnReceiptToJSON)).toEqual(expected);
    }
  });

  it('takes [role, content] pairs and strings', () => {
    const turns = checkLangChainMessages(['Email me the invoice.', ['ai', "I've emailed you the invoice."]], { tools });
    expect(turns.map((t) => [t.messageIndex, t.receipt.verdict])).toEqual([[1, 'fabricated']]);
  });

  it('names the message it cannot read', () => {
    const read = () => checkLangChainMessages([new HumanMessage('hi'), { type: 'function', content: '{}', name: 'f' }]);
    expect(read).toThrow(ClaimcheckError);
    expect(read).toThrow(expect.objectContaining({ code: 'unreadable_messages', data: expect.objectContaining({ index: 1 }) }));
    expect(() => checkLangChainMessages({ messages: [] })).toThrow(expect.objectContaining({ code: 'unreadable_messages' }));
  });
});

describe('ledgerFromLangChainMessages', () => {
  it('lists the calls as they settled, with the thrown one as an error', async () => {
    const ledger = ledgerFromLangChainMessages(await recordedRun());
    expect(ledger.entries.map((e) => [e.tool, e.status, e.callId])).toEqual([
      ['lookup_order', 'ok', 'c1'],
      ['issue_refund', 'ok', 'c2'],
      ['send_email', 'error', 'c3'],
    ]);
    expect(ledger.entries[1]?.result).toEqual({ refund_id: 'RF-1001', status: 'succeeded' });
    expect(ledger.entries[2]?.error).toMatch(/SMTP timeout after 30000ms/);
  });

  it("counts a ToolMessage with status 'error' as failed whatever its text, and a call never answered as failed", () => {
    const ledger = ledgerFromLangChainMessages([
      new HumanMessage('Refund A-1'),
      new AIMessage({
        content: '',
        tool_calls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } }],
        invalid_tool_calls: [{ id: 'c2', name: 'send_email', args: '{"to": ', error: 'Unexpected end of JSON input', type: 'invalid_tool_call' }],
      }),
      new ToolMessage({ content: 'quota exceeded for today', tool_call_id: 'c1', status: 'error' }),
    ]);
    // The call never answered settles at its AI message, before the tool message.
    expect(ledger.entries.map((e) => [e.tool, e.status, e.error])).toEqual([
      ['send_email', 'error', expect.stringMatching(/never answered/)],
      ['issue_refund', 'error', 'Error: quota exceeded for today'],
    ]);
    expect(ledger.entries[0]?.args).toBe('{"to": ');
  });
});
