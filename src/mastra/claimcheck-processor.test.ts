// The processor's side of Mastra's output processor contract, called as Mastra's agent loop calls it
// (processOutputStep after each model response, processOutputResult at the end, one `state` per run,
// `abort` throwing). A real Mastra agent drives it in test/conformance/mastra.conformance.test.ts and
// test/mastra (Node.js 24).
import { describe, expect, it, vi } from 'vitest';
import { idField } from '../action/action-receipt.js';
import { guard, type Guard } from '../action/guard.js';
import { createMemorySink, type MemorySink } from '../action/operation-sink.js';
import { claimcheckProcessor, type ClaimcheckProcessorOptions, type MastraStepReceipt } from './claimcheck-processor.js';

const quiet = { warn: () => undefined };
const tools = [
  { name: 'issue_refund', description: 'Refund an order. Amount in cents.', parameters: { type: 'object', properties: { order_id: { type: 'string' }, amount_cents: { type: 'integer' } } } },
  { name: 'send_email', description: 'Send an email to a customer.', parameters: { type: 'object', properties: { to: { type: 'string' } } } },
];

class Abort extends Error {
  constructor(readonly reason: string | undefined, readonly options: unknown) {
    super(reason);
  }
}

function setup(options: Partial<ClaimcheckProcessorOptions> = {}) {
  const sink: MemorySink = createMemorySink();
  const g: Guard = guard({
    tools,
    executors: { issue_refund: { kind: 'action', executor: () => ({ refund_id: 'RF-1' }), receipt: idField('refund_id'), verify: null }, send_email: () => ({ sent: true }) },
    sink,
    logger: quiet,
  });
  const steps: MastraStepReceipt[] = [];
  const processor = claimcheckProcessor({ guard: g, logger: quiet, onStep: (s) => steps.push(s), ...options });
  const state: Record<string, unknown> = {};
  const messageList = { kind: 'message-list' };
  const messages = [{ id: 'u1', role: 'user', content: { format: 2, parts: [{ type: 'text', text: 'Refund order A-1.' }] } }];
  const abort = (reason?: string, opts?: unknown): never => {
    throw new Abort(reason, opts);
  };
  const step = (stepNumber: number, fields: { text?: string; toolCalls?: Array<{ toolName: string; toolCallId: string; args: unknown }>; steps?: unknown[]; retryCount?: number }) =>
    processor.processOutputStep({ abort, messages, messageList, state, retryCount: fields.retryCount ?? 0, stepNumber, steps: fields.steps ?? [], ...fields });
  return { g, sink, steps, processor, state, step, messages, abort, messageList };
}

const refundCall = { toolName: 'issue_refund', toolCallId: 'c1', args: { order_id: 'A-1', amount_cents: 6400 } };

