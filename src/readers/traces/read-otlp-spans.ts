/**
 * OTLP JSON trace exports into {@link TraceSpan}s: the body of an OTLP/HTTP JSON export request
 * (`ExportTraceServiceRequest`), which is also what the OpenTelemetry Collector's file exporter writes,
 * one request a line.
 * @see https://opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding
 * @see https://github.com/open-telemetry/opentelemetry-proto/blob/v1.5.0/opentelemetry/proto/trace/v1/trace.proto
 */
import { isRecord, unreadable, type Rec } from '../_shape.js';
import { keyValues, nanosToMillis } from './_otlp-value.js';
import type { TraceSpan, TraceSpanEvent } from './trace-span.js';

/** Whether `value` is an OTLP JSON trace export: an object with a `resourceSpans` list. */
export function isOtlpTraceExport(value: unknown): value is { resourceSpans: unknown[] } {
  return isRecord(value) && Array.isArray(value.resourceSpans);
}

/**
 * Every span of an OTLP JSON trace export, in the order written. Spans of any number of traces may be mixed;
 * group them by `traceId`. Reads `scopeSpans` (and the older `instrumentationLibrarySpans`), span `status.code`
 * as the integer the spec writes or its enum name (`STATUS_CODE_ERROR`).
 * @param where How messages name the export: `"line 7 of traces.jsonl"`. Default `"the export"`.
 * @throws ClaimcheckError `unreadable_messages` naming the span (`resourceSpans[0].scopeSpans[1].spans[3]`) for a
 *   span without a `traceId`, `spanId` or start time, or an export without `resourceSpans`.
 */
export function readOtlpSpans(document: unknown, where = 'the export'): TraceSpan[] {
  if (!isOtlpTraceExport(document)) {
    throw unreadable(null, where, document, 'expected an OTLP JSON trace export: {"resourceSpans": [{"resource": {...}, "scopeSpans": [{"spans": [...]}]}]}.');
  }
  const out: TraceSpan[] = [];
  document.resourceSpans.forEach((resourceSpans, r) => {
    if (!isRecord(resourceSpans)) throw unreadable(r, `resourceSpans[${r}] of ${where}`, resourceSpans, 'expected an object with "scopeSpans".');
    const resource = isRecord(resourceSpans.resource) ? keyValues(resourceSpans.resource.attributes) : {};
    const service = typeof resource['service.name'] === 'string' ? resource['service.name'] : null;
    const scopes = resourceSpans.scopeSpans ?? resourceSpans.instrumentationLibrarySpans;
    if (!Array.isArray(scopes)) return;
    scopes.forEach((scope, s) => {
      const spans = isRecord(scope) ? scope.spans : undefined;
      if (!Array.isArray(spans)) return;
      spans.forEach((span, i) => out.push(readSpan(span, service, `resourceSpans[${r}].scopeSpans[${s}].spans[${i}] of ${where}`, i)));
    });
  });
  return out;
}

function readSpan(span: unknown, service: string | null, where: string, index: number): TraceSpan {
  if (!isRecord(span)) throw unreadable(index, where, span, 'expected a span object.');
  const traceId = span.traceId;
  const spanId = span.spanId;
  if (typeof traceId !== 'string' || traceId === '') throw unreadable(index, `${where}.traceId`, traceId, 'expected the trace id as hex text.');
  if (typeof spanId !== 'string' || spanId === '') throw unreadable(index, `${where}.spanId`, spanId, 'expected the span id as hex text.');
  const startTime = nanosToMillis(span.startTimeUnixNano);
  if (startTime === null) throw unreadable(index, `${where}.startTimeUnixNano`, span.startTimeUnixNano, 'expected the start time in nanoseconds since the epoch, as text.');
  const parent = span.parentSpanId;
  return {
    traceId,
    spanId,
    parentSpanId: typeof parent === 'string' && parent !== '' ? parent : null,
    name: typeof span.name === 'string' ? span.name : '',
    startTime,
    endTime: nanosToMillis(span.endTimeUnixNano) ?? startTime,
    attributes: keyValues(span.attributes),
    events: Array.isArray(span.events) ? span.events.flatMap(readEvent) : [],
    status: readStatus(span.status),
    service,
  };
}

function readEvent(event: unknown): TraceSpanEvent[] {
  if (!isRecord(event)) return [];
  return [{ name: typeof event.name === 'string' ? event.name : '', time: nanosToMillis(event.timeUnixNano) ?? 0, attributes: keyValues(event.attributes) }];
}

const STATUS_CODES: Record<string, TraceSpan['status']['code']> = { 1: 'ok', 2: 'error', STATUS_CODE_OK: 'ok', STATUS_CODE_ERROR: 'error' };

function readStatus(status: unknown): TraceSpan['status'] {
  if (!isRecord(status)) return { code: 'unset', message: null };
  const code = STATUS_CODES[String((status as Rec).code)] ?? 'unset';
  return { code, message: typeof status.message === 'string' && status.message !== '' ? status.message : null };
}
