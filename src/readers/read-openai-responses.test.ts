import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { ClaimcheckError } from '../errors.js';
import { readOpenAIResponses } from './read-openai-responses.js';

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

describe('readOpenAIResponses', () => {
  it('reads a recorded run where the error sits in the output body (Okta errorCode)', () => {
    const { messages, tools } = fixture('openai-responses-okta-error');
    const conversation = readOpenAIResponses(messages, tools);
    expect(conversation.format).toBe('openai-responses');
    expect(conversation.tools).toMatchObject([{ name: 'okta', parameters: { required: ['op', 'login'] } }]);
    expect(conversation.events.map((e) => `${e.index}:${e.kind}`)).toEqual(['1:user', '3:tool', '4:assistant']);
    expect(conversation.events[1]).toMatchObject({ entry: { tool: 'okta', status: 'error', args: { op: 'deactivate', login: 'jwells' } } });
  });

  it('reads a retry: first output a timeout, second a success', () => {
    const { messages, tools } = fixture('openai-responses-retry');
    const entries = readOpenAIResponses(messages, tools).events.flatMap((e) => (e.kind === 'tool' ? [e.entry] : []));
    expect(entries.map((e) => [e.tool, e.status, e.error])).toEqual([
      ['restart_service', 'error', 'timeout waiting for pod readiness (120s)'],
      ['restart_service', 'ok', null],
    ]);
    expect(entries[1]?.result).toEqual({ restarted: 6, healthy: 6 });
  });

  it('reads typeless messages, reasoning, custom tools, MCP calls, hosted tools and unanswered calls', () => {
    const events = readOpenAIResponses([
      { role: 'developer', content: 'rules' },
      { role: 'user', content: 'lock the door and patch the config' },
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'I should lock it' }] },
      { type: 'web_search_call', id: 'ws_1', status: 'completed' },
      { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'lock_door', arguments: '{"door":"front"}', status: 'completed' },
      { type: 'custom_tool_call', call_id: 'call_2', name: 'apply_patch', input: '*** Begin Patch' },
      { type: 'mcp_call', id: 'mcp_1', server_label: 'notion', name: 'append', arguments: '{}', output: null, error: 'page not found' },
      { type: 'function_call_output', call_id: 'call_1', output: [{ type: 'input_text', text: '{"ok": false, "error": "LockJammed"}' }] },
      { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: '<thinking>x</thinking>The door is jammed.', annotations: [] }] },
    ]).events;
    expect(events.map((e) => (e.kind === 'tool' ? `${e.index}:${e.entry.tool}:${e.entry.status}:${e.entry.error}` : `${e.index}:${e.kind}:${e.text}`))).toEqual([
      '1:user:lock the door and patch the config',
      '5:apply_patch:error:no result: the call was never answered',
      '6:append:error:page not found',
      '7:lock_door:error:LockJammed',
      '8:assistant:The door is jammed.',
    ]);
  });

  it('reads SDK output items as plain data', () => {
    class ResponseOutputMessage {
      readonly type = 'message';
      readonly id = 'msg_1';
      readonly status = 'completed';
      readonly role = 'assistant';
      readonly content = [{ type: 'output_text', text: 'Done.', annotations: [], logprobs: [] }];
    }
    expect(readOpenAIResponses([new ResponseOutputMessage()]).events).toEqual([{ kind: 'assistant', index: 0, text: 'Done.' }]);
  });

  it('takes a status of error on an output as a marked failure', () => {
    const events = readOpenAIResponses([
      { type: 'function_call', call_id: 'c', name: 'send', arguments: '{}' },
      { type: 'function_call_output', call_id: 'c', output: 'mail server down', status: 'error' },
    ]).events;
    expect(events).toMatchObject([{ kind: 'tool', index: 1, entry: { status: 'error', error: 'mail server down' } }]);
  });

  it.each([
    ['a non-array', 'hello', null, 'items is the string "hello"; expected an array of OpenAI Responses items.'],
    ['an item that is not an object', [7], 0, 'items[0] is a number; expected an object.'],
    ['an item with neither type nor role', [{ content: 'hi' }], 0, 'expected a Responses item with a `type`'],
    ['an unknown item type', [{ type: 'hologram_call', id: 'h' }], 0, 'items[0] is an object of type "hologram_call" with keys type, id; unknown Responses item type "hologram_call".'],
    ['an unknown role', [{ type: 'message', role: 'tool', content: 'x' }], 0, 'expected a message `role` of user, assistant, system or developer'],
    ['a call without call_id', [{ type: 'function_call', name: 'f', arguments: '{}' }], 0, 'items[0].call_id is undefined; expected a non-empty string.'],
    ['an output that answers no call', [{ type: 'function_call_output', call_id: 'call_x', output: 'ok' }], 0, 'tool result at items[0] answers call id call_x, which no earlier assistant tool call made.'],
    ['an unknown content part', [{ role: 'user', content: [{ type: 'input_video' }] }], 0, 'unknown content part type "input_video"'],
  ])('rejects %s', (_name, items, index, message) => {
    const error = unreadable(() => readOpenAIResponses(items));
    expect(error.message).toContain(message);
    expect(error.data).toMatchObject({ index, shape: expect.any(String) });
  });
});
