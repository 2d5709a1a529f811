/**
 * The LLM second opinion with scripted models answering in the documented shape (docs/formats.md, "LLM
 * extractor answer"): every verbatim span naming a listed tool becomes `confirmed` or `suspected` unless a
 * guard drops it, and each dropped span is listed in `secondOpinion` with its guard.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkAsync, checkTurnsAsync } from '../check-async.js';
import type { LedgerEntry } from '../ledger.js';
import { createLlmExtractor, type CompleteRequest } from './llm-extractor.js';

/** A model that answers every prompt with these claims, in the prompt's own format. */
const scripted = (claims: Array<{ span: string; tool: string | null; verb: string }>) => async (): Promise<string> => JSON.stringify({ claims });

const tools = [
  { name: 'issue_refund', description: 'Refund an order.' },
  { name: 'send_email', description: 'Send an email to the customer.' },
];
const call = (tool: string, status: 'ok' | 'error'): LedgerEntry => ({ tool, status, args: {}, result: null, error: status === 'error' ? 'SMTP timeout' : null, callId: `c-${tool}`, startedAt: null, endedAt: null });

describe('withSecondOpinion through checkTurnsAsync', () => {
  afterEach(() => vi.restoreAllMocks());

  it('confirms a model find whose tool succeeded and suspects one whose tool never ran (the new-user trial)', async () => {
    const messages = [
      { role: 'user', content: 'Refund order A-1 and email me.' },
      { role: 'assistant', content: '', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'issue_refund', arguments: '{"order_id":"A-1"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: '{"ok":true}' },
      // The rules read no claim in the second sentence (a marked "Email ✅" they would flag themselves): the model's find is its own.
      { role: 'assistant', content: 'Your refund went through. The email is in your inbox.' },
    ];
    const complete = scripted([
      { span: 'Your refund went through.', tool: 'issue_refund', verb: 'refund' },
      { span: 'The email is in your inbox.', tool: 'send_email', verb: 'send' },
    ]);
    const [turn] = await checkTurnsAsync(messages, { tools, extractor: createLlmExtractor({ complete, onError: 'raise' }) });
    const r = turn!.receipt;
    expect(r.confirmed).toEqual([expect.objectContaining({ tool: 'issue_refund', source: 'llm', text: 'Your refund went through.' })]);
    expect(r.suspected).toEqual([expect.objectContaining({ tool: 'send_email', source: 'llm', reason: 'not_called', text: 'The email is in your inbox.' })]);
    // The reply reports the refund now, so it is not "ran but unreported"; a suspected claim does not block.
    expect(r.ranButUnreported).toEqual([]);
    expect(r.verdict).toBe('clean');
    expect(r.toJSON().secondOpinion).toEqual({ read: 2, omitted: 0, dropped: [] });
  });

  it('suspects a model find whose tool only failed (tool_failed), and blocks on it with llmBlocks', async () => {
    const complete = scripted([{ span: 'The receipt is in your inbox', tool: 'send_email', verb: 'send' }]);
    const r = await checkAsync('The receipt is in your inbox.', [call('send_email', 'error')], { tools, extractor: createLlmExtractor({ complete, llmBlocks: true }) });
    expect(r.suspected).toEqual([expect.objectContaining({ tool: 'send_email', reason: 'tool_failed' })]);
    expect(r.verdict).toBe('fabricated');
  });

  const guarded: Array<[string, string, string]> = [
    ['not_in_reply', 'I emailed you the receipt.', 'I have emailed you the receipt'],
    ['question', 'Should the receipt go to your inbox?', 'the receipt go to your inbox'],
    ['negation', 'The receipt never reached your inbox.', 'The receipt never reached your inbox'],
    ['not_yet', 'The receipt will be in your inbox shortly.', 'The receipt will be in your inbox'],
    ['condition', 'If the refund clears, the receipt goes to your inbox.', 'the receipt goes to your inbox'],
    ['failure', 'The receipt bounced from your inbox.', 'The receipt bounced from your inbox'],
    ['reported', 'The log says the receipt reached your inbox.', 'the receipt reached your inbox'],
    ['other_actor', 'They put the receipt in your inbox.', 'They put the receipt in your inbox'],
    ['past_time', 'The receipt reached your inbox yesterday.', 'The receipt reached your inbox yesterday'],
    ['present_state', 'Your receipt is currently in your inbox.', 'Your receipt is currently in your inbox'],
  ];

  it.each(guarded)('drops a span the %s guard rules out and lists it with the guard', async (guard, reply, span) => {
    const r = await checkAsync(reply, [], { tools, extractor: createLlmExtractor({ complete: scripted([{ span, tool: 'send_email', verb: 'send' }]) }) });
    expect(r.suspected).toEqual([]);
    expect(r.secondOpinion?.dropped).toEqual([{ span, tool: 'send_email', verb: 'send', guard }]);
  });

  it('leaves a sentence the rules judged to the rules, and reads a span given twice once', async () => {
    const reply = "I've emailed you the receipt. The money went back to your card.";
    const complete = scripted([
      { span: "I've emailed you the receipt.", tool: 'send_email', verb: 'send' },
      { span: 'The money went back to your card.', tool: 'issue_refund', verb: 'refund' },
      { span: 'The money went back to your card.', tool: 'issue_refund', verb: 'refund' },
    ]);
    const r = await checkAsync(reply, [], { tools, extractor: createLlmExtractor({ complete }) });
    expect(r.claimedButNeverRan.map((c) => [c.tool, c.source])).toEqual([['send_email', 'rules']]);
    expect(r.suspected.map((c) => c.tool)).toEqual(['issue_refund']);
    expect(r.secondOpinion?.dropped.map((d) => d.guard)).toEqual(['judged_by_rules', 'duplicate']);
  });

  it("passes the answer's JSON Schema to the model, which the documented answer shape meets", async () => {
    const requests: CompleteRequest[] = [];
    const answer = { claims: [{ span: 'Your refund went through.', tool: 'issue_refund', verb: 'refund' }] };
    const complete = async (_prompt: string, _signal: AbortSignal, request: CompleteRequest): Promise<string> => (requests.push(request), JSON.stringify(answer));
    await checkAsync('Your refund went through.', [], { tools, extractor: createLlmExtractor({ complete }) });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.schemaName).toBe('claimcheck_claims');
    const validate = new Ajv2020({ strict: true }).compile(requests[0]!.schema);
    expect(validate(answer)).toBe(true);
    expect(validate({ claims: [{ span: 'x', tool: null, verb: 'send' }] })).toBe(true);
    expect(validate({ claims: [{ span: 'x', tool: 'fax_document', verb: 'send' }] })).toBe(false);
    expect(validate({ claims: [{ span: 'x', tool: null }] })).toBe(false);
  });
});

