/**
 * Format detection: which reader fits a message list.
 */
import type { MessageFormat } from '../conversation.js';
import { isRecord, requireList, unreadable, type Rec } from './_shape.js';
import { hostError } from '../_host-input.js';
import { traceFormatOf } from './traces/read-traces.js';

const responsesItemTypes = new Set([
  'function_call', 'function_call_output', 'custom_tool_call', 'custom_tool_call_output', 'reasoning',
  'mcp_call', 'mcp_list_tools', 'mcp_approval_request', 'mcp_approval_response', 'item_reference',
  'web_search_call', 'file_search_call', 'code_interpreter_call', 'image_generation_call', 'computer_call',
  'computer_call_output', 'local_shell_call', 'local_shell_call_output',
]);
const responsesPartTypes = new Set(['input_text', 'output_text', 'input_image', 'input_file', 'input_audio']);
const anthropicBlockTypes = new Set([
  'tool_use', 'tool_result', 'thinking', 'redacted_thinking', 'server_tool_use', 'web_search_tool_result',
  'mcp_tool_use', 'mcp_tool_result', 'document', 'image',
]);
const chatPartTypes = new Set(['image_url', 'input_audio', 'file']);

/**
 * Guess the format of `messages`, strongest evidence first:
 * 0. a trace: `otlp` for an OTLP JSON export (`{resourceSpans}`), `langfuse` for a Langfuse trace
 *    (`{id, observations}`), `langsmith` for a LangSmith run or a list of runs (`run_type`, `inputs`);
 * 1. `openai-responses` when an item has a Responses item `type` (`function_call`,
 *    `function_call_output`, `reasoning`, …) or content parts `input_text` / `output_text`;
 * 2. `anthropic` when content holds `tool_use`, `tool_result`, `thinking` or other Anthropic-only blocks;
 * 3. `openai-chat` when a message has `role: 'tool'`, `tool_calls` or a legacy `function_call`, or
 *    Chat-only parts (`image_url`);
 * 4. `transcript` when a line is a tool entry (`tool` and `status`, no `role`);
 * 5. otherwise the list is plain `{role, content}` messages, which every reader reads alike: the shape
 *    of `tools` decides when given (`{type: 'function', function}` → openai-chat,
 *    `{type: 'function', name}` → openai-responses, `input_schema` → anthropic, names or
 *    `{name, description}` → transcript), else `openai-chat`. An empty list is `openai-chat`.
 *
 * Detection never validates: the chosen reader reports what it cannot read.
 * @param messages The message list.
 * @param tools Optional tool list, used only to break the tie of step 5.
 * @throws ClaimcheckError `unreadable_messages` when `messages` is not an array.
 */
export function detectFormat(messages: unknown, tools?: unknown): MessageFormat {
  try {
    const trace = traceFormatOf(messages);
    if (trace !== null) return trace;
    // A whole record ({messages, tools}) given as the messages: say which of its parts goes where.
    if (isRecord(messages) && Array.isArray(messages.messages)) {
      throw unreadable(null, 'messages', messages, 'expected an array of conversation messages. For a record {messages, tools}, pass its parts apart, e.g. checkMessages(record.messages, { tools: record.tools }).');
    }
    const list = requireList(messages, 'messages', 'conversation');
    const seen = new Set<MessageFormat>();
    for (const item of list) if (isRecord(item)) evidence(item, seen);
    const order: MessageFormat[] = ['openai-responses', 'anthropic', 'openai-chat', 'transcript'];
    return order.find((f) => seen.has(f)) ?? formatOfTools(tools) ?? 'openai-chat';
  } catch (error) {
    throw hostError('detectFormat', error);
  }
}

function evidence(item: Rec, seen: Set<MessageFormat>): void {
  if (typeof item.type === 'string' && responsesItemTypes.has(item.type)) seen.add('openai-responses');
  if (item.role === 'tool' || item.role === 'function' || item.tool_calls != null || item.function_call != null) seen.add('openai-chat');
  if (item.role === undefined && typeof item.tool === 'string' && 'status' in item) seen.add('transcript');
  if (!Array.isArray(item.content)) return;
  for (const part of item.content) {
    const type = isRecord(part) ? part.type : undefined;
    if (typeof type !== 'string') continue;
    if (responsesPartTypes.has(type)) seen.add('openai-responses');
    else if (anthropicBlockTypes.has(type)) seen.add('anthropic');
    else if (chatPartTypes.has(type)) seen.add('openai-chat');
  }
}

/** The format a tool list is written in, judged by its first object entry; `null` when it says nothing. */
function formatOfTools(tools: unknown): MessageFormat | null {
  if (!Array.isArray(tools)) return null;
  for (const tool of tools) {
    if (typeof tool === 'string') return 'transcript';
    if (!isRecord(tool)) continue;
    if (tool.type === 'function' && isRecord(tool.function)) return 'openai-chat';
    if (tool.type === 'function' && typeof tool.name === 'string') return 'openai-responses';
    if ('input_schema' in tool) return 'anthropic';
    if (typeof tool.name === 'string' && tool.type === undefined) return 'transcript';
  }
  return null;
}
