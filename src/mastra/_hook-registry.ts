/**
 * Internal: what ties `claimcheckProcessor()` to the hooks of its guard. The hooks register the tools
 * they were made with (the processor judges step texts against them), and note each call that reaches
 * them: Mastra answers some calls before any hook runs (a tool the agent does not have), and the
 * processor finds those among a step's failed calls as the ones the hooks never saw.
 */
import type { Guard } from '../action/guard.js';
import type { ToolSpec } from '../tools.js';

const toolsOf = new WeakMap<Guard, readonly ToolSpec[]>();

/** The tools `g` was made with by `claimcheckToolHooks()`. */
export function registerTools(g: Guard, tools: readonly ToolSpec[]): void {
  toolsOf.set(g, tools);
}

/** The tools of `g`, when `claimcheckToolHooks()` made it; `undefined` for a guard made elsewhere. */
export function registeredTools(g: Guard): readonly ToolSpec[] | undefined {
  return toolsOf.get(g);
}

/** Most call ids kept per guard; the oldest go first (a call is looked up within its run's next steps). */
const LIMIT = 1_000;

const seen = new WeakMap<Guard, Set<string>>();

/** `callId` reached the hooks of `g`. */
export function noteHooked(g: Guard, callId: string): void {
  let ids = seen.get(g);
  if (ids === undefined) {
    ids = new Set();
    seen.set(g, ids);
  }
  ids.delete(callId);
  ids.add(callId);
  if (ids.size > LIMIT) ids.delete(ids.values().next().value as string);
}

/** Whether `callId` reached the hooks of `g`. */
export function wasHooked(g: Guard, callId: string): boolean {
  return seen.get(g)?.has(callId) === true;
}
