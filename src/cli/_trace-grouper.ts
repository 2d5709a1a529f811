/**
 * Internal: `check`'s traces, gathered from the records they arrive in. An OTLP export or a collector's file
 * (one export request a line) spreads a trace's spans over records; spans are held by trace id until the
 * trace's root span has arrived (it ends last, so it is exported last), then the trace is handed on. Memory
 * is bounded: past `maxSpans` held spans the oldest traces are handed on as they are (cut), and said so.
 * Langfuse traces and LangSmith run trees come whole, one a record; flat LangSmith runs are held like spans.
 */
import type { Conversation } from '../conversation.js';
import { isRecord } from '../readers/_shape.js';
import { langfuseSteps } from '../readers/traces/langfuse-steps.js';
import { langSmithSteps, langSmithTraceId, time } from '../readers/traces/langsmith-steps.js';
import { readOtlpSpans } from '../readers/traces/read-otlp-spans.js';
import { groupSpans, spanTraceConversation } from '../readers/traces/read-otlp.js';
import type { TraceFormat } from '../readers/traces/read-traces.js';
import { traceConversation } from '../readers/traces/trace-conversation.js';
import type { TraceSpan } from '../readers/traces/trace-span.js';

/** A trace ready to be checked. */
export interface PendingTrace {
  traceId: string;
  /** Names the trace answers to for `--service`: OTLP `service.name` and `gen_ai.agent.name`; a Langfuse trace's or a LangSmith root run's name. */
  names: string[];
  /** When it started, epoch milliseconds; `null` when unknown. */
  startTime: number | null;
  /** Where its first part was read. */
  file: string | undefined;
  line: number | undefined;
  /** Handed on before its root arrived (the hold was full, or the input ended). */
  cut: boolean;
  /** Its conversation. @throws ClaimcheckError as the trace readers do. */
  read: () => Conversation;
}

interface Held {
  spans: TraceSpan[];
  rooted: boolean;
  file: string | undefined;
  line: number | undefined;
}

/** Gathers traces from records; see the module comment. `maxSpans`: the most spans held at once (default 1,000,000). */
export class TraceGrouper {
  readonly #held = new Map<string, Held>();
  readonly #runs = new Map<string, { runs: unknown[]; rooted: boolean; file: string | undefined; line: number | undefined }>();
  #count = 0;

  constructor(readonly maxSpans = 1_000_000) {}

  /**
   * Add one record of `format`; returns the traces it completed (and any cut to stay within the bound).
   * @throws ClaimcheckError `unreadable_messages` for a record that is not of the format (naming the span).
   */
  add(value: unknown, format: TraceFormat, where: string, file: string | undefined, line: number | undefined): PendingTrace[] {
    if (format === 'langfuse') return (Array.isArray(value) ? value : [value]).map((t) => langfuseTrace(t, file, line));
    if (format === 'langsmith') return this.#addRuns(value, file, line);
    const touched = new Set<string>();
    for (const span of readOtlpSpans(value, where)) {
      let held = this.#held.get(span.traceId);
      if (held === undefined) this.#held.set(span.traceId, (held = { spans: [], rooted: false, file, line }));
      held.spans.push(span);
      held.rooted ||= span.parentSpanId === null;
      touched.add(span.traceId);
      this.#count++;
    }
    const ready: PendingTrace[] = [];
    for (const id of touched) {
      const held = this.#held.get(id) as Held;
      if (held.rooted) ready.push(this.#release(id, held, false));
    }
    for (const [id, held] of this.#held) {
      if (this.#count <= this.maxSpans) break;
      ready.push(this.#release(id, held, true));
    }
    return ready;
  }

  /** Every trace still held, at the end of the input (those without a root are cut). */
  finish(): PendingTrace[] {
    const out = [...this.#held].map(([id, held]) => this.#release(id, held, !held.rooted));
    for (const [id, held] of this.#runs) out.push(runsTrace(id, held.runs, held.file, held.line, !held.rooted));
    this.#runs.clear();
    return out;
  }

  #release(id: string, held: Held, cut: boolean): PendingTrace {
    this.#held.delete(id);
    this.#count -= held.spans.length;
    const trace = groupSpans(held.spans)[0] ?? { traceId: id, service: null, startTime: 0, spans: [] };
    const names = new Set<string>();
    if (trace.service !== null) names.add(trace.service);
    for (const span of held.spans) {
      const agent = span.attributes['gen_ai.agent.name'];
      if (typeof agent === 'string') names.add(agent);
    }
    return { traceId: id, names: [...names], startTime: trace.startTime, file: held.file, line: held.line, cut, read: () => spanTraceConversation(trace) };
  }

  /** A run tree (or a list of runs) is whole; a flat run with a parent waits for its trace's root run. */
  #addRuns(value: unknown, file: string | undefined, line: number | undefined): PendingTrace[] {
    const whole = Array.isArray(value) || (isRecord(value) && (Array.isArray(value.child_runs) || value.parent_run_id === undefined));
    if (whole) return [runsTrace(langSmithTraceId(value), Array.isArray(value) ? value : [value], file, line, false)];
    const id = langSmithTraceId(value);
    let held = this.#runs.get(id);
    if (held === undefined) this.#runs.set(id, (held = { runs: [], rooted: false, file, line }));
    held.runs.push(value);
    held.rooted ||= isRecord(value) && (value.parent_run_id === null || value.parent_run_id === undefined);
    if (!held.rooted) return [];
    this.#runs.delete(id);
    return [runsTrace(id, held.runs, held.file, held.line, false)];
  }
}

function langfuseTrace(trace: unknown, file: string | undefined, line: number | undefined): PendingTrace {
  const t = isRecord(trace) ? trace : {};
  const id = typeof t.id === 'string' ? t.id : 'langfuse-trace';
  return { traceId: id, names: typeof t.name === 'string' ? [t.name] : [], startTime: time(t.timestamp), file, line, cut: false, read: () => traceConversation(langfuseSteps(trace), id, 'langfuse') };
}

function runsTrace(id: string, runs: unknown[], file: string | undefined, line: number | undefined, cut: boolean): PendingTrace {
  const root = runs.find((r) => isRecord(r) && (r.parent_run_id === null || r.parent_run_id === undefined)) ?? runs[0];
  const r = isRecord(root) ? root : {};
  return { traceId: id, names: typeof r.name === 'string' ? [r.name] : [], startTime: time(r.start_time), file, line, cut, read: () => traceConversation(langSmithSteps(runs.length === 1 ? runs[0] : runs), id, 'langsmith') };
}
