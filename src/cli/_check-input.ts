/**
 * Internal: reading `check`'s input: one record's messages, tools and format; the `--tools` file; and
 * the message of a conversation that cannot be read (with the format it looks like, when another).
 */
import { readFile } from 'node:fs/promises';
import { ClaimcheckError } from '../errors.js';
import { detectFormat } from '../readers/index.js';
import { normalizeTools } from '../tools.js';
import { causeSentence } from '../_sentence.js';
import { closest } from '../_options.js';
import { withoutByteOrderMark } from './read-inputs.js';

/**
 * The message of an unreadable conversation. When the format was given (not detected) and the
 * messages look like another format, says which.
 */
export function describeError(error: unknown, unpacked?: ReturnType<typeof unpack>, format = 'auto'): { code: string; message: string } {
  const code = ClaimcheckError.isInstance(error) ? error.code : 'internal_error';
  let message = error instanceof Error ? error.message : String(error);
  const requested = unpacked?.recordFormat ?? format;
  if (unpacked !== undefined && requested !== 'auto' && code === 'unreadable_messages') {
    try {
      const looks = detectFormat(unpacked.messages, unpacked.tools);
      if (looks !== requested) message += ` The messages look like ${looks} format, not ${requested}: try --format ${looks}, or --format auto to detect it.`;
    } catch {
      // Not even a list: the reader's message says so.
    }
  }
  return { code, message };
}

/**
 * Reads `--tools FILE`: a JSON list of tools. A string is the message for a file that is not one
 * (missing, not JSON, or a conversation given by mistake). `configFile`: the configuration file the
 * path came from, when it was not the flag; the message then names that file and its `"tools"` setting.
 */
export async function readToolsFile(path: string, configFile?: string): Promise<{ tools: unknown } | string> {
  const hint = 'It must be a JSON list of tools in any provider shape (names, {name, description}, OpenAI, Anthropic or MCP tools).';
  const what = toolsSource(path, configFile);
  const conversation = `${what} holds a conversation, not a tool list.`;
  let text: string;
  let value: unknown;
  try {
    text = withoutByteOrderMark(await readFile(path, 'utf8'));
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    return `cannot use ${what}: ${code === 'ENOENT' ? 'no such file.' : causeSentence(cause)} ${hint}`;
  }
  try {
    value = JSON.parse(text);
  } catch (cause) {
    // JSON Lines of conversations (one record a line) is the likeliest mix-up.
    const firstLine = text.trimStart().split('\n', 1)[0] ?? '';
    if (looksLikeConversation(parsesTo(firstLine))) value = parsesTo(firstLine);
    else return `cannot use ${what}: ${causeSentence(cause)} ${hint}`;
  }
  if (looksLikeConversation(value)) {
    return `${conversation} Give conversations as the files to check (claimcheck check ${path}); --tools takes a JSON list of tools, e.g. [{"name": "send_email", "description": "Send an email"}].`;
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && Array.isArray((value as Record<string, unknown>).tools)) {
    value = (value as Record<string, unknown>).tools;
  }
  try {
    normalizeTools(value);
  } catch (cause) {
    return `cannot use ${what}: ${causeSentence(cause)} ${hint}`;
  }
  return { tools: value };
}

/**
 * How a message names the tools file: `--tools PATH`, or `"tools": PATH from the configuration file
 * FILE` when the setting came from there (no flag was given, so naming the flag would mislead).
 */
export function toolsSource(path: string, configFile?: string): string {
  return configFile === undefined ? `--tools ${path}` : `${path} (the "tools" setting of the configuration file ${configFile})`;
}

