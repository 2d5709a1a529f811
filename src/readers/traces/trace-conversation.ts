/**
 * One trace's steps into a {@link Conversation}: the user's messages, the assistant's text and the tool calls,
 * in the order they happened, with the tool list the trace declares.
 */
import type { Conversation, MessageFormat } from '../../conversation.js';
import { ClaimcheckError } from '../../errors.js';
import { normalizeTools, type ToolSpec } from '../../tools.js';
import { timelineEvents } from './_timeline.js';
import type { TraceSteps } from './span-steps.js';

/** The hint of the `trace_without_content` error: how each producer turns content capture on. */
export const CONTENT_CAPTURE_HINT =
  'enable content capture where the trace is recorded: OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true for OpenTelemetry GenAI instrumentations, telemetry: { recordInputs: true, recordOutputs: true } for the AI SDK (7, with the OpenTelemetry integration of @ai-sdk/otel registered; experimental_telemetry: { isEnabled: true, recordInputs: true, recordOutputs: true } in AI SDK 5 and 6), OPENINFERENCE_HIDE_INPUTS/OPENINFERENCE_HIDE_OUTPUTS unset for OpenInference';

/**
 * The conversation a trace records.
 * @param traceId Named in errors.
 * @throws ClaimcheckError `trace_without_content` when the trace has model or tool steps but no message
 *   content (content capture was off: there is no reply to check); `unreadable_messages` when it has no step
 *   of any convention claimcheck reads.
 */
export function traceConversation(steps: TraceSteps, traceId: string, format: MessageFormat): Conversation {
  const { models, tools } = steps;
  if (models.length === 0 && tools.length === 0) {
    throw new ClaimcheckError('unreadable_messages', `trace ${traceId} has no model call or tool span claimcheck reads: expected spans of the OpenTelemetry GenAI semantic conventions (gen_ai.operation.name), the AI SDK (ai.operationId) or OpenInference (openinference.span.kind).`, { data: { index: null, shape: 'a trace' } });
  }
  const timeline = timelineEvents(models, tools);
  if (!timeline.events.some((e) => e.kind !== 'tool')) {
    const what = `${models.length} model call${models.length === 1 ? '' : 's'} and ${tools.length} tool call${tools.length === 1 ? '' : 's'}`;
    throw new ClaimcheckError('trace_without_content', `trace ${traceId} records no message content (${what}, but no prompt or reply text), so there is no reply to check: ${CONTENT_CAPTURE_HINT}.`, { data: { traceId, steps: models.length + tools.length } });
  }
  return { format, events: timeline.events, tools: traceTools(steps.definitions) };
}

/** The trace's tool definitions, normalized, the first of each name kept; a definition no shape reads is skipped. */
function traceTools(definitions: readonly unknown[]): ToolSpec[] {
  const byName = new Map<string, ToolSpec>();
  for (const definition of definitions) {
    let spec: ToolSpec | undefined;
    try {
      spec = normalizeTools([definition])[0];
    } catch {
      continue;
    }
    if (spec !== undefined && !byName.has(spec.name)) byName.set(spec.name, spec);
  }
  return [...byName.values()];
}
