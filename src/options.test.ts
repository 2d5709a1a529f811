// The public functions on wrong arguments: a misspelled option, a wrong type, an empty conversation.
// Each is a ClaimcheckError with a stable code and a message that says what, where and how to fix.
import { describe, expect, it } from 'vitest';
import { check, checkMessages, checkTurns } from './check.js';
import { checkTurnsAsync } from './check-async.js';
import { guard } from './action/guard.js';
import { ClaimcheckError } from './errors.js';

function thrown(fn: () => unknown): ClaimcheckError {
  try {
    fn();
  } catch (error) {
    if (ClaimcheckError.isInstance(error)) return error;
    throw new Error(`threw something other than a ClaimcheckError: ${String(error)}`);
  }
  throw new Error('did not throw');
}

const msgs = [
  { role: 'user', content: 'Email Dana the invoice.' },
  { role: 'assistant', content: "I've emailed Dana the invoice." },
];

describe('unknown option keys', () => {
  it('checkMessages({ tool }) names the key and suggests tools', () => {
    const error = thrown(() => checkMessages(msgs, { tool: ['send_email'] } as never));
    expect(error.code).toBe('invalid_options');
    expect(error.message).toBe('checkMessages(messages, options): unknown option "tool". Did you mean "tools"? The options are "tools", "ignoreTools", "checkArgs", "strict", "format".');
    expect(error.data).toEqual({ option: 'tool', suggestion: 'tools' });
  });

  it('check, checkTurns, guard and checkBypass too', () => {
    expect(thrown(() => check('Sent.', [], { ignoreTool: ['think'] } as never)).message).toContain('unknown option "ignoreTool". Did you mean "ignoreTools"?');
    expect(thrown(() => checkTurns(msgs, { formt: 'auto' } as never)).message).toContain('Did you mean "format"?');
    expect(thrown(() => guard({ tools: ['send_email'], executor: {} } as never)).message).toContain('guard(options): unknown option "executor". Did you mean "executors"?');
    const g = guard({ tools: ['send_email'], executors: { send_email: () => ({ id: 'm1' }) } });
    expect(thrown(() => g.checkBypass('Sent.', { calledTool: ['send_email'] } as never)).message).toContain('Did you mean "calledTools"?');
    // Far from every option: no guess, the list.
    expect(thrown(() => check('Sent.', [], { zzzzzzzz: 1 } as never)).message).toBe('check(reply, ledger, options): unknown option "zzzzzzzz". The options are "tools", "ignoreTools", "checkArgs", "strict", "request".');
  });
});

describe('wrong argument types', () => {
  it("check('I emailed you', 'nope') is invalid_input saying what the ledger must be", () => {
    const error = thrown(() => check('I emailed you', 'nope' as never));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/^check\(reply, ledger, options\): ledger must be a Ledger \(guard\.ledger\) or an array of entries such as \[\{ tool: 'send_email'.*got a string \("nope"\)\.$/);
  });

  it('a reply that is not text, a ledger entry without a tool, options of the wrong type', () => {
    expect(thrown(() => check(42 as never, [])).message).toBe('check(reply, ledger, options): reply must be the reply text as a string, got a number (42).');
    expect(thrown(() => check('Sent.', [null] as never)).message).toContain('ledger[0] must be an entry');
    expect(thrown(() => check('Sent.', [], 'tools' as never)).code).toBe('invalid_options');
    expect(thrown(() => checkMessages(msgs, { ignoreTools: 'think' as never })).message).toContain("option ignoreTools must be a list of tool names, e.g. ['think'], got a string");
    expect(thrown(() => check('Sent.', [], { checkArgs: 'no' as never })).code).toBe('invalid_options');
  });
});

describe('an empty conversation', () => {
  it('checkMessages and checkTurns say there is nothing to check, as the CLI does', () => {
    for (const input of [[], { messages: [] }]) {
      expect(thrown(() => checkMessages(input)).code).toBe('empty_conversation');
      expect(thrown(() => checkTurns(input)).message).toContain('holds no messages, so there is nothing to check');
    }
    // A conversation with messages but no assistant text is not empty: its receipt has no claims.
    expect(checkMessages([{ role: 'user', content: 'Hi' }]).verdict).toBe('clean');
  });

  it('checkTurnsAsync says so too, and checks its options as checkTurns does', async () => {
    await expect(checkTurnsAsync([])).rejects.toMatchObject({ code: 'empty_conversation' });
    await expect(checkTurnsAsync([{ role: 'user', content: 'Hi' }], { tool: [] } as never)).rejects.toMatchObject({ code: 'invalid_options' });
    expect(await checkTurnsAsync([{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello.' }])).toHaveLength(1);
  });
});
