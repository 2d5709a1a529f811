/**
 * Langfuse trace exports as the public API returns them (`GET /api/public/traces/{traceId}`), typed by the
 * API's own `TraceWithFullDetails` / `ObservationsView` of @langfuse/core 5: a generation that asks for two
 * tools (Chat Completions messages, as Langfuse's OpenAI integration records them), the two tool observations
 * (one at level ERROR), and the generation that answers.
 */
import type { ObservationsView, TraceWithFullDetails } from '@langfuse/core';
import { describe, expect, it } from 'vitest';
import { checkTurns } from '../../check.js';
import { ClaimcheckError } from '../../errors.js';
import { readConversation } from '../read-conversation.js';
import { readTraces } from './read-traces.js';

const at = (second: number) => `2025-06-02T10:00:${String(second).padStart(2, '0')}.000Z`;
const usage = { input: 0, output: 0, total: 0, unit: 'TOKENS' as const, inputCost: null, outputCost: null, totalCost: null };

function observation(id: string, type: string, second: number, fields: Partial<ObservationsView>): ObservationsView {
  return {
    id, traceId: 'lf-trace-1', type, name: null, startTime: at(second), endTime: at(second + 1), completionStartTime: null, model: null, version: null,
    usage, level: 'DEFAULT', statusMessage: null, parentObservationId: 'agent', promptId: null, usageDetails: {}, costDetails: {}, environment: 'default',
    promptName: null, promptVersion: null, modelId: null, inputPrice: null, outputPrice: null, totalPrice: null, calculatedInputCost: null, calculatedOutputCost: null, calculatedTotalCost: null, latency: 1, timeToFirstToken: null,
    ...fields,
  } as ObservationsView;
}

const request = [{ role: 'system', content: 'You are a support agent.' }, { role: 'user', content: 'Refund order A-1 and email me.' }];
const toolCalls = [
  { id: 'call_1', type: 'function', function: { name: 'issue_refund', arguments: '{"order_id":"A-1","amount_cents":6400}' } },
  { id: 'call_2', type: 'function', function: { name: 'send_email', arguments: '{"to":"ada@example.com"}' } },
];
const tools = [
  { type: 'function', function: { name: 'issue_refund', description: 'Refund an order.', parameters: { type: 'object' } } },
  { type: 'function', function: { name: 'send_email', description: 'Send an email to a customer.', parameters: { type: 'object' } } },
];

function trace(reply: string, emailLevel: 'DEFAULT' | 'ERROR' = 'ERROR', withContent = true): TraceWithFullDetails {
  const content = <T,>(value: T): T | null => (withContent ? value : null);
  return {
    id: 'lf-trace-1', timestamp: at(0), name: 'support-agent', input: content('Refund order A-1 and email me.'), output: content(reply), sessionId: null, release: null, version: null, userId: null,
    metadata: {}, tags: [], public: false, environment: 'default', htmlPath: '/project/p/traces/lf-trace-1', latency: 9, totalCost: 0, scores: [],
    observations: [
      observation('agent', 'AGENT', 0, { name: 'support-agent', parentObservationId: null, input: content('Refund order A-1 and email me.'), output: content(reply) }),
      observation('gen-1', 'GENERATION', 1, { name: 'chat', model: 'gpt-4.1', input: content({ messages: request, tools }), output: content({ role: 'assistant', content: null, tool_calls: toolCalls }) }),
      observation('tool-1', 'TOOL', 3, { name: 'issue_refund', input: content({ order_id: 'A-1', amount_cents: 6400 }), output: content({ refund_id: 'RF-1001', status: 'succeeded' }) }),
      observation('tool-2', 'TOOL', 3, { name: 'send_email', input: content({ to: 'ada@example.com' }), output: null, level: emailLevel, statusMessage: emailLevel === 'ERROR' ? 'SMTP timeout after 30000ms' : null }),
      observation('gen-2', 'GENERATION', 5, { name: 'chat', model: 'gpt-4.1', input: content({ messages: [...request, { role: 'assistant', content: null, tool_calls: toolCalls }] }), output: content({ role: 'assistant', content: reply }) }),
    ],
  };
}

describe('Langfuse traces (observations: GENERATION, TOOL, AGENT)', () => {
  it('reads the turn: the request, the tool observations matched to the calls, ERROR level as a failure, the reply', () => {
    const conversation = readConversation(trace('Refund issued.'));
    expect(conversation.format).toBe('langfuse');
    expect(conversation.tools.map((t) => t.name)).toEqual(['issue_refund', 'send_email']);
    expect(conversation.events.map((e) => (e.kind === 'tool' ? [e.entry.tool, e.entry.status, e.entry.callId, e.entry.error] : [e.kind, e.text]))).toEqual([
      ['user', 'Refund order A-1 and email me.'],
      ['issue_refund', 'ok', 'call_1', null],
      ['send_email', 'error', 'call_2', 'SMTP timeout after 30000ms'],
      ['assistant', 'Refund issued.'],
    ]);
  });

  it('claiming the email whose tool observation is at level ERROR is fabricated; an honest reply is clean', () => {
    const claimed = checkTurns(trace("I've refunded $64.00 and emailed you the confirmation."));
    expect(claimed.at(-1)?.receipt.claimedButNeverRan.map((c) => [c.tool, c.reason])).toEqual([['send_email', 'tool_failed']]);
    const honest = checkTurns(trace("I've refunded $64.00 and emailed you the confirmation.", 'DEFAULT'));
    expect(honest.at(-1)?.receipt.verdict).toBe('clean');
  });

  it('a list of traces reads each; a trace with no input or output captured says so', () => {
    const read = readTraces([trace('Refund issued.'), { ...trace('x'), id: 'lf-trace-2' }]);
    expect(read.map((t) => t.traceId)).toEqual(['lf-trace-1', 'lf-trace-2']);
    const error = (() => {
      try {
        readConversation(trace('Refund issued.', 'DEFAULT', false));
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(ClaimcheckError.isInstance(error) && error.code).toBe('trace_without_content');
  });
});
