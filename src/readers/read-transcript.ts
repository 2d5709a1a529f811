/**
 * Reader for transcripts: plain `{role, content}` lines with settled tool entries placed where the tool
 * settled. This is claimcheck's own format (see the corpus README and `docs/formats.md`).
 */
import type { Conversation } from '../conversation.js';
import { normalizeTools } from '../tools.js';
import { CallBook } from './_call-book.js';
import { contentText, type PartRules } from './_content.js';
import { parseArguments, parseResultText } from './_json.js';
import { optionalString, requireList, requireRecord, requireString, unreadable, type Rec } from './_shape.js';
import { stripThinking } from './_text.js';
import { hostError } from '../_host-input.js';

/** What the error messages call the list: the `messages` of a conversation, as in every format. */
const noun = 'messages';
const parts: PartRules = { text: ['text'], ignore: [] };

/**
 * Read transcript lines into a {@link Conversation}.
 *
 * A line is either a message `{role: 'user' | 'assistant' | 'system', content}` (content a string or an
 * array of `{type: 'text', text}`; system lines are skipped; thinking spans are removed from assistant
 * text), or a settled tool entry `{tool, status: 'ok' | 'error', args?, result?, error?, callId?,
 * startedAt?, endedAt?}` that becomes a tool event at its own index. A string `args` or `result` is
 * parsed when it is a JSON object or array. `status: 'error'` marks the call failed (error text: `error`,
 * else the result); an `ok` entry whose result plainly reports a failure (see `resultFailure`) is failed
 * too. `startedAt`/`endedAt` are epoch milliseconds or ISO 8601 strings.
 *
 * @param lines The transcript lines (already parsed from JSON Lines).
 * @param tools Tool names, `{name, description}`, or any shape {@link normalizeTools} accepts.
 * @throws ClaimcheckError `unreadable_messages` (with `data: {index, shape}`) for a non-array, a line that
 *   is not an object, has an unknown role, or is a tool entry without a tool name or an `ok`/`error` status.
 * @throws ClaimcheckError `invalid_tool` for a tool list entry in no known shape.
 */
export function readTranscript(lines: unknown, tools?: unknown): Conversation {
  try {
    const toolSpecs = normalizeTools(tools);
    const list = requireList(lines, noun, 'transcript');
    const book = new CallBook();
    list.forEach((raw, index) => readLine(raw, index, book));
    return { format: 'transcript', events: book.finish(), tools: toolSpecs };
  } catch (error) {
    throw hostError('readTranscript', error);
  }
}

function readLine(raw: unknown, index: number, book: CallBook): void {
  const where = `${noun}[${index}]`;
  const line = requireRecord(raw, index, where);
  if (line.role === undefined && line.tool !== undefined) return readEntry(line, index, where, book);
  const text = contentText(line.content, index, `${where}.content`, parts);
  switch (line.role) {
    case 'user':
      return book.say('user', index, text);
    case 'assistant':
      return book.say('assistant', index, stripThinking(text));
    case 'system':
      return;
    default:
      throw unreadable(index, where, line, 'expected a message with `role` user, assistant or system, or a tool entry `{tool, status}`.');
  }
}

function readEntry(line: Rec, index: number, where: string, book: CallBook): void {
  const tool = requireString(line, 'tool', index, where);
  const { status } = line;
  if (status !== 'ok' && status !== 'error') {
    throw unreadable(index, `${where}.status`, status, 'expected "ok" or "error": "ok" for a call that returned, "error" for one that failed (its text in "error").');
  }
  const callId = optionalString(line, 'callId', index, where) ?? null;
  const errorText = optionalString(line, 'error', index, where) ?? null;
  const result = typeof line.result === 'string' ? parseResultText(line.result) : line.result;
  book.settle(
    { tool, args: parseArguments(line.args), callId },
    { result, marked: status === 'error', errorText, startedAt: time(line, 'startedAt', index, where), endedAt: time(line, 'endedAt', index, where) },
    index,
  );
}

function time(line: Rec, key: string, index: number, where: string): number | null {
  const value = line[key];
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  const parsed = typeof value === 'string' ? Date.parse(value) : NaN;
  if (!Number.isNaN(parsed)) return parsed;
  throw unreadable(index, `${where}.${key}`, value, 'expected epoch milliseconds or an ISO 8601 date-time string.');
}
