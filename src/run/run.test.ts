/**
 * run() against the real SDKs (`openai`, `@anthropic-ai/sdk`), each given a fake `fetch` that replays
 * recorded response bodies from `__fixtures__/` and keeps every request, so the tests assert what was
 * sent as well as what came back. One suite, run for both providers.
 */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI, { AzureOpenAI } from 'openai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { action } from '../action/action.js';
import { idField } from '../action/action-receipt.js';
import { openStore } from '../store/open-store.js';
import type { RunClient } from './clients.js';
import type { ObservedCall, ObservedReply } from '../action/guard-observer.js';
import { run, type RunOptions } from './run.js';

type Rec = Record<string, unknown>;
interface Sent {
  url: string;
  body: Rec;
}

/** A `fetch` that answers each request with the next fixture body, and keeps the requests. */
function replay(provider: string, names: readonly string[]): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const fake = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    sent.push({ url: String(input), body: JSON.parse(String(init?.body)) as Rec });
    const name = names[sent.length - 1];
    if (name === undefined) throw new Error(`unexpected request #${sent.length}`);
    const body = readFileSync(new URL(`./__fixtures__/${provider}/${name}.json`, import.meta.url), 'utf8');
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json', 'request-id': 'req_test' } });
  };
  return { fetch: fake as typeof fetch, sent };
}

const orderSchema = { type: 'object', properties: { order_id: { type: 'string', pattern: '^A-\\d+$' } }, required: ['order_id'] };
const refundSchema = {
  type: 'object',
  properties: { order_id: { type: 'string' }, amount: { type: 'number', exclusiveMinimum: 0 } },
  required: ['order_id', 'amount'],
  additionalProperties: false,
};
const emailSchema = {
  type: 'object',
  properties: { to: { type: 'string', format: 'email' }, subject: { type: 'string' }, body: { type: 'string' } },
  required: ['to', 'subject', 'body'],
};
// Given in three different shapes: run() sends each in the provider's own format.
const tools = [
  { name: 'lookup_order', description: 'Look up an order by its id.', inputSchema: orderSchema },
  { type: 'function', name: 'issue_refund', description: 'Issue a refund for an order.', parameters: refundSchema },
  { type: 'function', function: { name: 'send_email', description: 'Send an email to the customer.', parameters: emailSchema } },
];
const request = 'Hi, order A-1042 arrived broken. Please refund it and email me the confirmation at dana@example.com.';
const system = 'You are the support agent of Acme.';

function executors() {
  return {
    lookup_order: vi.fn((args: Rec) => ({ order_id: args.order_id, total: 45, status: 'delivered' })),
    issue_refund: action(vi.fn(async (args: Rec) => ({ refund_id: 're_3PqK8', amount: args.amount })), { receipt: idField('refund_id') }),
    send_email: action(
      vi.fn(async () => {
        throw new Error('SMTP timeout');
      }),
      { receipt: idField('message_id') },
    ),
  };
}

interface Answer {
  id: string;
  content: string;
  isError: boolean;
}

