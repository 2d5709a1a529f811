import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { detectFormat } from './detect-format.js';

interface Fixture { format: string; tools: unknown; messages: unknown[] }
const fixtureNames = [
  'openai-chat-validation-failed', 'openai-chat-error-in-log', 'openai-responses-okta-error', 'openai-responses-retry',
  'anthropic-is-error', 'anthropic-content-blocks', 'anthropic-status-error-body', 'transcript-error', 'transcript-ok', 'transcript-plain',
];
const fixture = (name: string): Fixture => JSON.parse(readFileSync(new URL(`./__fixtures__/${name}.json`, import.meta.url), 'utf8')) as Fixture;

describe('detectFormat', () => {
  it.each(fixtureNames)('detects the recorded format of %s', (name) => {
    const { format, tools, messages } = fixture(name);
    expect(detectFormat(messages, tools)).toBe(format);
  });

  it.each([
    ['Responses item types', [{ role: 'user', content: 'x' }, { type: 'function_call', call_id: 'c', name: 'f', arguments: '{}' }], 'openai-responses'],
    ['Responses reasoning', [{ type: 'reasoning', summary: [] }], 'openai-responses'],
    ['Responses content parts', [{ role: 'user', content: [{ type: 'input_text', text: 'x' }] }], 'openai-responses'],
    ['Anthropic tool blocks', [{ role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'f', input: {} }] }], 'anthropic'],
    ['Anthropic thinking', [{ role: 'assistant', content: [{ type: 'thinking', thinking: '' }, { type: 'text', text: 'hi' }] }], 'anthropic'],
    ['Anthropic SDK messages (type "message" with text blocks and tool_use)', [{ type: 'message', role: 'assistant', content: [{ type: 'text', text: 'a' }, { type: 'tool_use', id: 't', name: 'f', input: {} }] }], 'anthropic'],
    ['a tool role', [{ role: 'user', content: 'x' }, { role: 'tool', tool_call_id: 'c', content: 'ok' }], 'openai-chat'],
    ['tool_calls', [{ role: 'assistant', content: null, tool_calls: [] }], 'openai-chat'],
    ['Chat image parts', [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'u' } }] }], 'openai-chat'],
    ['transcript tool entries', [{ role: 'user', content: 'x' }, { tool: 'send', status: 'ok' }], 'transcript'],
    ['plain role/content lists', [{ role: 'system', content: 's' }, { role: 'user', content: 'x' }, { role: 'assistant', content: 'y' }], 'openai-chat'],
    ['an empty list', [], 'openai-chat'],
    ['garbage entries', [1, 'two', null], 'openai-chat'],
  ])('%s → %s', (_name, messages, format) => {
    expect(detectFormat(messages)).toBe(format);
  });

  it.each([
    [[{ type: 'function', function: { name: 'f' } }], 'openai-chat'],
    [[{ type: 'function', name: 'f', parameters: {} }], 'openai-responses'],
    [[{ name: 'f', description: '', input_schema: {} }], 'anthropic'],
    [['f'], 'transcript'],
    [[{ name: 'f', description: 'd' }], 'transcript'],
    [[{ type: 'web_search' }], 'openai-chat'],
    [undefined, 'openai-chat'],
  ])('breaks the tie of a plain list with tools %j → %s', (tools, format) => {
    const plain = [{ role: 'user', content: 'cancel it' }, { role: 'assistant', content: 'Done.' }];
    expect(detectFormat(plain, tools)).toBe(format);
  });

  it('lets message evidence win over the tools', () => {
    expect(detectFormat([{ role: 'tool', tool_call_id: 'c', content: '' }], ['f'])).toBe('openai-chat');
  });

  it('rejects a non-array', () => {
    expect(() => detectFormat({ messages: [] })).toThrow(expect.objectContaining({ code: 'unreadable_messages' }));
  });

  it('says how to pass a whole record {messages, tools} given as the messages', () => {
    expect(() => detectFormat({ messages: [{ role: 'user', content: 'hi' }], tools: ['send_email'] })).toThrow(
      'messages is an object with keys messages, tools; expected an array of conversation messages. For a record {messages, tools}, pass its parts apart, e.g. checkMessages(record.messages, { tools: record.tools }).',
    );
  });
});
