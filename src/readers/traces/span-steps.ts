/**
 * The steps of one trace's spans, whichever convention each span follows (the AI SDK's `ai.*`, OpenInference's
 * `openinference.span.kind`, else the GenAI semantic conventions), with the wrappers removed: a model step
 * that holds other model steps below it (`ai.generateText` over its `doGenerate` calls, an `invoke_agent` span
 * over its `chat` spans) and a tool step below another tool step (the same call traced twice).
 */
import type { ModelStep, ToolStep, TraceStep } from './_trace-step.js';
import { aiSdkStep, isAiSdkSpan } from './ai-sdk-step.js';
import { genAiStep } from './gen-ai-step.js';
import { isOpenInferenceSpan, openInferenceStep } from './openinference-step.js';
import type { TraceSpan } from './trace-span.js';

/** A trace's steps by kind, in span order, and the tool definitions its spans list. */
export interface TraceSteps {
  models: ModelStep[];
  tools: ToolStep[];
  definitions: unknown[];
}

/** The step a span records under the convention it follows, or `null`. */
export function spanStep(span: TraceSpan): TraceStep | null {
  if (isAiSdkSpan(span)) return aiSdkStep(span);
  if (isOpenInferenceSpan(span)) return openInferenceStep(span);
  return genAiStep(span);
}

/** The steps of one trace's spans (any order), wrappers removed. */
export function spanSteps(spans: readonly TraceSpan[]): TraceSteps {
  const parents = new Map<string, string | null>();
  const steps = new Map<string, TraceStep>();
  for (const span of spans) {
    parents.set(span.spanId, span.parentSpanId);
    const step = spanStep(span);
    if (step !== null) steps.set(span.spanId, step);
  }
  return keepLeaves(steps, (id) => parents.get(id) ?? null);
}

/** Steps without their wrappers; `parentOf` walks up the tree (a cycle or a missing parent ends the walk). */
export function keepLeaves(steps: ReadonlyMap<string, TraceStep>, parentOf: (id: string) => string | null): TraceSteps {
  const wrappers = new Set<string>();
  const nested = new Set<string>();
  for (const [id, step] of steps) {
    if (step.kind === 'tools') continue;
    const seen = new Set<string>([id]);
    for (let up = parentOf(id); up !== null && !seen.has(up); up = parentOf(up)) {
      seen.add(up);
      const above = steps.get(up);
      if (above?.kind === 'model' && step.kind === 'model') wrappers.add(up);
      if (above?.kind === 'tool' && step.kind === 'tool') nested.add(id);
    }
  }
  const out: TraceSteps = { models: [], tools: [], definitions: [] };
  // A list shared by many steps (the same definitions read once) is added once.
  const lists = new Set<unknown[]>();
  const define = (list: unknown[]): void => {
    if (lists.has(list)) return;
    lists.add(list);
    out.definitions.push(...list);
  };
  for (const [id, step] of steps) {
    if (step.kind === 'tools') define(step.tools);
    else if (step.kind === 'model') {
      if (step.tools !== null) define(step.tools);
      if (!wrappers.has(id)) out.models.push(step);
    } else if (!nested.has(id)) out.tools.push(step);
  }
  return out;
}
