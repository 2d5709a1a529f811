/**
 * The Vercel AI SDK's telemetry spans into trace steps: the model calls (`ai.generateText.doGenerate`,
 * `ai.streamText.doStream`) with `ai.prompt.messages`, `ai.prompt.tools`, `ai.response.text` and
 * `ai.response.toolCalls`, and the tool executions (`ai.toolCall`) with `ai.toolCall.name`, `.id`, `.args`
 * and `.result`, a failure as the span's `ERROR` status. The outer spans (`ai.generateText`, `ai.streamText`)
 * wrap these and are read only for their tools. Read as the SDK v5 and v6 write them, and as AI SDK 7 does through
 * `@ai-sdk/otel`'s `LegacyOpenTelemetry` (its `OpenTelemetry` writes GenAI spans, read by gen-ai-step.ts).
 * @see https://ai-sdk.dev/docs/ai-sdk-core/telemetry
 */
import { parseArguments, parseResultText } from '../_json.js';
import { isRecord } from '../_shape.js';
import { chatToolCall, recordedMessages, type ChatMessage } from './_chat-message.js';
import type { TraceStep } from './_trace-step.js';
import { stringAttribute, type TraceSpan } from './trace-span.js';

/** Model-call operations: the `doGenerate` / `doStream` spans of text generation. */
const MODEL_CALLS = new Set(['ai.generateText.doGenerate', 'ai.streamText.doStream', 'ai.generateObject.doGenerate', 'ai.streamObject.doStream']);
const WRAPPERS = new Set(['ai.generateText', 'ai.streamText', 'ai.generateObject', 'ai.streamObject']);

/** Whether a span is one of the AI SDK's (it carries `ai.operationId`). */
export function isAiSdkSpan(span: TraceSpan): boolean {
  return typeof span.attributes['ai.operationId'] === 'string';
}

/** The step an AI SDK span records, or `null` for one of no interest (embeddings, the wrappers' content). */
export function aiSdkStep(span: TraceSpan): TraceStep | null {
  const operation = stringAttribute(span, 'ai.operationId');
  if (operation === 'ai.toolCall') {
    const result = span.attributes['ai.toolCall.result'];
    const failed = span.status.code === 'error';
    return {
      kind: 'tool',
      spanId: span.spanId,
      start: span.startTime,
      end: span.endTime,
      tool: stringAttribute(span, 'ai.toolCall.name') ?? '',
      callId: stringAttribute(span, 'ai.toolCall.id'),
      args: parseArguments(span.attributes['ai.toolCall.args']),
      result: typeof result === 'string' ? parseResultText(result) : result,
      failed,
      error: failed ? (span.status.message ?? exceptionMessage(span)) : null,
    };
  }
  const tools = toolList(span.attributes['ai.prompt.tools']);
  if (operation !== null && MODEL_CALLS.has(operation)) {
    return { kind: 'model', spanId: span.spanId, start: span.startTime, end: span.endTime, input: recordedMessages(span.attributes['ai.prompt.messages']), output: output(span), tools };
  }
  if (operation !== null && WRAPPERS.has(operation) && tools !== null) return { kind: 'tools', spanId: span.spanId, tools };
  return null;
}

/** The answer: `ai.response.text` and `ai.response.toolCalls` (JSON text); `null` when neither was recorded. */
function output(span: TraceSpan): ChatMessage[] | null {
  const text = stringAttribute(span, 'ai.response.text');
  const calls = parseArguments(span.attributes['ai.response.toolCalls']);
  if (text === null && !Array.isArray(calls)) return null;
  const message: ChatMessage = { role: 'assistant', text: text ?? '', calls: [], results: [] };
  // Each recorded call is {toolCallId, toolName, input} (v5+) or {toolCallType, toolCallId, toolName, args} (v4).
  for (const raw of Array.isArray(calls) ? calls : []) {
    const call = isRecord(raw) ? chatToolCall(raw) : null;
    if (call !== null) message.calls.push(call);
  }
  return [message];
}

/** `ai.prompt.tools`: a list of JSON texts, one tool each. */
function toolList(value: unknown): unknown[] | null {
  if (!Array.isArray(value)) return null;
  const tools = value.map((t) => (typeof t === 'string' ? parseArguments(t) : t));
  return tools.length > 0 ? tools : null;
}

function exceptionMessage(span: TraceSpan): string | null {
  const message = span.events.find((e) => e.name === 'exception')?.attributes['exception.message'];
  return typeof message === 'string' ? message : null;
}
