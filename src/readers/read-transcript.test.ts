import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { ClaimcheckError } from '../errors.js';
import { readTranscript } from './read-transcript.js';

interface Fixture { tools: unknown; messages: unknown[] }
const fixture = (name: string): Fixture => JSON.parse(readFileSync(new URL(`./__fixtures__/${name}.json`, import.meta.url), 'utf8')) as Fixture;

function unreadable(run: () => unknown): ClaimcheckError {
  try {
    run();
  } catch (error) {
    if (ClaimcheckError.isInstance(error) && error.code === 'unreadable_messages') return error;
    throw error;
  }
  throw new Error('expected an unreadable_messages error');
}

describe('readTranscript', () => {
  it('reads settled ok entries in place', () => {
    const { messages, tools } = fixture('transcript-ok');
    const conversation = readTranscript(messages, tools);
    expect(conversation.format).toBe('transcript');
    expect(conversation.tools.map((t) => t.name)).toEqual(['create_user', 'add_to_group', 'order_hardware']);
    expect(conversation.events.map((e) => `${e.index}:${e.kind}`)).toEqual(['1:user', '2:tool', '3:tool', '4:tool', '5:assistant']);
    expect(conversation.events[1]).toMatchObject({ entry: { tool: 'create_user', status: 'ok', result: { id: '00u9mpark', status: 'STAGED' }, callId: null } });
  });

  it('reads an error entry with its error text', () => {
    const { messages, tools } = fixture('transcript-error');
    const events = readTranscript(messages, tools).events;
    expect(events[1]).toEqual({
      kind: 'tool', index: 1,
      entry: { tool: 'move_to_trash', status: 'error', args: { path: '/Finance/budget-2025.xlsx' }, result: undefined, error: 'FileLocked: budget-2025.xlsx is open for editing by ines.moreira@holmbergarch.de', callId: null, startedAt: null, endedAt: null },
    });
  });

  it('reads text-part content, string args/results, call ids, timestamps, and body-reported failures', () => {
    const events = readTranscript([
      { role: 'user', content: [{ type: 'text', text: 'send it' }] },
      { tool: 'send_email', status: 'ok', args: '{"to":"a@b.c"}', result: '{"ok": false, "error": "bounced"}', callId: 'c1', startedAt: 1_700_000_000_000, endedAt: '2023-11-14T22:13:21.000Z' },
      { tool: 'lookup', status: 'error', result: { code: 500 } },
      { tool: 'ping', status: 'ok' },
      { role: 'assistant', content: '<thinking>it bounced</thinking>It bounced.' },
    ]).events;
    expect(events.map((e) => (e.kind === 'tool' ? e.entry : e.text))).toEqual([
      'send it',
      { tool: 'send_email', status: 'error', args: { to: 'a@b.c' }, result: undefined, error: 'bounced', callId: 'c1', startedAt: 1_700_000_000_000, endedAt: 1_700_000_001_000 },
      { tool: 'lookup', status: 'error', args: undefined, result: undefined, error: '{"code":500}', callId: null, startedAt: null, endedAt: null },
      { tool: 'ping', status: 'ok', args: undefined, result: undefined, error: null, callId: null, startedAt: null, endedAt: null },
      'It bounced.',
    ]);
  });

  it.each([
    ['a non-array', 'user: hi', null, 'messages is the string "user: hi"; expected an array of transcript messages.'],
    ['a line that is not an object', [true], 0, 'messages[0] is a boolean; expected an object.'],
    ['an unknown role', [{ role: 'tool', content: 'x' }], 0, 'expected a message with `role` user, assistant or system, or a tool entry'],
    ['a line with neither role nor tool', [{ text: 'x' }], 0, 'messages[0] is an object with keys text;'],
    ['an entry without a status', [{ tool: 'send' }], 0, 'messages[0].status is undefined; expected "ok" or "error": "ok" for a call that returned, "error" for one that failed (its text in "error").'],
    ['an entry with another status', [{ tool: 'send', status: 'success' }], 0, 'messages[0].status is the string "success"; expected "ok" or "error": "ok" for a call that returned, "error" for one that failed (its text in "error").'],
    ['an entry with an empty tool name', [{ tool: '', status: 'ok' }], 0, 'messages[0].tool is the string ""; expected a non-empty string.'],
    ['a bad timestamp', [{ tool: 'send', status: 'ok', startedAt: 'yesterday' }], 0, 'messages[0].startedAt is the string "yesterday"; expected epoch milliseconds'],
    ['a non-text content part', [{ role: 'user', content: [{ type: 'image' }] }], 0, 'unknown content part type "image"'],
  ])('rejects %s', (_name, lines, index, message) => {
    const error = unreadable(() => readTranscript(lines));
    expect(error.message).toContain(message);
    expect(error.data).toMatchObject({ index, shape: expect.any(String) });
  });
});
