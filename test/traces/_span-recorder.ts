// A real OpenTelemetry SDK set up as a team would: a Node tracer provider (async-context propagation) whose
// in-memory exporter keeps the finished spans, serialized to OTLP JSON by the OTLP exporters' own serializer.
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { resourceFromAttributes } from '@opentelemetry/resources';

context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());

/** A provider and its exporter; `otlp()` is the OTLP/HTTP JSON body of every span finished so far. */
export function spanRecorder(service = 'support-agent') {
  const exporter = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({ resource: resourceFromAttributes({ 'service.name': service }), spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return {
    provider,
    tracer: provider.getTracer('agent'),
    spans: (): ReadableSpan[] => exporter.getFinishedSpans(),
    otlp: (spans: ReadableSpan[] = exporter.getFinishedSpans()): unknown => JSON.parse(new TextDecoder().decode(JsonTraceSerializer.serializeRequest(spans))),
    reset: () => exporter.reset(),
  };
}
