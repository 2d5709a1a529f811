/**
 * Internal: the OpenAI Agents SDK's items as OpenAI Responses API items, for the core's Responses
 * reader. The SDK keeps its own camelCase protocol (`callId`, `function_call_result`, outputs as
 * `{type: 'text', text}`), and wraps generated items in run items (`{type: 'tool_call_item', rawItem}`).
 * @see https://openai.github.io/openai-agents-js/guides/results/
 * @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-input
 */
import { isRecord, unreadable, type Rec } from '../readers/_shape.js';
import { isSdkFailureText } from './_sdk-texts.js';

/** SDK item types that are no user tool call and no text said to the user (the core reader skips their Responses twins too). */
const skipped = new Set([
  'reasoning', 'compaction', 'unknown',
  'computer_call', 'computer_call_result', 'shell_call', 'shell_call_output', 'apply_patch_call', 'apply_patch_call_output',
  'tool_search_call', 'tool_search_output', 'program', 'program_output',
]);

/** Run item types whose raw item repeats one already listed (an approval request repeats its tool call). */
const repeats = new Set(['tool_approval_item']);

/** Text part types of SDK message content. */
const textParts = new Set(['input_text', 'output_text', 'text']);

/**
 * Responses API items for SDK items: run items (`result.newItems`), protocol items (`result.history`,
 * `result.output`, a guardrail's `details.output`), or the run's input as a string (one user message).
 * A function call result whose output is one of the SDK's failure texts gets `status: 'error'`.
 * @throws ClaimcheckError `unreadable_messages` (with `data: {index, shape}`) for something that is not
 *   a list of items, an item that is not an object, or an item type the SDK did not have in 0.20.
 */
export function toResponsesItems(items: unknown): Rec[] {
  if (typeof items === 'string') return [{ type: 'message', role: 'user', content: items }];
  if (!Array.isArray(items)) throw unreadable(null, 'items', items, 'expected the Agents SDK items of a run (result.history or result.newItems).');
  const out: Rec[] = [];
  items.forEach((entry: unknown, index) => {
    if (isRecord(entry) && typeof entry.type === 'string' && repeats.has(entry.type)) return;
    const raw = isRecord(entry) && isRecord(entry.rawItem) ? entry.rawItem : entry;
    const item = translate(raw, index);
    if (item !== null) out.push(item);
  });
  return out;
}

function translate(raw: unknown, index: number): Rec | null {
  const where = `items[${index}]`;
  if (!isRecord(raw)) throw unreadable(index, where, raw, 'expected an Agents SDK item object.');
  const type = raw.type ?? (raw.role !== undefined ? 'message' : undefined);
  switch (type) {
    case 'message':
      return { type: 'message', role: raw.role, content: messageContent(raw.content) };
    case 'function_call':
      return { type: 'function_call', call_id: raw.callId, name: raw.name, arguments: raw.arguments };
    case 'function_call_result': {
      const output = outputText(raw.output);
      return { type: 'function_call_output', call_id: raw.callId, output, ...(isSdkFailureText(output) ? { status: 'error' } : {}) };
    }
    case 'hosted_tool_call':
      return hostedMcpCall(raw);
    default:
      if (typeof type === 'string' && skipped.has(type)) return null;
      throw unreadable(index, where, raw, typeof type === 'string' ? `unknown Agents SDK item type "${type}".` : 'expected an Agents SDK item with a `type`.');
  }
}

/** Message content: a string as it is; of the parts, the text and refusal parts (images, files and audio carry no text). */
function messageContent(content: unknown): unknown {
  if (!Array.isArray(content)) return content;
  return content.flatMap((part: unknown) => {
    if (!isRecord(part)) return [part];
    if (typeof part.type === 'string' && textParts.has(part.type)) return [{ type: 'output_text', text: part.text }];
    if (part.type === 'refusal') return [{ type: 'refusal', refusal: part.refusal }];
    if (part.type === 'audio' && typeof part.transcript === 'string') return [{ type: 'output_text', text: part.transcript }];
    return [];
  });
}

/** A function call result's output as text: a string, a `{type: 'text'}` output, or the text parts of a list. */
function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  const parts = Array.isArray(output) ? output : [output];
  return parts
    .flatMap((p: unknown) => (isRecord(p) && typeof p.type === 'string' && textParts.has(p.type) && typeof p.text === 'string' ? [p.text] : []))
    .join('\n');
}

/** A hosted MCP call (the SDK's `hosted_tool_call` named `mcp_call`) as a Responses `mcp_call`; other hosted tools are built-ins, skipped. */
function hostedMcpCall(raw: Rec): Rec | null {
  const data = isRecord(raw.providerData) ? raw.providerData : {};
  if (data.type !== 'mcp_call' && raw.name !== 'mcp_call') return null;
  const error = data.error === undefined || data.error === null ? null : typeof data.error === 'string' ? data.error : JSON.stringify(data.error);
  return { type: 'mcp_call', id: data.id ?? raw.id, name: data.name, arguments: data.arguments, output: raw.output ?? null, error };
}
