/**
 * Reader for OpenAI Responses API items (the `input` list, plus `output` items appended to it).
 * @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-input
 * @see https://platform.openai.com/docs/guides/function-calling?api-mode=responses
 */
import type { Conversation } from '../conversation.js';
import { normalizeTools } from '../tools.js';
import { CallBook } from './_call-book.js';
import { contentText, type PartRules } from './_content.js';
import { parseArguments, parseResultText } from './_json.js';
import { optionalString, requireList, requireRecord, requireString, unreadable, type Rec } from './_shape.js';
import { stripThinking } from './_text.js';
import { hostError } from '../_host-input.js';

const noun = 'items';
const parts: PartRules = {
  text: ['input_text', 'output_text', 'text'],
  refusal: ['refusal'],
  ignore: ['input_image', 'input_file', 'input_audio'],
};

/**
 * Item types that are not user tools or text said to the user: reasoning, and hosted/built-in tools
 * (web search, file search, code interpreter, computer use, shell, MCP listing and approvals).
 */
export const ignoredResponsesItemTypes: readonly string[] = [
  'reasoning', 'item_reference', 'compaction',
  'web_search_call', 'file_search_call', 'code_interpreter_call', 'image_generation_call',
  'computer_call', 'computer_call_output', 'local_shell_call', 'local_shell_call_output',
  'shell_call', 'shell_call_output', 'apply_patch_call', 'apply_patch_call_output',
  'mcp_list_tools', 'mcp_approval_request', 'mcp_approval_response',
];

/**
 * Read Responses API items (plain JSON or the SDK's output items; extra fields such as `id` and
 * `status` are ignored) into a {@link Conversation}.
 *
 * Items: `message` (or a typeless `{role, content}`) → user / assistant events (thinking spans removed;
 * system and developer skipped); `function_call` and `custom_tool_call` open a call keyed by `call_id`
 * (`arguments` JSON parsed, raw text kept when it does not parse); `function_call_output` and
 * `custom_tool_call_output` settle it (a `status` of `error` marks it failed); `mcp_call` settles in
 * place (its `error` marks it failed); the types in {@link ignoredResponsesItemTypes} are skipped.
 *
 * @param items The `input` items (with earlier `output` items appended).
 * @param tools The request's `tools`, in any shape {@link normalizeTools} accepts.
 * @throws ClaimcheckError `unreadable_messages` (with `data: {index, shape}`) for a non-array, an item
 *   that is not an object, an unknown item type or role, or an output that answers no earlier call.
 * @throws ClaimcheckError `invalid_tool` for a tool list entry in no known shape.
 */
export function readOpenAIResponses(items: unknown, tools?: unknown): Conversation {
  try {
    const toolSpecs = normalizeTools(tools);
    const list = requireList(items, noun, 'OpenAI Responses');
    const book = new CallBook();
    list.forEach((raw, index) => readItem(raw, index, book));
    return { format: 'openai-responses', events: book.finish(), tools: toolSpecs };
  } catch (error) {
    throw hostError('readOpenAIResponses', error);
  }
}

function readItem(raw: unknown, index: number, book: CallBook): void {
  const where = `${noun}[${index}]`;
  const item = requireRecord(raw, index, where);
  const type = item.type ?? (item.role !== undefined ? 'message' : undefined);
  switch (type) {
    case 'message':
      return readMessage(item, index, where, book);
    case 'function_call':
    case 'custom_tool_call': {
      const callId = requireString(item, 'call_id', index, where);
      const tool = requireString(item, 'name', index, where);
      const args = type === 'function_call' ? parseArguments(item.arguments) : item.input;
      return book.open({ tool, args, callId, index });
    }
    case 'function_call_output':
    case 'custom_tool_call_output':
      return readOutput(item, index, where, book);
    case 'mcp_call': {
      const tool = requireString(item, 'name', index, where);
      const error = optionalString(item, 'error', index, where) ?? null;
      const result = parseResultText(contentText(item.output, index, `${where}.output`, parts));
      const callId = typeof item.id === 'string' ? item.id : null;
      return book.settle({ tool, args: parseArguments(item.arguments), callId }, { result, marked: error !== null, errorText: error }, index);
    }
    default:
      if (typeof type === 'string' && ignoredResponsesItemTypes.includes(type)) return;
      throw unreadable(index, where, item, typeof type === 'string'
        ? `unknown Responses item type "${type}".`
        : 'expected a Responses item with a `type` (or a `role` for a message).');
  }
}

function readMessage(item: Rec, index: number, where: string, book: CallBook): void {
  const text = contentText(item.content, index, `${where}.content`, parts);
  switch (item.role) {
    case 'user':
      return book.say('user', index, text);
    case 'assistant':
      return book.say('assistant', index, stripThinking(text));
    case 'system':
    case 'developer':
      return;
    default:
      throw unreadable(index, where, item, 'expected a message `role` of user, assistant, system or developer.');
  }
}

function readOutput(item: Rec, index: number, where: string, book: CallBook): void {
  const callId = requireString(item, 'call_id', index, where);
  const result = parseResultText(contentText(item.output, index, `${where}.output`, parts));
  const call = book.take(callId, index);
  if (call === undefined) throw book.orphan(noun, index, callId, item);
  book.settle(call, { result, marked: item.status === 'error' }, index);
}
