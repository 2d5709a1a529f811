/**
 * The public checking API: one reply against a ledger, or every turn of a recorded conversation.
 * Deterministic, no I/O, no network.
 */
import type { ConversationEvent, MessageFormat } from './conversation.js';
import type { Ledger, LedgerEntry } from './ledger.js';
import { assertTextLength } from './_input-limit.js';
import { readConversation } from './readers/index.js';
import { Receipt, type ReceiptJSON } from './receipt.js';
import { normalizeTools, type ToolSpec } from './tools.js';
import { judgeReply, type JudgeInput } from './claims/judge-reply.js';
import { profileTool, type ToolProfile } from './claims/tool-profile.js';
import { LedgerIndex } from './claims/ledger-index.js';
import { callActKeys } from './claims/tool-acts.js';
import { ClaimcheckError } from './errors.js';
import { assertOptions, describeValue } from './_options.js';
import { hostError } from './_host-input.js';

const SHARED_KEYS = ['tools', 'ignoreTools', 'checkArgs', 'strict'] as const;
const REPLY_KEYS: readonly string[] = [...SHARED_KEYS, 'request'];
const MESSAGES_KEYS: readonly string[] = [...SHARED_KEYS, 'format'];
/** Compile-time: every option of {@link CheckOptions} is a known key (a new option must be added above). */
const SHARED_KEYS_COMPLETE: Exclude<keyof CheckOptions, (typeof SHARED_KEYS)[number]> extends never ? true : never = true;
void SHARED_KEYS_COMPLETE;

/** Options shared by {@link check}, {@link checkTurns} and {@link checkMessages}. */
export interface CheckOptions {
  /**
   * The tools the agent had, in any provider shape (names, `{name, description}`, Chat Completions,
   * Responses, Anthropic or MCP tools). Claims are matched against these. For {@link check} the default
   * is the tools named in the ledger; for conversations, the tools given with the conversation.
   */
  tools?: unknown;
  /** Tools never reported in `ranButUnreported` (e.g. `think`, `calculate`). Default none. */
  ignoreTools?: readonly string[];
  /** Judge amounts, references and emails against the calls' arguments. Default `true`. */
  checkArgs?: boolean;
  /**
   * Make `claimedWithoutTool` and `deniedButRan` findings blocking: the verdict is then `fabricated` and
   * `ok` false when either list is not empty. Default `false` (they are reported, informational).
   */
  strict?: boolean;
}

/** Options of {@link check}. */
export interface CheckReplyOptions extends CheckOptions {
  /** The user's latest message; terse replies ("Done — sent.") take their object from it. */
  request?: string;
}

/** Options of {@link checkTurns} and {@link checkMessages}. */
export interface CheckMessagesOptions extends CheckOptions {
  /** Message format; `auto` (default) detects it. Unknown names throw `unknown_format`. */
  format?: MessageFormat | 'auto';
}

/** A receipt for one assistant turn of a conversation. */
export interface TurnReceipt {
  /** 1-based: the Nth assistant message with text. */
  turn: number;
  /** Index of the assistant message (or item) in the input. */
  messageIndex: number;
  /** The reply text judged (thinking removed). */
  text: string;
  receipt: Receipt;
}

/** JSON form of a {@link TurnReceipt}: the receipt's fields plus `turn`, `messageIndex` and `text`. */
export type TurnReceiptJSON = ReceiptJSON & { turn: number; messageIndex: number; text: string };

/** Convert a turn receipt to its JSON form. */
export function turnReceiptToJSON(t: TurnReceipt): TurnReceiptJSON {
  try {
    return { turn: t.turn, messageIndex: t.messageIndex, text: t.text, ...t.receipt.toJSON() };
  } catch (error) {
    throw hostError('turnReceiptToJSON', error);
  }
}

