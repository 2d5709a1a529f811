/**
 * The public checking API: `check` (one reply against a ledger), `checkTurns` (every turn of a
 * conversation, with the window rule of the corpus README) and `checkMessages` (the last turn).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check, checkMessages, checkTurns, turnReceiptToJSON } from './check.js';
import { ClaimcheckError } from './errors.js';
import { Ledger, type LedgerEntry } from './ledger.js';

function entry(tool: string, status: 'ok' | 'error' = 'ok', args: unknown = {}): LedgerEntry {
  return { tool, status, args, result: status === 'ok' ? { ok: true } : null, error: status === 'ok' ? null : 'timeout', callId: null, startedAt: null, endedAt: null };
}

const tools = [
  { name: 'send_email', description: 'Send an email to a recipient.' },
  { name: 'lookup_order', description: 'Look up an order by its number.' },
  { name: 'issue_refund', description: 'Refund a payment on an order.' },
];

/** Transcript lines. */
const user = (content: string) => ({ role: 'user', content });
const assistant = (content: string) => ({ role: 'assistant', content });
const tool = (name: string, status: 'ok' | 'error' = 'ok', args: Record<string, unknown> = {}) =>
  status === 'ok' ? { tool: name, status, args, result: { ok: true } } : { tool: name, status, args, error: 'timeout' };

const verdicts = (messages: unknown[]) => checkTurns(messages, { tools }).map((t) => t.receipt.verdict);

describe('check', () => {
  it('confirms a claim backed by a successful call', () => {
    const r = check("I've emailed Dana the invoice.", [entry('send_email')], { tools });
    expect(r.verdict).toBe('clean');
    expect(r.confirmed).toEqual([expect.objectContaining({ tool: 'send_email', verb: 'email', source: 'rules' })]);
  });

  it.each([
    ['not_called', []],
    ['tool_failed', [entry('send_email', 'error'), entry('send_email', 'error')]],
  ] as const)('flags %s', (reason, ledger) => {
    const r = check("I've emailed Dana the invoice.", ledger, { tools });
    expect(r.claimedButNeverRan).toEqual([expect.objectContaining({ tool: 'send_email', reason })]);
  });

  it('one successful call among failed ones backs the claim', () => {
    expect(check("I've emailed Dana the invoice.", [entry('send_email', 'error'), entry('send_email')], { tools }).verdict).toBe('clean');
  });

  it('accepts a Ledger and defaults the tools to the ones it names', () => {
    const ledger = new Ledger({}, [entry('send_email')]);
    expect(check("I've emailed Dana the invoice.", ledger).confirmed).toHaveLength(1);
  });

  it('lists successful calls the reply never mentions, not failed ones', () => {
    const r = check("I've emailed Dana the invoice.", [entry('send_email'), entry('lookup_order'), entry('issue_refund', 'error')], { tools });
    expect(r.verdict).toBe('unreported');
    expect(r.ranButUnreported.map((e) => e.tool)).toEqual(['lookup_order']);
  });

  it('ignoreTools keeps tools out of ranButUnreported', () => {
    const r = check("I've emailed Dana the invoice.", [entry('send_email'), entry('lookup_order')], { tools, ignoreTools: ['lookup_order'] });
    expect(r.verdict).toBe('clean');
  });

  it('collapses repeated claims about one tool', () => {
    const reply = "I've emailed Dana the invoice. The email was sent to her work address.\n\n✅ Email sent";
    expect(check(reply, [entry('send_email')], { tools }).confirmed).toHaveLength(1);
    expect(check(reply, [], { tools }).claimedButNeverRan).toHaveLength(1);
  });

  it('checkArgs: false confirms a claim whose amount the call contradicts', () => {
    const reply = 'Your refund of $64 has been issued.';
    const ledger = [entry('issue_refund', 'ok', { amount: 46 })];
    expect(check(reply, ledger, { tools }).claimedButNeverRan).toEqual([expect.objectContaining({ reason: 'args_mismatch' })]);
    expect(check(reply, ledger, { tools, checkArgs: false }).verdict).toBe('clean');
  });

  it('a terse reply takes its action from the request', () => {
    expect(check('Done — sent.', [], { tools, request: 'Please email the agenda to the team.' }).claimedButNeverRan).toEqual([
      expect.objectContaining({ tool: 'send_email', reason: 'not_called' }),
    ]);
    expect(check('Done.', [], { tools }).verdict).toBe('clean');
    expect(check('Done.', [], { tools, request: 'Please refund order 4821.' }).claimedButNeverRan).toEqual([
      expect.objectContaining({ tool: 'issue_refund', reason: 'not_called' }),
    ]);
  });

  it('reads each tool list with its own parameters, also after a tool of the same name and description', () => {
    const priority = (values: string[]) => [{ name: 'set_priority', description: 'Set the priority of a ticket.', parameters: { type: 'object', properties: { priority: { type: 'string', enum: values } } } }];
    const ledger = [entry('set_priority', 'ok', { priority: 'low' })];
    expect(check("I've set the priority to high.", ledger, { tools: priority(['low', 'high']) }).claimedButNeverRan[0]?.reason).toBe('args_mismatch');
    // The second list's enum knows "urgent": the stated value contradicts the call's "low".
    expect(check("I've set the priority to urgent.", ledger, { tools: priority(['low', 'urgent']) }).claimedButNeverRan[0]?.reason).toBe('args_mismatch');
  });

  it('throws invalid_tool for a tool it cannot read', () => {
    expect(() => check('Sent.', [], { tools: [42] })).toThrow(expect.objectContaining({ code: 'invalid_tool' }));
  });
});

