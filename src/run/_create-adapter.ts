/**
 * Internal: picking the provider adapter for the client `run()` was given, by its shape.
 */
import { ClaimcheckError } from '../errors.js';
import { describeShape, isRecord } from '../readers/_shape.js';
import type { AdapterConfig, ProviderAdapter } from './_adapter.js';
import { anthropicMessagesAdapter } from './_anthropic-messages.js';
import { openAIChatAdapter } from './_openai-chat.js';

/**
 * The adapter for `client`, found by its shape: `chat.completions.create` (OpenAI, Azure OpenAI) or
 * `messages.create` (Anthropic).
 * @throws ClaimcheckError `invalid_options` for any other value.
 */
export function createAdapter(client: unknown, config: AdapterConfig): ProviderAdapter {
  if (isRecord(client)) {
    const chat = client.chat;
    if (isRecord(chat) && isRecord(chat.completions) && typeof chat.completions.create === 'function') {
      return openAIChatAdapter(chat.completions, config);
    }
    if (isRecord(client.messages) && typeof client.messages.create === 'function') {
      return anthropicMessagesAdapter(client.messages, config);
    }
  }
  throw new ClaimcheckError(
    'invalid_options',
    `run(client) needs an OpenAI client (client.chat.completions.create) or an Anthropic client (client.messages.create), got ${describeShape(client)}.`,
  );
}
