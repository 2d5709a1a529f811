/**
 * Internal: a LangChain message as LangSmith and LangChain tracers record it, in the Chat Completions shape
 * `chatMessage` reads: serialized (`{lc: 1, type: 'constructor', id: [..., 'AIMessage'], kwargs}`), stored
 * (`{type: 'ai', data: {...}}`), plain (`{type: 'human', content}`) or already `{role, content}`.
 */
import { isRecord, type Rec } from '../_shape.js';

const ROLES: Record<string, string> = {
  human: 'user', HumanMessage: 'user', HumanMessageChunk: 'user', user: 'user',
  ai: 'assistant', AIMessage: 'assistant', AIMessageChunk: 'assistant', assistant: 'assistant',
  tool: 'tool', ToolMessage: 'tool', ToolMessageChunk: 'tool', function: 'tool',
  system: 'system', SystemMessage: 'system', developer: 'system',
};

/** The message as `{role, content, tool_calls?, tool_call_id?, status?}`; the value itself when it is no LangChain message. */
export function langChainMessage(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  if (typeof raw.role === 'string') return raw;
  let body: Rec = raw;
  let kind: unknown = raw.type;
  if (raw.lc === 1 && Array.isArray(raw.id) && isRecord(raw.kwargs)) {
    kind = raw.id[raw.id.length - 1];
    body = raw.kwargs;
  } else if (isRecord(raw.data)) {
    body = raw.data;
  }
  const role = typeof kind === 'string' ? ROLES[kind] : undefined;
  if (role === undefined) return raw;
  return { role, content: body.content, tool_calls: body.tool_calls, tool_call_id: body.tool_call_id, status: body.status, name: body.name };
}
