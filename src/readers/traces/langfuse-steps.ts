/**
 * Langfuse trace exports into trace steps: a trace with its observations, as the public API's
 * `GET /api/public/traces/{traceId}` (`TraceWithFullDetails`) and the UI's JSON download give it:
 * `{id, input, output, observations: [{id, type, name, startTime, endTime, input, output, level,
 * statusMessage, parentObservationId}]}`. `GENERATION` observations are model calls; `TOOL` observations
 * tool executions (a `level` of `ERROR` marks a failure, `statusMessage` says why); `AGENT` observations
 * and the trace's own `input`/`output` give the user's and the agent's text when no generation does.
 * Read as the Langfuse API of `@langfuse/core` 4–5 (`ObservationType`) describes them.
 * @see https://api.reference.langfuse.com/#tag/trace/GET/api/public/traces/{traceId}
 */
import { parseArguments, parseResultText } from '../_json.js';
import { isRecord, unreadable, type Rec } from '../_shape.js';
import { chatMessages, type ChatMessage } from './_chat-message.js';
import { langChainMessage } from './_langchain-message.js';
import type { ModelStep, TraceStep } from './_trace-step.js';
import { time } from './langsmith-steps.js';
import { keepLeaves, type TraceSteps } from './span-steps.js';

/** Whether `value` is a Langfuse trace with observations (`id` and an `observations` list). */
export function isLangfuseExport(value: unknown): boolean {
  return isRecord(value) && Array.isArray(value.observations) && typeof value.id === 'string';
}

/** @throws ClaimcheckError `unreadable_messages` for a trace without observations, naming what it is. */
export function langfuseSteps(trace: unknown): TraceSteps {
  if (!isRecord(trace) || !Array.isArray(trace.observations)) throw unreadable(null, 'the Langfuse trace', trace, 'expected {"id", "observations": [...]} as GET /api/public/traces/{traceId} returns it.');
  const steps = new Map<string, TraceStep>();
  const parents = new Map<string, string | null>();
  trace.observations.forEach((observation, i) => {
    if (!isRecord(observation)) throw unreadable(i, `observations[${i}]`, observation, 'expected an observation object.');
    const id = typeof observation.id === 'string' ? observation.id : `observations[${i}]`;
    parents.set(id, typeof observation.parentObservationId === 'string' ? observation.parentObservationId : null);
    const step = observationStep(observation, id);
    if (step !== null) steps.set(id, step);
  });
  const read = keepLeaves(steps, (id) => parents.get(id) ?? null);
  // The trace's own input and output: the request and the reply, when no observation records them.
  if (read.models.length === 0) {
    const at = time(trace.timestamp) ?? 0;
    const step = textStep('trace', at, at, trace.input, trace.output);
    if (step !== null) read.models.push(step);
  }
  return read;
}

function observationStep(o: Rec, id: string): TraceStep | null {
  const start = time(o.startTime) ?? 0;
  const end = time(o.endTime) ?? start;
  if (o.type === 'TOOL') {
    const failed = o.level === 'ERROR';
    const output = typeof o.output === 'string' ? parseResultText(o.output) : o.output;
    return { kind: 'tool', spanId: id, start, end, tool: typeof o.name === 'string' ? o.name : '', callId: callIdOf(o), args: parseArguments(o.input), result: output ?? undefined, failed, error: failed ? (typeof o.statusMessage === 'string' && o.statusMessage !== '' ? o.statusMessage : null) : null };
  }
  if (o.type === 'GENERATION') {
    const input = isRecord(o.input) && Array.isArray(o.input.messages) ? o.input.messages : o.input;
    const tools = isRecord(o.input) && Array.isArray(o.input.tools) ? o.input.tools : null;
    return { kind: 'model', spanId: id, start, end, input: messages(input), output: outputMessages(o.output), tools };
  }
  if (o.type === 'AGENT') return textStep(id, start, end, o.input, o.output);
  return null;
}

function messages(value: unknown): ChatMessage[] | null {
  if (typeof value === 'string') return [{ role: 'user', text: value, calls: [], results: [] }];
  return Array.isArray(value) ? chatMessages(value.map(langChainMessage)) : null;
}

/** A generation's output: a message `{role, content, tool_calls}`, a list of them, `{content}` or text. */
function outputMessages(value: unknown): ChatMessage[] | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return [{ role: 'assistant', text: value, calls: [], results: [] }];
  if (Array.isArray(value)) return chatMessages(value.map(langChainMessage).slice(-1));
  if (isRecord(value)) return chatMessages([{ role: 'assistant', ...value }]);
  return null;
}

/** A step of plain text in and out (an agent observation, the trace itself); `null` unless one is text. */
function textStep(id: string, start: number, end: number, input: unknown, output: unknown): ModelStep | null {
  const said = (role: string, value: unknown): ChatMessage[] | null => (typeof value === 'string' ? [{ role, text: value, calls: [], results: [] }] : null);
  const step: ModelStep = { kind: 'model', spanId: id, start, end, input: said('user', input), output: said('assistant', output), tools: null };
  return step.input === null && step.output === null ? null : step;
}

function callIdOf(o: Rec): string | null {
  const metadata = isRecord(o.metadata) ? o.metadata : {};
  const id = metadata.tool_call_id ?? metadata.toolCallId;
  return typeof id === 'string' ? id : null;
}
