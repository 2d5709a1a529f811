/**
 * createOtelObserver(): guarded calls as GenAI `execute_tool` spans, recorded with the SDK's in-memory
 * exporter under a Node tracer provider (AsyncLocalStorage context), children of the caller's own span.
 */
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { action } from '../action/action.js';
import { idField } from '../action/action-receipt.js';
import { guard } from '../action/guard.js';
import { HALT } from '../action/verify-outcome.js';
import { openStore } from '../store/open-store.js';
import { ClaimcheckError } from '../errors.js';
import { createOtelObserver } from './create-otel-observer.js';

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
provider.register();
const tracer = provider.getTracer('support-agent');

afterAll(async () => {
  await provider.shutdown();
  trace.disable();
});
beforeEach(() => exporter.reset());

const tools = [
  {
    type: 'function',
    function: {
      name: 'send_email',
      description: 'Send an email to a customer.',
      parameters: { type: 'object', properties: { to: { type: 'string' }, body: { type: 'string' } }, required: ['to', 'body'] },
    },
  },
  { type: 'function', function: { name: 'get_order', description: 'Look up an order by id.', parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } } },
];
const quiet = { warn: vi.fn() };

function supportGuard(captureContent = false, executors: Record<string, unknown> = {}) {
  return guard({
    tools,
    executors: {
      send_email: action((args: { to: string }) => ({ message_id: `msg_${args.to.length}` }), { receipt: idField('message_id') }),
      get_order: (args: { id: string }) => ({ id: args.id, status: 'shipped' }),
      ...(executors as object),
    },
    observers: [createOtelObserver({ captureContent })],
    logger: quiet,
  });
}

function only(name: string): ReadableSpan {
  const spans = exporter.getFinishedSpans().filter((s) => s.name === name);
  expect(spans).toHaveLength(1);
  return spans[0] as ReadableSpan;
}

