/**
 * LangSmith run exports into trace steps: a root run with its `child_runs` (as the SDK's `readRun(id, {
 * loadChildRuns: true })` and the UI's export give it), or the flat list of a trace's runs (`listRuns({
 * traceId })`), each run `{id, name, run_type, inputs, outputs, error, start_time, end_time, parent_run_id,
 * trace_id}`. `llm` runs are model calls (`inputs.messages`, `outputs.generations` or `outputs.choices`),
 * `tool` runs tool executions (`error` marks a failure), other runs are read only for what they nest.
 * Read as the langsmith SDK 0.3–0.5 types (`Run`) describe them.
 * @see https://docs.smith.langchain.com/reference/data_formats/run_data_format
 */
import { parseArguments, parseResultText } from '../_json.js';
import { isRecord, unreadable, type Rec } from '../_shape.js';
import { chatMessages, type ChatMessage } from './_chat-message.js';
import { langChainMessage } from './_langchain-message.js';
import type { TraceStep } from './_trace-step.js';
import { keepLeaves, type TraceSteps } from './span-steps.js';

/** Whether `value` is a LangSmith run (`run_type` and `inputs`), or a non-empty list of them. */
export function isLangSmithExport(value: unknown): boolean {
  const first = Array.isArray(value) ? value[0] : value;
  return isRecord(first) && typeof first.run_type === 'string' && 'inputs' in first;
}

/** The trace id of a LangSmith export: its root run's `trace_id`, else its `id`. */
export function langSmithTraceId(value: unknown): string {
  const first = Array.isArray(value) ? value[0] : value;
  const id = isRecord(first) ? (first.trace_id ?? first.id) : undefined;
  return typeof id === 'string' ? id : 'langsmith-run';
}

/** @throws ClaimcheckError `unreadable_messages` naming the run that is not one. */
export function langSmithSteps(value: unknown): TraceSteps {
  const steps = new Map<string, TraceStep>();
  const parents = new Map<string, string | null>();
  const visit = (run: unknown, parent: string | null, where: string): void => {
    if (!isRecord(run) || typeof run.run_type !== 'string') throw unreadable(null, where, run, 'expected a LangSmith run {id, run_type, inputs, outputs, …}.');
    const id = typeof run.id === 'string' ? run.id : where;
    parents.set(id, typeof run.parent_run_id === 'string' ? run.parent_run_id : parent);
    const step = runStep(run, id);
    if (step !== null) steps.set(id, step);
    if (Array.isArray(run.child_runs)) run.child_runs.forEach((child, i) => visit(child, id, `${where}.child_runs[${i}]`));
  };
  if (Array.isArray(value)) value.forEach((run, i) => visit(run, null, `runs[${i}]`));
  else visit(value, null, 'the run');
  return keepLeaves(steps, (id) => parents.get(id) ?? null);
}

function runStep(run: Rec, id: string): TraceStep | null {
  const start = time(run.start_time);
  const end = time(run.end_time) ?? start;
  const inputs = isRecord(run.inputs) ? run.inputs : {};
  const outputs = isRecord(run.outputs) ? run.outputs : null;
  const error = typeof run.error === 'string' && run.error !== '' ? run.error : null;
  if (run.run_type === 'tool') {
    const args = 'input' in inputs && Object.keys(inputs).length === 1 ? parseArguments(inputs.input) : inputs;
    const message = outputs === null ? undefined : langChainMessage(outputs.output ?? outputs);
    const fromMessage = isRecord(message) && message.role === 'tool';
    const result = fromMessage ? message.content : message;
    const callId = fromMessage && typeof message.tool_call_id === 'string' ? message.tool_call_id : null;
    const failed = error !== null || (fromMessage && message.status === 'error');
    return { kind: 'tool', spanId: id, start: start ?? 0, end: end ?? 0, tool: typeof run.name === 'string' ? run.name : '', callId, args, result: typeof result === 'string' ? parseResultText(result) : result, failed, error };
  }
  if (run.run_type !== 'llm') return null;
  const input = chatMessages(flatten(inputs.messages)?.map(langChainMessage));
  const tools = Array.isArray(inputs.tools) ? inputs.tools : isRecord(run.extra) && isRecord(run.extra.invocation_params) && Array.isArray(run.extra.invocation_params.tools) ? run.extra.invocation_params.tools : null;
  return { kind: 'model', spanId: id, start: start ?? 0, end: end ?? 0, input, output: outputs === null ? null : output(outputs), tools };
}

/** `outputs.generations[0][0].message` (LangChain), `outputs.choices[0].message` (OpenAI, wrapOpenAI), or `outputs.messages`. */
function output(outputs: Rec): ChatMessage[] | null {
  const generation = flatten(outputs.generations)?.[0];
  const choice = Array.isArray(outputs.choices) ? outputs.choices[0] : undefined;
  const message = isRecord(generation) ? (generation.message ?? { role: 'assistant', content: generation.text }) : isRecord(choice) ? choice.message : undefined;
  if (message !== undefined) return chatMessages([langChainMessage(message)]);
  const list = flatten(outputs.messages);
  return list === null ? null : chatMessages(list.map(langChainMessage).slice(-1));
}

/** A list, or the first list of a list of lists (LangChain batches: `messages: [[...]]`). */
function flatten(value: unknown): unknown[] | null {
  if (!Array.isArray(value)) return null;
  return Array.isArray(value[0]) ? (value[0] as unknown[]) : value;
}

/** Epoch milliseconds of an ISO time (LangSmith writes UTC without a zone: `2024-05-01T09:30:00.123456`). */
export function time(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return null;
  const zoned = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`;
  const ms = Date.parse(zoned);
  return Number.isFinite(ms) ? ms : null;
}