describe('checkTurns', () => {
  it('returns one receipt per assistant message with text, numbered from 1', () => {
    const turns = checkTurns([user('Where is order 4821?'), tool('lookup_order'), assistant('I looked up order 4821: it ships Monday.'), user('Thanks!'), assistant('Anytime.')], { tools });
    expect(turns.map((t) => [t.turn, t.messageIndex, t.text, t.receipt.verdict])).toEqual([
      [1, 2, 'I looked up order 4821: it ships Monday.', 'clean'],
      [2, 4, 'Anytime.', 'clean'],
    ]);
  });

  it('a call later in the same turn, before the next user message, backs the claim', () => {
    expect(verdicts([user('Email Dana the invoice.'), assistant("I've emailed Dana the invoice."), tool('send_email'), user('Thanks')])).toEqual(['clean']);
  });

  it('a call that lands after the next user message never backs the earlier claim', () => {
    const messages = [user('Email Dana the invoice.'), assistant("I've emailed Dana the invoice."), user('Did it go out?'), tool('send_email'), assistant('Yes, the email was sent.')];
    const [first, second] = checkTurns(messages, { tools });
    expect(first?.receipt.claimedButNeverRan).toEqual([expect.objectContaining({ tool: 'send_email', reason: 'not_called' })]);
    expect(second?.receipt.verdict).toBe('clean');
  });

  it('a call that lands after the next assistant text never backs the earlier claim', () => {
    const messages = [user('Email Dana the invoice.'), assistant("I've emailed Dana the invoice."), assistant('Anything else?'), tool('send_email')];
    expect(verdicts(messages)).toEqual(['fabricated', 'unreported']);
  });

  it('a failed call later in the turn makes the claim tool_failed', () => {
    const [turn] = checkTurns([user('Email Dana.'), assistant("I've emailed Dana."), tool('send_email', 'error')], { tools });
    expect(turn?.receipt.claimedButNeverRan).toEqual([expect.objectContaining({ reason: 'tool_failed' })]);
  });

  it('an earlier call backs a restatement in a later turn, and is not unreported again', () => {
    const messages = [
      user('Email Dana the invoice.'),
      tool('send_email'),
      assistant("I've emailed Dana the invoice."),
      user('Can you confirm?'),
      assistant('Yes, the invoice email was sent to Dana earlier today.'),
    ];
    const turns = checkTurns(messages, { tools });
    expect(turns[1]?.receipt.confirmed).toEqual([expect.objectContaining({ tool: 'send_email' })]);
    expect(turns[1]?.receipt.ranButUnreported).toEqual([]);
  });

  it("ranButUnreported covers only the turn's own stretch", () => {
    const messages = [
      user('Where is order 4821?'),
      tool('lookup_order'),
      assistant('It ships Monday.'),
      user('And please email me the tracking link.'),
      tool('send_email'),
      assistant("I've emailed you the tracking link."),
      tool('lookup_order'),
      user('Thanks'),
    ];
    const turns = checkTurns(messages, { tools });
    expect(turns.map((t) => t.receipt.ranButUnreported.length)).toEqual([1, 1]);
    expect(turns[1]?.receipt.ranButUnreported[0]?.tool).toBe('lookup_order');
  });

  it('thinking is neither a claim nor a turn', () => {
    const messages = [user('Email Dana.'), assistant('<thinking>I have emailed Dana.</thinking>'), assistant('<thinking>I sent it.</thinking>Let me check first.')];
    const turns = checkTurns(messages, { tools });
    expect(turns.map((t) => [t.turn, t.text.trim(), t.receipt.verdict])).toEqual([[1, 'Let me check first.', 'clean']]);
  });

  it('ignoreTools and checkArgs apply to every turn', () => {
    const messages = [user('Refund order 4821.'), tool('lookup_order'), tool('issue_refund', 'ok', { amount: 46 }), assistant('Your refund of $64 has been issued.')];
    expect(verdicts(messages)).toEqual(['fabricated']);
    const turns = checkTurns(messages, { tools, checkArgs: false, ignoreTools: ['lookup_order'] });
    expect(turns.map((t) => t.receipt.verdict)).toEqual(['clean']);
  });

  it('throws unknown_format for a format it does not know', () => {
    let error: unknown;
    try {
      checkTurns([user('hi')], { format: 'slack' as 'transcript' });
    } catch (e) {
      error = e;
    }
    expect(ClaimcheckError.isInstance(error) && error.code).toBe('unknown_format');
  });
});

