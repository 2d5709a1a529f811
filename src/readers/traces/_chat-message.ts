/**
 * Internal: one message of a model call, read from any of the shapes traces record them in: the GenAI
 * semantic conventions' `{role, parts}` (`text`, `tool_call`, `tool_call_response`), the AI SDK's prompt
 * messages (`text`, `tool-call`, `tool-result` parts), and OpenAI Chat Completions messages (`content`,
 * `tool_calls`, `tool_call_id`), which the older GenAI events and OpenInference also use.
 */
import { parseArguments, parseJson } from '../_json.js';
import { isRecord, type Rec } from '../_shape.js';

/** A tool call a model message asks for. */
export interface ChatToolCall {
  id: string | null;
  name: string;
  args: unknown;
}

/** A tool result a message carries back to the model. */
export interface ChatToolResult {
  id: string | null;
  name: string | null;
  /** As recorded: JSON text is parsed only when the result settles a call no tool span recorded. */
  result: unknown;
  /** The message marks the result an error (`isError`, an `error-text` output, status `error`). */
  failed: boolean;
}

export interface ChatMessage {
  role: string;
  /** The message's text parts, joined by blank lines (`''` when none). */
  text: string;
  calls: ChatToolCall[];
  results: ChatToolResult[];
}

/**
 * A message list recorded as JSON text (`gen_ai.input.messages`, `ai.prompt.messages`), parsed when first read.
 * A model call's input repeats the whole history before it, so a long trace holds the same messages many times
 * over: {@link LazyMessages.after} parses only what an input adds to the one before it, and only when that
 * can matter (a user message, or a result a call waits for).
 */
export class LazyMessages {
  #messages: ChatMessage[] | undefined;
  constructor(readonly text: string) {}

  /** The messages (`[]` for text that is no message list). */
  messages(): ChatMessage[] {
    return (this.#messages ??= chatMessages(this.text) ?? []);
  }

  /**
   * The messages this list adds after `previous`, parsed alone, when this text is `previous`'s text with more
   * elements written after its last one (the same history, serialized the same way, then more); `null`
   * otherwise (the caller reads the whole list). `[]` when what it adds holds no user message, in compact JSON,
   * and `needResults` is false.
   */
  after(previous: LazyMessages, needResults: boolean): ChatMessage[] | null {
    const before = previous.text.trimEnd();
    const text = this.text.trimEnd();
    if (!before.startsWith('[') || !before.endsWith(']') || !text.endsWith(']')) return null;
    const prefix = before.length - 1;
    // Compared as two slices: V8's string equality is a memory compare, several times faster than startsWith here.
    if (text.length <= prefix || text.slice(0, prefix) !== before.slice(0, prefix)) return null;
    const next = text.charCodeAt(prefix);
    if (next === CLOSE) return [];
    // An element boundary: a comma after the earlier list's last element (none after an empty list).
    const tail = next === COMMA ? text.slice(prefix + 1) : prefix === 1 ? text.slice(1) : null;
    if (tail === null) return null;
    // Compact JSON (as JSON.stringify writes it) without a user message adds nothing the caller reads unless it
    // waits for results: a role is written "role":"…" there, with quotes unescaped only where they are JSON's own.
    if (!needResults && tail.includes(ROLE_KEY) && !tail.includes(USER_ROLE)) return [];
    return chatMessages(`[${tail}`);
  }
}
const ROLE_KEY = '"role":"';
const USER_ROLE = '"role":"user"';
const CLOSE = 0x5d;
const COMMA = 0x2c;

/** A message list of an attribute: JSON text stays text until read ({@link LazyMessages}); a list is read now. */
export function recordedMessages(value: unknown): ChatMessage[] | LazyMessages | null {
  if (typeof value === 'string') return value.trim() === '' ? null : new LazyMessages(value);
  return chatMessages(value);
}

/** Messages from an attribute value: a list, or JSON text of a list (or of `{messages}`); `null` for anything else. */
export function chatMessages(value: unknown): ChatMessage[] | null {
  let list = typeof value === 'string' ? parsed(value) : value;
  if (isRecord(list) && Array.isArray(list.messages)) list = list.messages;
  if (!Array.isArray(list)) return null;
  const out: ChatMessage[] = [];
  for (const raw of list) if (isRecord(raw)) out.push(chatMessage(raw));
  return out;
}

/** One message of any of the shapes above. */
export function chatMessage(raw: Rec): ChatMessage {
  const role = typeof raw.role === 'string' ? raw.role : 'assistant';
  const message: ChatMessage = { role, text: '', calls: [], results: [] };
  const texts: string[] = [];
  const content = raw.content;
  const parts = Array.isArray(raw.parts) ? raw.parts : Array.isArray(content) ? content : [];
  if (typeof content === 'string') {
    if (role === 'tool') message.results.push({ id: idOf(raw.tool_call_id ?? raw.id), name: stringOr(raw.name), result: content, failed: raw.status === 'error' });
    else texts.push(content);
  }
  for (const part of parts) if (isRecord(part)) readPart(part, message, texts);
  if (Array.isArray(raw.tool_calls)) for (const call of raw.tool_calls) if (isRecord(call)) pushCall(message, call);
  message.text = texts.filter((t) => t.trim() !== '').join('\n\n');
  return message;
}

function readPart(part: Rec, message: ChatMessage, texts: string[]): void {
  switch (part.type) {
    case 'text':
    case 'output_text':
    case 'input_text': {
      const text = part.content ?? part.text;
      if (typeof text === 'string') texts.push(text);
      return;
    }
    case 'tool_call':
    case 'tool-call':
    case 'function':
      pushCall(message, part);
      return;
    case 'tool_call_response':
    case 'tool-result':
    case 'tool_result': {
      const output = part.output;
      // AI SDK v5+: output {type: 'json' | 'text' | 'error-text' | 'error-json', value}; older: result, isError.
      const typed = isRecord(output) && typeof output.type === 'string';
      const value = typed ? output.value : (part.response ?? part.result ?? part.content ?? output);
      const failed = part.isError === true || part.is_error === true || (typed && String(output.type).startsWith('error'));
      message.results.push({ id: idOf(part.id ?? part.toolCallId ?? part.tool_use_id), name: stringOr(part.toolName ?? part.name), result: value, failed });
      return;
    }
    default:
  }
}

function pushCall(message: ChatMessage, call: Rec): void {
  const read = chatToolCall(call);
  if (read !== null) message.calls.push(read);
}

/**
 * A tool call in any of the shapes: `{id, function: {name, arguments}}` (OpenAI), `{id, name, arguments}`
 * (GenAI `tool_call` part), `{toolCallId, toolName, input | args}` (AI SDK); `null` without a name.
 */
export function chatToolCall(call: Rec): ChatToolCall | null {
  const fn = isRecord(call.function) ? call.function : call;
  const name = fn.name ?? call.toolName;
  if (typeof name !== 'string' || name === '') return null;
  const args = fn.arguments ?? call.input ?? call.args;
  return { id: idOf(call.id ?? call.toolCallId), name, args: parseArguments(args) };
}

function parsed(text: string): unknown {
  const result = parseJson(text);
  return result.ok ? result.value : undefined;
}

function idOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
}

function stringOr(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
