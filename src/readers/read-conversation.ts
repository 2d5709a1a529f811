/**
 * The one entry point over all readers: pick the reader for a format, or detect it.
 */
import type { Conversation, MessageFormat } from '../conversation.js';
import { ClaimcheckError } from '../errors.js';
import { describeShape } from './_shape.js';
import { detectFormat } from './detect-format.js';
import { readAnthropic } from './read-anthropic.js';
import { readOpenAIChat } from './read-openai-chat.js';
import { readOpenAIResponses } from './read-openai-responses.js';
import { readTranscript } from './read-transcript.js';
import { hostError } from '../_host-input.js';
import { traceReaders, withTools } from './traces/read-traces.js';
import { isRecord } from './_shape.js';

/** Options of {@link readConversation}. */
export interface ReadConversationOptions {
  /**
   * The format of `messages`: `openai-chat`, `openai-responses`, `anthropic`, `transcript`, or a trace format
   * (`otlp`, `langfuse`, `langsmith`: `messages` is then the trace, see docs/formats.md "Traces"), or
   * `'auto'` to detect it with {@link detectFormat}. Default `'auto'`. Any other value raises a
   * `ClaimcheckError` with code `unknown_format`.
   */
  format?: MessageFormat | 'auto';
  /** The tool list, in any shape `normalizeTools` accepts. Default: none. Also breaks detection ties. */
  tools?: unknown;
}

const readers: Record<MessageFormat, (messages: unknown, tools?: unknown) => Conversation> = {
  'openai-chat': readOpenAIChat,
  'openai-responses': readOpenAIResponses,
  anthropic: readAnthropic,
  transcript: readTranscript,
  ...traceReaders,
};

/**
 * Read a conversation in any supported format into a {@link Conversation}. A {@link Conversation} a reader
 * returned (`readTraces(...)[i].conversation`) is returned as it is, with `tools` added to its own.
 *
 * @example
 * const conversation = readConversation(messages, { tools });           // format detected
 * const same = readConversation(messages, { format: 'openai-chat', tools });
 * @throws ClaimcheckError `unknown_format` for a `format` that names no reader; `unreadable_messages`
 *   and `invalid_tool` as the chosen reader raises them.
 */
export function readConversation(messages: unknown, options: ReadConversationOptions = {}): Conversation {
  try {
    if (isConversation(messages)) return withTools(messages, options.tools);
    const requested: unknown = options.format ?? 'auto';
    if (requested === 'auto') return readers[detectFormat(messages, options.tools)](messages, options.tools);
    if (typeof requested === 'string' && Object.hasOwn(readers, requested)) {
      return readers[requested as MessageFormat](messages, options.tools);
    }
    const known = [...Object.keys(readers), 'auto'].join(', ');
    const seen = typeof requested === 'string' ? JSON.stringify(requested) : describeShape(requested);
    throw new ClaimcheckError('unknown_format', `Unknown message format ${seen}; expected one of ${known}.`, {
      data: { format: requested },
    });
  } catch (error) {
    throw hostError('readConversation', error);
  }
}

/** A {@link Conversation} a reader returned: `{format, events: [...], tools: [...]}`. */
function isConversation(value: unknown): value is Conversation {
  return isRecord(value) && typeof value.format === 'string' && Array.isArray(value.events) && Array.isArray(value.tools);
}