const providers = [
  {
    name: 'openai',
    model: 'gpt-4o-2024-08-06',
    client: (f: typeof fetch, extra: Rec = {}): RunClient => new OpenAI({ apiKey: 'test', fetch: f, maxRetries: 0, ...extra }),
    start: [{ role: 'system', content: system }, { role: 'user', content: request }] as unknown[],
    params: {} as Rec,
    wireTools: [
      { type: 'function', function: { name: 'lookup_order', description: 'Look up an order by its id.', parameters: orderSchema } },
      { type: 'function', function: { name: 'issue_refund', description: 'Issue a refund for an order.', parameters: refundSchema } },
      tools[2],
    ],
    forced: { type: 'function', function: { name: 'issue_refund' } },
    /** The tool answers at the end of a message list. */
    answers(messages: unknown[]): Answer[] {
      const out: Answer[] = [];
      for (let i = messages.length - 1; i >= 0 && (messages[i] as Rec).role === 'tool'; i--) {
        const m = messages[i] as Rec;
        out.unshift({ id: m.tool_call_id as string, content: m.content as string, isError: String(m.content).startsWith('Error:') });
      }
      return out;
    },
    /** The arguments of each call of the assistant message at `index`. */
    callArgs(message: unknown): unknown[] {
      return ((message as Rec).tool_calls as Rec[]).map((c) => JSON.parse((c.function as Rec).arguments as string));
    },
  },
  {
    name: 'anthropic',
    model: 'claude-sonnet-4-6',
    client: (f: typeof fetch, extra: Rec = {}): RunClient => new Anthropic({ apiKey: 'test', fetch: f, maxRetries: 0, ...extra }),
    start: [{ role: 'user', content: request }] as unknown[],
    params: { system } as Rec,
    wireTools: [
      { name: 'lookup_order', description: 'Look up an order by its id.', input_schema: orderSchema },
      { name: 'issue_refund', description: 'Issue a refund for an order.', input_schema: refundSchema },
      { name: 'send_email', description: 'Send an email to the customer.', input_schema: emailSchema },
    ],
    forced: { type: 'tool', name: 'issue_refund' },
    answers(messages: unknown[]): Answer[] {
      const last = messages[messages.length - 1] as Rec;
      if (last.role !== 'user' || !Array.isArray(last.content)) return [];
      return (last.content as Rec[]).map((b) => ({ id: b.tool_use_id as string, content: (b.content as string | undefined) ?? '', isError: b.is_error === true }));
    },
    callArgs(message: unknown): unknown[] {
      return ((message as Rec).content as Rec[]).filter((b) => b.type === 'tool_use').map((b) => b.input);
    },
  },
] as const;

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe.each(providers)('run() with the $name SDK', (p) => {
  const base = (f: typeof fetch, extra: Partial<RunOptions> = {}) => ({ model: p.model, tools, params: p.params, ...extra, client: p.client(f) });

  it('support desk: the email fails, the reply claims it was sent; the receipt flags it and nothing is lost (ledger and store)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'claimcheck-run-'));
    dirs.push(dir);
    const store = await openStore({ path: join(dir, 'ledger.sqlite') });
    const { fetch, sent } = replay(p.name, ['support-desk.1', 'support-desk.2', 'support-desk.3']);
    const { client, ...options } = base(fetch);

    const r1 = await run(client, { ...options, messages: p.start, executors: executors(), store, run: { agent: 'support-bot', meta: { provider: p.name } } });
    expect(r1).toMatchObject({ finished: false, receipt: null, bypass: [], repairs: [] });
    expect(r1.operations.map((o) => [o.tool, o.state])).toEqual([['lookup_order', 'read']]);
    expect(sent[0]?.body).toMatchObject({ model: p.model, messages: p.start, tools: p.wireTools, ...p.params });
    if (p.name === 'anthropic') expect(sent[0]?.body.max_tokens).toBe(1024);
    else expect(sent[0]?.body).not.toHaveProperty('max_completion_tokens');

    // The next calls go on with the same guard (found through the messages run() appended).
    const r2 = await run(client, { ...options, messages: r1.messages, executors: executors() });
    expect(r2.guard).toBe(r1.guard);
    expect(sent[1]?.body.messages).toEqual(r1.messages);
    expect(p.answers(r1.messages)).toEqual([{ id: r1.operations[0]?.callId, content: '{"order_id":"A-1042","total":45,"status":"delivered"}', isError: false }]);
    expect(r2.finished).toBe(false);
    expect(r2.state('issue_refund')).toBe('posted');
    expect(r2.state('send_email')).toBe('failed');
    expect(r2.state('lookup_order')).toBeUndefined();
    expect(r2.operations.find((o) => o.tool === 'send_email')).toMatchObject({ kind: 'action', ran: true, failure: 'tool_failed', error: 'SMTP timeout' });
    // The model is told the email failed.
    expect(p.answers(r2.messages)).toEqual([
      { id: r2.operations[0]?.callId, content: '{"refund_id":"re_3PqK8","amount":45}', isError: false },
      { id: r2.operations[1]?.callId, content: 'Error: SMTP timeout', isError: true },
    ]);

    const r3 = await run(client, { ...options, messages: r2.messages, executors: executors() });
    expect(sent[2]?.body.messages).toEqual(r2.messages);
    expect(r3).toMatchObject({ finished: true, text: "Refund issued and I've emailed you the confirmation.", stopReason: p.name === 'openai' ? 'stop' : 'end_turn' });
    expect(r3.bypass).toEqual([expect.objectContaining({ tool: 'send_email', reason: 'tool_failed', operation: 'failed' })]);
    expect(r3.receipt?.verdict).toBe('fabricated');
    expect(r3.receipt?.confirmed).toEqual([expect.objectContaining({ tool: 'issue_refund', operation: 'posted' })]);
    expect(r3.operations.map((o) => [o.tool, o.state])).toEqual([['lookup_order', 'read'], ['issue_refund', 'posted'], ['send_email', 'failed']]);
    expect(r3.state('send_email')).toBe('failed');
    expect(r3.render()).toBe(
      'issue_refund posted (refund id re_3PqK8) · send_email failed: SMTP timeout · read: lookup_order · ' +
        'claimed send_email but tool_failed: "Refund issued and I\'ve emailed you the confirmation."',
    );
    expect(r3.messages.slice(0, -1)).toEqual(r2.messages);
    expect(sent).toHaveLength(3);

    // Everything is in the guard's ledger…
    expect(r3.guard.ledger.entries.map((e) => [e.tool, e.status, e.error])).toEqual([
      ['lookup_order', 'ok', null],
      ['issue_refund', 'ok', null],
      ['send_email', 'error', 'SMTP timeout'],
    ]);
    // …and in the store.
    await store.flush();
    const [runRow] = await store.listRuns();
    // The run is named as run() was told, and every record carries the guard's turn.
    expect(runRow).toMatchObject({ agent: 'support-bot', meta: { provider: p.name }, tools: ['lookup_order', 'issue_refund', 'send_email'] });
    const detail = await store.runDetail(runRow?.id ?? '');
    expect(detail?.operations.map((o) => o.turn)).toEqual([1, 1, 1]);
    expect(detail?.receipts.map((r) => r.turn)).toEqual([1]);
    expect(detail?.operations.map((o) => [o.tool, o.state, o.callId])).toEqual(r3.operations.map((o) => [o.tool, o.state, o.callId]));
    expect(detail?.operations[2]).toMatchObject({ failure: 'tool_failed', error: 'SMTP timeout', ran: true });
    expect(detail?.receipts).toEqual([expect.objectContaining({ verdict: 'fabricated', flagged: 1, confirmed: 1 })]);
    await store.close();
  });

  it('repairs rejected arguments with one extra request, and runs the corrected call as repaired', async () => {
    const { fetch, sent } = replay(p.name, ['repair.1', 'repair.2']);
    const { client, ...options } = base(fetch);
    const ex = executors();
    const r = await run(client, { ...options, messages: p.start, executors: ex });
    expect(sent).toHaveLength(2);
    const [asked] = p.answers(sent[1]?.body.messages as unknown[]);
    if (p.name === 'anthropic') expect(asked?.isError).toBe(true);
    expect(asked?.content).toContain('Your call to issue_refund was rejected and did not run');
    expect(asked?.content).toContain('- /amount (type_mismatch): /amount must be a number, got string "45".');
    expect(asked?.content).toContain('- /amount: {"type":"number","exclusiveMinimum":0}');
    expect(asked?.content).toContain('Arguments you sent: {"order_id":"A-1042","amount":"45"}');
    expect(sent[1]?.body.tool_choice).toEqual(p.forced);
    expect(sent[1]?.body.tools).toEqual(p.wireTools);

    expect(ex.issue_refund.executor).toHaveBeenCalledTimes(1);
    expect(ex.issue_refund.executor).toHaveBeenCalledWith({ order_id: 'A-1042', amount: 45 }, expect.anything());
    expect(r.operations.map((o) => [o.state, o.ran, o.repaired, o.failure])).toEqual([
      ['failed', false, false, 'type_mismatch'],
      ['posted', true, true, null],
    ]);
    expect(r.operations[0]?.callId).toBe(r.operations[1]?.callId);
    expect(r.state('issue_refund')).toBe('posted');
    expect(r.repairs).toEqual([{ tool: 'issue_refund', callId: r.operations[0]?.callId, failures: [expect.objectContaining({ category: 'type_mismatch', path: '/amount' })], outcome: 'repaired' }]);
    expect(r.responses).toHaveLength(2);
    // The conversation carries the corrected call under the original id, and its real answer.
    const assistant = r.messages[r.messages.length - 2];
    expect(p.callArgs(assistant)).toEqual([{ order_id: 'A-1042', amount: 45 }]);
    expect(p.answers(r.messages)).toEqual([{ id: r.operations[0]?.callId, content: '{"refund_id":"re_3PqK8","amount":45}', isError: false }]);
  });

  it('with repair off, the rejection is the answer and no second request is made', async () => {
    const { fetch, sent } = replay(p.name, ['repair.1']);
    const { client, ...options } = base(fetch);
    const r = await run(client, { ...options, messages: p.start, executors: executors(), repair: false });
    expect(sent).toHaveLength(1);
    expect(p.answers(r.messages)).toEqual([
      {
        id: r.operations[0]?.callId,
        content: 'Error: the arguments of issue_refund were rejected and the tool did not run. /amount must be a number, got string "45". Send 45 as a JSON number, not the string "45".',
        isError: true,
      },
    ]);
    expect(r.repairs).toEqual([]);
  });

  it('answers an unknown tool with the registered names, without a repair request', async () => {
    const { fetch, sent } = replay(p.name, ['unknown-tool.1']);
    const { client, ...options } = base(fetch);
    const r = await run(client, { ...options, messages: p.start, executors: executors() });
    expect(sent).toHaveLength(1);
    expect(r.operations).toEqual([expect.objectContaining({ tool: 'refund_order', state: 'failed', ran: false, failure: 'unknown_tool' })]);
    expect(p.answers(r.messages)).toEqual([{ id: r.operations[0]?.callId, content: 'Error: Unknown tool "refund_order"; registered tools: "lookup_order", "issue_refund" and "send_email". Call one of the registered tools, by its exact name.', isError: true }]);
    expect(r.render()).toBe('refund_order blocked: unknown_tool at (arguments)');
  });

  it('flags a text-only reply that claims an action with no call (not_called)', async () => {
    const { fetch } = replay(p.name, ['claim-only.1']);
    const { client, ...options } = base(fetch);
    const ex = executors();
    const r = await run(client, { ...options, messages: p.start, executors: ex });
    expect(r.finished).toBe(true);
    expect(r.operations).toEqual([]);
    expect(r.bypass).toEqual([expect.objectContaining({ tool: 'send_email', reason: 'not_called', operation: 'unknown' })]);
    expect(r.render()).toBe('claimed send_email but not_called: "I\'ve sent you the confirmation email for order A-1042."');
    expect(ex.send_email.executor).not.toHaveBeenCalled();
    // bypass: false skips the check.
    const again = await run(p.client(replay(p.name, ['claim-only.1']).fetch), { ...options, messages: p.start, executors: ex, bypass: false });
    expect(again).toMatchObject({ finished: true, receipt: null, bypass: [] });
  });

  it("keeps the client's own configuration: base URL, timeout, no per-request options", async () => {
    const { fetch, sent } = replay(p.name, ['claim-only.1', 'claim-only.1']);
    const client = p.client(fetch, { baseURL: 'https://llm-proxy.internal.example/v1', timeout: 12_345 }) as unknown as { baseURL: string; timeout: number };
    const api = p.name === 'openai' ? (client as unknown as OpenAI).chat.completions : (client as unknown as Anthropic).messages;
    const create = vi.spyOn(api, 'create');
    await run(client as unknown as RunClient, { model: p.model, tools, params: p.params, messages: p.start, executors: executors() });
    expect(sent[0]?.url.startsWith('https://llm-proxy.internal.example/v1/')).toBe(true);
    expect(client.baseURL).toBe('https://llm-proxy.internal.example/v1');
    expect(client.timeout).toBe(12_345);
    expect(create.mock.calls[0]).toHaveLength(1);
    // Per-request options are passed only when given.
    const signal = new AbortController().signal;
    await run(client as unknown as RunClient, { model: p.model, tools, params: p.params, messages: p.start, executors: executors(), requestOptions: { signal } });
    expect(create.mock.calls[1]?.[1]).toEqual({ signal });
  });

  it('judges a reply whose conversation run() did not remember (copied messages) against the calls the messages show', async () => {
    const { fetch } = replay(p.name, ['support-desk.1', 'support-desk.2', 'support-desk.3']);
    const { client, ...options } = base(fetch);
    const r1 = await run(client, { ...options, messages: p.start, executors: executors() });
    const r2 = await run(client, { ...options, messages: r1.messages, executors: executors() });
    const r3 = await run(client, { ...options, messages: structuredClone(r2.messages), executors: executors() });
    expect(r3.guard).not.toBe(r2.guard);
    // Not "never called": the new guard has no proof of the actions (not_proven), and says so.
    expect(r3.bypass.map((c) => [c.tool, c.reason])).toEqual([['issue_refund', 'not_proven'], ['send_email', 'not_proven']]);
  });
});

