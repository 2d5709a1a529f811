/**
 * Internal: a finished span of the OpenTelemetry JS SDK (`ReadableSpan`, SDK 1.x and 2.x) as a trace reader's
 * {@link TraceSpan}. Typed structurally, so this file loads no SDK.
 */
import type { Attributes, HrTime, SpanContext, SpanStatus } from '@opentelemetry/api';
import type { TraceSpan } from '../readers/traces/trace-span.js';

/** The fields of the SDK's `ReadableSpan` read here. */
export interface FinishedSpan {
  readonly name: string;
  spanContext(): SpanContext;
  /** SDK 2.x. */
  readonly parentSpanContext?: SpanContext | undefined;
  /** SDK 1.x. */
  readonly parentSpanId?: string | undefined;
  readonly startTime: HrTime;
  readonly endTime: HrTime;
  readonly attributes: Attributes;
  readonly events: ReadonlyArray<{ name: string; time: HrTime; attributes?: Attributes | undefined }>;
  readonly status: SpanStatus;
  readonly resource?: { readonly attributes: Attributes } | undefined;
}

const millis = (time: HrTime): number => time[0] * 1000 + time[1] / 1e6;

/** The parent span id, or `null` for a root. */
export function parentOf(span: FinishedSpan): string | null {
  return span.parentSpanContext?.spanId ?? span.parentSpanId ?? null;
}

/** Whether the span is the local root of its trace: no parent, or a parent in another process. */
export function isLocalRoot(span: FinishedSpan): boolean {
  return parentOf(span) === null || span.parentSpanContext?.isRemote === true;
}

export function toTraceSpan(span: FinishedSpan): TraceSpan {
  const context = span.spanContext();
  const service = span.resource?.attributes['service.name'];
  return {
    traceId: context.traceId,
    spanId: context.spanId,
    parentSpanId: isLocalRoot(span) ? null : parentOf(span),
    name: span.name,
    startTime: millis(span.startTime),
    endTime: millis(span.endTime),
    attributes: span.attributes,
    events: span.events.map((e) => ({ name: e.name, time: millis(e.time), attributes: e.attributes ?? {} })),
    // SpanStatusCode: 0 unset, 1 ok, 2 error.
    status: { code: span.status.code === 2 ? 'error' : span.status.code === 1 ? 'ok' : 'unset', message: span.status.message ?? null },
    service: typeof service === 'string' ? service : null,
  };
}
