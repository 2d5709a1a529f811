/**
 * `createClaimcheckSpanProcessor()`: verdicts for agents that are already traced. An OpenTelemetry JS span
 * processor that keeps the finished spans of each trace and, when a trace's local root span ends, rebuilds the
 * agent turn it recorded (GenAI semantic conventions, the AI SDK's `ai.*` spans or OpenInference), checks the
 * reply, records the receipt in a ledger sink and as a `claimcheck.check` span with the verdict.
 */
import { context, SpanKind, trace, type Tracer, type TracerProvider } from '@opentelemetry/api';
import type { OperationSink } from '../action/operation-sink.js';
import { judgeTurns, type TurnReceipt } from '../check.js';
import { ClaimcheckError } from '../errors.js';
import { spanTraceConversation } from '../readers/traces/read-otlp.js';
import type { TraceSpan } from '../readers/traces/trace-span.js';
import { isLocalRoot, toTraceSpan, type FinishedSpan } from './_readable-span.js';
import { OTEL_SCOPE_NAME } from './create-otel-observer.js';
import { hostError } from '../_host-input.js';

/** Options of {@link createClaimcheckSpanProcessor}. */
export interface ClaimcheckSpanProcessorOptions {
  /** Where receipts are recorded (`openStore()` of claimcheck/store, `createMemorySink()`). Default: none. */
  sink?: OperationSink;
  /** Tools the agent has beyond those its spans list (any shape `normalizeTools` reads). Default: none. */
  tools?: unknown;
  /** Tools never reported as unmentioned. Default none. */
  ignoreTools?: readonly string[];
  /** As `check`'s `strict`. Default `false`. */
  strict?: boolean;
  /** The tracer of the `claimcheck.check` spans. Default: the global provider's `claimcheck` tracer. `false`: no span. */
  tracer?: Tracer | false;
  /** Where the default tracer comes from. Default: the global provider. */
  tracerProvider?: TracerProvider;
  /** Most traces held at once; past it the oldest is dropped unchecked. Default `1_000`; a positive integer. */
  maxTraces?: number;
  /** Most spans held for one trace; past it the trace is dropped unchecked. Default `10_000`; a positive integer. */
  maxSpansPerTrace?: number;
  /** Told of each turn checked (for logs, tests). Errors it throws are swallowed. */
  onReceipt?: (event: { traceId: string; turn: TurnReceipt }) => void;
  /** Told why a trace was not checked (no content captured, no GenAI span, a bound hit). Default: nothing. */
  onSkip?: (event: { traceId: string; reason: string }) => void;
}

/** The span processor; its methods follow the SDK's `SpanProcessor`. */
export interface ClaimcheckSpanProcessor {
  onStart(): void;
  onEnd(span: FinishedSpan): void;
  /** Resolves once every trace whose root has ended is checked. */
  forceFlush(): Promise<void>;
  shutdown(): Promise<void>;
}

/**
 * A span processor (`new NodeTracerProvider({ spanProcessors: [createClaimcheckSpanProcessor({ sink })] })`).
 * Checking runs after the root span ended, off the caller's path (`setImmediate`). It fails open: a trace it
 * cannot read, a sink or tracer that throws, a bound reached, all leave the application and its spans as they
 * were (`onSkip` says why). Memory is bounded by `maxTraces` × `maxSpansPerTrace` spans.
 * @throws ClaimcheckError `invalid_options` for a bound that is not a positive integer.
 */
export function createClaimcheckSpanProcessor(options: ClaimcheckSpanProcessorOptions = {}): ClaimcheckSpanProcessor {
  try {
    return spanProcessor(options ?? {});
  } catch (error) {
    throw hostError('createClaimcheckSpanProcessor', error);
  }
}

