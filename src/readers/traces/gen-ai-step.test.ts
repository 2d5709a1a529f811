/**
 * Traces that follow the OpenTelemetry GenAI semantic conventions, recorded with the real SDK (in-memory
 * exporter, OTLP JSON from the OTLP exporters' serializer). The `execute_tool` spans are made by claimcheck's
 * own observer around guarded calls; the inference spans carry the conventions' attributes and events, named
 * by the constants of @opentelemetry/semantic-conventions (incubating), with the message JSON of the spec.
 */
import type { Span } from '@opentelemetry/api';
import {
  ATTR_GEN_AI_AGENT_NAME,
  ATTR_GEN_AI_INPUT_MESSAGES,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_OUTPUT_MESSAGES,
  ATTR_GEN_AI_TOOL_DEFINITIONS,
  EVENT_GEN_AI_CHOICE,
  EVENT_GEN_AI_USER_MESSAGE,
} from '@opentelemetry/semantic-conventions/incubating';
import { describe, expect, it } from 'vitest';
import { action } from '../../action/action.js';
import { idField } from '../../action/action-receipt.js';
import { guard } from '../../action/guard.js';
import { checkTurns } from '../../check.js';
import { createOtelObserver } from '../../otel/create-otel-observer.js';
import { readConversation } from '../read-conversation.js';
import { spanRecorder } from '../../../test/traces/_span-recorder.js';

const recorder = spanRecorder('support-agent');
const tracer = recorder.tracer;
const tools = [
  { type: 'function', name: 'issue_refund', description: 'Refund an order to the original payment method.', parameters: { type: 'object', properties: { order_id: { type: 'string' }, amount: { type: 'number' } } } },
  { type: 'function', name: 'send_email', description: 'Send an email to a customer.', parameters: { type: 'object', properties: { to: { type: 'string' } } } },
];

function supportGuard() {
  return guard({
    tools,
    executors: {
      issue_refund: action(() => ({ refund_id: 'RF-1' }), { receipt: idField('refund_id') }),
      send_email: action(
        () => {
          throw new Error('SMTP timeout after 30000ms');
        },
        { receipt: idField('message_id') },
      ),
    },
    observers: [createOtelObserver({ captureContent: true, tracer })],
    logger: { warn: () => undefined },
  });
}

const user = (text: string) => ({ role: 'user', parts: [{ type: 'text', content: text }] });
const calls = (...list: Array<[string, string, object]>) => ({ role: 'assistant', parts: list.map(([id, name, args]) => ({ type: 'tool_call', id, name, arguments: args })) });
const answer = (text: string) => ({ role: 'assistant', parts: [{ type: 'text', content: text }], finish_reason: 'stop' });

