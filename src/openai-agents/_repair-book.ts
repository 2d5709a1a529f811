/**
 * Internal: which tools of a guard wait for a repair. The SDK loop sends a rejected call's refusal back
 * to the model, whose next call of the same tool is its repair: that call is recorded `repaired`. One
 * book per guard, shared by `guardAgentTools()` and `claimcheckToolInputGuardrail()`, so a rejection
 * recorded by either is repaired through the other.
 */
import type { Guard } from '../action/guard.js';
import type { GuardResult } from '../action/guard-result.js';

const books = new WeakMap<Guard, Set<string>>();

function book(g: Guard): Set<string> {
  let pending = books.get(g);
  if (pending === undefined) {
    pending = new Set();
    books.set(g, pending);
  }
  return pending;
}

/** True once after a rejected call of `tool`: the call now made is its repair. */
export function takeRepair(g: Guard, tool: string): boolean {
  return book(g).delete(tool);
}

/** The next call of `tool` repairs this one. */
export function awaitRepair(g: Guard, tool: string): void {
  book(g).add(tool);
}

/** After a call: when its arguments were rejected (not an unknown tool: there is nothing to repair), its next call repairs it. */
export function noteResult(g: Guard, result: GuardResult): void {
  if (isRepairable(result)) awaitRepair(g, result.tool);
}

/** A turn ended: rejected calls not repaired by then stay unrepaired. */
export function clearRepairs(g: Guard): void {
  books.get(g)?.clear();
}

/** The arguments were rejected by validation, for a tool the guard knows. */
export function isRepairable(result: GuardResult): boolean {
  const f = result.failure;
  return f !== undefined && 'failures' in f && f.category !== 'unknown_tool';
}
