/**
 * Internal: what `run()` needs from a provider, in claimcheck's own terms. An adapter only translates
 * (tools, requests, responses, messages); every check happens in the guard.
 */
import { isRecord } from '../readers/_shape.js';
import { joinTextParts, stripThinking } from '../readers/_text.js';
import { normalizeTools, type ToolSpec } from '../tools.js';

/** One tool call the model asked for. `args` is what it sent: raw JSON text (OpenAI) or an object (Anthropic). */
export interface ModelCall {
  id: string;
  name: string;
  args: unknown;
}

/** One model response, provider-neutral. */
export interface ModelTurn {
  /** The text said to the user, as the core readers read it: text parts joined, thinking spans removed (`''` when none). */
  text: string;
  /** The client tool calls, in order (server-side tool use is not among them). */
  calls: ModelCall[];
  /** The provider's own stop reason (`finish_reason`, `stop_reason`), or `null`. */
  stopReason: string | null;
  /** The model paused a long server-side turn and expects to be called again as it is (Anthropic `pause_turn`). */
  paused: boolean;
}

/** The answer to one call. */
export interface CallAnswer {
  id: string;
  content: string;
  isError: boolean;
}

/** What the adapter sends besides the messages. */
export interface AdapterConfig {
  model: string;
  tools: readonly unknown[];
  maxTokens: number | undefined;
  params: Record<string, unknown>;
  requestOptions: Record<string, unknown> | undefined;
}

export interface ProviderAdapter {
  /** The message format, for the core readers. */
  readonly format: 'openai-chat' | 'anthropic';
  /** The client tools (those `run()` executes), normalized, in the order given. */
  readonly toolSpecs: readonly ToolSpec[];
  /** Send one request. `force` names the tools the model must call (the repair request). */
  send(messages: readonly unknown[], force?: readonly string[]): Promise<unknown>;
  /** @throws ClaimcheckError `unreadable_messages` for a response in no known shape (a stream, say). */
  read(response: unknown): ModelTurn;
  /** The assistant message to append, with the arguments of repaired calls (by call id) replaced. */
  assistantMessage(response: unknown, repairedArgs: ReadonlyMap<string, unknown>): unknown;
  /** The messages that answer the calls, in order. */
  answerMessages(answers: readonly CallAnswer[]): unknown[];
}

/** The tool list in the provider's format: entries already in it (`isNative`) as they are, the rest converted. */
export function providerTools(
  tools: readonly unknown[],
  isNative: (entry: Record<string, unknown>) => 'client' | 'server' | false,
  convert: (spec: ToolSpec) => Record<string, unknown>,
): { wire: unknown[]; specs: ToolSpec[] } {
  normalizeTools(tools); // throws invalid_tool naming the index of an entry in no known shape
  const wire: unknown[] = [];
  const specs: ToolSpec[] = [];
  for (const entry of tools) {
    const native = isRecord(entry) ? isNative(entry) : false;
    if (native === 'server') {
      wire.push(entry);
      continue;
    }
    const [spec] = normalizeTools([entry]);
    if (spec === undefined) continue;
    specs.push(spec);
    wire.push(native === 'client' ? entry : convert(spec));
  }
  return { wire, specs };
}

/** A client's `create`, called as a method (so `this` is kept) with the request options only when given. */
export async function callCreate(target: unknown, body: Record<string, unknown>, requestOptions: Record<string, unknown> | undefined): Promise<unknown> {
  const api = target as { create(body: Record<string, unknown>, options?: Record<string, unknown>): PromiseLike<unknown> };
  return requestOptions === undefined ? api.create(body) : api.create(body, requestOptions);
}

/** What a message's content says to the user, read as the core readers read it (cited pieces glued, thinking removed). */
export function replyText(content: unknown): string {
  if (typeof content === 'string') return stripThinking(content);
  if (!Array.isArray(content)) return '';
  const parts = content
    .filter((p): p is Record<string, unknown> => isRecord(p) && p.type === 'text' && typeof p.text === 'string')
    .map((p) => ({ text: p.text as string, cited: Array.isArray(p.citations) && p.citations.length > 0 }));
  return stripThinking(joinTextParts(parts));
}