describe('claimcheckProcessor', () => {
  it('judges the final reply with guard.checkBypass against the run, and puts the receipt on the last assistant message', async () => {
    const { g, sink, steps, step, processor, state, messages, abort, messageList } = setup();
    await step(0, { toolCalls: [refundCall] });
    await g.executeAsync('issue_refund', refundCall.args, { callId: 'c1' });
    expect(await step(1, { text: "I've refunded $64.00 and emailed you." })).toBe(messageList);
    expect(sink.receipts.map((r) => r.receipt.summary)).toEqual(['fabricated: send_email claimed but not_called; 1 confirmed']);
    expect(steps.map((s) => [s.step, s.final, s.receipt.verdict])).toEqual([[1, true, 'fabricated']]);
    const reply = { id: 'a1', role: 'assistant', content: { format: 2, parts: [], metadata: { modelId: 'm' } } };
    const out = await processor.processOutputResult({ abort, messageList, state, retryCount: 0, messages: [...messages, reply], result: { text: '', steps: [] } });
    expect(out[1]).toEqual({ ...reply, content: { ...reply.content, metadata: { modelId: 'm', claimcheck: sink.receipts[0]?.receipt.toJSON() } } });
    expect(reply.content.metadata).toEqual({ modelId: 'm' });
  });

  it("'abort' ends the run with the receipt as the tripwire's metadata", async () => {
    const { step } = setup({ onFabricated: 'abort' });
    const error = (await step(0, { text: "I've refunded $64.00." }).catch((e: unknown) => e)) as Abort;
    expect(error.reason).toBe('claimcheck: the reply claims actions that did not happen: fabricated: issue_refund claimed but not_called');
    expect(error.options).toEqual({ metadata: { claimcheck: expect.objectContaining({ verdict: 'fabricated' }) } });
  });

  it("'retry' sends a fabricated reply back without closing the turn; the next reply is judged against the same calls", async () => {
    const { g, sink, steps, step } = setup({ onFabricated: 'retry' });
    await step(0, { toolCalls: [refundCall] });
    await g.executeAsync('issue_refund', refundCall.args, { callId: 'c1' });
    const error = (await step(1, { text: "I've refunded $64.00 and emailed you." }).catch((e: unknown) => e)) as Abort;
    expect(error.reason).toBe('Your reply claims actions that did not happen (fabricated: send_email claimed but not_called; 1 confirmed). Do what you said you did, or tell the user plainly what was not done.');
    expect(error.options).toEqual({ retry: true, metadata: { claimcheck: expect.objectContaining({ verdict: 'fabricated' }) } });
    expect(sink.receipts).toEqual([]);
    expect(g.turn.map((o) => o.callId)).toEqual(['c1']);
    await step(2, { text: "I've refunded $64.00.", retryCount: 1 });
    expect(sink.receipts.map((r) => [r.receipt.verdict, r.callIds])).toEqual([['clean', ['c1']]]);
    expect(steps.map((s) => [s.step, s.receipt.verdict])).toEqual([
      [1, 'fabricated'],
      [2, 'clean'],
    ]);
  });

  it("'retry' blocks a reply still fabricated when the retries are spent", async () => {
    const { sink, step } = setup({ onFabricated: 'retry', maxRetries: 1 });
    const error = (await step(3, { text: "I've refunded $64.00.", retryCount: 1 }).catch((e: unknown) => e)) as Abort;
    expect(error.options).toEqual({ metadata: { claimcheck: expect.objectContaining({ verdict: 'fabricated' }) } });
    expect(sink.receipts).toHaveLength(1);
  });

  it('judges text said alongside tool calls once the calls ran, with the core check (no sink record)', async () => {
    const { g, sink, steps, step } = setup();
    await step(0, { text: "I've refunded order A-1.", toolCalls: [refundCall] });
    expect(steps).toEqual([]);
    await g.executeAsync('issue_refund', refundCall.args, { callId: 'c1' });
    await step(1, { text: 'Anything else?' });
    expect(steps.map((s) => [s.step, s.final, s.receipt.verdict, s.receipt.confirmed.map((c) => c.tool)])).toEqual([
      [0, false, 'clean', ['issue_refund']],
      [1, true, 'unreported', []],
    ]);
    expect(sink.receipts).toHaveLength(1);
  });

  it('records a call Mastra answered with an error before any hook ran (unknown_tool)', async () => {
    const { sink, step } = setup();
    const call = { toolName: 'refund_order', toolCallId: 'c1', args: { order_id: 'A-1' } };
    await step(0, { toolCalls: [call] });
    const answered = { content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'refund_order' }, { type: 'tool-result', toolCallId: 'c1', output: { type: 'error-text', value: 'Tool "refund_order" not found.' } }] };
    await step(1, { text: "I couldn't do that.", steps: [answered, {}] });
    await step(1, { text: "I couldn't do that.", steps: [answered, {}] });
    expect(sink.interceptions.map((i) => [i.tool, i.category, i.callId])).toEqual([['refund_order', 'unknown_tool', 'c1']]);
    expect(sink.operations.map((o) => [o.tool, o.state])).toEqual([['refund_order', 'failed']]);
  });

  it('fails open: a reply it cannot check passes, logged once per cause', async () => {
    const warn = vi.fn();
    const { g, step, messageList } = setup({ logger: { warn }, onFabricated: 'abort' });
    g.close();
    expect(await step(0, { text: "I've refunded $64.00." })).toBe(messageList);
    expect(await step(0, { text: "I've refunded $64.00." })).toBe(messageList);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('rejects bad options with invalid_options', () => {
    const g = guard({ executors: {} });
    expect(() => claimcheckProcessor({} as never)).toThrow(expect.objectContaining({ code: 'invalid_options' }));
    expect(() => claimcheckProcessor({ guard: g, onFabricated: 'throw' as never })).toThrow(expect.objectContaining({ code: 'invalid_options' }));
    expect(() => claimcheckProcessor({ guard: g, maxRetries: -1 })).toThrow(expect.objectContaining({ code: 'invalid_options' }));
    expect(claimcheckProcessor({ guard: g, id: 'cc' }).id).toBe('cc');
  });
});
