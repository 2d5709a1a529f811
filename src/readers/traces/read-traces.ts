/**
 * The trace formats as conversations: which one a value is, the reader of each for `readConversation`
 * (one trace), and {@link readTraces} for a document of many.
 */
import type { Conversation } from '../../conversation.js';
import { isRecord } from '../_shape.js';
import { normalizeTools } from '../../tools.js';
import { isLangfuseExport, langfuseSteps } from './langfuse-steps.js';
import { isLangSmithExport, langSmithSteps, langSmithTraceId } from './langsmith-steps.js';
import { isOtlpTraceExport, readOtlpSpans } from './read-otlp-spans.js';
import { groupSpans, readOtlp, spanTraceConversation } from './read-otlp.js';
import { traceConversation } from './trace-conversation.js';
import { hostError } from '../../_host-input.js';

/** The trace formats. */
export type TraceFormat = 'otlp' | 'langfuse' | 'langsmith';

/**
 * The trace format `value` is written in, or `null`: `otlp` for `{resourceSpans: [...]}`, `langfuse` for
 * `{id, observations: [...]}` or a list of them, `langsmith` for a run (`{run_type, inputs, …}`) or a list of runs.
 */
export function traceFormatOf(value: unknown): TraceFormat | null {
  if (isOtlpTraceExport(value)) return 'otlp';
  if (isLangfuseExport(value) || (Array.isArray(value) && isLangfuseExport(value[0]))) return 'langfuse';
  if (isLangSmithExport(value)) return 'langsmith';
  return null;
}

/** The reader of each trace format, for one trace; `tools` are added to those the trace lists. */
export const traceReaders: Record<TraceFormat, (document: unknown, tools?: unknown) => Conversation> = {
  otlp: (document, tools) => withTools(readOtlp(document), tools),
  langfuse: (document, tools) => withTools(traceConversation(langfuseSteps(document), isRecord(document) ? String(document.id) : 'langfuse-trace', 'langfuse'), tools),
  langsmith: (document, tools) => withTools(traceConversation(langSmithSteps(document), langSmithTraceId(document), 'langsmith'), tools),
};

/** One trace of a document, read. */
export interface TraceConversation {
  traceId: string;
  /** The service that recorded it (OTLP `service.name`); `null` when unknown. */
  service: string | null;
  /** When the trace started, epoch milliseconds; `null` when unknown. */
  startTime: number | null;
  conversation: Conversation;
}

/** Options of {@link readTraces}. */
export interface ReadTracesOptions {
  /** `otlp`, `langfuse`, `langsmith`, or `auto` (default) to detect it. */
  format?: TraceFormat | 'auto';
  /** More tools (any shape `normalizeTools` reads), added to those each trace lists. */
  tools?: unknown;
}

/**
 * Every trace of a document as a conversation: an OTLP JSON export (spans grouped by trace id), a Langfuse
 * trace or a list of them, a LangSmith root run or a list of runs (grouped by `trace_id`). Check each with
 * `checkTurns(trace.conversation)`.
 * @throws ClaimcheckError `unreadable_messages` for a document of no trace format or a trace that cannot be
 *   read; `trace_without_content` for a trace recorded without message content.
 */
export function readTraces(document: unknown, options: ReadTracesOptions = {}): TraceConversation[] {
  try {
    return readTracesOf(document, options ?? {});
  } catch (error) {
    throw hostError('readTraces', error);
  }
}

function readTracesOf(document: unknown, options: ReadTracesOptions): TraceConversation[] {
  const format = options.format === undefined || options.format === 'auto' ? traceFormatOf(document) : options.format;
  if (format === 'otlp') {
    return groupSpans(readOtlpSpans(document)).map((t) => ({ traceId: t.traceId, service: t.service, startTime: t.startTime, conversation: withTools(spanTraceConversation(t), options.tools) }));
  }
  if (format === 'langfuse') {
    const traces = Array.isArray(document) ? document : [document];
    return traces.map((t) => ({ traceId: isRecord(t) ? String(t.id) : '', service: null, startTime: null, conversation: traceReaders.langfuse(t, options.tools) }));
  }
  if (format === 'langsmith') {
    const runs = Array.isArray(document) ? document : [document];
    const byTrace = new Map<string, unknown[]>();
    for (const run of runs) {
      const id = langSmithTraceId(run);
      const list = byTrace.get(id);
      if (list === undefined) byTrace.set(id, [run]);
      else list.push(run);
    }
    return [...byTrace].map(([traceId, list]) => ({ traceId, service: null, startTime: null, conversation: traceReaders.langsmith(list, options.tools) }));
  }
  // Not a trace: the OTLP reader's error says what an export looks like.
  readOtlpSpans(document);
  return [];
}

/** The conversation with `tools` added after the tools the trace lists (a name it lists already is skipped). */
export function withTools(conversation: Conversation, tools: unknown): Conversation {
  if (tools === undefined || tools === null) return conversation;
  const names = new Set(conversation.tools.map((t) => t.name));
  const more = normalizeTools(tools).filter((t) => !names.has(t.name));
  return more.length === 0 ? conversation : { ...conversation, tools: [...conversation.tools, ...more] };
}
