/**
 * Recorded LangChain conversations: a `BaseMessage[]` (a LangGraph state's `messages`, a chat history,
 * their JSON) checked turn by turn, or its tool calls as a ledger.
 */
import { judgeTurns, type CheckOptions, type TurnReceipt } from '../check.js';
import { Ledger, type LedgerEntry, type LedgerOptions } from '../ledger.js';
import { readConversation } from '../readers/read-conversation.js';
import { toOpenAIChat } from './_to-openai-chat.js';
import { toolEntries } from './_tool-specs.js';
import { hostError } from '../_host-input.js';

/** Options of {@link checkLangChainMessages}. */
export interface CheckLangChainMessagesOptions extends CheckOptions {
  /**
   * The agent's tools: LangChain tools (their zod or JSON schemas are read through LangChain's own
   * `toJsonSchema`), or any shape `normalizeTools` reads. Default: the tools the conversation called,
   * so a claim about a tool never called cannot be flagged; give the list.
   */
  tools?: unknown;
}

/**
 * One receipt per AI message with text, as `checkTurns` gives for provider messages. `messages` may mix
 * message class instances (`HumanMessage`, `AIMessage` with `tool_calls`, `ToolMessage` with
 * `tool_call_id` and `status`, `SystemMessage`), their JSON (`toJSON()`'s `{lc, type: 'constructor',
 * id, kwargs}`, stored `{type, data}`, the LangGraph API's `{type: 'ai', content, tool_calls}`),
 * `{role, content}` objects and `[role, content]` pairs. A `ToolMessage` with `status: 'error'` is a
 * failed call; a call with no `ToolMessage` is one too. `messageIndex` is the index in `messages`.
 *
 * ```ts
 * const { messages } = await agent.invoke({ messages: [{ role: 'user', content: 'Refund A-1' }] });
 * const turns = checkLangChainMessages(messages, { tools });
 * ```
 * @throws ClaimcheckError `unreadable_messages` (with `data.index`) for a message in no known form, a
 *   legacy function message, or a `ToolMessage` answering no call; `invalid_tool` for a bad tool entry.
 */
export function checkLangChainMessages(messages: unknown, options: CheckLangChainMessagesOptions = {}): TurnReceipt[] {
  try {
    return judgeTurns(toOpenAIChat(messages), { ...options, format: 'openai-chat', tools: toolEntries(options.tools) });
  } catch (error) {
    throw hostError('checkLangChainMessages', error);
  }
}

/**
 * The tool calls of a LangChain conversation as a {@link Ledger}, in the order they settled: `ok`, or
 * `error` for a `ToolMessage` with `status: 'error'`, a result that reports a failure, or a call never
 * answered. Read `messages` as {@link checkLangChainMessages} does.
 * @throws ClaimcheckError `unreadable_messages` as {@link checkLangChainMessages} does; `invalid_options`
 *   for bad `options` (see `LedgerOptions`).
 */
export function ledgerFromLangChainMessages(messages: unknown, options: LedgerOptions = {}): Ledger {
  try {
    const events = readConversation(toOpenAIChat(messages), { format: 'openai-chat' }).events;
    const entries: LedgerEntry[] = [];
    for (const e of events) if (e.kind === 'tool') entries.push(e.entry);
    return new Ledger(options, entries);
  } catch (error) {
    throw hostError('ledgerFromLangChainMessages', error);
  }
}
