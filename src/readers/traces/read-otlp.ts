/**
 * OTLP JSON trace exports into conversations, one a trace: `readOtlpTraces` for an export of any number of
 * traces, `readOtlp` (the `otlp` format of `readConversation`) for an export of one.
 */
import type { Conversation } from '../../conversation.js';
import { ClaimcheckError } from '../../errors.js';
import { spanSteps } from './span-steps.js';
import { traceConversation } from './trace-conversation.js';
import type { TraceSpan } from './trace-span.js';
import { readOtlpSpans } from './read-otlp-spans.js';

/** One trace of an export: its spans and what they say of it. */
export interface SpanTrace {
  traceId: string;
  /** `service.name` of the trace's root span (else of its first span); `null` when none is recorded. */
  service: string | null;
  /** The earliest span start, epoch milliseconds. */
  startTime: number;
  spans: TraceSpan[];
}

/** Spans grouped by trace id, traces in the order their first span was written. */
export function groupSpans(spans: readonly TraceSpan[]): SpanTrace[] {
  const traces = new Map<string, SpanTrace>();
  for (const span of spans) {
    let trace = traces.get(span.traceId);
    if (trace === undefined) traces.set(span.traceId, (trace = { traceId: span.traceId, service: span.service, startTime: span.startTime, spans: [] }));
    trace.spans.push(span);
    if (span.startTime < trace.startTime) trace.startTime = span.startTime;
    if (span.parentSpanId === null && span.service !== null) trace.service = span.service;
  }
  return [...traces.values()];
}

/** The conversation one trace's spans record. @throws ClaimcheckError as {@link traceConversation}. */
export function spanTraceConversation(trace: SpanTrace): Conversation {
  return traceConversation(spanSteps(trace.spans), trace.traceId, 'otlp');
}

/**
 * The conversation of an OTLP JSON export that holds one trace.
 * @throws ClaimcheckError `unreadable_messages` for an export that is not OTLP JSON, holds no span, or holds
 *   more than one trace (check those with `readTraces`, or `claimcheck check`); `trace_without_content` as
 *   {@link traceConversation}.
 */
export function readOtlp(document: unknown): Conversation {
  const traces = groupSpans(readOtlpSpans(document));
  const only = traces[0];
  if (only === undefined) throw new ClaimcheckError('unreadable_messages', 'The OTLP export holds no spans: nothing to check.', { data: { index: null, shape: 'an OTLP export' } });
  if (traces.length > 1) {
    const ids = traces.slice(0, 3).map((t) => t.traceId).join(', ');
    throw new ClaimcheckError('unreadable_messages', `The OTLP export holds ${traces.length} traces (${ids}${traces.length > 3 ? ', …' : ''}); a conversation is one trace. Read each with readTraces(document), or check them all with claimcheck check FILE.`, { data: { index: null, shape: 'an OTLP export' } });
  }
  return spanTraceConversation(only);
}