/**
 * Check one reply against a ledger: every entry may back a claim, and every successful entry the
 * reply never mentions is `ranButUnreported`.
 *
 * Time is linear in the length of the reply (and request). Limit: the reply and the request are each at
 * most 8,388,608 characters (UTF-16 code units, `string.length`; 8 MiB of ASCII text).
 * @throws ClaimcheckError `input_too_large` when the reply or `options.request` is longer than the limit
 *   (`data: { length, limit }`); `invalid_tool` when `options.tools` holds something that is not a tool;
 *   `invalid_input` when `reply` is not a string or `ledger` is neither a `Ledger` nor an array of
 *   entries (objects with a string `tool`); `invalid_options` for an unknown option key (with the
 *   closest known one, `data: { option, suggestion }`) or an option of the wrong type.
 */
export function check(reply: string, ledger: Ledger | readonly LedgerEntry[], options: CheckReplyOptions = {}): Receipt {
  try {
    const where = 'check(reply, ledger, options)';
    assertOptions(where, options, REPLY_KEYS);
    assertShared(where, options);
    if (typeof reply !== 'string') throw new ClaimcheckError('invalid_input', `${where}: reply must be the reply text as a string, got ${describeValue(reply)}.`);
    if (options.request !== undefined && typeof options.request !== 'string') {
      throw new ClaimcheckError('invalid_options', `${where}: option request must be the user's latest message as a string, got ${describeValue(options.request)}.`);
    }
    assertTextLength(reply, 'The reply');
    if (options.request !== undefined) assertTextLength(options.request, 'The request');
    const entries = ledgerEntries(where, ledger);
    const tools = options.tools === undefined ? [...new Set(entries.map((e) => e.tool))] : options.tools;
    const toolProfiles = profiles(normalizeTools(tools));
    return judgeReply({
      reply,
      ...(options.request === undefined ? {} : { request: options.request }),
      profiles: toolProfiles,
      backing: new LedgerIndex(entries, callActKeys(toolProfiles)),
      stretch: entries,
      ignoreTools: new Set(options.ignoreTools ?? []),
      checkArgs: options.checkArgs ?? true,
      toolsGiven: options.tools !== undefined,
      strict: options.strict === true,
    });
  } catch (error) {
    throw hostError('check', error);
  }
}

/**
 * One receipt per assistant message with text. A call backs a claim when it settled earlier in the
 * conversation, or later in the same turn before the next assistant text or user message;
 * `ranButUnreported` covers the turn's own stretch (rules: the corpus README, "What counts as a claim").
 * Appending messages never changes an earlier turn's receipt.
 *
 * Time is linear in the conversation's length. Limit: each user and assistant message's text is at most
 * 8,388,608 characters (UTF-16 code units; 8 MiB of ASCII text).
 * @throws ClaimcheckError `unreadable_messages`, `unknown_format` or `invalid_tool` for input it cannot read;
 *   `input_too_large` for a message text over the limit (`data: { length, limit }`); `empty_conversation`
 *   for a conversation with no messages (`[]` or `{ messages: [] }`: nothing to check, so no verdict);
 *   `invalid_options` for an unknown option key (with the closest known one) or an option of the wrong type.
 */
export function checkTurns(messages: unknown, options: CheckMessagesOptions = {}): TurnReceipt[] {
  try {
    assertMessagesCall('checkTurns(messages, options)', messages, options);
    return checkTurnsWith(messages, options);
  } catch (error) {
    throw hostError('checkTurns', error);
  }
}

/** {@link checkTurns} without the checks of its arguments, for the integrations (an empty list gives no turns). */
export function judgeTurns(messages: unknown, options: CheckMessagesOptions = {}): TurnReceipt[] {
  return checkTurnsWith(messages, options);
}

/** What {@link checkTurnsWith} tells its observer about each judged turn, at the time it is judged. */
export interface TurnContext {
  reply: string;
  request?: string;
  /** The listed tools (or those that ran, when none were listed). */
  tools: readonly ToolSpec[];
  /** How each listed tool settled in this turn's window. */
  states: ReadonlyMap<string, 'ok' | 'failed' | 'none'>;
}

