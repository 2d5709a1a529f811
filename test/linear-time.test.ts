/**
 * Linear time on crafted replies, as a hang guard: each shape that once made some stage quadratic or
 * worse (unpaired quotes, link brackets, participles after determiners, verb lists, long passives,
 * status lines taking their object from a long request, thinking spans, many content parts) is read
 * at 1 MB through `check`, a guard's `checkBypass` (and its rendering) and the readers. The timeout is
 * a hang guard, not a speed assertion: `npm run bench` ("claim pipeline scaling") shows the ratios.
 * Also the input limit: beyond 8 MiB of text a typed error, never a long stall.
 */
import { describe, expect, it } from 'vitest';
import { SHAPES, craftReply } from '../bench/crafted-replies.js';
import { check, checkTurns } from '../src/check.js';
import { MAX_TEXT_LENGTH } from '../src/_input-limit.js';
import { guard } from '../src/action/guard.js';
import { ClaimcheckError } from '../src/errors.js';
import type { LedgerEntry } from '../src/ledger.js';

const MB = 1_000_000;
const HANG_GUARD = 60_000;

const tools = [{ name: 'send_email', description: 'Send an email to a customer.' }];
const sent: LedgerEntry = { tool: 'send_email', status: 'ok', args: { to: 'ana@example.com', amount: 45 }, result: { id: 'm1' }, error: null, callId: 'c1', startedAt: null, endedAt: null };
const request = 'Please email the invoice to Ana.';

function bypass(reply: string, options: { request?: string } = {}) {
  const g = guard({ tools, executors: { send_email: () => ({ id: 'm1' }) } });
  g.execute('send_email', { to: 'ana@example.com' });
  const receipt = g.checkBypass(reply, options);
  return { receipt, line: g.render() };
}

/** Random text says different things at different sizes; every other shape repeats one unit. */
const repeated = Object.keys(SHAPES).filter((s) => s !== 'random English-ish text');

describe('a 1 MB crafted reply finishes (hang guard)', () => {
  it.each(repeated)('check(): %s, judged as 10 KB of it is', (shape) => {
    const small = check(craftReply(shape, 10_000), [sent], { tools, request });
    const large = check(craftReply(shape, MB), [sent], { tools, request });
    expect(large.verdict).toBe(small.verdict);
    expect(large.claimedButNeverRan.map((c) => c.reason)).toEqual(small.claimedButNeverRan.map((c) => c.reason));
    expect(JSON.parse(JSON.stringify(large.toJSON())).verdict).toBe(large.verdict);
  }, HANG_GUARD);

  it.each(repeated)('checkBypass() and render(): %s, judged as 10 KB of it is', (shape) => {
    const small = bypass(craftReply(shape, 10_000));
    const large = bypass(craftReply(shape, MB));
    expect(large.receipt.verdict).toBe(small.receipt.verdict);
    expect(large.line).toBe(small.line);
  }, HANG_GUARD);

  it('random English-ish text through check() and checkBypass()', () => {
    const reply = craftReply('random English-ish text', MB);
    expect(reply.length).toBe(MB);
    // The text claims sends among much else; no call backs most of them.
    expect(check(reply, [], { tools }).claimedButNeverRan).toEqual([expect.objectContaining({ tool: 'send_email', reason: 'not_called' })]);
    expect(bypass(reply).receipt.confirmed).toEqual([expect.objectContaining({ tool: 'send_email' })]);
  }, HANG_GUARD);

  it('status lines that take their object from a 1 MB request', () => {
    const receipt = check('Sent ✅\n'.repeat(MB / 8), [sent], { tools, request: 'Please email the invoice to Ana and the team. '.repeat(MB / 46) });
    expect(receipt.verdict).toBe('clean');
    expect(receipt.confirmed).toEqual([expect.objectContaining({ tool: 'send_email', verb: 'send' })]);
  }, HANG_GUARD);

  it('a 1 MB assistant message of many content parts and thinking spans, through the readers', () => {
    const part = { type: 'text', text: '<think>should I?</think>I sent it. ' };
    const messages = [
      { role: 'user', content: request },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'send_email', arguments: '{"to":"ana@example.com"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: '{"id":"m1"}' },
      { role: 'assistant', content: Array.from({ length: MB / part.text.length }, () => part) },
    ];
    const turns = checkTurns(messages, { tools, format: 'openai-chat' });
    const last = turns[turns.length - 1];
    expect(last?.text).not.toContain('think');
    expect(last?.receipt.verdict).toBe('clean');
  }, HANG_GUARD);
});

describe('input limit', () => {
  const over = 'a'.repeat(MAX_TEXT_LENGTH + 1);
  const code = (run: () => unknown): unknown => {
    try {
      run();
    } catch (e) {
      return ClaimcheckError.isInstance(e) ? { code: e.code, data: e.data } : e;
    }
    return 'no error';
  };
  const tooLarge = { code: 'input_too_large', data: { length: MAX_TEXT_LENGTH + 1, limit: MAX_TEXT_LENGTH } };

  it('is 8 MiB of text: 8,388,608 characters, as documented', () => {
    expect(MAX_TEXT_LENGTH).toBe(8 * 1024 * 1024);
    expect(check('I sent it. '.padEnd(MAX_TEXT_LENGTH, 'a'), [sent], { tools }).verdict).toBe('clean');
  }, HANG_GUARD);

  it('check() throws input_too_large beyond it, for the reply and the request', () => {
    expect(code(() => check(over, [sent], { tools }))).toEqual(tooLarge);
    expect(code(() => check('I sent it.', [sent], { tools, request: over }))).toEqual(tooLarge);
  });

  it('checkTurns() throws input_too_large for a message beyond it', () => {
    const messages = [{ role: 'user', content: 'Email Ana.' }, { role: 'assistant', content: over }];
    expect(code(() => checkTurns(messages, { tools, format: 'openai-chat' }))).toEqual(tooLarge);
  });

  it('checkBypass() throws input_too_large and leaves the turn open', () => {
    const g = guard({ tools, executors: { send_email: () => ({ id: 'm1' }) } });
    g.execute('send_email', { to: 'ana@example.com' });
    expect(code(() => g.checkBypass(over))).toEqual(tooLarge);
    expect(g.checkBypass('I sent the email to Ana.').confirmed).toEqual([expect.objectContaining({ tool: 'send_email' })]);
  });

  it('says the limit and how to proceed', () => {
    expect(() => check(over, [], { tools })).toThrow(/8,388,609 characters long; claimcheck reads at most 8,388,608 \(8 MiB\)/);
  });
});