function spanProcessor(options: ClaimcheckSpanProcessorOptions): ClaimcheckSpanProcessor {
  const maxTraces = bound(options.maxTraces, 1_000, 'maxTraces');
  const maxSpans = bound(options.maxSpansPerTrace, 10_000, 'maxSpansPerTrace');
  const held = new Map<string, TraceSpan[]>();
  const dropped = new Set<string>();
  const pending = new Set<Promise<void>>();
  let closed = false;
  const skip = (traceId: string, reason: string): void => quietly(() => options.onSkip?.({ traceId, reason }));
  const tracer = (): Tracer | null => (options.tracer === false ? null : (options.tracer ?? (options.tracerProvider ?? trace.getTracerProvider()).getTracer(OTEL_SCOPE_NAME)));

  const check = (traceId: string, spans: TraceSpan[], root: FinishedSpan): void => {
    let turns: TurnReceipt[];
    try {
      const conversation = spanTraceConversation({ traceId, service: null, startTime: 0, spans });
      turns = judgeTurns(conversation, { tools: options.tools, ignoreTools: options.ignoreTools ?? [], strict: options.strict === true });
    } catch (error) {
      return skip(traceId, ClaimcheckError.isInstance(error) ? error.message : `could not be checked: ${String(error)}`);
    }
    const last = turns[turns.length - 1];
    if (last === undefined) return skip(traceId, 'the trace has no assistant reply with text');
    const at = Date.now();
    for (const turn of turns) quietly(() => options.onReceipt?.({ traceId, turn }));
    quietly(() => void options.sink?.recordReceipt({ receipt: last.receipt, callIds: [], at, reply: last.text }));
    quietly(() => recordSpan(tracer(), root, last));
  };

  return {
    onStart: () => undefined,
    onEnd(span) {
      quietly(() => {
        if (closed || span.name === CHECK_SPAN) return;
        const s = toTraceSpan(span);
        if (dropped.has(s.traceId)) return void (isLocalRoot(span) && dropped.delete(s.traceId));
        let spans = held.get(s.traceId);
        if (spans === undefined) {
          if (held.size >= maxTraces) {
            const [oldest] = held.keys();
            if (oldest !== undefined) {
              held.delete(oldest);
              skip(oldest, `more than ${maxTraces} traces were open at once (maxTraces)`);
            }
          }
          held.set(s.traceId, (spans = []));
        }
        spans.push(s);
        if (spans.length > maxSpans) {
          held.delete(s.traceId);
          dropped.add(s.traceId);
          return skip(s.traceId, `the trace has more than ${maxSpans} spans (maxSpansPerTrace)`);
        }
        if (!isLocalRoot(span)) return;
        held.delete(s.traceId);
        const done = new Promise<void>((resolve) => setImmediate(() => resolve(quietly(() => check(s.traceId, spans, span)))));
        pending.add(done);
        void done.then(() => pending.delete(done));
      });
    },
    forceFlush: async () => {
      await Promise.all([...pending]);
    },
    shutdown: async () => {
      closed = true;
      await Promise.all([...pending]);
      held.clear();
    },
  };
}

/** The name of the span that carries a trace's verdict. */
export const CHECK_SPAN = 'claimcheck.check';

/** A `claimcheck.check` span in the checked trace, a child of its root, with the verdict of its last turn. */
function recordSpan(tracer: Tracer | null, root: FinishedSpan, turn: TurnReceipt): void {
  if (tracer === null) return;
  const receipt = turn.receipt;
  const parent = trace.setSpanContext(context.active(), root.spanContext());
  const span = tracer.startSpan(CHECK_SPAN, {
    kind: SpanKind.INTERNAL,
    attributes: {
      'claimcheck.verdict': receipt.verdict,
      'claimcheck.turn': turn.turn,
      'claimcheck.receipt.confirmed': receipt.confirmed.length,
      'claimcheck.receipt.flagged': receipt.claimedButNeverRan.length,
      'claimcheck.receipt.unreported': receipt.ranButUnreported.length,
      'claimcheck.receipt.flagged_claims': receipt.claimedButNeverRan.map((c) => `${c.tool}:${c.reason}`),
    },
  }, parent);
  span.end();
}

function bound(value: number | undefined, fallback: number, name: string): number {
  const n = value ?? fallback;
  if (!Number.isInteger(n) || n <= 0) throw new ClaimcheckError('invalid_options', `createClaimcheckSpanProcessor option ${name} must be a positive integer, got ${String(value)}.`);
  return n;
}

/** Run `fn`, swallowing what it throws: the processor never breaks the application it observes. */
function quietly(fn: () => void): void {
  try {
    fn();
  } catch {
    // Fails open.
  }
}
