/**
 * Internal: which guard a `run()` call uses. A guard lives as long as the conversation: the messages
 * `run()` appends remember their guard, so the next call, given `result.messages` (or any array that
 * still holds them), goes on with the same guard, and a text-only reply is judged against the calls of
 * every earlier model turn since the user's message.
 */
import type { Action, Executor } from '../action/action.js';
import { guard as createGuard, type Guard, type GuardObserver, type GuardRunOptions } from '../action/guard.js';
import type { OperationSink } from '../action/operation-sink.js';
import { ClaimcheckError } from '../errors.js';
import type { ToolSpec } from '../tools.js';

const sessions = new WeakMap<object, Guard>();

/** Remember that `messages` belong to `g`'s session. */
export function remember(messages: readonly unknown[], g: Guard): void {
  for (const m of messages) if (typeof m === 'object' && m !== null) sessions.set(m, g);
}

/** What picks or makes the guard. */
export interface SessionInput {
  messages: readonly unknown[];
  guard: Guard | undefined;
  executors: Record<string, Executor | Action> | undefined;
  store: OperationSink | undefined;
  toolSpecs: readonly ToolSpec[];
  /** How a new guard names its run in the store. */
  run?: GuardRunOptions | undefined;
  /** A new guard's observers. */
  observers?: readonly GuardObserver[] | undefined;
}

/**
 * The guard to use: the one given; else the one of the latest message `run()` appended; else a new one
 * over the client tools, `executors` and `store`. `fresh` is true for a new guard.
 * @throws ClaimcheckError `invalid_options`: `guard` with `executors` or `store`; neither `guard` nor
 *   `executors`; a client tool without an executor.
 */
export function sessionGuard(input: SessionInput): { guard: Guard; fresh: boolean } {
  if (input.guard !== undefined) {
    if (input.executors !== undefined || input.store !== undefined || input.observers !== undefined) {
      throw new ClaimcheckError('invalid_options', 'run() takes either guard or executors (and store, observers): a guard already has its executors, sink and observers.');
    }
    return { guard: input.guard, fresh: false };
  }
  if (typeof input.executors !== 'object' || input.executors === null) {
    throw new ClaimcheckError('invalid_options', 'run() needs executors: { toolName: fn or action(fn, { receipt }) } (or a guard).');
  }
  for (let i = input.messages.length - 1; i >= 0; i--) {
    const m = input.messages[i];
    const known = typeof m === 'object' && m !== null ? sessions.get(m) : undefined;
    if (known !== undefined) return { guard: known, fresh: false };
  }
  const missing = input.toolSpecs.filter((t) => !Object.hasOwn(input.executors as object, t.name)).map((t) => t.name);
  if (missing.length > 0) {
    throw new ClaimcheckError('invalid_options', `run() has no executor for ${missing.map((n) => JSON.stringify(n)).join(', ')}; add it to executors or remove it from tools.`, {
      data: { tools: missing },
    });
  }
  const g = createGuard({
    tools: [...input.toolSpecs],
    executors: input.executors,
    ...(input.store === undefined ? {} : { store: input.store }),
    ...(input.run === undefined ? {} : { run: input.run }),
    ...(input.observers === undefined ? {} : { observers: input.observers }),
  });
  return { guard: g, fresh: true };
}