describe('run(): clients and options', () => {
  it('drives Azure OpenAI through the same client (deployment URL, api-version)', async () => {
    const { fetch, sent } = replay('openai', ['claim-only.1']);
    const client = new AzureOpenAI({ endpoint: 'https://acme.openai.azure.com', apiKey: 'test', apiVersion: '2024-10-21', fetch, maxRetries: 0 });
    const r = await run(client, { model: 'support-gpt4o', tools, messages: providers[0].start, executors: executors() });
    expect(sent[0]?.url).toBe('https://acme.openai.azure.com/openai/deployments/support-gpt4o/chat/completions?api-version=2024-10-21');
    expect(r.bypass.map((c) => c.reason)).toEqual(['not_called']);
  });

  it('sends maxTokens as max_completion_tokens to OpenAI, and params as they are', async () => {
    const { fetch, sent } = replay('openai', ['claim-only.1']);
    await run(providers[0].client(fetch), { model: 'gpt-4o', tools, messages: providers[0].start, executors: executors(), maxTokens: 300, params: { temperature: 0 } });
    expect(sent[0]?.body).toMatchObject({ max_completion_tokens: 300, temperature: 0 });
  });

  it('sends tools already in the provider format as they are; Anthropic server tools need no executor', async () => {
    const strict = { type: 'function', function: { name: 'send_email', description: 'Send an email.', parameters: emailSchema, strict: true } };
    const openai = replay('openai', ['claim-only.1']);
    await run(providers[0].client(openai.fetch), { model: 'gpt-4o', tools: [strict], messages: providers[0].start, executors: { send_email: executors().send_email } });
    expect(openai.sent[0]?.body.tools).toEqual([strict]);

    const cached = { name: 'send_email', description: 'Send an email.', input_schema: emailSchema, cache_control: { type: 'ephemeral' } };
    const search = { type: 'web_search_20250305', name: 'web_search', max_uses: 2 };
    const anthropic = replay('anthropic', ['claim-only.1']);
    const r = await run(providers[1].client(anthropic.fetch), { model: 'claude-sonnet-4-6', tools: [cached, search], messages: providers[1].start, executors: { send_email: executors().send_email } });
    expect(anthropic.sent[0]?.body.tools).toEqual([cached, search]);
    expect(r.bypass.map((c) => [c.tool, c.reason])).toEqual([['send_email', 'not_called']]);
  });

  it('does not force the repair call on Anthropic with extended thinking on (the API refuses forced tool use then)', async () => {
    const { fetch, sent } = replay('anthropic', ['repair.1', 'repair.2']);
    const params = { system, thinking: { type: 'enabled', budget_tokens: 1024 } };
    const r = await run(providers[1].client(fetch), { model: 'claude-sonnet-4-6', tools, params, maxTokens: 2048, messages: providers[1].start, executors: executors() });
    expect(sent[1]?.body).not.toHaveProperty('tool_choice');
    expect(sent[1]?.body).toMatchObject({ max_tokens: 2048, thinking: params.thinking });
    expect(r.repairs.map((a) => a.outcome)).toEqual(['repaired']);
  });

  it('refuses what it cannot drive before any request', async () => {
    const { fetch, sent } = replay('openai', []);
    const client = providers[0].client(fetch);
    const ok = { model: 'gpt-4o', tools, messages: providers[0].start, executors: executors() };
    const code = (code: string) => expect.objectContaining({ code });
    await expect(run({} as RunClient, ok)).rejects.toThrow(code('invalid_options'));
    await expect(run(client, { ...ok, executors: { lookup_order: () => ({}) } })).rejects.toThrow(/no executor for "issue_refund", "send_email"/);
    await expect(run(client, { ...ok, params: { stream: true } })).rejects.toThrow(code('invalid_options'));
    await expect(run(client, { ...ok, maxTokens: 0 })).rejects.toThrow(code('invalid_options'));
    await expect(run(client, { ...ok, tools: [42] })).rejects.toThrow(code('invalid_tool'));
    expect(sent).toEqual([]);
  });

  it('gives the session guard its observers: every call of the turn and the checked reply reach them', async () => {
    const { fetch } = replay('openai', ['support-desk.1', 'support-desk.2', 'support-desk.3']);
    const client = providers[0].client(fetch);
    const seen: string[] = [];
    const observers = [{ callSettled: (c: ObservedCall) => seen.push(`${c.operation.tool}:${c.operation.state}`), replyChecked: (r: ObservedReply) => seen.push(`reply:${r.record.receipt.verdict}`) }];
    let r = await run(client, { model: 'gpt-4o', tools, messages: providers[0].start, executors: executors(), observers });
    const ex = executors();
    while (!r.finished) r = await run(client, { model: 'gpt-4o', tools, messages: r.messages, executors: ex });
    expect(seen).toEqual(['lookup_order:read', 'issue_refund:posted', 'send_email:failed', 'reply:fabricated']);
    await expect(run(client, { model: 'gpt-4o', tools, messages: r.messages, guard: r.guard, observers })).rejects.toThrow(/either guard or executors \(and store, observers\)/);
  });

  it('types real SDK clients as run() clients', () => {
    const clients: RunClient[] = [new OpenAI({ apiKey: 'k' }), new AzureOpenAI({ apiKey: 'k', endpoint: 'https://x.example', apiVersion: 'v' }), new Anthropic({ apiKey: 'k' })];
    expect(clients).toHaveLength(3);
  });
});
