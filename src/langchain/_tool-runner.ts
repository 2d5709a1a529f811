/**
 * Internal: the middleware's guard, and each LangChain tool call run through it. By default the guard's
 * executors are trampolines: each runs the call LangChain handed to `wrapToolCall` (found through
 * AsyncLocalStorage, so concurrent calls never mix), keeps the `ToolMessage` or `Command` it returned,
 * and gives the guard the tool's output to judge. A guard passed in runs its own executors instead.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ToolMessage } from '@langchain/core/messages';
import { action, type ActionOptions, type Executor } from '../action/action.js';
import { guard as createGuard, type Guard, type GuardOptions } from '../action/guard.js';
import type { GuardResult } from '../action/guard-result.js';
import { ClaimcheckError } from '../errors.js';
import { normalizeTools } from '../tools.js';
import { outputOf, type ToolOutput } from './_tool-output.js';
import { toolEntries } from './_tool-specs.js';

/** The LangChain call being run: how to run it, and what the tool answered or threw. */
export interface PendingCall {
  run: () => Promise<ToolOutput>;
  output?: ToolOutput;
  thrown?: unknown;
}

/** What the runner needs from the middleware options. */
export interface RunnerOptions extends Omit<GuardOptions, 'tools' | 'executors'> {
  guard?: Guard | undefined;
  tools?: unknown;
  actions?: Record<string, ActionOptions> | undefined;
}

export class ToolRunner {
  readonly guard: Guard;
  /** The tools the guard was made with; `null` for a guard passed in. */
  readonly #registered: Set<string> | null;
  readonly #current = new AsyncLocalStorage<PendingCall>();
  /** Tools whose latest call was rejected for its arguments: the next call of each is a repair. */
  readonly #rejected = new Set<string>();

  constructor(options: RunnerOptions) {
    const { guard: given, tools, actions = {}, ...rest } = options;
    if (given !== undefined) {
      this.guard = given;
      this.#registered = null;
      return;
    }
    const entries = toolEntries(tools);
    const executors: GuardOptions['executors'] = {};
    for (const { name } of normalizeTools(entries)) {
      const marked = Object.hasOwn(actions, name) ? actions[name] : undefined;
      executors[name] = marked === undefined ? this.#trampoline() : action(this.#trampoline(), marked);
    }
    const stray = Object.keys(actions).filter((name) => !Object.hasOwn(executors, name));
    if (stray.length > 0) {
      throw new ClaimcheckError('invalid_options', `claimcheckMiddleware actions ${stray.map((s) => JSON.stringify(s)).join(', ')} name no tool in tools; list the tool in tools too.`, {
        data: { actions: stray },
      });
    }
    this.#registered = new Set(Object.keys(executors));
    this.guard = createGuard({ ...rest, tools: entries, executors });
  }

  /** Whether `name` is among the guard's tools (always true for a guard passed in: it does not say). */
  knows(name: string): boolean {
    return this.#registered === null || this.#registered.has(name);
  }

  /** Run one call through the guard. A call right after a rejected call of the same tool is a repair. */
  async execute(name: string, args: unknown, callId: string | undefined, pending: PendingCall): Promise<GuardResult> {
    const repair = this.#rejected.delete(name);
    const options = callId === undefined ? {} : { callId };
    const result = await this.#current.run(pending, () => (repair ? this.guard.executeRepaired(name, args, options) : this.guard.executeAsync(name, args, options)));
    const f = result.failure;
    if (f !== undefined && 'failures' in f && f.category !== 'unknown_tool') this.#rejected.add(name);
    // A guard passed in ran its own executor: its value is the tool's answer.
    if (this.#registered === null && result.value !== undefined) {
      pending.output = new ToolMessage({ content: text(result.value), tool_call_id: callId ?? result.callId, name });
    }
    return result;
  }

  /** Forget pending repairs (the agent's run ended). */
  endTurn(): void {
    this.#rejected.clear();
  }

  #trampoline(): Executor {
    const current = this.#current;
    return async () => {
      const call = current.getStore();
      if (call === undefined) throw new ClaimcheckError('invalid_options', 'This guard runs only the tool calls of the LangChain agent its middleware is in.');
      try {
        call.output = await call.run();
      } catch (error) {
        call.thrown = error;
        throw error;
      }
      return outputOf(call.output);
    };
  }
}

/** An executor's value as `ToolMessage` content, the way LangChain writes a tool's return value. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
