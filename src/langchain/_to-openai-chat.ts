/**
 * Internal: a LangChain message list as OpenAI Chat Completions messages, one for one (so a turn's
 * `messageIndex` is the index in the LangChain list), for the core's `openai-chat` reader.
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-messages
 */
import { resultFailure } from '../readers/result-failure.js';
import { requireList } from '../readers/_shape.js';
import { messageText, textParts } from './_message-text.js';
import { readMessage, type ReadMessage } from './_read-message.js';

/**
 * Translate `messages`. An AI message's `tool_calls` and `invalid_tool_calls` become `tool_calls` (a
 * call with no id gets none; its result is matched by the tool message's `name`). A `ToolMessage` with
 * `status: 'error'` whose content does not already read as a failure gets an `Error: ` prefix, the
 * Chat Completions way of marking one. `RemoveMessage`s become empty system messages.
 * @throws ClaimcheckError `unreadable_messages` for a non-array or a message in no known form.
 */
export function toOpenAIChat(messages: unknown): Array<Record<string, unknown>> {
  return requireList(messages, 'messages', 'LangChain').map((raw, index) => translate(readMessage(raw, index)));
}

function translate(m: ReadMessage): Record<string, unknown> {
  switch (m.kind) {
    case 'human':
      return { role: 'user', content: textParts(m.content) };
    case 'system':
      return { role: 'system', content: textParts(m.content) };
    case 'remove':
      return { role: 'system', content: '' };
    case 'ai': {
      const out: Record<string, unknown> = { role: 'assistant', content: textParts(m.content) };
      if (m.calls.length > 0) {
        out.tool_calls = m.calls.map((c) => ({
          ...(c.id === null ? {} : { id: c.id }),
          type: 'function',
          function: { name: c.name, arguments: typeof c.args === 'string' ? c.args : (JSON.stringify(c.args ?? {}) ?? '{}') },
        }));
      }
      return out;
    }
    case 'tool': {
      let content = messageText(m.content);
      if (m.status === 'error' && resultFailure(content) === null) content = `Error: ${content.trim() === '' ? 'the tool reported an error' : content}`;
      return { role: 'tool', content, ...(m.toolCallId === null ? {} : { tool_call_id: m.toolCallId }), ...(m.name === null ? {} : { name: m.name }) };
    }
  }
}
