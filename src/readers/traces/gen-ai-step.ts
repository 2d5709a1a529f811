/**
 * Spans that follow the OpenTelemetry GenAI semantic conventions into trace steps: inference and agent spans
 * with `gen_ai.input.messages` / `gen_ai.output.messages` / `gen_ai.tool.definitions` (conventions v1.37 and
 * later), their content as span events in the older conventions (`gen_ai.user.message`, `gen_ai.choice`, …,
 * v1.28–v1.36, and `gen_ai.content.prompt` / `gen_ai.content.completion` before them), the flat
 * `gen_ai.prompt.N.*` / `gen_ai.completion.N.*` attributes OpenLLMetry writes, and `execute_tool` spans.
 * @see https://github.com/open-telemetry/semantic-conventions/blob/v1.41.0/docs/gen-ai/gen-ai-spans.md
 * @see https://github.com/open-telemetry/semantic-conventions/blob/v1.36.0/docs/gen-ai/gen-ai-events.md
 */
import { parseArguments, parseJson, parseResultText } from '../_json.js';
import { isRecord, type Rec } from '../_shape.js';
import { chatMessage, chatMessages, recordedMessages, type ChatMessage, type LazyMessages } from './_chat-message.js';
import { flatList } from './_flat-attributes.js';
import type { TraceStep } from './_trace-step.js';
import { stringAttribute, type TraceSpan } from './trace-span.js';

const MODEL_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content', 'invoke_agent']);
const INPUT_EVENTS: Record<string, string> = {
  'gen_ai.system.message': 'system',
  'gen_ai.user.message': 'user',
  'gen_ai.assistant.message': 'assistant',
  'gen_ai.tool.message': 'tool',
};

/** The step a GenAI span records, or `null` for a span of no GenAI operation. */
export function genAiStep(span: TraceSpan): TraceStep | null {
  const operation = stringAttribute(span, 'gen_ai.operation.name');
  if (operation === 'execute_tool') return toolStep(span);
  const tools = definitions(span.attributes['gen_ai.tool.definitions']);
  const input = inputMessages(span);
  const output = outputMessages(span);
  if (input === null && output === null && (operation === null || !MODEL_OPERATIONS.has(operation))) {
    return tools === null ? null : { kind: 'tools', spanId: span.spanId, tools };
  }
  return { kind: 'model', spanId: span.spanId, start: span.startTime, end: span.endTime, input, output, tools };
}

function toolStep(span: TraceSpan): TraceStep {
  const result = span.attributes['gen_ai.tool.call.result'];
  const errorType = stringAttribute(span, 'error.type');
  return {
    kind: 'tool',
    spanId: span.spanId,
    start: span.startTime,
    end: span.endTime,
    tool: stringAttribute(span, 'gen_ai.tool.name') ?? (span.name.startsWith('execute_tool ') ? span.name.slice('execute_tool '.length) : span.name),
    callId: stringAttribute(span, 'gen_ai.tool.call.id'),
    args: parseArguments(span.attributes['gen_ai.tool.call.arguments']),
    result: typeof result === 'string' ? parseResultText(result) : result,
    failed: span.status.code === 'error' || errorType !== null,
    error: span.status.message ?? errorType,
  };
}

/** The `gen_ai.client.inference.operation.details` event, which carries the same attributes as the span would. */
const DETAILS = 'gen_ai.client.inference.operation.details';

function inputMessages(span: TraceSpan): ChatMessage[] | LazyMessages | null {
  const current = recordedMessages(span.attributes['gen_ai.input.messages'] ?? span.events.find((e) => e.name === DETAILS)?.attributes['gen_ai.input.messages']);
  if (current !== null) return current;
  const fromEvents = span.events.filter((e) => e.name in INPUT_EVENTS).map((e) => chatMessage({ role: INPUT_EVENTS[e.name], ...eventBody(e.attributes) }));
  if (fromEvents.length > 0) return fromEvents;
  const prompt = span.attributes['gen_ai.prompt'] ?? span.events.find((e) => e.name === 'gen_ai.content.prompt')?.attributes['gen_ai.prompt'];
  return chatMessages(prompt) ?? flatMessages(span, 'gen_ai.prompt.');
}

function outputMessages(span: TraceSpan): ChatMessage[] | null {
  const current = chatMessages(span.attributes['gen_ai.output.messages'] ?? span.events.find((e) => e.name === DETAILS)?.attributes['gen_ai.output.messages']);
  if (current !== null) return current;
  const choices = span.events.filter((e) => e.name === 'gen_ai.choice').map((e) => choiceMessage(eventBody(e.attributes)));
  if (choices.length > 0) return choices.slice(0, 1);
  const completion = span.attributes['gen_ai.completion'] ?? span.events.find((e) => e.name === 'gen_ai.content.completion')?.attributes['gen_ai.completion'];
  const list = chatMessages(completion)?.map((m) => ({ ...m, role: 'assistant' })) ?? flatMessages(span, 'gen_ai.completion.');
  return list === null ? null : list.slice(0, 1);
}

/** A `gen_ai.choice` body `{index, finish_reason, message: {content, tool_calls}}` as the assistant message. */
function choiceMessage(body: Rec): ChatMessage {
  const message = isRecord(body.message) ? body.message : body;
  return chatMessage({ ...message, role: 'assistant' });
}

/**
 * An event's body: its attributes, or the JSON text of `gen_ai.event.content` (Azure AI Inference's tracing),
 * with `message` and `tool_calls` parsed when they are JSON text.
 */
function eventBody(attributes: Readonly<Record<string, unknown>>): Rec {
  const packed = attributes['gen_ai.event.content'];
  const parsed = typeof packed === 'string' ? parseJson(packed) : { ok: false as const };
  const body: Rec = parsed.ok && isRecord(parsed.value) ? parsed.value : { ...attributes };
  for (const key of ['message', 'tool_calls']) {
    const value = body[key];
    if (typeof value === 'string') body[key] = parseArguments(value);
  }
  return body;
}

/** OpenLLMetry's flat messages (`gen_ai.prompt.0.role`, `gen_ai.completion.0.tool_calls.0.name`). */
function flatMessages(span: TraceSpan, prefix: string): ChatMessage[] | null {
  return flatList(span.attributes, prefix)?.map((m) => chatMessage(m)) ?? null;
}

/** `gen_ai.tool.definitions`: a list, or JSON text of one. Every model call of an agent lists the same tools: the text last read is read once. */
function definitions(value: unknown): unknown[] | null {
  if (typeof value === 'string' && value === lastDefinitions.text) return lastDefinitions.list;
  const list = typeof value === 'string' ? parseArguments(value) : value;
  const read = Array.isArray(list) && list.length > 0 ? list : null;
  if (typeof value === 'string') lastDefinitions = { text: value, list: read };
  return read;
}
let lastDefinitions: { text: string; list: unknown[] | null } = { text: '', list: null };