describe('execute_tool spans', () => {
  it('a guarded call is an INTERNAL execute_tool span under the caller’s active span, with the GenAI attributes and no content', () => {
    const g = supportGuard();
    tracer.startActiveSpan('agent turn', (turn) => {
      g.execute('send_email', { to: 'ada@example.com', body: 'Your refund is on its way.' }, { callId: 'call_1' });
      turn.end();
    });
    const parent = only('agent turn');
    const span = only('execute_tool send_email');
    expect(span.kind).toBe(SpanKind.INTERNAL);
    expect(span.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
    expect(span.spanContext().traceId).toBe(parent.spanContext().traceId);
    expect(span.instrumentationScope.name).toBe('claimcheck');
    expect(span.attributes).toEqual({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'send_email',
      'gen_ai.tool.call.id': 'call_1',
      'gen_ai.tool.type': 'function',
      'gen_ai.tool.description': 'Send an email to a customer.',
      'claimcheck.state': 'posted',
      'claimcheck.tool.kind': 'action',
      'claimcheck.ran': true,
      'claimcheck.repaired': false,
      'claimcheck.turn': 1,
      'claimcheck.receipt.ok': true,
      'claimcheck.receipt.kind': 'message_id',
      'claimcheck.receipt.id': 'msg_15',
    });
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('span times are the call’s own start and end', async () => {
    const g = supportGuard(false, { get_order: async (args: { id: string }) => new Promise((r) => setTimeout(() => r({ id: args.id }), 30)) });
    const before = Date.now();
    await g.executeAsync('get_order', { id: 'A-1' });
    const span = only('execute_tool get_order');
    const start = span.startTime[0] * 1000 + span.startTime[1] / 1e6;
    const end = span.endTime[0] * 1000 + span.endTime[1] / 1e6;
    expect(start).toBeGreaterThanOrEqual(before);
    expect(end - start).toBeGreaterThanOrEqual(25);
    expect(g.turn[0]?.startedAt).toBe(Math.round(start));
  });

  it('an awaited call stays a child of the caller’s span across the await (async context)', async () => {
    const g = supportGuard(false, { get_order: async (args: { id: string }) => ({ id: args.id }) });
    await tracer.startActiveSpan('agent turn', async (turn) => {
      await new Promise((r) => setTimeout(r, 5));
      await g.executeAsync('get_order', { id: 'A-1' });
      turn.end();
    });
    expect(only('execute_tool get_order').parentSpanContext?.spanId).toBe(only('agent turn').spanContext().spanId);
  });

  it('with captureContent, arguments and a successful result are recorded as JSON text', () => {
    const g = supportGuard(true);
    g.execute('get_order', { id: 'A-1' }, { callId: 'call_2' });
    const span = only('execute_tool get_order');
    expect(JSON.parse(span.attributes['gen_ai.tool.call.arguments'] as string)).toEqual({ id: 'A-1' });
    expect(JSON.parse(span.attributes['gen_ai.tool.call.result'] as string)).toEqual({ id: 'A-1', status: 'shipped' });
    expect(span.attributes['claimcheck.state']).toBe('read');
  });

  it('captured content is cut at maxContentChars', () => {
    const g = guard({ executors: { echo: (a: { text: string }) => a.text }, observers: [createOtelObserver({ captureContent: true, maxContentChars: 10 })], logger: quiet });
    g.execute('echo', { text: 'x'.repeat(50) });
    expect(only('execute_tool echo').attributes['gen_ai.tool.call.result']).toBe(`${'x'.repeat(10)}…`);
  });

  it('rejected arguments: error status, error.type the validation category, an interception event; the executor never ran', () => {
    const g = supportGuard(true);
    const r = g.execute('send_email', { to: 'ada@example.com' });
    expect(r.ok).toBe(false);
    const span = only('execute_tool send_email');
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'missing_required at /body' });
    expect(span.attributes).toMatchObject({ 'error.type': 'missing_required', 'claimcheck.state': 'failed', 'claimcheck.ran': false, 'claimcheck.interception.category': 'missing_required', 'claimcheck.interception.path': '/body' });
    expect(span.attributes['gen_ai.tool.call.result']).toBeUndefined();
    expect(span.events.map((e) => [e.name, e.attributes?.['claimcheck.interception.failures']])).toEqual([['claimcheck.interception', ['missing_required at /body']]]);
  });

  it('a rejected call has the same claimcheck.tool.kind as its tool\'s calls that run (action for an action(), read for a plain function)', () => {
    const g = supportGuard();
    g.execute('send_email', { to: 'ada@example.com' });
    g.execute('send_email', { to: 'ada@example.com', body: 'Hi' });
    g.execute('get_order', {});
    const kinds = exporter.getFinishedSpans().map((s) => [s.name, s.attributes['claimcheck.ran'], s.attributes['claimcheck.tool.kind']]);
    expect(kinds).toEqual([
      ['execute_tool send_email', false, 'action'],
      ['execute_tool send_email', true, 'action'],
      ['execute_tool get_order', false, 'read'],
    ]);
  });

  it('an executor that throws: error status with its message, error.type tool_failed, no result even with captureContent', () => {
    const g = supportGuard(true, {
      get_order: () => {
        throw new Error('orders service down');
      },
    });
    g.execute('get_order', { id: 'A-1' });
    const span = only('execute_tool get_order');
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'orders service down' });
    expect(span.attributes['error.type']).toBe('tool_failed');
    expect(span.attributes['gen_ai.tool.call.result']).toBeUndefined();
  });

  it('an action without proof is unknown; a repaired call says so', async () => {
    const g = supportGuard(false, { send_email: action(() => ({ queued: true }), { receipt: idField('message_id') }) });
    await g.executeRepaired('send_email', { to: 'a', body: 'b' });
    expect(only('execute_tool send_email').attributes).toMatchObject({ 'claimcheck.state': 'unknown', 'claimcheck.repaired': true, 'claimcheck.receipt.ok': true });
    expect(only('execute_tool send_email').attributes['claimcheck.receipt.id']).toBeUndefined();
  });
});