/** Internal: {@link checkTurns}, telling `onTurn` about each turn (the async, model-assisted check reads it). */
export function checkTurnsWith(messages: unknown, options: CheckMessagesOptions, onTurn?: (context: TurnContext) => void): TurnReceipt[] {
  const conversation = readConversation(messages, { format: options.format ?? 'auto', tools: options.tools });
  const toolsGiven = conversation.tools.length > 0;
  const toolSpecs = toolsGiven ? conversation.tools : normalizeTools(toolsFromEvents(conversation.events));
  const toolProfiles = profiles(toolSpecs);
  const events = conversation.events;
  const ignore = new Set(options.ignoreTools ?? []);
  const checkArgs = options.checkArgs ?? true;
  const strict = options.strict === true;
  const out: TurnReceipt[] = [];
  const earlier = new LedgerIndex([], callActKeys(toolProfiles));
  let stretch: LedgerEntry[] = [];
  let request: string | undefined;
  let previous: string | undefined;
  for (let p = 0; p < events.length; p++) {
    const e = events[p] as ConversationEvent;
    if (e.kind === 'tool') {
      earlier.add(e.entry);
      stretch.push(e.entry);
      continue;
    }
    assertTextLength(e.text, `Message ${e.index}'s text`);
    if (e.kind === 'user') {
      request = e.text;
      stretch = [];
      continue;
    }
    // Most turns end their turn: no calls after the text.
    let later: LedgerEntry[] | undefined;
    for (let q = p + 1; q < events.length; q++) {
      const f = events[q] as ConversationEvent;
      if (f.kind !== 'tool') break;
      (later ??= []).push(f.entry);
    }
    const backing = later === undefined ? earlier : earlier.with(later);
    if (onTurn !== undefined) onTurn({ reply: e.text, ...(request === undefined ? {} : { request }), tools: toolSpecs, states: new Map(toolSpecs.map((t) => [t.name, backing.state(t.name)])) });
    // The turn's own calls: its stretch and the later calls of the same turn (the stretch starts over after the turn).
    if (later !== undefined) for (const entry of later) stretch.push(entry);
    const input: JudgeInput = { reply: e.text, profiles: toolProfiles, backing, stretch, ignoreTools: ignore, checkArgs, toolsGiven, strict };
    if (request !== undefined) input.request = request;
    if (previous !== undefined) input.previous = previous;
    const receipt = judgeReply(input);
    out.push({ turn: out.length + 1, messageIndex: e.index, text: e.text, receipt });
    stretch = [];
    previous = e.text;
  }
  return out;
}

/**
 * The receipt of the conversation's final reply: the same as the last turn of {@link checkTurns}
 * (an earlier run's call backs a restatement). A conversation with no assistant text gets a receipt
 * with no claims whose `ranButUnreported` lists the calls after the user's last message.
 * @throws ClaimcheckError as {@link checkTurns}.
 */
export function checkMessages(messages: unknown, options: CheckMessagesOptions = {}): Receipt {
  try {
    assertMessagesCall('checkMessages(messages, options)', messages, options);
    return finalReceipt(messages, options);
  } catch (error) {
    throw hostError('checkMessages', error);
  }
}

/** {@link checkMessages} without the checks of its arguments, for the integrations (an empty list gives a clean receipt). */
export function finalReceipt(messages: unknown, options: CheckMessagesOptions = {}): Receipt {
  const turns = judgeTurns(messages, options);
  const last = turns[turns.length - 1];
  if (last !== undefined) {
    return last.receipt;
  }
  const conversation = readConversation(messages, { format: options.format ?? 'auto', tools: options.tools });
  const tail: LedgerEntry[] = [];
  for (const e of conversation.events) {
    if (e.kind === 'user') tail.length = 0;
    else if (e.kind === 'tool') tail.push(e.entry);
  }
  const ignore = new Set(options.ignoreTools ?? []);
  return new Receipt({ confirmed: [], claimedButNeverRan: [], unmatched: [], ranButUnreported: tail.filter((e) => e.status === 'ok' && !ignore.has(e.tool)), strict: options.strict === true });
}

/** Internal: the option and argument checks of {@link checkTurns} and {@link checkMessages} (and the async check's). */
export function assertMessagesCall(where: string, messages: unknown, options: unknown): void {
  assertOptions(where, options, MESSAGES_KEYS);
  assertShared(where, (options ?? {}) as CheckOptions);
  const list = Array.isArray(messages) ? messages : (messages as { messages?: unknown } | null)?.messages;
  if (Array.isArray(list) && list.length === 0) {
    throw new ClaimcheckError('empty_conversation', `${where}: the conversation holds no messages, so there is nothing to check (no verdict). Give the conversation's messages (user, assistant and tool turns).`);
  }
}

