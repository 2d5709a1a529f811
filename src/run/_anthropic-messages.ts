/**
 * Internal: the Anthropic Messages adapter. Translates tools to `{name, description, input_schema}`,
 * reads the response's `content` blocks, and answers calls with one user message of `tool_result`
 * blocks (`is_error` for failures).
 * @see https://docs.anthropic.com/en/api/messages
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use
 */
import { isRecord, unreadable } from '../readers/_shape.js';
import type { ToolSpec } from '../tools.js';
import { callCreate, providerTools, replyText, type AdapterConfig, type CallAnswer, type ModelCall, type ProviderAdapter } from './_adapter.js';

type Rec = Record<string, unknown>;

/** `max_tokens` is required by the Messages API; this is sent when `maxTokens` is not given. */
export const DEFAULT_MAX_TOKENS = 1024;

export function anthropicMessagesAdapter(messagesApi: unknown, config: AdapterConfig): ProviderAdapter {
  const { wire, specs } = providerTools(config.tools, isNative, toWire);
  return {
    format: 'anthropic',
    toolSpecs: specs,
    send(messages, force) {
      const body: Rec = {
        max_tokens: config.maxTokens ?? DEFAULT_MAX_TOKENS,
        ...config.params,
        model: config.model,
        messages,
        ...(wire.length === 0 ? {} : { tools: wire }),
        // Forced tool use is refused with extended thinking on; the repair prompt then asks in words alone.
        ...(force === undefined || config.params.thinking !== undefined ? {} : { tool_choice: toolChoice(force) }),
      };
      return callCreate(messagesApi, body, config.requestOptions);
    },
    read(response) {
      const content = contentOf(response);
      const calls: ModelCall[] = [];
      for (const block of content) {
        if (isRecord(block) && block.type === 'tool_use' && typeof block.id === 'string' && typeof block.name === 'string') {
          calls.push({ id: block.id, name: block.name, args: block.input });
        }
      }
      const stopReason = isRecord(response) && typeof response.stop_reason === 'string' ? response.stop_reason : null;
      return { text: replyText(content), calls, stopReason, paused: stopReason === 'pause_turn' };
    },
    assistantMessage(response, repairedArgs) {
      const content = contentOf(response).map((block) => {
        if (!isRecord(block) || block.type !== 'tool_use' || typeof block.id !== 'string' || !repairedArgs.has(block.id)) return block;
        return { ...block, input: repairedArgs.get(block.id) };
      });
      return { role: 'assistant', content };
    },
    answerMessages(answers: readonly CallAnswer[]) {
      if (answers.length === 0) return [];
      const blocks = answers.map((a) => ({
        type: 'tool_result',
        tool_use_id: a.id,
        ...(a.content === '' ? {} : { content: a.content }),
        ...(a.isError ? { is_error: true } : {}),
      }));
      return [{ role: 'user', content: blocks }];
    },
  };
}

/**
 * A Messages tool (`input_schema`, optionally `type: 'custom'`) is a client tool sent as it is; a typed
 * server tool (`web_search_20250305`, `bash_20250124`...) is sent as it is and run by the API, not here.
 */
function isNative(entry: Rec): 'client' | 'server' | false {
  if (typeof entry.name !== 'string') return false;
  if (isRecord(entry.input_schema) && (entry.type === undefined || entry.type === 'custom')) return 'client';
  const converted = entry.function !== undefined || entry.parameters !== undefined || entry.inputSchema !== undefined || entry.input_schema !== undefined;
  return typeof entry.type === 'string' && entry.type !== 'function' && entry.type !== 'custom' && !converted ? 'server' : false;
}

function toWire(spec: ToolSpec): Rec {
  return {
    name: spec.name,
    ...(spec.description === '' ? {} : { description: spec.description }),
    input_schema: spec.parameters ?? { type: 'object' },
  };
}

function toolChoice(names: readonly string[]): unknown {
  const distinct = [...new Set(names)];
  return distinct.length === 1 ? { type: 'tool', name: distinct[0] } : { type: 'any' };
}

function contentOf(response: unknown): unknown[] {
  if (!isRecord(response) || !Array.isArray(response.content)) {
    throw unreadable(null, 'The Messages response', response, 'expected a message object with content blocks (run() does not read streams: leave stream off).');
  }
  return response.content;
}