describe('content without captureContent', () => {
  const secret = 'card 4111111111111111 declined for jane@example.com; upstream said {"api_key":"sk_live_51Hx9Qz7"}';

  it('a failed call’s status message is the error text exactly as the ledger stores it (redacted), never the raw text', async () => {
    const store = await openStore({ path: ':memory:' });
    const g = guard({
      tools,
      store,
      executors: {
        send_email: action(() => ({ message_id: 'msg_1' }), { receipt: idField('message_id'), verify: () => HALT(`bounced: ${secret}`) }),
        get_order: () => {
          throw new Error(secret);
        },
      },
      observers: [createOtelObserver()],
      logger: quiet,
    });
    g.execute('get_order', { id: 'A-1' });
    g.execute('send_email', { to: 'a', body: 'b' });
    await store.flush();
    const stored = (await store.runDetail(store.currentRunId ?? ''))?.operations.map((o) => o.error);
    await store.close();
    const messages = ['execute_tool get_order', 'execute_tool send_email'].map((name) => only(name).status.message);
    expect(messages).toEqual(stored);
    expect(messages).toEqual([
      'card [number] declined for [email]; upstream said {"api_key":"[redacted]"}',
      'bounced: card [number] declined for [email]; upstream said {"api_key":"[redacted]"}',
    ]);
    for (const span of exporter.getFinishedSpans()) expect(JSON.stringify([span.status, span.attributes, span.events])).not.toMatch(/4111111111111111|jane@example|sk_live_51Hx9Qz7/);
  });

  it('an incident’s text on a span gets the same redaction; with captureContent the text is kept as it is', () => {
    const failing = { send_email: action(() => ({ message_id: 'msg_1' }), { receipt: () => { throw new Error(`no receipt for ${secret}`); } }) };
    supportGuard(false, failing).execute('send_email', { to: 'a', body: 'b' });
    expect(only('execute_tool send_email').attributes['claimcheck.incident']).toBe('receipt: no receipt for card [number] declined for [email]; upstream said {"api_key":"[redacted]"}');
    exporter.reset();
    supportGuard(true, { get_order: () => { throw new Error(secret); } }).execute('get_order', { id: 'A-1' });
    expect(only('execute_tool get_order').status.message).toBe(secret);
  });
});

describe('checked replies', () => {
  it('add a claimcheck.reply_checked event with the verdict, summary and flagged claims to the active span', () => {
    const g = supportGuard();
    tracer.startActiveSpan('agent turn', (turn) => {
      g.execute('get_order', { id: 'A-1' }, { callId: 'call_3' });
      g.checkBypass('Your order A-1 has shipped, and I emailed you the tracking link.');
      turn.end();
    });
    const event = only('agent turn').events.find((e) => e.name === 'claimcheck.reply_checked');
    expect(event?.attributes).toMatchObject({
      'claimcheck.receipt.verdict': 'fabricated',
      'claimcheck.receipt.flagged': 1,
      'claimcheck.receipt.flagged_claims': ['send_email:not_called'],
      'claimcheck.receipt.call_ids': ['call_3'],
      'claimcheck.turn': 1,
    });
    expect(String(event?.attributes?.['claimcheck.receipt.summary'])).toMatch(/^fabricated: send_email/);
    expect(event?.attributes?.['claimcheck.receipt.flagged_texts']).toBeUndefined();
  });

  it('with no active span, get a span of their own; captureContent adds the flagged sentences', () => {
    const g = supportGuard(true);
    g.checkBypass('I emailed you the tracking link.');
    const event = only('claimcheck check_reply').events[0];
    expect(event?.name).toBe('claimcheck.reply_checked');
    expect(event?.attributes?.['claimcheck.receipt.flagged_texts']).toEqual(['I emailed you the tracking link.']);
  });

  it('a dry run traces nothing', () => {
    supportGuard().checkBypass('I emailed you.', { dryRun: true });
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});

describe('options', () => {
  it('a tracer given is used as it is', () => {
    const g = guard({ executors: { ping: () => 'pong' }, observers: [createOtelObserver({ tracer })] });
    g.execute('ping', {});
    expect(only('execute_tool ping').instrumentationScope.name).toBe('support-agent');
  });

  it('a bad maxContentChars is a typed error', () => {
    expect(() => createOtelObserver({ maxContentChars: 0 })).toThrow(ClaimcheckError);
    expect(() => createOtelObserver({ maxContentChars: 1.5 })).toThrow(/maxContentChars must be a positive integer, got 1.5/);
  });
});
