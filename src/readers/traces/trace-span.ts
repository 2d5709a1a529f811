/**
 * The span every trace reader decodes to: one OpenTelemetry span (from an OTLP JSON export, or live from the
 * SDK), its attribute values already decoded from OTLP's `AnyValue` wrappers.
 * @see https://opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding
 */

/** One span event (`gen_ai.choice`, `exception`, …). */
export interface TraceSpanEvent {
  name: string;
  /** Epoch milliseconds (fractional: OTLP records nanoseconds). */
  time: number;
  attributes: Readonly<Record<string, unknown>>;
}

/** One span of a trace, in the shape the trace readers read. */
export interface TraceSpan {
  /** Hex trace id (32 characters in OTLP). */
  traceId: string;
  spanId: string;
  /** The parent span's id; `null` for a root span. */
  parentSpanId: string | null;
  name: string;
  /** Epoch milliseconds (fractional). */
  startTime: number;
  /** Epoch milliseconds (fractional). */
  endTime: number;
  /** Attributes, values decoded: strings, numbers, booleans, arrays, objects (OTLP `kvlistValue`). */
  attributes: Readonly<Record<string, unknown>>;
  events: readonly TraceSpanEvent[];
  /** The span status: `error` with its message when the operation failed. */
  status: { code: 'unset' | 'ok' | 'error'; message: string | null };
  /** `service.name` of the span's resource, when it has one. */
  service: string | null;
}

/** The text of a string attribute, or `null`. */
export function stringAttribute(span: Pick<TraceSpan, 'attributes'>, key: string): string | null {
  const value = span.attributes[key];
  return typeof value === 'string' ? value : null;
}
