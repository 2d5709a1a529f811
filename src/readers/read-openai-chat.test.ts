import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { ClaimcheckError } from '../errors.js';
import { readOpenAIChat } from './read-openai-chat.js';

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

describe('readOpenAIChat', () => {
  it('reads a recorded conversation with a failure reported only in the body', () => {
    const { messages, tools } = fixture('openai-chat-validation-failed');
    const conversation = readOpenAIChat(messages, tools);
    expect(conversation.format).toBe('openai-chat');
    expect(conversation.tools.map((t) => t.name)).toEqual(['add_comment', 'add_labels']);
    expect(conversation.events.map((e) => `${e.index}:${e.kind}`)).toEqual(['1:user', '3:tool', '4:assistant', '5:user', '7:tool', '8:assistant']);
    const [, comment, , , labels] = conversation.events;
    expect(comment).toMatchObject({ kind: 'tool', entry: { tool: 'add_comment', status: 'ok', callId: expect.any(String), error: null } });
    expect(labels).toMatchObject({ kind: 'tool', entry: { tool: 'add_labels', status: 'error', args: { labels: ['backlog'] } } });
    if (labels?.kind === 'tool') expect(labels.entry.error).toContain('Validation Failed');
  });

  it('keeps a successful read whose text contains ERROR lines', () => {
    const { messages, tools } = fixture('openai-chat-error-in-log');
    const entries = readOpenAIChat(messages, tools).events.flatMap((e) => (e.kind === 'tool' ? [e.entry] : []));
    expect(entries.map((e) => [e.tool, e.status])).toEqual([['read_file', 'ok'], ['restart_worker', 'ok']]);
    expect(entries[0]?.result).toMatch(/^09:14:02 ERROR: connection refused/);
    expect(entries[1]?.result).toEqual({ restarted: true });
  });

  it('gives the assistant text of a message with text and tool calls, then settles its calls later', () => {
    const conversation = readOpenAIChat([
      { role: 'user', content: [{ type: 'text', text: 'refund 4821' }, { type: 'image_url', image_url: { url: 'x' } }] },
      { role: 'assistant', content: '<thinking>check first</thinking>Looking that up now.', tool_calls: [
        { id: 'c1', type: 'function', function: { name: 'lookup', arguments: '{"order": 4821}' } },
        { id: 'c2', type: 'function', function: { name: 'refund', arguments: '{"order": 48' } },
        { id: 'c3', type: 'custom', custom: { name: 'apply_patch', input: '*** Begin Patch' } },
      ] },
      { role: 'tool', tool_call_id: 'c2', content: [{ type: 'text', text: 'Error: gateway timeout' }] },
      { role: 'tool', tool_call_id: 'c1', content: '{"order": 4821, "total": 54.2}' },
      { role: 'assistant', content: null, refusal: 'I cannot help with that.' },
    ]);
    expect(conversation.events).toEqual([
      { kind: 'user', index: 0, text: 'refund 4821' },
      { kind: 'assistant', index: 1, text: 'Looking that up now.' },
      { kind: 'tool', index: 1, entry: { tool: 'apply_patch', status: 'error', args: '*** Begin Patch', result: undefined, error: 'no result: the call was never answered', callId: 'c3', startedAt: null, endedAt: null } },
      { kind: 'tool', index: 2, entry: { tool: 'refund', status: 'error', args: '{"order": 48', result: undefined, error: 'Error: gateway timeout', callId: 'c2', startedAt: null, endedAt: null } },
      { kind: 'tool', index: 3, entry: { tool: 'lookup', status: 'ok', args: { order: 4821 }, result: { order: 4821, total: 54.2 }, error: null, callId: 'c1', startedAt: null, endedAt: null } },
      { kind: 'assistant', index: 4, text: 'I cannot help with that.' },
    ]);
  });

  it('matches reused call ids in order (tau-bench recordings reuse them)', () => {
    const call = (args: string) => ({ role: 'assistant', content: null, tool_calls: [{ id: 'same', type: 'function', function: { name: 'search', arguments: args } }] });
    const events = readOpenAIChat([call('{"q":1}'), { role: 'tool', tool_call_id: 'same', content: 'one' }, call('{"q":2}'), { role: 'tool', tool_call_id: 'same', content: 'two' }]).events;
    expect(events.map((e) => (e.kind === 'tool' ? [e.entry.args, e.entry.result] : null))).toEqual([[{ q: 1 }, 'one'], [{ q: 2 }, 'two']]);
  });

  it('reads SDK message objects with extra fields and getters', () => {
    class ChatCompletionMessage {
      readonly role = 'assistant';
      readonly refusal = null;
      readonly annotations = [];
      readonly audio = null;
      get content() {
        return 'Sent ✅';
      }
    }
    expect(readOpenAIChat([new ChatCompletionMessage()]).events).toEqual([{ kind: 'assistant', index: 0, text: 'Sent ✅' }]);
  });

  it('uses the legacy name of a tool result that answers no call', () => {
    const events = readOpenAIChat([{ role: 'tool', tool_call_id: 'gone', name: 'lookup', content: '{"ok": true}' }]).events;
    expect(events).toMatchObject([{ kind: 'tool', index: 0, entry: { tool: 'lookup', status: 'ok', args: undefined, callId: 'gone' } }]);
  });

  it('skips system and developer messages, and assistant messages with only calls or only thinking', () => {
    const events = readOpenAIChat([
      { role: 'system', content: 'be nice' },
      { role: 'developer', content: [{ type: 'text', text: 'rules' }] },
      { role: 'assistant', content: '<thinking>hmm</thinking>  ' },
      { role: 'assistant', content: '', tool_calls: [] },
    ]).events;
    expect(events).toEqual([]);
  });

  it.each([
    ['a non-array', { role: 'user' }, null, 'messages is an object with role "user" with keys role; expected an array'],
    ['a non-object message', ['hi'], 0, 'messages[0] is the string "hi"; expected an object.'],
    ['a missing role', [{ content: 'hi' }], 0, 'messages[0] is an object with keys content; expected a `role`'],
    ['an unknown role', [{ role: 'bot', content: 'hi' }], 0, 'expected a `role` of system, developer, user, assistant or tool'],
    ['a transcript tool entry with a role', [{ role: 'user', content: 'refund it' }, { role: 'tool', tool: 'issue_refund', status: 'ok', result: {} }], 1, 'For a transcript tool entry {tool, status, args, result}, leave "role" out.'],
    ['a LangChain role', [{ role: 'human', content: 'hi' }], 0, '"human" is LangChain\'s name for role "user": write "user", or check LangChain messages with checkLangChainMessages from claimcheck/langchain.'],
    ['a legacy function_call', [{ role: 'user', content: 'x' }, { role: 'assistant', content: null, function_call: { name: 'f', arguments: '{}' } }], 1, 'legacy function_call is not supported: use tool_calls'],
    ['a legacy function message', [{ role: 'function', name: 'f', content: '{}' }], 0, 'legacy role "function" messages are not supported'],
    ['a result that answers no call', [{ role: 'user', content: 'x' }, { role: 'tool', tool_call_id: 'call_9', content: 'ok' }], 1, 'tool result at messages[1] answers call id call_9, which no earlier assistant tool call made.'],
    ['a second answer to one call', [{ role: 'assistant', tool_calls: [{ id: 'a', type: 'function', function: { name: 'f', arguments: '{}' } }] }, { role: 'tool', tool_call_id: 'a', content: '1' }, { role: 'tool', tool_call_id: 'a', content: '2' }], 2, 'whose call was already answered at messages[1]'],
    ['tool_calls that is not an array', [{ role: 'assistant', tool_calls: { id: 'a' } }], 0, 'messages[0].tool_calls is an object with keys id; expected an array'],
    ['a call without a name', [{ role: 'assistant', tool_calls: [{ id: 'a', type: 'function', function: { arguments: '{}' } }] }], 0, 'messages[0].tool_calls[0].function.name is undefined'],
    ['a call of an unknown type', [{ role: 'assistant', tool_calls: [{ id: 'a', type: 'mystery' }] }], 0, 'expected a tool call of type "function" or "custom"'],
    ['content of a wrong type', [{ role: 'user', content: 42 }], 0, 'messages[0].content is a number; expected a string or an array of content parts.'],
    ['an unknown content part', [{ role: 'user', content: [{ type: 'video', url: 'x' }] }], 0, 'messages[0].content[0] is an object of type "video" with keys type, url; unknown content part type "video"'],
  ])('rejects %s', (_name, messages, index, message) => {
    const error = unreadable(() => readOpenAIChat(messages));
    expect(error.message).toContain(message);
    expect(error.data).toMatchObject({ index, shape: expect.any(String) });
  });
});
