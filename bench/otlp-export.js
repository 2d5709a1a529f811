// The τ-airline conversations as an OTLP JSON trace export, made by the OpenTelemetry SDK itself (an in-memory
// exporter, then the OTLP exporters' JSON serializer), with the spans a GenAI instrumentation following the
// semantic conventions writes: per conversation one trace, an `invoke_agent` root, a `chat` span per assistant
// message (gen_ai.system_instructions, gen_ai.input.messages: the history before it, gen_ai.output.messages,
// gen_ai.tool.definitions) and an `execute_tool` span per tool result. One export request per conversation, a
// line each, as a collector's file exporter writes them.
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { context, trace } from '@opentelemetry/api';
import { TextDecoder } from 'node:util';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ resource: resourceFromAttributes({ 'service.name': 'tau-airline-agent' }), spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = provider.getTracer('genai-instrumentation');
const decoder = new TextDecoder();

/** A Chat Completions message in the conventions' `{role, parts}` form. */
function parts(m) {
  const out = [];
  if (typeof m.content === 'string' && m.content !== '' && m.role !== 'tool') out.push({ type: 'text', content: m.content });
  for (const call of m.tool_calls ?? []) out.push({ type: 'tool_call', id: call.id, name: call.function.name, arguments: JSON.parse(call.function.arguments || '{}') });
  if (m.role === 'tool') out.push({ type: 'tool_call_response', id: m.tool_call_id, response: m.content });
  return { role: m.role, parts: out };
}

/** One conversation record `{messages, tools}` as the OTLP JSON text of its trace (one export request). */
export function otlpLine(record, base = Date.UTC(2025, 5, 2)) {
  exporter.reset();
  const system = record.messages.filter((m) => m.role === 'system').map((m) => ({ type: 'text', content: m.content }));
  const history = record.messages.filter((m) => m.role !== 'system');
  const definitions = JSON.stringify((record.tools ?? []).map((t) => (typeof t === 'string' ? { type: 'function', name: t } : t)));
  let clock = base;
  const root = tracer.startSpan('invoke_agent airline', { startTime: clock, attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'airline' } });
  const ctx = trace.setSpan(context.active(), root);
  const calls = new Map();
  history.forEach((m, i) => {
    if (m.role === 'assistant') {
      const span = tracer.startSpan('chat gpt-4o', { startTime: (clock += 10), attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-4o' } }, ctx);
      span.setAttributes({
        'gen_ai.system_instructions': JSON.stringify(system),
        'gen_ai.input.messages': JSON.stringify(history.slice(0, i).map(parts)),
        'gen_ai.output.messages': JSON.stringify([{ ...parts(m), finish_reason: m.tool_calls ? 'tool_calls' : 'stop' }]),
        'gen_ai.tool.definitions': definitions,
      });
      span.end((clock += 500));
      for (const call of m.tool_calls ?? []) calls.set(call.id, call);
    } else if (m.role === 'tool') {
      const call = calls.get(m.tool_call_id);
      const span = tracer.startSpan(`execute_tool ${call?.function.name ?? m.name}`, { startTime: (clock += 5), attributes: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': call?.function.name ?? m.name, 'gen_ai.tool.call.id': m.tool_call_id, 'gen_ai.tool.call.arguments': call?.function.arguments ?? '{}', 'gen_ai.tool.call.result': m.content } }, ctx);
      span.end((clock += 20));
    } else {
      clock += 1000;
    }
  });
  root.end((clock += 1));
  return decoder.decode(JsonTraceSerializer.serializeRequest(exporter.getFinishedSpans()));
}
