/**
 * Internal: the OpenAI Chat Completions adapter (also Azure OpenAI, through the same client). Translates
 * tools to `{type: 'function', function}`, reads `choices[0].message`, and answers calls with
 * `role: 'tool'` messages.
 * @see https://platform.openai.com/docs/api-reference/chat/create
 * @see https://platform.openai.com/docs/api-reference/chat/object
 */
import { isRecord, unreadable } from '../readers/_shape.js';
import type { ToolSpec } from '../tools.js';
import { callCreate, providerTools, replyText, type AdapterConfig, type CallAnswer, type ModelCall, type ProviderAdapter } from './_adapter.js';

type Rec = Record<string, unknown>;

export function openAIChatAdapter(completions: unknown, config: AdapterConfig): ProviderAdapter {
  const { wire, specs } = providerTools(config.tools, isNative, toWire);
  return {
    format: 'openai-chat',
    toolSpecs: specs,
    send(messages, force) {
      const body: Rec = {
        ...config.params,
        ...(config.maxTokens === undefined ? {} : { max_completion_tokens: config.maxTokens }),
        model: config.model,
        messages,
        ...(wire.length === 0 ? {} : { tools: wire }),
        ...(force === undefined ? {} : { tool_choice: toolChoice(force) }),
      };
      return callCreate(completions, body, config.requestOptions);
    },
    read(response) {
      const message = messageOf(response);
      const calls: ModelCall[] = [];
      for (const call of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
        if (!isRecord(call) || typeof call.id !== 'string') continue;
        // A custom tool's call carries free text (`custom.input`) where a function's carries JSON arguments.
        const fn = isRecord(call.function) ? call.function : isRecord(call.custom) ? call.custom : undefined;
        if (fn === undefined || typeof fn.name !== 'string') continue;
        calls.push({ id: call.id, name: fn.name, args: 'arguments' in fn ? fn.arguments : fn.input });
      }
      const choice = firstChoice(response);
      return { text: contentText(message), calls, stopReason: typeof choice?.finish_reason === 'string' ? choice.finish_reason : null, paused: false };
    },
    assistantMessage(response, repairedArgs) {
      const message = messageOf(response);
      const out: Rec = { role: 'assistant', content: message.content ?? null };
      if (typeof message.refusal === 'string') out.refusal = message.refusal;
      const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
      if (calls.length > 0) {
        out.tool_calls = calls.map((call: unknown) => {
          if (!isRecord(call) || typeof call.id !== 'string' || !repairedArgs.has(call.id) || !isRecord(call.function)) return call;
          return { ...call, function: { ...call.function, arguments: argumentsText(repairedArgs.get(call.id)) } };
        });
      }
      return out;
    },
    answerMessages(answers: readonly CallAnswer[]) {
      return answers.map((a) => ({ role: 'tool', tool_call_id: a.id, content: a.content }));
    },
  };
}

/** A Chat Completions function tool (or custom tool) is sent as it is. */
function isNative(entry: Rec): 'client' | false {
  return (entry.type === 'function' && isRecord(entry.function)) || (entry.type === 'custom' && isRecord(entry.custom)) ? 'client' : false;
}

function toWire(spec: ToolSpec): Rec {
  const fn: Rec = { name: spec.name };
  if (spec.description !== '') fn.description = spec.description;
  if (spec.parameters !== undefined) fn.parameters = spec.parameters;
  return { type: 'function', function: fn };
}

function toolChoice(names: readonly string[]): unknown {
  const distinct = [...new Set(names)];
  return distinct.length === 1 ? { type: 'function', function: { name: distinct[0] } } : 'required';
}

function firstChoice(response: unknown): Rec | undefined {
  if (!isRecord(response) || !Array.isArray(response.choices)) return undefined;
  const choice: unknown = response.choices[0];
  return isRecord(choice) ? choice : undefined;
}

function messageOf(response: unknown): Rec {
  const message = firstChoice(response)?.message;
  if (!isRecord(message)) {
    throw unreadable(null, 'The Chat Completions response', response, 'expected a chat.completion object with choices[0].message (run() does not read streams: leave stream off).');
  }
  return message;
}

function contentText(message: Rec): string {
  const text = replyText(message.content);
  return text === '' && typeof message.refusal === 'string' ? message.refusal : text;
}

/** Repaired arguments as Chat Completions carries them: JSON text. */
function argumentsText(args: unknown): string {
  return typeof args === 'string' ? args : JSON.stringify(args) ?? '{}';
}
