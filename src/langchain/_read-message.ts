/**
 * Internal: one LangChain message, in whichever form it comes, as plain parts: a message class instance
 * (`HumanMessage`, `AIMessage`, `ToolMessage`, `SystemMessage`, `ChatMessage`, their chunks), its
 * serialized forms (`toJSON()`: `{lc: 1, type: 'constructor', id: [..., 'AIMessage'], kwargs}`;
 * stored: `{type: 'ai', data: {...}}`; the LangGraph API's `{type: 'ai', content, tool_calls, ...}`),
 * a `{role, content}` object or a `[role, content]` pair, or a bare string (a human message).
 * @see https://docs.langchain.com/oss/javascript/langchain/messages
 */
import { isRecord, unreadable, type Rec } from '../readers/_shape.js';

/** A message's kind, after aliases (`user` → `human`, `assistant` → `ai`, `developer` → `system`). */
export type MessageKind = 'human' | 'ai' | 'tool' | 'system' | 'remove';

/** A tool call an AI message made; `args` is the arguments object, or the raw text of an invalid call. */
export interface ReadCall {
  id: string | null;
  name: string;
  args: unknown;
}

/** What claimcheck reads from one message. */
export interface ReadMessage {
  kind: MessageKind;
  content: unknown;
  /** AI messages: `tool_calls`, then `invalid_tool_calls` (arguments the provider could not parse). */
  calls: ReadCall[];
  /** Tool messages: the call answered, and the tool's name when given. */
  toolCallId: string | null;
  name: string | null;
  /** Tool messages: `'error'` when the tool reported a failure. */
  status: string | null;
}

const aliases: Record<string, MessageKind> = {
  human: 'human', user: 'human', ai: 'ai', assistant: 'ai', tool: 'tool', system: 'system', developer: 'system', remove: 'remove',
};
const classes: Record<string, MessageKind> = {
  HumanMessage: 'human', HumanMessageChunk: 'human', AIMessage: 'ai', AIMessageChunk: 'ai', ToolMessage: 'tool',
  ToolMessageChunk: 'tool', SystemMessage: 'system', SystemMessageChunk: 'system', RemoveMessage: 'remove',
};

/** Read message `index` of the list. @throws ClaimcheckError `unreadable_messages` for a value in no known form. */
export function readMessage(raw: unknown, index: number): ReadMessage {
  const where = `messages[${index}]`;
  if (typeof raw === 'string') return parts('human', { content: raw }, index, where);
  if (Array.isArray(raw) && raw.length === 2 && typeof raw[0] === 'string') return parts(kindOf(raw[0], index, where, raw), { content: raw[1] }, index, where);
  if (!isRecord(raw)) throw unreadable(index, where, raw, 'expected a LangChain message (a BaseMessage, its JSON form, or {role, content}).');
  const { kind, fields } = unwrap(raw, index, where);
  return parts(kind, fields, index, where);
}

/** The message's kind and the record holding its fields. */
function unwrap(raw: Rec, index: number, where: string): { kind: MessageKind; fields: Rec } {
  // toJSON(): {lc: 1, type: 'constructor', id: ['langchain_core', 'messages', 'AIMessage'], kwargs}
  if (raw.lc !== undefined && raw.type === 'constructor' && Array.isArray(raw.id) && isRecord(raw.kwargs)) {
    const name = raw.id[raw.id.length - 1];
    const kind = typeof name === 'string' ? (classes[name] ?? chatRole(name, raw.kwargs)) : undefined;
    if (kind === undefined) throw unreadable(index, `${where}.id`, raw.id, 'expected a LangChain message class such as AIMessage or ToolMessage.');
    return { kind, fields: raw.kwargs };
  }
  const getType = raw.getType ?? raw._getType;
  const type = typeof getType === 'function' ? (getType as () => unknown).call(raw) : raw.type;
  // Stored messages (mapChatMessagesToStoredMessages): {type, data: {content, ...}}
  const fields = isRecord(raw.data) && raw.content === undefined ? raw.data : raw;
  if (type === 'generic' || (type === undefined && typeof raw.role === 'string')) {
    return { kind: kindOf(fields.role, index, where, raw), fields };
  }
  return { kind: kindOf(type, index, where, raw), fields };
}

