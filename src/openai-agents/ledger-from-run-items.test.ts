import { Agent, Runner, tool } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ClaimcheckError } from '../errors.js';
import { ScriptedModel, scriptedProvider, type ScriptedStep } from '../../test/fixtures/openai-agents-model.js';
import { ledgerFromRunItems } from './ledger-from-run-items.js';

const lookupOrder = tool({
  name: 'lookup_order',
  description: 'Fetch an order by its order number.',
  parameters: z.object({ order_id: z.string() }),
  execute: ({ order_id }) => ({ order_id, total: 64 }),
});
const sendEmail = tool({
  name: 'send_email',
  description: 'Send an email to a customer.',
  parameters: z.object({ to: z.string(), body: z.string() }),
  execute: () => {
    throw new Error('SMTP timeout');
  },
});
const issueRefund = tool({
  name: 'issue_refund',
  description: 'Refund an order.',
  parameters: z.object({ order_id: z.string() }),
  needsApproval: true,
  execute: () => ({ refund_id: 'RF-1' }),
});

async function play(steps: ScriptedStep[]) {
  const agent = new Agent({ name: 'Support', model: 'scripted', tools: [lookupOrder, sendEmail, issueRefund] });
  const runner = new Runner({ modelProvider: scriptedProvider(new ScriptedModel(steps)), tracingDisabled: true, toolNotFoundBehavior: 'return_error_to_model' });
  return runner.run(agent, 'Refund order A-1 and email me.');
}

describe('ledgerFromRunItems', () => {
  it('reads the calls of a real run, with the SDK’s failure texts as errors', async () => {
    const result = await play([
      { toolCalls: [{ id: 'c1', name: 'lookup_order', args: { order_id: 'A-1' } }] },
      { toolCalls: [{ id: 'c2', name: 'send_email', args: { to: 'priya@example.com', body: 'Hi' } }] },
      { toolCalls: [{ id: 'c3', name: 'send_email', args: '{"to": "priya@' }] },
      { toolCalls: [{ id: 'c4', name: 'refund_order', args: { order_id: 'A-1' } }] },
      { text: 'Done.' },
    ]);
    const rows = (items: unknown) => ledgerFromRunItems(items).entries.map((e) => ({ tool: e.tool, status: e.status, callId: e.callId, args: e.args, error: e.error }));
    const expected = [
      { tool: 'lookup_order', status: 'ok', callId: 'c1', args: { order_id: 'A-1' }, error: null },
      { tool: 'send_email', status: 'error', callId: 'c2', args: { to: 'priya@example.com', body: 'Hi' }, error: 'An error occurred while running the tool. Please try again.' },
      { tool: 'send_email', status: 'error', callId: 'c3', args: '{"to": "priya@', error: 'An error occurred while parsing tool arguments. Please try again with valid JSON.' },
      { tool: 'refund_order', status: 'error', callId: 'c4', args: { order_id: 'A-1' }, error: "Tool 'refund_order' not found." },
    ];
    expect(rows(result.newItems)).toEqual(expected);
    expect(rows(result.history)).toEqual(expected);
    expect(ledgerFromRunItems(result.newItems).entries[0]?.result).toEqual({ order_id: 'A-1', total: 64 });
  });

  it('counts a call waiting for approval once, as a call with no result', async () => {
    const result = await play([{ toolCalls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'A-1' } }] }]);
    expect(result.interruptions).toHaveLength(1);
    expect(result.newItems.map((i) => i.type)).toEqual(['tool_call_item', 'tool_approval_item']);
    expect(ledgerFromRunItems(result.newItems).entries.map((e) => [e.tool, e.status, e.callId])).toEqual([['issue_refund', 'error', 'c1']]);
  });

  it('reads hosted MCP calls and skips built-in tools, reasoning and the other runtimes', () => {
    // A hosted MCP call as agents-openai converts a Responses `mcp_call` output item.
    const items = [
      { type: 'message', role: 'user', content: 'Find my order.' },
      { type: 'reasoning', content: [] },
      { type: 'hosted_tool_call', name: 'web_search_call', status: 'completed', providerData: { type: 'web_search_call' } },
      {
        type: 'hosted_tool_call', id: 'mcp_1', name: 'mcp_call', status: 'completed', output: '{"order_id":"A-1"}',
        providerData: { type: 'mcp_call', id: 'mcp_1', name: 'get_order', arguments: '{"order_id":"A-1"}', server_label: 'shop', error: null },
      },
      { type: 'hosted_tool_call', id: 'mcp_2', name: 'mcp_call', status: 'completed', providerData: { type: 'mcp_call', name: 'cancel_order', arguments: '{}', error: { message: 'denied' } } },
      { type: 'computer_call', callId: 'cc1', status: 'completed', action: { type: 'screenshot' } },
      { type: 'function_call', callId: 'c1', name: 'lookup_order', arguments: '{"order_id":"A-1"}' },
      { type: 'function_call_result', callId: 'c1', name: 'lookup_order', status: 'completed', output: [{ type: 'input_text', text: 'Order A-1: delivered' }, { type: 'input_image', image: 'https://x/y.png' }] },
      { role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Your order was delivered.' }, { type: 'image', image: 'x' }] },
    ];
    expect(ledgerFromRunItems(items).entries.map((e) => [e.tool, e.status, e.result, e.error])).toEqual([
      ['get_order', 'ok', { order_id: 'A-1' }, null],
      ['cancel_order', 'error', undefined, '{"message":"denied"}'],
      ['lookup_order', 'ok', 'Order A-1: delivered', null],
    ]);
  });

  it('throws unreadable_messages for what is not a list of SDK items', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return ClaimcheckError.isInstance(e) ? [e.code, e.data] : e;
      }
      return 'no error';
    };
    expect(code(() => ledgerFromRunItems({ items: [] }))).toEqual(['unreadable_messages', { index: null, shape: 'an object with keys items' }]);
    expect(code(() => ledgerFromRunItems([42]))).toEqual(['unreadable_messages', { index: 0, shape: 'a number' }]);
    expect(code(() => ledgerFromRunItems([{ type: 'teleport_call' }]))).toEqual(['unreadable_messages', { index: 0, shape: 'an object of type "teleport_call" with keys type' }]);
    expect(code(() => ledgerFromRunItems([{ type: 'function_call_result', callId: 'x', output: 'ok' }]))).toMatchObject(['unreadable_messages', { index: 0 }]);
  });

  it('keeps the ledger options', () => {
    const items = [
      { type: 'function_call', callId: 'c1', name: 'lookup_order', arguments: '{"order_id":"A-1"}' },
      { type: 'function_call_result', callId: 'c1', name: 'lookup_order', status: 'completed', output: { type: 'text', text: 'x'.repeat(50) } },
    ];
    const ledger = ledgerFromRunItems(items, { captureResults: false });
    expect(ledger.entries[0]).toMatchObject({ tool: 'lookup_order', status: 'ok', args: undefined, result: undefined });
    expect(ledgerFromRunItems(items, { maxResultChars: 10 }).entries[0]?.result).toBe('xxxxxxxxxx…[truncated 40 chars]');
  });
});
