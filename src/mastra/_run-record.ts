/**
 * Internal: what `claimcheckProcessor()` keeps of one Mastra run (in Mastra's per-run processor
 * `state`), and the two things it does with it at each step: record the calls Mastra refused before any
 * hook ran, and judge text said alongside tool calls once those calls ran.
 */
import type { Guard } from '../action/guard.js';
import { check } from '../check.js';
import { awaitRepair, isRepairable, takeRepair } from '../openai-agents/_repair-book.js';
import type { ReceiptJSON } from '../receipt.js';
import { registeredTools, wasHooked } from './_hook-registry.js';
import type { ToolCallInfo } from './_mastra-shapes.js';
import { failedCallIds } from './_read-run.js';
import type { MastraStepReceipt } from './claimcheck-processor.js';

/** One run's record. */
export interface RunRecord {
  /** The run's tool calls so far, in order. */
  calls: ToolCallInfo[];
  /** Calls already looked at for an answer Mastra gave before the hooks. */
  reconciled: Set<string>;
  /** Text said alongside tool calls, judged once they ran. */
  pending?: { step: number; text: string };
  /** The final reply's receipt. */
  final?: ReceiptJSON;
}

/** The run's record in Mastra's per-run processor state, made on first use. */
export function runOf(state: Record<string, unknown>): RunRecord {
  let run = state.claimcheck as RunRecord | undefined;
  if (run === undefined) {
    run = { calls: [], reconciled: new Set() };
    state.claimcheck = run;
  }
  return run;
}

/**
 * Record in `g` the run's calls that `steps` show answered with an error and that never reached the
 * hooks: Mastra refused them itself (a tool the agent does not have). Each call is looked at once.
 */
export function recordRefusedCalls(g: Guard, run: RunRecord, steps: readonly unknown[]): void {
  const failed = failedCallIds(steps);
  for (const call of run.calls) {
    if (run.reconciled.has(call.toolCallId) || !failed.has(call.toolCallId)) continue;
    run.reconciled.add(call.toolCallId);
    if (wasHooked(g, call.toolCallId)) continue;
    const result = g.reject(call.toolName, call.args, { callId: call.toolCallId, repaired: takeRepair(g, call.toolName) });
    if (isRepairable(result)) awaitRepair(g, call.toolName);
  }
}

/** The receipt of the text said alongside the last tool calls, judged by the core `check()` against the run's calls that ran; `undefined` when there is none. */
export function judgePending(g: Guard, run: RunRecord, request: string | undefined): MastraStepReceipt | undefined {
  const pending = run.pending;
  if (pending === undefined) return undefined;
  delete run.pending;
  const ids = new Set(run.calls.map((c) => c.toolCallId));
  const entries = g.ledger.entries.filter((e) => e.callId !== null && ids.has(e.callId));
  const tools = registeredTools(g) ?? [...new Set(entries.map((e) => e.tool))];
  const receipt = check(pending.text, entries, { tools, ...(request === undefined ? {} : { request }) });
  return { step: pending.step, text: pending.text, final: false, receipt };
}

export function isAssistant(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as { role?: unknown }).role === 'assistant';
}

/** A copy of a `MastraDBMessage` whose `content.metadata.claimcheck` is the receipt. */
export function withReceipt<M>(message: M, receipt: ReceiptJSON): M {
  const m = message as { content?: unknown };
  const content = typeof m.content === 'object' && m.content !== null ? (m.content as Record<string, unknown>) : {};
  const metadata = typeof content.metadata === 'object' && content.metadata !== null ? content.metadata : {};
  return { ...message, content: { ...content, metadata: { ...metadata, claimcheck: receipt } } };
}
