/**
 * guardToolMap() in a Chat Completions loop kept by the test, over the real `openai` client given a fake
 * `fetch` that replays recorded responses from `run/__fixtures__/openai/`.
 */
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { idField } from './action/action-receipt.js';
import { createMemorySink } from './action/operation-sink.js';
import { ClaimcheckError } from './errors.js';
import { guardToolMap } from './openai.js';

function replay(names: readonly string[]): { fetch: typeof fetch; sent: Array<Record<string, unknown>> } {
  const sent: Array<Record<string, unknown>> = [];
  const fake = async (_input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    sent.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    const name = names[sent.length - 1];
    if (name === undefined) throw new Error(`unexpected request #${sent.length}`);
    const body = readFileSync(new URL(`./run/__fixtures__/openai/${name}.json`, import.meta.url), 'utf8');
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch: fake as typeof fetch, sent };
}

const tools = [
  { type: 'function' as const, function: { name: 'issue_refund', parameters: { type: 'object', properties: { order_id: { type: 'string' }, amount: { type: 'number', exclusiveMinimum: 0 } }, required: ['order_id', 'amount'] } } },
  { type: 'function' as const, function: { name: 'send_email', parameters: { type: 'object', properties: { to: { type: 'string', format: 'email' }, subject: { type: 'string' }, body: { type: 'string' } }, required: ['to', 'subject', 'body'] } } },
];

function setup() {
  const sink = createMemorySink();
  // Typed with the tool's own arguments: no cast needed to pass it to guardToolMap.
  const refund = vi.fn(async (args: { order_id: string; amount: number }) => ({ refund_id: 're_3PqK8', amount: args.amount }));
  const email = vi.fn(async () => {
    throw new Error('SMTP timeout');
  });
  const guarded = guardToolMap(
    { issue_refund: refund, send_email: email },
    { tools, sink, actions: { issue_refund: { receipt: idField('refund_id') }, send_email: { receipt: idField('message_id') } } },
  );
  return { sink, refund, email, guarded };
}

describe('guardToolMap', () => {
  it('answers each tool call of a real response and flags the reply claiming the failed email', async () => {
    const { fetch, sent } = replay(['support-desk.2', 'support-desk.3']);
    const client = new OpenAI({ apiKey: 'sk-test', fetch, maxRetries: 0 });
    const { sink, refund, guarded } = setup();
    const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: 'Refund order A-1042 and email me at dana@example.com.' }];

    let reply = '';
    for (let turn = 0; turn < 3; turn++) {
      const completion = await client.chat.completions.create({ model: 'gpt-4o', messages, tools });
      const message = completion.choices[0]!.message;
      messages.push(message);
      if (!message.tool_calls?.length) {
        reply = message.content ?? '';
        break;
      }
      for (const call of message.tool_calls) messages.push(await guarded.call(call));
    }

    expect(sent).toHaveLength(2);
    expect(refund).toHaveBeenCalledWith({ order_id: 'A-1042', amount: 45 }, expect.objectContaining({ callId: 'call_Vb7nR2kQw9YxT4mLp8ZsD3aE' }));
    expect(messages.slice(2)).toEqual([
      { role: 'tool', tool_call_id: 'call_Vb7nR2kQw9YxT4mLp8ZsD3aE', content: '{"refund_id":"re_3PqK8","amount":45}' },
      { role: 'tool', tool_call_id: 'call_Hq5tM1xNc8WvR3zKb6YpJ2dF', content: 'Error: SMTP timeout' },
      expect.objectContaining({ role: 'assistant' }),
    ]);
    // The tool messages went to the model as they were appended.
    expect((sent[1]!.messages as unknown[]).slice(2)).toEqual(messages.slice(2, 4));
    expect(sink.operations.map((o) => [o.tool, o.state])).toEqual([
      ['issue_refund', 'posted'],
      ['send_email', 'failed'],
    ]);

    const receipt = guarded.guard.checkBypass(reply);
    expect(receipt.verdict).toBe('fabricated');
    expect(receipt.claimedButNeverRan.map((c) => [c.tool, c.reason])).toEqual([['send_email', 'tool_failed']]);
  });

  it('answers rejected arguments with what to fix, without running the tool', async () => {
    const { email, guarded } = setup();
    const message = await guarded.call({ id: 'call_1', type: 'function', function: { name: 'send_email', arguments: '{"to":"not-an-email","subject":"Hi","body":"x"}' } });
    expect(message.role).toBe('tool');
    expect(message.content).toMatch(/^Error: the arguments of send_email were rejected and the tool did not run\./);
    expect(email).not.toHaveBeenCalled();
    expect(guarded.guard.ledger.entries).toHaveLength(1);
  });

  it('refuses custom tool calls and actions naming no executor', async () => {
    const { guarded } = setup();
    await expect(guarded.call({ id: 'c', type: 'custom', custom: { name: 'send_email', input: 'hi' } })).rejects.toMatchObject({ code: 'invalid_options' });
    expect(() => guardToolMap({}, { tools, actions: { issue_refund: { receipt: idField('refund_id') } } })).toThrow(ClaimcheckError);
  });
});
