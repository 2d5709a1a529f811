import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { ClaimcheckError } from '../errors.js';
import { readConversation } from './read-conversation.js';

interface Fixture { format: 'openai-chat' | 'openai-responses' | 'anthropic' | 'transcript'; tools: unknown; messages: unknown[] }
const fixture = (name: string): Fixture => JSON.parse(readFileSync(new URL(`./__fixtures__/${name}.json`, import.meta.url), 'utf8')) as Fixture;

describe('readConversation', () => {
  it.each(['openai-chat-error-in-log', 'openai-responses-retry', 'anthropic-content-blocks', 'transcript-error'])(
    'reads %s the same with the format given and detected',
    (name) => {
      const { format, tools, messages } = fixture(name);
      const given = readConversation(messages, { format, tools });
      expect(given.format).toBe(format);
      expect(readConversation(messages, { tools })).toEqual(given);
      expect(readConversation(messages, { format: 'auto', tools })).toEqual(given);
    },
  );

  it('reads plain text lists identically in every format', () => {
    const plain = [{ role: 'user', content: 'cancel order 4821' }, { role: 'assistant', content: 'Order 4821 is cancelled.' }];
    const formats = ['openai-chat', 'openai-responses', 'anthropic', 'transcript'] as const;
    const events = formats.map((format) => readConversation(plain, { format }).events);
    for (const e of events) expect(e).toEqual(events[0]);
  });

  it('returns an empty conversation for an empty list', () => {
    expect(readConversation([])).toEqual({ format: 'openai-chat', events: [], tools: [] });
  });

  it.each(['openai', 'gemini', '', 'AUTO', 42])('rejects format %j with unknown_format', (format) => {
    let error: unknown;
    try {
      readConversation([], { format: format as never });
    } catch (e) {
      error = e;
    }
    expect(ClaimcheckError.isInstance(error)).toBe(true);
    expect((error as ClaimcheckError).code).toBe('unknown_format');
    expect((error as ClaimcheckError).message).toMatch(/expected one of openai-chat, openai-responses, anthropic, transcript, otlp, langfuse, langsmith, auto\.$/);
  });

  it('passes tool list errors through', () => {
    expect(() => readConversation([], { tools: [3] })).toThrow(expect.objectContaining({ code: 'invalid_tool' }));
  });

  it('never returns an empty conversation for garbage', () => {
    for (const garbage of [undefined, null, 'hello', 7, { role: 'user' }, [1], [null], [{}]]) {
      expect(() => readConversation(garbage)).toThrow(expect.objectContaining({ code: 'unreadable_messages' }));
    }
  });
});