describe('the cost of reading an answer', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads at most 100 claims of an answer and counts the rest as omitted', async () => {
    const reply = Array.from({ length: 300 }, (_, i) => `Receipt ${i} is in your inbox.`).join(' ');
    const claims = Array.from({ length: 300 }, (_, i) => ({ span: `Receipt ${i} is in your inbox.`, tool: 'send_email', verb: 'send' }));
    const r = await checkAsync(reply, [], { tools, extractor: createLlmExtractor({ complete: scripted(claims) }) });
    expect(r.secondOpinion).toMatchObject({ read: 100, omitted: 200 });
    expect(r.suspected).toHaveLength(100);
  });

  it('falls back to the rules when reading the answer outlasts timeoutMs, as on a late answer', async () => {
    const reply = Array.from({ length: 50 }, (_, i) => `Receipt ${i} is in your inbox.`).join(' ');
    const claims = Array.from({ length: 50 }, (_, i) => ({ span: `Receipt ${i} is in your inbox.`, tool: 'send_email', verb: 'send' }));
    // A clock on which every reading of it takes 10 ms: the 50 spans cannot all be read within 100 ms.
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 10));
    const warn = vi.fn();
    const r = await checkAsync(reply, [], { tools, extractor: createLlmExtractor({ complete: scripted(claims), timeoutMs: 100, warn }) });
    expect(r.suspected).toEqual([]);
    expect(r.secondOpinion).toMatchObject({ failed: 'timeout' });
    expect(String(warn.mock.calls[0]?.[0])).toContain('no answer read within 100 ms');
  });
});
