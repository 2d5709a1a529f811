import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import type { Conversation } from '../conversation.js';
import { ClaimcheckError } from '../errors.js';
import { readConversation } from './read-conversation.js';

interface Fixture { format: 'openai-chat' | 'openai-responses' | 'anthropic' | 'transcript'; tools: unknown; messages: unknown[] }
const names = ['openai-chat-validation-failed', 'openai-responses-okta-error', 'anthropic-content-blocks', 'anthropic-is-error', 'transcript-error', 'transcript-ok'];
const fixtures = names.map((n) => JSON.parse(readFileSync(new URL(`./__fixtures__/${n}.json`, import.meta.url), 'utf8')) as Fixture);
const formats = [undefined, 'auto', 'openai-chat', 'openai-responses', 'anthropic', 'transcript'] as const;
const runs = { numRuns: 300 };

/** Read, and accept only a well-formed Conversation or a ClaimcheckError. */
function readSafely(messages: unknown, format: (typeof formats)[number], tools?: unknown): Conversation | ClaimcheckError {
  try {
    const options = format === undefined ? { tools } : { format, tools };
    const conversation = readConversation(messages, options);
    const length = Array.isArray(messages) ? messages.length : 0;
    conversation.events.forEach((e, i) => {
      expect(e.index).toBeGreaterThanOrEqual(i === 0 ? 0 : (conversation.events[i - 1]?.index ?? 0));
      expect(e.index).toBeLessThan(length);
    });
    return conversation;
  } catch (error) {
    if (ClaimcheckError.isInstance(error)) return error;
    throw error;
  }
}

/** Every path to an object member or array element inside `value`. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((k) => [[...prefix, k], ...paths((value as Record<string | number, unknown>)[k], [...prefix, k])]);
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown, drop: boolean): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (drop && Array.isArray(node)) node.splice(Number(last), 1);
  else if (drop) delete node[last];
  else node[last] = replacement;
  return copy;
}

describe('readers never throw anything but ClaimcheckError', () => {
  it('on random JSON values, in every format', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.constantFrom(...formats), (value, format) => {
      readSafely(value, format);
    }), runs);
  });

  it('on random tool lists', () => {
    const tool = fc.oneof(fc.string(), fc.jsonValue(), fc.record({ type: fc.constantFrom('function', 'custom', 'web_search'), name: fc.jsonValue(), function: fc.jsonValue(), input_schema: fc.jsonValue() }, { requiredKeys: [] }));
    fc.assert(fc.property(fc.oneof(fc.array(tool, { maxLength: 5 }), fc.jsonValue()), (tools) => {
      readSafely([], 'auto', tools);
    }), runs);
  });

  it('on random lists of random message-like objects', () => {
    const part = fc.record({ type: fc.constantFrom('text', 'input_text', 'output_text', 'tool_use', 'tool_result', 'thinking', 'image_url', 'refusal'), text: fc.oneof(fc.string(), fc.jsonValue()), id: fc.string(), tool_use_id: fc.string(), name: fc.string(), content: fc.jsonValue(), is_error: fc.boolean() }, { requiredKeys: ['type'] });
    const message = fc.record({
      role: fc.constantFrom('user', 'assistant', 'system', 'developer', 'tool', 'function', 'bot'),
      type: fc.constantFrom('message', 'function_call', 'function_call_output', 'reasoning', 'mcp_call', 'custom_tool_call'),
      content: fc.oneof(fc.string(), fc.constant(null), fc.array(part, { maxLength: 4 }), fc.jsonValue()),
      tool_calls: fc.array(fc.record({ id: fc.constantFrom('a', 'b'), type: fc.constantFrom('function', 'custom'), function: fc.record({ name: fc.string(), arguments: fc.string() }) }), { maxLength: 3 }),
      tool_call_id: fc.constantFrom('a', 'b'), call_id: fc.constantFrom('a', 'b'), name: fc.string(), arguments: fc.string(), output: fc.jsonValue(),
      tool: fc.string(), status: fc.constantFrom('ok', 'error', 'completed'), result: fc.jsonValue(), error: fc.jsonValue(),
    }, { requiredKeys: [] });
    fc.assert(fc.property(fc.array(message, { maxLength: 8 }), fc.constantFrom(...formats), fc.constantFrom(undefined, ...fixtures.map((f) => f.tools)), (messages, format, tools) => {
      readSafely(messages, format, tools);
    }), runs);
  });

  it('on recorded conversations with one member replaced by random JSON or removed', () => {
    const mutation = fc.constantFrom(...fixtures).chain((f) => {
      const all = paths(f.messages);
      return fc.tuple(fc.constant(f), fc.constantFrom(...all), fc.jsonValue(), fc.boolean(), fc.constantFrom(...formats));
    });
    fc.assert(fc.property(mutation, ([f, path, replacement, drop, format]) => {
      readSafely(replaceAt(f.messages, path, replacement, drop), format, f.tools);
    }), runs);
  });

  it('reads every prefix of a recorded conversation (truncated runs), with unanswered calls as errors', () => {
    for (const f of fixtures) {
      for (let n = 0; n <= f.messages.length; n++) {
        const result = readSafely(f.messages.slice(0, n), f.format, f.tools);
        expect(ClaimcheckError.isInstance(result), `${f.format} prefix ${n}`).toBe(false);
      }
    }
  });

  it('on truncated JSON text of recorded conversations, whenever it still parses', () => {
    fc.assert(fc.property(fc.constantFrom(...fixtures), fc.nat(), (f, cut) => {
      const text = JSON.stringify(f.messages);
      const truncated = text.slice(0, cut % (text.length + 1));
      for (const candidate of [truncated, `${truncated}]`, `${truncated}}]`, `${truncated}"}]`]) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(candidate);
        } catch {
          continue;
        }
        readSafely(parsed, f.format, f.tools);
      }
    }), runs);
  });
});
