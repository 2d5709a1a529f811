/**
 * Internal: what the guard judges of a LangChain tool's answer. LangChain turns a tool's return value
 * into a `ToolMessage` (JSON text for objects); the guard gets that content back as the parsed object
 * (or the text), so `idField('refund_id')` and the failure rules read it as the tool returned it.
 * @see https://docs.langchain.com/oss/javascript/langchain/tools
 */
import { ToolMessage } from '@langchain/core/messages';
import { parseResultText } from '../readers/_json.js';
import { isRecord } from '../readers/_shape.js';
import { messageText } from './_message-text.js';

/** A `wrapToolCall` handler's answer: a `ToolMessage`, or a LangGraph `Command`. */
export type ToolOutput = unknown;

/**
 * The tool's output: a `ToolMessage`'s content (parsed when it is JSON); for a `Command`, the content of
 * the `ToolMessage` among its `update.messages`, else the command itself.
 * @throws Error with the message's text when the `ToolMessage` has `status: 'error'` (the guard records it `tool_failed`).
 */
export function outputOf(output: ToolOutput): unknown {
  const message = toolMessageOf(output);
  if (message === undefined) return output;
  const text = messageText(message.content);
  if (message.status === 'error') throw new Error(text.trim() === '' ? 'the tool reported an error' : text);
  return parseResultText(text);
}

/** The `ToolMessage` of an answer, if it has one. */
export function toolMessageOf(output: ToolOutput): ToolMessage | undefined {
  if (ToolMessage.isInstance(output)) return output;
  const update = isRecord(output) && isCommand(output) ? output.update : undefined;
  const messages = isRecord(update) ? update.messages : undefined;
  return Array.isArray(messages) ? messages.find((m: unknown): m is ToolMessage => ToolMessage.isInstance(m)) : undefined;
}

/** A LangGraph `Command` (tested by shape, as LangGraph's own `isCommand` does). */
export function isCommand(value: unknown): boolean {
  return isRecord(value) && value.lg_name === 'Command';
}
