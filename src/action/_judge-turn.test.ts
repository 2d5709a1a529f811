/**
 * checkBypass: a claim is confirmed only when its operation is posted; claims without a call, or whose
 * call returned no proof, are flagged.
 */
import { describe, expect, it } from 'vitest';
import { action } from './action.js';
import { idField } from './action-receipt.js';
import { guard } from './guard.js';
import { createMemorySink } from './operation-sink.js';
import { FLAG } from './verify-outcome.js';

const tools = [
  { name: 'send_email', description: 'Send an email to the customer.' },
  { name: 'get_order', description: 'Look up an order by its number.' },
];
const make = (output: unknown, verify?: () => ReturnType<typeof FLAG>) => {
  const sink = createMemorySink();
  const send = action(() => output, { receipt: idField('message_id'), ...(verify === undefined ? {} : { verify }) });
  return { sink, g: guard({ tools, executors: { send_email: send, get_order: () => ({ status: 'shipped' }) }, sink }) };
};

describe('checkBypass', () => {
  it('confirms "I sent the email" when the send is posted', () => {
    const { g, sink } = make({ message_id: 'msg_123' });
    g.execute('send_email', { to: 'a@b.co' });
    const receipt = g.checkBypass("I've sent the email to a@b.co.");
    expect(receipt.verdict).toBe('clean');
    expect(receipt.confirmed).toEqual([expect.objectContaining({ tool: 'send_email', operation: 'posted' })]);
    expect(sink.receipts).toEqual([expect.objectContaining({ callIds: [g.ledger.entries[0]?.callId] })]);
    // Without captureArgs the sink's copy does not repeat the argument; the caller's receipt does.
    expect(sink.receipts[0]?.receipt).toMatchObject({ verdict: 'clean', confirmed: [{ text: "I've sent the email to [argument]." }] });
    expect(g.render()).toBe('send_email posted (message id msg_123)');
  });

  it('flags not_proven when the send returned no message id', () => {
    const { g } = make({ status: 'queued' });
    expect(g.execute('send_email', { to: 'a@b.co' }).state).toBe('unknown');
    const receipt = g.checkBypass("I've sent the email.");
    expect(receipt.verdict).toBe('fabricated');
    expect(receipt.confirmed).toEqual([]);
    expect(receipt.claimedButNeverRan).toEqual([expect.objectContaining({ tool: 'send_email', reason: 'not_proven', operation: 'unknown' })]);
    expect(receipt.summary).toBe('fabricated: send_email claimed but not_proven');
    expect(g.render()).toBe('send_email ran without proof (no message id) · claimed send_email but not_proven: "I\'ve sent the email."');
  });

  it('flags not_proven with needs_review when verify flagged the send', () => {
    const { g } = make({ message_id: 'm' }, () => FLAG('sent to a different address'));
    g.execute('send_email', { to: 'a@b.co' });
    expect(g.checkBypass("I've sent the email.").claimedButNeverRan).toEqual([expect.objectContaining({ reason: 'not_proven', operation: 'needs_review' })]);
  });

  it('flags not_called when the send never ran this turn', () => {
    const { g } = make({ message_id: 'msg_1' });
    g.execute('send_email', { to: 'a@b.co' });
    g.checkBypass('Sent the email.');
    const receipt = g.checkBypass("I've emailed you the confirmation.");
    expect(receipt.claimedButNeverRan).toEqual([expect.objectContaining({ tool: 'send_email', reason: 'not_called', operation: 'unknown' })]);
  });

  it('confirms read-only claims without proof', () => {
    const { g } = make({});
    g.execute('get_order', { id: 'A1' });
    expect(g.checkBypass('I looked up your order: it has shipped.').confirmed).toEqual([expect.objectContaining({ tool: 'get_order', operation: 'read' })]);
  });

  it('calledTools: judges only the named calls; a named tool this guard never ran has no proof', () => {
    const { g } = make({ message_id: 'msg_1' });
    g.execute('send_email', { to: 'a@b.co' });
    expect(g.checkBypass("I've sent the email.", { calledTools: [] }).claimedButNeverRan[0]).toMatchObject({ reason: 'not_called' });
    const outside = make({ message_id: 'msg_1' }).g.checkBypass("I've sent the email.", { calledTools: ['send_email'] });
    expect(outside.claimedButNeverRan[0]).toMatchObject({ reason: 'not_proven', operation: 'unknown' });
  });

  it('flags tool_failed with the failed operation', () => {
    const { g } = make({ error: 'mailbox full' });
    g.execute('send_email', { to: 'a@b.co' });
    expect(g.checkBypass("I've sent the email.").claimedButNeverRan[0]).toMatchObject({ reason: 'tool_failed', operation: 'failed' });
  });

  it('needs the text as a string', () => {
    expect(() => make({}).g.checkBypass(undefined as never)).toThrow(expect.objectContaining({ code: 'invalid_options' }));
  });
});