function chatRole(name: string, kwargs: Rec): MessageKind | undefined {
  if (name !== 'ChatMessage' && name !== 'ChatMessageChunk') return undefined;
  return typeof kwargs.role === 'string' ? aliases[kwargs.role] : undefined;
}

function kindOf(type: unknown, index: number, where: string, raw: unknown): MessageKind {
  const kind = typeof type === 'string' && Object.hasOwn(aliases, type) ? aliases[type] : undefined;
  if (kind !== undefined) return kind;
  const legacy = type === 'function' ? ' Legacy function messages are not supported: send tool results as ToolMessages.' : '';
  throw unreadable(index, where, raw, `expected a message of type human, ai, tool or system (or role user, assistant, tool, system).${legacy}`);
}

function parts(kind: MessageKind, fields: Rec, index: number, where: string): ReadMessage {
  return {
    kind,
    content: fields.content,
    calls: kind === 'ai' ? callsOf(fields, index, where) : [],
    toolCallId: typeof fields.tool_call_id === 'string' ? fields.tool_call_id : null,
    name: typeof fields.name === 'string' && fields.name !== '' ? fields.name : null,
    status: typeof fields.status === 'string' ? fields.status : null,
  };
}

/** `tool_calls` and `invalid_tool_calls`; the provider's raw `additional_kwargs.tool_calls` when neither is set. */
function callsOf(fields: Rec, index: number, where: string): ReadCall[] {
  const calls: ReadCall[] = [];
  const lists: Array<[string, unknown]> = [['tool_calls', fields.tool_calls], ['invalid_tool_calls', fields.invalid_tool_calls]];
  const raw = isRecord(fields.additional_kwargs) ? fields.additional_kwargs.tool_calls : undefined;
  if (!hasItems(fields.tool_calls) && !hasItems(fields.invalid_tool_calls) && hasItems(raw)) lists.push(['additional_kwargs.tool_calls', raw]);
  for (const [key, list] of lists) {
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) throw unreadable(index, `${where}.${key}`, list, 'expected an array of tool calls.');
    list.forEach((call: unknown, j) => calls.push(readCall(call, index, `${where}.${key}[${j}]`)));
  }
  return calls;
}

/** A LangChain call `{id, name, args}`, or an OpenAI-shaped one `{id, function: {name, arguments}}`. */
function readCall(call: unknown, index: number, where: string): ReadCall {
  if (!isRecord(call)) throw unreadable(index, where, call, 'expected a tool call object.');
  const fn = isRecord(call.function) ? call.function : undefined;
  const name = fn?.name ?? call.name;
  if (typeof name !== 'string' || name === '') throw unreadable(index, where, call, 'expected a tool call with a `name`.');
  return { id: typeof call.id === 'string' && call.id !== '' ? call.id : null, name, args: fn === undefined ? call.args : fn.arguments };
}

function hasItems(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length > 0;
}

/**
 * Whether `messages` is a LangChain message list that no provider reader takes: a list holding a message
 * in a form only LangChain writes (its `toJSON()` form `{lc, type: 'constructor', id, kwargs}`, a stored
 * `{type, data}`, a `{type: 'human' | 'ai' | 'tool' | 'system', content}` without a `role`, or LangChain's
 * type written as the role, `{role: 'human' | 'ai'}`).
 */
export function isLangChainList(messages: unknown): boolean {
  return Array.isArray(messages) && messages.some(langChainOnly);
}

function langChainOnly(raw: unknown): boolean {
  if (!isRecord(raw)) return false;
  if (raw.lc !== undefined && raw.type === 'constructor' && Array.isArray(raw.id)) return true;
  if (raw.role === 'human' || raw.role === 'ai') return true;
  return raw.role === undefined && typeof raw.type === 'string' && Object.hasOwn(aliases, raw.type) && raw.type !== 'user' && raw.type !== 'assistant' && raw.type !== 'developer';
}
