import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { ClaimcheckError } from '../errors.js';
import { readAnthropic } from './read-anthropic.js';

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

const toolsOf = (messages: unknown[], tools?: unknown) =>
  readAnthropic(messages, tools).events.flatMap((e) => (e.kind === 'tool' ? [{ index: e.index, ...e.entry }] : []));

describe('readAnthropic', () => {
  it('reads is_error results and text-block result content', () => {
    const { messages, tools } = fixture('anthropic-content-blocks');
    const conversation = readAnthropic(messages, tools);
    expect(conversation.format).toBe('anthropic');
    expect(conversation.tools.map((t) => t.name)).toEqual(['update_rows', 'insert_row']);
    expect(toolsOf(messages, tools).map((e) => [e.index, e.tool, e.status, e.error, e.result])).toEqual([
      [2, 'update_rows', 'error', 'deadlock detected; transaction rolled back. Retry.', undefined],
      [4, 'update_rows', 'ok', null, { rows_affected: 1 }],
      [4, 'insert_row', 'ok', null, { inserted_id: 88410 }],
    ]);
    expect(conversation.events.map((e) => e.kind)).toEqual(['user', 'tool', 'tool', 'tool', 'assistant']);
  });

  it('fails a call whose body says status error although is_error is absent (corpus report 17)', () => {
    const { messages, tools } = fixture('anthropic-status-error-body');
    expect(toolsOf(messages, tools)).toMatchObject([{ tool: 'emit_signal', status: 'error', callId: 'toolu_31' }]);
  });

  it('reads a conversation whose second call is marked is_error', () => {
    const { messages, tools } = fixture('anthropic-is-error');
    expect(toolsOf(messages, tools).map((e) => [e.index, e.tool, e.status])).toEqual([[2, 'list_events', 'ok'], [4, 'update_event', 'error']]);
    expect(toolsOf(messages, tools)[1]?.error).toMatch(/^Conflict: attendee leah.kim/);
  });

  it('drops thinking, joins cited text, skips server tools, and settles results before user text', () => {
    const events = readAnthropic([
      { role: 'user', content: 'what does the doc say, then email Sam' },
      { role: 'assistant', content: [
        { type: 'thinking', thinking: 'search first', signature: 'sig' },
        { type: 'redacted_thinking', data: 'xx' },
        { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'doc' } },
        { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [] },
        { type: 'text', text: 'The doc says ', citations: null },
        { type: 'text', text: 'the sky is blue', citations: [{ type: 'char_location', cited_text: 'blue' }] },
        { type: 'text', text: '.' },
        { type: 'tool_use', id: 'toolu_1', name: 'send_email', input: { to: 'sam@example.com' } },
      ] },
      { role: 'user', content: [
        { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: '{"id": "m1"}' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: '' } }] },
        { type: 'text', text: 'thanks' },
      ] },
      { role: 'assistant', content: [{ type: 'thinking', thinking: 'nothing to say' }] },
    ]).events;
    expect(events).toEqual([
      { kind: 'user', index: 0, text: 'what does the doc say, then email Sam' },
      { kind: 'assistant', index: 1, text: 'The doc says the sky is blue.' },
      { kind: 'tool', index: 2, entry: { tool: 'send_email', status: 'ok', args: { to: 'sam@example.com' }, result: { id: 'm1' }, error: null, callId: 'toolu_1', startedAt: null, endedAt: null } },
      { kind: 'user', index: 2, text: 'thanks' },
    ]);
  });

  it('places an unanswered tool_use after its message text, and reads MCP connector blocks', () => {
    const events = readAnthropic([
      { role: 'assistant', content: [
        { type: 'text', text: 'Booking now.' },
        { type: 'tool_use', id: 't1', name: 'book', input: {} },
        { type: 'mcp_tool_use', id: 'm1', name: 'notion_append', server_name: 'notion', input: { page: 'x' } },
        { type: 'mcp_tool_result', tool_use_id: 'm1', is_error: true, content: [{ type: 'text', text: 'page not found' }] },
      ] },
      { role: 'user', content: 'ok?' },
    ]).events;
    expect(events.map((e) => (e.kind === 'tool' ? `${e.index}:${e.entry.tool}:${e.entry.error}` : `${e.index}:${e.kind}`))).toEqual([
      '0:assistant', '0:notion_append:page not found', '0:book:no result: the call was never answered', '1:user',
    ]);
  });

  it('reads SDK content blocks with extra fields', () => {
    class TextBlock {
      readonly type = 'text';
      readonly citations = null;
      constructor(readonly text: string) {}
    }
    const message = { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude', stop_reason: 'end_turn', content: [new TextBlock('Refund issued.')] };
    expect(readAnthropic([message]).events).toEqual([{ kind: 'assistant', index: 0, text: 'Refund issued.' }]);
  });

  it.each([
    ['a non-array', null, null, 'messages is null; expected an array of Anthropic messages.'],
    ['a message that is not an object', [[1]], 0, 'messages[0] is an array of 1; expected an object.'],
    ['a missing role', [{ content: 'x' }], 0, 'expected a `role` of user or assistant'],
    ['a tool role', [{ role: 'tool', content: 'x' }], 0, 'expected a `role` of user or assistant'],
    ['content of a wrong type', [{ role: 'user', content: { text: 'x' } }], 0, 'messages[0].content is an object with keys text; expected a string or an array of content blocks.'],
    ['an unknown block type', [{ role: 'assistant', content: [{ type: 'text', text: 'a' }, { type: 'hologram', data: 1 }] }], 0, 'messages[0].content[1] is an object of type "hologram" with keys type, data; unknown Anthropic content block type "hologram".'],
    ['a block without a type', [{ role: 'user', content: [{ text: 'a' }] }], 0, 'expected a content block with a string `type`'],
    ['a tool_use without an id', [{ role: 'assistant', content: [{ type: 'tool_use', name: 'f', input: {} }] }], 0, 'messages[0].content[0].id is undefined'],
    ['a result that answers no call', [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_9', content: 'ok' }] }], 0, 'tool result at messages[0] answers call id toolu_9, which no earlier assistant tool call made.'],
    ['a text block without text', [{ role: 'user', content: [{ type: 'text' }] }], 0, 'messages[0].content[0].text is undefined; expected a string.'],
  ])('rejects %s', (_name, messages, index, message) => {
    const error = unreadable(() => readAnthropic(messages));
    expect(error.message).toContain(message);
    expect(error.data).toMatchObject({ index, shape: expect.any(String) });
  });
});
