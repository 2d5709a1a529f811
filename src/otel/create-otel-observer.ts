/**
 * `createOtelObserver()`: every guarded tool call as an OpenTelemetry span that follows the GenAI
 * semantic conventions for tool execution, pinned at semantic conventions v1.41.0 (`execute_tool`
 * span, docs/gen-ai/gen-ai-spans.md), with claimcheck's verdicts as `claimcheck.*` attributes and events.
 * @see https://github.com/open-telemetry/semantic-conventions/blob/v1.41.0/docs/gen-ai/gen-ai-spans.md#execute-tool-span
 */
import { SpanKind, SpanStatusCode, trace, type Tracer, type TracerProvider } from '@opentelemetry/api';
import type { GuardObserver, ObservedCall, ObservedReply } from '../action/guard-observer.js';
import { ClaimcheckError } from '../errors.js';
import { callAttributes, interceptionAttributes, replyAttributes, statusMessage, type ContentPolicy } from './_attributes.js';
import { hostError } from '../_host-input.js';

/** The semantic conventions version the spans follow. */
export const GEN_AI_SEMCONV_VERSION = '1.41.0';
/** The instrumentation scope name of the default tracer. */
export const OTEL_SCOPE_NAME = 'claimcheck';

/** Options of {@link createOtelObserver}. */
export interface OtelObserverOptions {
  /** The tracer spans are made with. Default: `tracerProvider.getTracer('claimcheck')`. */
  tracer?: Tracer;
  /** Where the default tracer comes from. Default: the global provider (`trace.getTracerProvider()`). Ignored with `tracer`. */
  tracerProvider?: TracerProvider;
  /**
   * Record the call's arguments (`gen_ai.tool.call.arguments`) and, for a call that did not fail, its
   * result (`gen_ai.tool.call.result`), as JSON text, and the sentences of flagged claims
   * (`claimcheck.receipt.flagged_texts`). They may hold personal data: the conventions make them opt-in.
   * Without it, the free text a span always carries (a failed call's error text as its status message,
   * `claimcheck.incident`) is redacted exactly as a ledger opened without `capture` stores it (the rule
   * in docs/formats.md, "Nothing raw at rest without capture"); with it, that text is kept as it is.
   * Default `false`.
   */
  captureContent?: boolean;
  /** Longest captured text per attribute, in UTF-16 code units; longer text is cut and ends with `…`. Default `16_384`; a positive integer (else `invalid_options`). */
  maxContentChars?: number;
}

/**
 * A guard observer (`guard({ observers: [createOtelObserver()] })`, or `run()`'s `observers`) that
 * makes one span per guarded call, when the call settles, with the call's own start and end times, as
 * a child of the span active where the guard was called (your agent's turn span, say):
 * - name `execute_tool {tool}`, kind `INTERNAL`; `gen_ai.operation.name` `execute_tool`,
 *   `gen_ai.tool.name`, `gen_ai.tool.call.id`, `gen_ai.tool.type` `function`, `gen_ai.tool.description`
 *   when the tool has one; arguments and result only with `captureContent`.
 * - a failed call (arguments rejected, executor threw or reported failure, `HALT`): status `ERROR` and
 *   `error.type`, one of the validation categories (`missing_required`, `type_mismatch`, …),
 *   `tool_failed` or `halted`; a rejected call also gets a `claimcheck.interception` event.
 * - `claimcheck.state` (`posted`, `read`, `unknown`, `needs_review`, `failed`), `claimcheck.tool.kind`,
 *   `claimcheck.ran`, `claimcheck.repaired`, `claimcheck.turn`, `claimcheck.receipt.{ok,id,kind}`,
 *   `claimcheck.verify` (`pass`, `flag`, `halt`), `claimcheck.incident`, `claimcheck.validation`,
 *   `claimcheck.interception.{category,path}`.
 *
 * A checked reply adds a `claimcheck.reply_checked` event (verdict, summary, counts, flagged claims as
 * `tool:reason`) to the active span, or, when none is recording, to a span of its own named
 * `claimcheck check_reply`; a `fabricated` verdict does not set an error status (the tools ran fine).
 *
 * The span is made after the executor returned, so spans the executor makes itself are its siblings
 * under your span, not its children.
 * @throws ClaimcheckError `invalid_options` for a bad `maxContentChars`.
 */
export function createOtelObserver(options: OtelObserverOptions = {}): GuardObserver {
  try {
    const maxChars = options.maxContentChars ?? 16_384;
    if (!Number.isInteger(maxChars) || maxChars <= 0) {
      throw new ClaimcheckError('invalid_options', `createOtelObserver option maxContentChars must be a positive integer, got ${String(options.maxContentChars)}.`);
    }
    const content: ContentPolicy = { capture: options.captureContent === true, maxChars };
    const tracer = options.tracer ?? (options.tracerProvider ?? trace.getTracerProvider()).getTracer(OTEL_SCOPE_NAME);
    return {
      callSettled: (call) => traceCall(tracer, call, content),
      replyChecked: (reply) => traceReply(tracer, reply, content),
    };
  } catch (error) {
    throw hostError('createOtelObserver', error);
  }
}

function traceCall(tracer: Tracer, call: ObservedCall, content: ContentPolicy): void {
  const op = call.operation;
  const span = tracer.startSpan(`execute_tool ${op.tool}`, { kind: SpanKind.INTERNAL, startTime: op.startedAt, attributes: callAttributes(call, content) });
  if (call.interception !== null) span.addEvent('claimcheck.interception', interceptionAttributes(call), call.interception.at);
  if (op.state === 'failed' || op.failure !== null) span.setStatus({ code: SpanStatusCode.ERROR, message: statusMessage(op, content) });
  span.end(op.endedAt);
}

function traceReply(tracer: Tracer, reply: ObservedReply, content: ContentPolicy): void {
  const attributes = replyAttributes(reply.record, content);
  const active = trace.getActiveSpan();
  if (active !== undefined && active.isRecording()) {
    active.addEvent('claimcheck.reply_checked', attributes, reply.record.at);
    return;
  }
  const span = tracer.startSpan('claimcheck check_reply', { kind: SpanKind.INTERNAL, startTime: reply.record.at });
  span.addEvent('claimcheck.reply_checked', attributes, reply.record.at);
  span.end(reply.record.at);
}
