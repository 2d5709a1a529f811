/**
 * Reader for OpenAI Chat Completions messages.
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-messages
 */
import type { Conversation } from '../conversation.js';
import { normalizeTools } from '../tools.js';
import { CallBook } from './_call-book.js';
import { contentText, type PartRules } from './_content.js';
import { parseArguments, parseResultText } from './_json.js';
import { isRecord, optionalString, requireList, requireRecord, requireString, unreadable, type Rec } from './_shape.js';
import { stripThinking } from './_text.js';
import { hostError } from '../_host-input.js';

const noun = 'messages';
const userParts: PartRules = { text: ['text'], ignore: ['image_url', 'input_audio', 'file'] };
const assistantParts: PartRules = { text: ['text'], refusal: ['refusal'], ignore: [] };
const toolParts: PartRules = { text: ['text'], ignore: ['image_url', 'file'] };

/**
 * Read Chat Completions messages (plain JSON or the SDK's own message objects; extra fields such as
 * `refusal`, `annotations`, `audio` are ignored) into a {@link Conversation}.
 *
 * Roles: `system` and `developer` are skipped; `user` text → user events; `assistant` text (thinking
 * spans removed; a lone `refusal` counts as text) → assistant events, and each of its `tool_calls`
 * (`function`, or `custom` tools) opens a call whose `function.arguments` JSON is parsed (raw text kept
 * when it does not parse); a `role: 'tool'` message settles the call named by `tool_call_id`.
 *
 * @param messages The `messages` array.
 * @param tools The request's `tools`, in any shape {@link normalizeTools} accepts.
 * @throws ClaimcheckError `unreadable_messages` (with `data: {index, shape}`) for a non-array, a message
 *   that is not an object or lacks a known role, a legacy `function_call` or `role: 'function'` message,
 *   or a tool result that answers no earlier call (unless it names its tool in a legacy `name` field).
 * @throws ClaimcheckError `invalid_tool` for a tool list entry in no known shape.
 */
export function readOpenAIChat(messages: unknown, tools?: unknown): Conversation {
  try {
    const toolSpecs = normalizeTools(tools);
    const list = requireList(messages, noun, 'OpenAI Chat Completions');
    const book = new CallBook();
    list.forEach((raw, index) => readMessage(raw, index, book));
    return { format: 'openai-chat', events: book.finish(), tools: toolSpecs };
  } catch (error) {
    throw hostError('readOpenAIChat', error);
  }
}

function readMessage(raw: unknown, index: number, book: CallBook): void {
  const where = `${noun}[${index}]`;
  const msg = requireRecord(raw, index, where);
  switch (msg.role) {
    case 'system':
    case 'developer':
      contentText(msg.content, index, `${where}.content`, userParts);
      return;
    case 'user':
      book.say('user', index, contentText(msg.content, index, `${where}.content`, userParts));
      return;
    case 'assistant':
      readAssistant(msg, index, where, book);
      return;
    case 'tool':
      readToolResult(msg, index, where, book);
      return;
    case 'function':
      throw unreadable(index, where, msg, 'legacy role "function" messages are not supported: send tool results as role "tool" messages with tool_call_id.');
    default:
      throw unreadable(index, where, msg, `expected a \`role\` of system, developer, user, assistant or tool.${roleHint(msg.role)}`);
  }
}

function readAssistant(msg: Rec, index: number, where: string, book: CallBook): void {
  if (msg.function_call !== undefined && msg.function_call !== null) {
    throw unreadable(index, where, msg, 'legacy function_call is not supported: use tool_calls (and role "tool" results with tool_call_id).');
  }
  let text = stripThinking(contentText(msg.content, index, `${where}.content`, assistantParts));
  if (text === '' && typeof msg.refusal === 'string') text = msg.refusal.trim();
  book.say('assistant', index, text);
  const calls = msg.tool_calls;
  if (calls === undefined || calls === null) return;
  if (!Array.isArray(calls)) throw unreadable(index, `${where}.tool_calls`, calls, 'expected an array of tool calls.');
  calls.forEach((call: unknown, j) => readCall(call, index, `${where}.tool_calls[${j}]`, book));
}

function readCall(raw: unknown, index: number, where: string, book: CallBook): void {
  const call = requireRecord(raw, index, where);
  const callId = optionalString(call, 'id', index, where) ?? null;
  const kind = call.type ?? 'function';
  if (kind !== 'function' && kind !== 'custom') {
    throw unreadable(index, where, call, 'expected a tool call of type "function" or "custom".');
  }
  const body = call[kind as string];
  if (!isRecord(body)) throw unreadable(index, `${where}.${String(kind)}`, body, 'expected an object with the tool name.');
  const tool = requireString(body, 'name', index, `${where}.${String(kind)}`);
  const args = kind === 'custom' ? body.input : parseArguments(body.arguments);
  book.open({ tool, args, callId, index });
}

function readToolResult(msg: Rec, index: number, where: string, book: CallBook): void {
  const callId = optionalString(msg, 'tool_call_id', index, where) ?? null;
  const result = parseResultText(contentText(msg.content, index, `${where}.content`, toolParts));
  const call = book.take(callId, index);
  if (call !== undefined) {
    book.settle(call, { result, marked: false }, index);
    return;
  }
  const legacyName = msg.name;
  if (typeof legacyName !== 'string' || legacyName === '') {
    // A transcript tool entry with a role added ({role: 'tool', tool, status}) reads as a Chat Completions tool message.
    if (callId === null && typeof msg.tool === 'string' && 'status' in msg) {
      throw unreadable(index, where, msg, 'a tool message answers an assistant tool call by tool_call_id. For a transcript tool entry {tool, status, args, result}, leave "role" out.');
    }
    throw book.orphan(noun, index, callId, msg);
  }
  book.settle({ tool: legacyName, args: undefined, callId }, { result, marked: false }, index);
}

/** LangChain's message types written as roles, and the Chat Completions role each means. */
const LANGCHAIN_ROLES: ReadonlyMap<unknown, string> = new Map([
  ['human', 'user'],
  ['ai', 'assistant'],
]);

/** For a LangChain message type given as the role ("human", "ai"): the role it means, and the adapter that reads such messages; else `''`. */
function roleHint(role: unknown): string {
  const meant = LANGCHAIN_ROLES.get(role);
  if (meant === undefined) return '';
  return ` "${String(role)}" is LangChain's name for role "${meant}": write "${meant}", or check LangChain messages with checkLangChainMessages from claimcheck/langchain.`;
}
