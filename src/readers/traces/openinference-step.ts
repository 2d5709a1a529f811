/**
 * Spans that follow OpenInference's semantic conventions (Arize Phoenix; the instrumentations of LangChain.js,
 * the OpenAI SDK and others) into trace steps: `LLM` spans with `llm.input_messages.N.message.*`,
 * `llm.output_messages.N.message.*` and `llm.tools.N.tool.json_schema`; `TOOL` spans with `tool.name`,
 * `input.value` (the arguments) and `output.value` (the result); `AGENT` spans with `input.value` and
 * `output.value` as the user's and the agent's text when no LLM span below them says more.
 * @see https://github.com/Arize-ai/openinference/blob/main/spec/semantic_conventions.md
 */
import { parseArguments, parseResultText } from '../_json.js';
import { isRecord, type Rec } from '../_shape.js';
import { chatMessage, type ChatMessage } from './_chat-message.js';
import { flatList } from './_flat-attributes.js';
import type { TraceStep } from './_trace-step.js';
import { stringAttribute, type TraceSpan } from './trace-span.js';

/** Whether a span is OpenInference's (it carries `openinference.span.kind`). */
export function isOpenInferenceSpan(span: TraceSpan): boolean {
  return typeof span.attributes['openinference.span.kind'] === 'string';
}

/** The step an OpenInference span records, or `null` for a kind of no interest (`CHAIN`, `RETRIEVER`, …). */
export function openInferenceStep(span: TraceSpan): TraceStep | null {
  const kind = stringAttribute(span, 'openinference.span.kind');
  if (kind === 'TOOL') return toolStep(span);
  if (kind === 'LLM') {
    const tools = flatList(span.attributes, 'llm.tools.')?.map((t) => parseArguments(isRecord(t.tool) ? t.tool.json_schema : undefined)).filter(isRecord) ?? null;
    return { kind: 'model', spanId: span.spanId, start: span.startTime, end: span.endTime, input: messages(span, 'llm.input_messages.'), output: messages(span, 'llm.output_messages.'), tools: tools !== null && tools.length > 0 ? tools : null };
  }
  if (kind === 'AGENT') {
    const input = stringAttribute(span, 'input.value');
    const output = stringAttribute(span, 'output.value');
    const said = (role: string, text: string | null): ChatMessage[] | null => (text === null || looksStructured(text) ? null : [{ role, text, calls: [], results: [] }]);
    return { kind: 'model', spanId: span.spanId, start: span.startTime, end: span.endTime, input: said('user', input), output: said('assistant', output), tools: null };
  }
  return null;
}

function toolStep(span: TraceSpan): TraceStep {
  const output = span.attributes['output.value'];
  let result: unknown = typeof output === 'string' ? parseResultText(output) : output;
  let callId = stringAttribute(span, 'tool_call.id');
  let failed = span.status.code === 'error';
  // LangChain.js records the ToolMessage itself: {output: {lc, type: 'constructor', kwargs: {content, status, tool_call_id}}}.
  const kwargs = isRecord(result) && isRecord(result.output) && isRecord(result.output.kwargs) ? result.output.kwargs : null;
  if (kwargs !== null) {
    result = typeof kwargs.content === 'string' ? parseResultText(kwargs.content) : kwargs.content;
    callId ??= typeof kwargs.tool_call_id === 'string' ? kwargs.tool_call_id : null;
    failed ||= kwargs.status === 'error';
  }
  return {
    kind: 'tool',
    spanId: span.spanId,
    start: span.startTime,
    end: span.endTime,
    tool: stringAttribute(span, 'tool.name') ?? span.name,
    callId,
    args: parseArguments(span.attributes['input.value']),
    result: output === undefined ? undefined : result,
    failed,
    error: failed ? (span.status.message ?? null) : null,
  };
}

/** `llm.input_messages.N.message.{role, content, contents.M.message_content.text, tool_calls.M.tool_call.*, tool_call_id}`. */
function messages(span: TraceSpan, prefix: string): ChatMessage[] | null {
  const list = flatList(span.attributes, prefix);
  if (list === null) return null;
  return list.map((entry) => {
    const m: Rec = isRecord(entry.message) ? entry.message : {};
    const parts = Array.isArray(m.contents) ? m.contents.map((c) => (isRecord(c) && isRecord(c.message_content) ? { type: 'text', text: c.message_content.text } : null)).filter(isRecord) : undefined;
    const calls = Array.isArray(m.tool_calls) ? m.tool_calls.map((c) => (isRecord(c) && isRecord(c.tool_call) ? c.tool_call : null)).filter(isRecord) : undefined;
    return chatMessage({ role: m.role, content: typeof m.content === 'string' ? m.content : parts, tool_calls: calls, tool_call_id: m.tool_call_id, name: m.name });
  });
}

function looksStructured(text: string): boolean {
  const t = text.trimStart();
  return t.startsWith('{') || t.startsWith('[');
}
