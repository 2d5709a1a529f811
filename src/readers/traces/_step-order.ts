/**
 * Internal: the order in which a trace's model calls and tool executions happened, read from their span times
 * where those can tell and from what the calls say where they cannot. OpenTelemetry JS takes a span's start
 * from the millisecond clock and its end as that start plus the measured duration, so spans that begin within
 * one millisecond share a start, and an end can fall before the end of a span that ran earlier; producers also
 * end a model span a moment after the next call began. So:
 * - model calls run one after another: by start, then (same millisecond) by input, a later call's input
 *   repeating the history before it and adding to it, then by end; a call's input is read after the previous
 *   call's answer, and its answer after its input;
 * - a tool runs after the answer that asked for it (by call id), else where its end falls: after the answers
 *   and before the inputs of that instant.
 */
import { LazyMessages } from './_chat-message.js';
import type { ModelStep, ToolStep } from './_trace-step.js';

/** One moment of the timeline: a model call's input, its answer, or a tool execution. */
export type Moment = { step: ModelStep; phase: 'input' | 'output' } | { step: ToolStep; phase: 'tool' };

/** The moments of a trace's model and tool steps (wrappers already removed), in the order they happened. */
export function orderedMoments(models: readonly ModelStep[], tools: readonly ToolStep[]): Moment[] {
  const sequence = [...models].sort((a, b) => a.start - b.start || inputSize(a) - inputSize(b) || a.end - b.end);
  /** The model moments, one after another, and when each can be said to have happened (never decreasing). */
  const chain: Array<{ at: number; moment: Moment }> = [];
  /** The index in `chain` of the answer that asked for each call (by id; the first that did). */
  const askedBy = new Map<string, number>();
  let previousAnswer = -Infinity;
  for (const step of sequence) {
    const inputAt = Math.max(step.start, previousAnswer);
    previousAnswer = Math.max(step.end, inputAt);
    chain.push({ at: inputAt, moment: { step, phase: 'input' } }, { at: previousAnswer, moment: { step, phase: 'output' } });
    for (const message of step.output ?? []) for (const call of message.calls) if (call.id !== null && !askedBy.has(call.id)) askedBy.set(call.id, chain.length - 1);
  }
  // Each tool goes before the chain moment at `slot`: after the answer that asked for it, and no sooner than its end.
  const placed = tools.map((step, order) => {
    const asker = step.callId === null ? undefined : askedBy.get(step.callId);
    return { step, order, slot: Math.max(slotAt(chain, step.end), asker === undefined ? 0 : asker + 1) };
  });
  placed.sort((a, b) => a.slot - b.slot || a.step.end - b.step.end || a.order - b.order);
  const out: Moment[] = [];
  let next = 0;
  chain.forEach(({ moment }, k) => {
    for (; next < placed.length && (placed[next] as (typeof placed)[number]).slot <= k; next++) out.push({ step: (placed[next] as (typeof placed)[number]).step, phase: 'tool' });
    out.push(moment);
  });
  for (; next < placed.length; next++) out.push({ step: (placed[next] as (typeof placed)[number]).step, phase: 'tool' });
  return out;
}

/** The first chain index after time `at`: past every moment before it, and past the answers (not the inputs) at it. */
function slotAt(chain: ReadonlyArray<{ at: number; moment: Moment }>, at: number): number {
  let low = 0;
  let high = chain.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((chain[mid] as (typeof chain)[number]).at < at) low = mid + 1;
    else high = mid;
  }
  while (low < chain.length && (chain[low] as (typeof chain)[number]).at === at && (chain[low] as (typeof chain)[number]).moment.phase === 'output') low++;
  return low;
}

/** How much a model call was given: the length of its input's JSON text, else its number of messages. */
function inputSize(step: ModelStep): number {
  const input = step.input;
  return input === null ? 0 : input instanceof LazyMessages ? input.text.length : input.length;
}