describe('checkMessages', () => {
  it('equals the last turn of checkTurns', () => {
    const messages = [user('Email Dana.'), assistant("I've emailed Dana."), tool('send_email'), user('And refund order 4821.'), assistant('Your refund has been issued.')];
    const turns = checkTurns(messages, { tools });
    expect(checkMessages(messages, { tools }).toJSON()).toEqual(turns[turns.length - 1]?.receipt.toJSON());
    expect(checkMessages(messages, { tools }).verdict).toBe('fabricated');
  });

  it('with no assistant text, lists the successful calls after the last user message', () => {
    const r = checkMessages([user('Look up 4821.'), tool('lookup_order'), user('And 4822?'), tool('lookup_order'), tool('send_email', 'error')], { tools });
    expect(r.verdict).toBe('unreported');
    expect(r.ranButUnreported).toHaveLength(1);
    expect(r.confirmed).toEqual([]);
  });
});

describe('appending messages never changes an earlier turn', () => {
  const userTexts = ['Please email Dana the invoice.', 'Refund order 4821, $64.', 'Where is my order?', 'Thanks!', 'Did it go out?', 'Cancel that.'];
  const assistantTexts = [
    "I've emailed Dana the invoice.",
    'Your refund of $64 has been issued.',
    'I looked up order 4821: it ships Monday.',
    "I'll send it shortly.",
    'Done — sent.',
    'Shall I refund it?',
    'I tried to send it, but the mail server timed out.',
    '✅ Email sent\n✅ Refund issued',
    'Here is a draft:\n\nHi Dana, I have sent the invoice.',
    'Your order is on its way.',
    '<thinking>I sent it.</thinking>Checking now.',
  ];
  const line = fc.oneof(
    fc.constantFrom(...userTexts).map(user),
    fc.constantFrom(...assistantTexts).map(assistant),
    fc
      .record({ name: fc.constantFrom('send_email', 'lookup_order', 'issue_refund', 'tag_order'), ok: fc.boolean(), amount: fc.constantFrom(undefined, 46, 64) })
      .map(({ name, ok, amount }) => tool(name, ok ? 'ok' : 'error', amount === undefined ? {} : { amount })),
  );
  // An empty conversation has no turns (checkTurns throws empty_conversation for it).
  const json = (messages: unknown[]) => (messages.length === 0 ? [] : checkTurns(messages, { tools }).map(turnReceiptToJSON));

  it('for random conversations and any further messages', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.array(line, { minLength: 1, maxLength: 6 }), (prefix, suffix) => {
        const before = json(prefix);
        const after = json([...prefix, ...suffix]);
        // A turn is settled once a user or assistant message follows it; until then, calls that settle
        // right after it still land in its window and may back its claims.
        const lastText = prefix.findLastIndex((m) => 'role' in m);
        const open = lastText !== -1 && (prefix[lastText] as { role: string }).role === 'assistant';
        const settled = open && !('role' in (suffix[0] as object)) ? before.length - 1 : before.length;
        expect(after.slice(0, settled)).toEqual(before.slice(0, settled));
      }),
      { numRuns: 300 },
    );
  });
});
