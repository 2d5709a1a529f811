/**
 * Reader for Anthropic Messages API messages.
 * @see https://docs.anthropic.com/en/api/messages
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use
 */
import type { Conversation } from '../conversation.js';
import { normalizeTools } from '../tools.js';
import { CallBook } from './_call-book.js';
import { contentText, type PartRules } from './_content.js';
import { parseResultText } from './_json.js';
import { requireList, requireRecord, requireString, unreadable, type Rec } from './_shape.js';
import { joinTextParts, stripThinking } from './_text.js';
import { hostError } from '../_host-input.js';

const noun = 'messages';
const resultParts: PartRules = { text: ['text'], ignore: ['image', 'document', 'search_result'] };

/**
 * Content block types that carry neither text said to the user nor a call of a user tool: thinking,
 * media, and server tools run by Anthropic (web search, web fetch, code execution, tool search).
 */
export const ignoredAnthropicBlockTypes: readonly string[] = [
  'thinking', 'redacted_thinking', 'image', 'document', 'search_result', 'container_upload',
  'server_tool_use', 'web_search_tool_result', 'web_fetch_tool_result', 'code_execution_tool_result',
  'bash_code_execution_tool_result', 'text_editor_code_execution_tool_result', 'tool_search_tool_result',
];

/**
 * Read Anthropic Messages API messages (plain JSON or the SDK's objects; extra fields such as
 * `citations`, `id`, `model`, `stop_reason` are ignored) into a {@link Conversation}.
 *
 * Content is a string or an array of blocks. `text` blocks → user / assistant events (thinking spans
 * removed; cited pieces joined as written); `tool_use` (and MCP connector `mcp_tool_use`) opens a call
 * keyed by `id`; `tool_result` (and `mcp_tool_result`) settles it: `is_error: true` marks it failed,
 * string or text-block `content` is the result (parsed when it is a JSON object or array). A user
 * message's tool results settle before its text. The types in {@link ignoredAnthropicBlockTypes} are
 * skipped; `system` messages (not part of the API, but common in stored histories) are skipped.
 *
 * @param messages The `messages` array.
 * @param tools The request's `tools`, in any shape {@link normalizeTools} accepts.
 * @throws ClaimcheckError `unreadable_messages` (with `data: {index, shape}`) for a non-array, a message
 *   that is not an object or has no user/assistant role, an unknown block type, or a tool result that
 *   answers no earlier `tool_use`.
 * @throws ClaimcheckError `invalid_tool` for a tool list entry in no known shape.
 */
export function readAnthropic(messages: unknown, tools?: unknown): Conversation {
  try {
    const toolSpecs = normalizeTools(tools);
    const list = requireList(messages, noun, 'Anthropic');
    const book = new CallBook();
    list.forEach((raw, index) => readMessage(raw, index, book));
    return { format: 'anthropic', events: book.finish(), tools: toolSpecs };
  } catch (error) {
    throw hostError('readAnthropic', error);
  }
}

function readMessage(raw: unknown, index: number, book: CallBook): void {
  const where = `${noun}[${index}]`;
  const msg = requireRecord(raw, index, where);
  const role = msg.role;
  if (role === 'system') return;
  if (role !== 'user' && role !== 'assistant') {
    throw unreadable(index, where, msg, 'expected a `role` of user or assistant.');
  }
  const { content } = msg;
  if (typeof content === 'string') return say(book, role, index, content);
  if (!Array.isArray(content)) throw unreadable(index, `${where}.content`, content, 'expected a string or an array of content blocks.');
  const texts: { text: string; cited: boolean }[] = [];
  const settled: (() => void)[] = [];
  content.forEach((rawBlock: unknown, j) => {
    const at = `${where}.content[${j}]`;
    const block = requireRecord(rawBlock, index, at);
    switch (block.type) {
      case 'text':
        if (typeof block.text !== 'string') throw unreadable(index, `${at}.text`, block.text, 'expected a string.');
        texts.push({ text: block.text, cited: Array.isArray(block.citations) && block.citations.length > 0 });
        return;
      case 'tool_use':
      case 'mcp_tool_use':
        book.open({ tool: requireString(block, 'name', index, at), args: block.input, callId: requireString(block, 'id', index, at), index });
        return;
      case 'tool_result':
      case 'mcp_tool_result':
        settled.push(() => settle(block, index, at, book));
        return;
      default:
        if (typeof block.type === 'string' && ignoredAnthropicBlockTypes.includes(block.type)) return;
        throw unreadable(index, at, block, typeof block.type === 'string'
          ? `unknown Anthropic content block type "${block.type}".`
          : 'expected a content block with a string `type`.');
    }
  });
  const text = joinTextParts(texts);
  if (role === 'user') settled.forEach((run) => run());
  say(book, role, index, text);
  if (role === 'assistant') settled.forEach((run) => run());
}

function say(book: CallBook, role: 'user' | 'assistant', index: number, text: string): void {
  book.say(role, index, role === 'assistant' ? stripThinking(text) : text);
}

function settle(block: Rec, index: number, at: string, book: CallBook): void {
  const callId = requireString(block, 'tool_use_id', index, at);
  const result = parseResultText(contentText(block.content, index, `${at}.content`, resultParts));
  const call = book.take(callId, index);
  if (call === undefined) throw book.orphan(noun, index, callId, block);
  book.settle(call, { result, marked: block.is_error === true }, index);
}