function parsesTo(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A conversation record or a message list: `{messages: [...]}`, or a list whose entries have a `role`. */
function looksLikeConversation(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (!Array.isArray(value)) return Array.isArray((value as Record<string, unknown>).messages);
  const first: unknown = value[0];
  return typeof first === 'object' && first !== null && ('role' in first || 'messages' in first);
}

/** Keys a message, tool call or tool result has and a tool definition does not. */
const MESSAGE_KEYS = ['role', 'content', 'arguments', 'call_id', 'args', 'tool', 'result', 'input', 'output', 'status', 'messages'];

/**
 * Whether `entry` is a tool definition in a provider shape: OpenAI Chat Completions (`{type: 'function',
 * function: {name}}`, `{type: 'custom', custom: {name}}`), OpenAI Responses (`{type: 'function', name,
 * parameters}`), Anthropic (`{name, input_schema}`), MCP (`{name, inputSchema}`), or `{name, description}`;
 * never an entry with a key of a message or a call (`role`, `content`, `arguments`, `args`...).
 */
function isToolDefinition(entry: unknown): boolean {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return false;
  const e = entry as Record<string, unknown>;
  if (MESSAGE_KEYS.some((k) => k in e)) return false;
  const named = (v: unknown): boolean => typeof v === 'object' && v !== null && typeof (v as Record<string, unknown>).name === 'string';
  if (e.type === 'function' && named(e.function)) return true;
  if (e.type === 'custom' && named(e.custom)) return true;
  if (typeof e.name !== 'string') return false;
  return 'parameters' in e || 'input_schema' in e || 'inputSchema' in e || typeof e.description === 'string';
}

/** The keys of a tool list's wrapper: MCP's `tools/list` result (`{tools, nextCursor?, _meta?}`). */
const TOOL_LIST_KEYS = ['tools', 'nextCursor', '_meta'];

/**
 * Whether an input record is a tool list given as a conversation by mistake: a non-empty list (or
 * `{tools: [...]}` with no key but those of {@link TOOL_LIST_KEYS}) whose every entry is a tool definition ({@link isToolDefinition}), or
 * whose every entry is a tool's name (`["send_email", "issue_refund"]`: no message is a string).
 */
export function looksLikeToolList(value: unknown): boolean {
  // The object form is a list's wrapper alone, as MCP's tools/list result is: a record with other keys ("message") is a conversation misnamed.
  const wrapper = typeof value === 'object' && value !== null && Object.keys(value).every((k) => TOOL_LIST_KEYS.includes(k));
  const list = Array.isArray(value) ? value : wrapper ? (value as Record<string, unknown>).tools : undefined;
  if (!Array.isArray(list) || list.length === 0) return false;
  return list.every(isToolDefinition) || list.every((e) => typeof e === 'string' && e.trim() !== '');
}

/**
 * The messages, tools and format of one input record. `file`: the file it came from, for messages.
 * @throws ClaimcheckError `invalid_input` for a record of another shape, one with no messages, or a
 *   tool list ({@link looksLikeToolList}: the message says to pass it with `--tools`).
 */
export function unpack(value: unknown, id: string, file?: string): { messages: unknown; tools: unknown; recordFormat: string | undefined } {
  const empty = (): ClaimcheckError => new ClaimcheckError('invalid_input', `${id} holds no messages: there is nothing to check. Give the conversation's messages (user, assistant and tool turns).`);
  if (looksLikeToolList(value)) {
    const path = file === undefined || file === '-' ? 'FILE' : file;
    throw new ClaimcheckError(
      'invalid_input',
      `${id} looks like a tool list (tool definitions or names, not messages), not a conversation: pass it with --tools, and the conversations to check as files: claimcheck check --tools ${path} conversations.jsonl.`,
      { data: { looksLike: 'tools' } },
    );
  }
  if (Array.isArray(value)) {
    if (value.length === 0) throw empty();
    return { messages: value, tools: undefined, recordFormat: undefined };
  }
  if (typeof value === 'object' && value !== null && Array.isArray((value as Record<string, unknown>).messages)) {
    const v = value as Record<string, unknown>;
    if ((v.messages as unknown[]).length === 0) throw empty();
    const recordFormat = typeof v.format === 'string' ? v.format : undefined;
    return { messages: v.messages, tools: v.tools, recordFormat };
  }
  throw new ClaimcheckError('invalid_input', `${id}: expected {"messages": [...], "tools"?, "format"?, "id"?} or a bare message array${misnamedMessages(value)}`);
}

/** The keys a conversation record may have. */
const RECORD_KEYS = ['messages', 'tools', 'format', 'id'];

/**
 * For an object without `messages`: what it holds instead, and the key a list of its was probably meant for
 * (`{"message": [...]}` → "Did you mean \"messages\"?"), ending the sentence; `.` for anything else.
 */
function misnamedMessages(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return '.';
  const keys = Object.keys(value);
  if (keys.length === 0) return '; got an empty object.';
  const unknown = keys.filter((k) => !RECORD_KEYS.includes(k));
  const near = unknown.map((k) => ({ key: k, known: closest(k, ['messages']) })).find((x) => x.known !== undefined);
  const listed = keys.slice(0, 6).map((k) => JSON.stringify(k)).join(', ');
  return `; got an object with keys ${listed}${keys.length > 6 ? ', …' : ''}${near === undefined ? '.' : `. Did you mean "messages" for ${JSON.stringify(near.key)}?`}`;
}

