/**
 * guardRunnableTools() under the real `@anthropic-ai/sdk` tool runner (`client.beta.messages.toolRunner`),
 * with tools made by `betaZodTool` and `betaTool`, given a fake `fetch` that replays recorded responses
 * from `run/__fixtures__/anthropic/`.
 */
import Anthropic from '@anthropic-ai/sdk';
import { betaTool } from '@anthropic-ai/sdk/helpers/beta/json-schema';
import { betaZodTool } from '@anthropic-ai/sdk/helpers/beta/zod';
import { ToolError } from '@anthropic-ai/sdk/lib/tools/ToolError';
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/v4';
import { idField } from './action/action-receipt.js';
import { createMemorySink } from './action/operation-sink.js';
import { guardRunnableTools } from './anthropic.js';
import { ClaimcheckError } from './errors.js';

type Rec = Record<string, unknown>;

function replay(names: readonly string[]): { fetch: typeof fetch; sent: Rec[] } {
  const sent: Rec[] = [];
  const fake = async (_input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    sent.push(JSON.parse(String(init?.body)) as Rec);
    const name = names[sent.length - 1];
    if (name === undefined) throw new Error(`unexpected request #${sent.length}`);
    const body = readFileSync(new URL(`./run/__fixtures__/anthropic/${name}.json`, import.meta.url), 'utf8');
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json', 'request-id': 'req_test' } });
  };
  return { fetch: fake as typeof fetch, sent };
}

function setup(email: () => Promise<string> = async () => Promise.reject(new Error('SMTP timeout'))) {
  const sink = createMemorySink();
  const refund = vi.fn(async (input: { order_id: string; amount: number }) => JSON.stringify({ refund_id: 're_3PqK8', amount: input.amount }));
  const sendEmail = vi.fn(email);
  const refundTool = betaZodTool({
    name: 'issue_refund',
    description: 'Issue a refund for an order.',
    inputSchema: z.object({ order_id: z.string(), amount: z.number().positive() }),
    run: refund,
  });
  const emailTool = betaTool({
    name: 'send_email',
    description: 'Send an email to the customer.',
    inputSchema: { type: 'object', properties: { to: { type: 'string', format: 'email' }, subject: { type: 'string' }, body: { type: 'string' } }, required: ['to', 'subject', 'body'] },
    run: sendEmail,
  });
  const guarded = guardRunnableTools([refundTool, emailTool], {
    sink,
    actions: { issue_refund: { receipt: idField('refund_id') }, send_email: { receipt: idField('message_id') } },
  });
  return { sink, refund, sendEmail, ...guarded };
}

const messages: Anthropic.Beta.BetaMessageParam[] = [{ role: 'user', content: 'Refund order A-1042 and email me at dana@example.com.' }];

describe('guardRunnableTools', () => {
  it('guards the tool runner: the failed email is an is_error result, and the claim of it is flagged', async () => {
    const { fetch, sent } = replay(['support-desk.2', 'claim-only.1']);
    const client = new Anthropic({ apiKey: 'sk-ant-test', fetch, maxRetries: 0 });
    const { sink, refund, tools, guard } = setup();

    const final = await client.beta.messages.toolRunner({ model: 'claude-sonnet-4-6', max_tokens: 1024, messages, tools });

    expect(sent).toHaveLength(2);
    expect(sent[0]!.tools).toEqual([
      expect.objectContaining({ name: 'issue_refund', input_schema: expect.objectContaining({ type: 'object' }) }),
      expect.objectContaining({ name: 'send_email' }),
    ]);
    expect(refund).toHaveBeenCalledWith({ order_id: 'A-1042', amount: 45 }, expect.objectContaining({ toolUse: expect.objectContaining({ id: 'toolu_01Vb7nR2kQw9YxT4mLp8Zs' }) }));
    const results = (sent[1]!.messages as Rec[]).at(-1)!.content;
    expect(results).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_01Vb7nR2kQw9YxT4mLp8Zs', content: '{"refund_id":"re_3PqK8","amount":45}' },
      { type: 'tool_result', tool_use_id: 'toolu_01Hq5tM1xNc8WvR3zKb6YpJ2', content: 'Error: SMTP timeout', is_error: true },
    ]);
    expect(sink.operations.map((o) => [o.tool, o.state, o.callId])).toEqual([
      ['issue_refund', 'posted', 'toolu_01Vb7nR2kQw9YxT4mLp8Zs'],
      ['send_email', 'failed', 'toolu_01Hq5tM1xNc8WvR3zKb6YpJ2'],
    ]);

    const text = final.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');
    const receipt = guard.checkBypass(text);
    expect(receipt.verdict).toBe('fabricated');
    expect(receipt.claimedButNeverRan.map((c) => [c.tool, c.reason])).toEqual([['send_email', 'tool_failed']]);
  });

  it('rejects bad input with claimcheck before the tool (or its zod parse) runs', async () => {
    const { refund, sendEmail, tools, sink } = setup();
    const [refundTool, emailTool] = tools;
    await expect(refundTool!.run({ order_id: 'A-1', amount: -5 } as never)).rejects.toThrow(/^the arguments of issue_refund were rejected and the tool did not run\./);
    await expect(emailTool!.run({ to: 'nope', subject: 's', body: 'b' } as never)).rejects.toThrow(/rejected/);
    expect(refund).not.toHaveBeenCalled();
    expect(sendEmail).not.toHaveBeenCalled();
    expect(sink.interceptions).toHaveLength(2);
  });

  it('works on any { name, input_schema, run } outside the runner, and passes a ToolError through', async () => {
    const { tools, guard } = setup(async () => {
      throw new ToolError([{ type: 'text', text: 'mailbox full' }]);
    });
    await expect(tools[0]!.run({ order_id: 'A-1', amount: 5 } as never)).resolves.toBe('{"refund_id":"re_3PqK8","amount":5}');
    await expect(tools[1]!.run({ to: 'dana@example.com', subject: 's', body: 'b' } as never)).rejects.toBeInstanceOf(ToolError);
    expect(guard.ledger.entries.map((e) => e.tool)).toEqual(['issue_refund', 'send_email']);

    const plain = guardRunnableTools([{ name: 'ping', input_schema: { type: 'object' }, run: (_input: unknown) => 'pong' }]);
    await expect(plain.tools[0]!.run({} as never)).resolves.toBe('pong');
  });

  it('refuses tools in no runnable shape and actions naming no tool', () => {
    expect(() => guardRunnableTools([{ name: 'x' } as never])).toThrow(ClaimcheckError);
    expect(() => guardRunnableTools([], { actions: { x: { receipt: idField('id') } } })).toThrow(/name no tool/);
  });
});