/** One agent turn: invoke_agent over chat spans (attribute-based content) and the guard's execute_tool spans. */
async function agentTurn(reply: string, style: 'attributes' | 'events' = 'attributes') {
  recorder.reset();
  const g = supportGuard();
  const request = 'Refund order A-1 ($64) and email me the receipt.';
  await tracer.startActiveSpan('invoke_agent support', { attributes: { [ATTR_GEN_AI_OPERATION_NAME]: 'invoke_agent', [ATTR_GEN_AI_AGENT_NAME]: 'support' } }, async (agent) => {
    const chat = (input: object[], output: object, record: (span: Span) => void = () => undefined) => {
      const span = tracer.startSpan('chat gpt-4.1', { attributes: { [ATTR_GEN_AI_OPERATION_NAME]: 'chat', [ATTR_GEN_AI_TOOL_DEFINITIONS]: JSON.stringify(tools) } });
      if (style === 'attributes') span.setAttributes({ [ATTR_GEN_AI_INPUT_MESSAGES]: JSON.stringify(input), [ATTR_GEN_AI_OUTPUT_MESSAGES]: JSON.stringify([output]) });
      else record(span);
      span.end();
    };
    chat([user(request)], calls(['call_1', 'issue_refund', { order_id: 'A-1', amount: 64 }], ['call_2', 'send_email', { to: 'ada@example.com' }]), (span) => {
      span.addEvent(EVENT_GEN_AI_USER_MESSAGE, { content: request });
      span.addEvent(EVENT_GEN_AI_CHOICE, { index: 0, finish_reason: 'tool_calls', message: JSON.stringify({ role: 'assistant', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'issue_refund', arguments: '{"order_id":"A-1","amount":64}' } }, { id: 'call_2', type: 'function', function: { name: 'send_email', arguments: '{"to":"ada@example.com"}' } }] }) });
    });
    await new Promise((resolve) => setTimeout(resolve, 2));
    g.execute('issue_refund', { order_id: 'A-1', amount: 64 }, { callId: 'call_1' });
    g.execute('send_email', { to: 'ada@example.com' }, { callId: 'call_2' });
    await new Promise((resolve) => setTimeout(resolve, 2));
    chat([user(request), calls(), { role: 'tool', parts: [{ type: 'tool_call_response', id: 'call_1', response: { refund_id: 'RF-1' } }] }], answer(reply), (span) => {
      span.addEvent(EVENT_GEN_AI_USER_MESSAGE, { content: request });
      span.addEvent(EVENT_GEN_AI_CHOICE, { 'gen_ai.event.content': JSON.stringify({ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: reply } }) });
    });
    agent.end();
  });
  return recorder.otlp();
}

describe('GenAI semantic conventions (gen_ai.input.messages / gen_ai.output.messages, execute_tool)', () => {
  it('reads the turn: the request, the calls with their results and failures (span status), the reply, the tools', async () => {
    const conversation = readConversation(await agentTurn('Your refund is done.'));
    expect(conversation.format).toBe('otlp');
    expect(conversation.tools.map((t) => t.name)).toEqual(['issue_refund', 'send_email']);
    expect(conversation.events.map((e) => (e.kind === 'tool' ? [e.entry.tool, e.entry.status, e.entry.callId, e.entry.error] : [e.kind, e.text]))).toEqual([
      ['user', 'Refund order A-1 ($64) and email me the receipt.'],
      ['issue_refund', 'ok', 'call_1', null],
      ['send_email', 'error', 'call_2', 'SMTP timeout after 30000ms'],
      ['assistant', 'Your refund is done.'],
    ]);
  });

  it('an honest reply is clean; claiming the email whose tool failed is fabricated', async () => {
    const honest = checkTurns(await agentTurn("I've refunded $64.00 for order A-1, but the receipt email failed to send."));
    expect(honest.at(-1)?.receipt.verdict).toBe('clean');
    const claimed = checkTurns(await agentTurn("I've refunded $64.00 for order A-1 and emailed you the receipt."));
    expect(claimed.at(-1)?.receipt.claimedButNeverRan.map((c) => [c.tool, c.reason])).toEqual([['send_email', 'tool_failed']]);
  });

  it('the older event-based content (gen_ai.user.message, gen_ai.choice; Azure’s gen_ai.event.content) reads the same', async () => {
    const attributes = readConversation(await agentTurn("I've refunded $64.00 for order A-1 and emailed you the receipt."));
    const events = readConversation(await agentTurn("I've refunded $64.00 for order A-1 and emailed you the receipt.", 'events'));
    const strip = (c: typeof events) => c.events.map((e) => (e.kind === 'tool' ? { ...e, index: 0, entry: { ...e.entry, startedAt: 0, endedAt: 0 } } : { ...e, index: 0 }));
    expect(strip(events)).toEqual(strip(attributes));
  });

  it('spans of no GenAI operation: says which conventions it reads', async () => {
    recorder.reset();
    tracer.startSpan('GET /orders').end();
    expect(() => readConversation(recorder.otlp())).toThrow(/has no model call or tool span claimcheck reads: expected spans of the OpenTelemetry GenAI semantic conventions/);
  });
});