/** Types of the options every check function takes. */
function assertShared(where: string, options: CheckOptions): void {
  const { ignoreTools, checkArgs } = options;
  if (ignoreTools !== undefined && (!Array.isArray(ignoreTools) || ignoreTools.some((t) => typeof t !== 'string'))) {
    throw new ClaimcheckError('invalid_options', `${where}: option ignoreTools must be a list of tool names, e.g. ['think'], got ${describeValue(ignoreTools)}.`);
  }
  if (checkArgs !== undefined && typeof checkArgs !== 'boolean') {
    throw new ClaimcheckError('invalid_options', `${where}: option checkArgs must be true or false, got ${describeValue(checkArgs)}.`);
  }
}

/** The entries of a `Ledger` or an array of entries. */
function ledgerEntries(where: string, ledger: unknown): readonly LedgerEntry[] {
  const entries = Array.isArray(ledger) ? ledger : (ledger as { entries?: unknown } | null)?.entries;
  if (!Array.isArray(entries)) {
    throw new ClaimcheckError('invalid_input', `${where}: ledger must be a Ledger (guard.ledger) or an array of entries such as [{ tool: 'send_email', status: 'ok', args: {…}, result: {…} }], got ${describeValue(ledger)}.`);
  }
  const bad = entries.findIndex((e) => typeof e !== 'object' || e === null || typeof (e as { tool?: unknown }).tool !== 'string');
  if (bad >= 0) {
    throw new ClaimcheckError('invalid_input', `${where}: ledger[${bad}] must be an entry with the tool's name in "tool" (e.g. { tool: 'send_email', status: 'ok' }), got ${describeValue(entries[bad])}.`, { data: { index: bad } });
  }
  return entries as readonly LedgerEntry[];
}

/**
 * Profiles of tools seen before, by name, description and parameters; a tool list is profiled once per process.
 * Levels, so that a lookup hashes the name and the description as they are instead of joining them first. The
 * parameters (JSON Schema) are keyed by their JSON text, read once per schema object: a tool of the same name
 * and description with other parameters (another enum, other arguments) gets a profile of its own.
 */
const PROFILE_CACHE = new Map<string, Map<string, Map<string, ToolProfile>>>();
const PROFILE_CACHE_LIMIT = 10_000;
let profilesCached = 0;

function profiles(tools: readonly ToolSpec[]): ToolProfile[] {
  return tools.map((tool) => {
    const schema = parametersKey(tool.parameters);
    // A schema with no JSON text (a cycle, a BigInt) is profiled each time.
    if (schema === null) return profileTool(tool);
    let byDescription = PROFILE_CACHE.get(tool.name);
    let bySchema = byDescription?.get(tool.description);
    let profile = bySchema?.get(schema);
    if (profile === undefined) {
      profile = profileTool(tool);
      if (profilesCached >= PROFILE_CACHE_LIMIT) {
        PROFILE_CACHE.clear();
        profilesCached = 0;
        byDescription = undefined;
        bySchema = undefined;
      }
      if (byDescription === undefined) PROFILE_CACHE.set(tool.name, (byDescription = new Map()));
      if (bySchema === undefined) byDescription.set(tool.description, (bySchema = new Map()));
      bySchema.set(schema, profile);
      profilesCached++;
    }
    return profile;
  });
}

/** The JSON text of a tool's parameters, once per schema object (`''` for none; `null` when it has no JSON text). */
function parametersKey(parameters: ToolSpec['parameters']): string | null {
  if (parameters === undefined) return '';
  let key = SCHEMA_KEYS.get(parameters);
  if (key === undefined) {
    try {
      key = JSON.stringify(parameters);
    } catch {
      return null;
    }
    SCHEMA_KEYS.set(parameters, key);
  }
  return key;
}
const SCHEMA_KEYS = new WeakMap<object, string>();

function toolsFromEvents(events: readonly ConversationEvent[]): string[] {
  return [...new Set(events.flatMap((e) => (e.kind === 'tool' ? [e.entry.tool] : [])))];
}
