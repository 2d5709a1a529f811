/**
 * The parts of the provider clients that `run()` calls, written structurally so claimcheck's types never
 * import an SDK: an `OpenAI` or `AzureOpenAI` instance (package `openai`) is an {@link OpenAIChatClient},
 * an `Anthropic` instance (package `@anthropic-ai/sdk`) an {@link AnthropicMessagesClient}.
 */

/**
 * A client with Chat Completions: `client.chat.completions.create(body, options?)`.
 * @see https://platform.openai.com/docs/api-reference/chat/create
 */
export interface OpenAIChatClient {
  chat: { completions: { create(body: never, options?: never): PromiseLike<unknown> } };
}

/**
 * A client with the Messages API: `client.messages.create(body, options?)`.
 * @see https://docs.anthropic.com/en/api/messages
 */
export interface AnthropicMessagesClient {
  messages: { create(body: never, options?: never): PromiseLike<unknown> };
}

/** A client `run()` can drive. */
export type RunClient = OpenAIChatClient | AnthropicMessagesClient;
