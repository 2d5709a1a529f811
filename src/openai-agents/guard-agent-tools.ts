/**
 * `guardAgentTools()`: route an OpenAI Agents SDK agent's function tools through a claimcheck guard.
 * Each call's arguments are validated against the tool's JSON Schema (the SDK does not validate JSON
 * Schema tools), the tool runs, its proof is read, and the call is recorded; a rejected call answers
 * the model with what to fix, and the model's next call of that tool is recorded as its repair.
 * @see https://openai.github.io/openai-agents-js/guides/tools/
 */
import { randomUUID } from 'node:crypto';
import type { FunctionTool } from '@openai/agents';
import { action, type Action, type ActionOptions, type Executor } from '../action/action.js';
import { guard as createGuard, type Guard, type GuardOptions } from '../action/guard.js';
import type { GuardResult } from '../action/guard-result.js';
import { ClaimcheckError } from '../errors.js';
import { describeShape, isRecord } from '../readers/_shape.js';
import { failureText } from '../run/_answer.js';
import { noteResult, takeRepair } from './_repair-book.js';
import { isSdkFailureText } from './_sdk-texts.js';
import { agentToolSpecs } from './_tool-specs.js';
import { hostError } from '../_host-input.js';

/**
 * Options of {@link guardAgentTools}: either `guard`, or the options of the guard to create (every
 * `GuardOptions` member but `tools` and `executors`, which come from the tools) with `actions`.
 */
export interface GuardAgentToolsOptions extends Omit<GuardOptions, 'tools' | 'executors'> {
  /**
   * A guard you made with `guard({ tools, executors, ... })`. Its executors run the calls: the tools'
   * own `execute` functions are not called (a tool the guard has no executor for makes the call throw
   * `invalid_options`, which fails the run). Share one guard across runs to keep one session. Not with
   * any other option (else `invalid_options`). Default: a new guard whose executors are the tools
   * themselves, with their JSON Schemas as the SDK sends them to the model.
   */
  guard?: Guard;
  /**
   * The side-effecting tools, by name, with how to read each one's proof from its output:
   * `{ issue_refund: { receipt: idField('refund_id') } }` (see `action()`). The others are read-only.
   * Each name must be a function tool among `tools` (else `invalid_options`). Default: none.
   */
  actions?: Record<string, ActionOptions>;
}

/** What {@link guardAgentTools} returns. */
export interface GuardedAgentTools<T> {
  /** The tools to give the agent, in the same order: function tools routed through `guard`, the others (hosted, computer, shell tools) as they were. */
  tools: T[];
  /** The guard the calls go through: its `ledger`, `sink`, `checkBypass` and `close`. */
  guard: Guard;
}

type Invoke = FunctionTool['invoke'];
/** One call running now: what the SDK passed to `invoke`, for the tool's own `invoke` (the executor). */
interface RunningCall {
  runContext: Parameters<Invoke>[0];
  input: string;
  details: Parameters<Invoke>[2];
}
type Running = Map<string, RunningCall>;
/** The function tool members this file reads. */
type SomeFunctionTool = { type: 'function'; name: string; invoke: Invoke };

/**
 * Wrap an agent's tools so that every function tool call goes through a claimcheck guard. Give the
 * returned `tools` to `new Agent({ tools })`.
 *
 * ```ts
 * const { tools, guard } = guardAgentTools([issueRefund, lookupOrder], { actions: { issue_refund: { receipt: idField('refund_id') } } });
 * const agent = new Agent({ name: 'Support', tools, outputGuardrails: [claimcheckOutputGuardrail({ guard, mode: 'fail' })] });
 * ```
 * Each wrapped tool keeps every other member (approval, timeout, tool guardrails, `isEnabled`); only
 * `invoke` changes: it calls `guard.executeAsync(name, argumentsText, { callId })`, or
 * `guard.executeRepaired` for the first call of a tool after a call of it was rejected. What the model
 * reads back:
 * - the tool's output when the call is `ok`, or when the output itself reports a failure;
 * - for rejected arguments, an `Error: …` text listing each problem with its hint (the tool did not run);
 * - for a tool that threw, `Error: <its message>` (with a guard of your own), or the SDK's own text for
 *   the tool's error (with the tools as executors, whose `invoke` handles its errors as the SDK does);
 * - for a `HALT` from `verify`, `Error: <tool> ran but was halted for review: <reason>`.
 *
 * The SDK answers two kinds of call before any tool runs: arguments that are not JSON, and a tool name
 * the agent does not have. `claimcheckOutputGuardrail({ guard })` records both when the run ends, and
 * `claimcheckRunOptions({ guard })` records unknown tools as they happen.
 * An agent given as a tool (`agent.asTool()`) loses the SDK's bookkeeping of its nested run when
 * wrapped; leave it out of the list and add it to the agent's tools as it is.
 * @throws ClaimcheckError `invalid_tool` when `tools` is not an array; `invalid_options` for `guard`
 *   given with other options, or an `actions` name that is no function tool; as `guard()` does.
 */
export function guardAgentTools<T extends { readonly type: string }>(tools: readonly T[], options: GuardAgentToolsOptions = {}): GuardedAgentTools<T> {
  try {
    if (!Array.isArray(tools)) {
      throw new ClaimcheckError('invalid_tool', `guardAgentTools(tools) needs the agent's tools as an array (tool({ ... }) objects), got ${describeShape(tools)}.`);
    }
    const { guard: given, actions, ...guardOptions } = options ?? {};
    if (given !== undefined && (Object.keys(guardOptions).length > 0 || actions !== undefined)) {
      throw new ClaimcheckError('invalid_options', 'guardAgentTools() takes either guard or the options of a new guard (actions, store, sink...): a guard already has its executors and sink.');
    }
    const functions = tools.filter(isFunctionTool);
    const running: Running = new Map();
    const g = given ?? createGuard({ ...guardOptions, tools: agentToolSpecs(functions), executors: executorsOf(functions, actions ?? {}, running) });
    return { guard: g, tools: tools.map((t) => (isFunctionTool(t) ? (guarded(t, g, running) as unknown as T) : t)) };
  } catch (error) {
    throw hostError('guardAgentTools', error);
  }
}

function isFunctionTool(t: unknown): t is SomeFunctionTool {
  return isRecord(t) && t.type === 'function' && typeof t.name === 'string' && typeof t.invoke === 'function';
}

/** A tool's `invoke` failed the way the SDK reports it to the model (its own error text); the output is what the model reads. */
class SdkToolFailure extends Error {
  constructor(readonly output: string) {
    super(output);
    this.name = 'SdkToolFailure';
  }
}

/** The guard's executors: each tool's own `invoke`, marked as an action where `actions` says so. */
function executorsOf(functions: readonly SomeFunctionTool[], actions: Record<string, ActionOptions>, running: Running): Record<string, Executor | Action> {
  const executors: Record<string, Executor | Action> = {};
  for (const t of functions) {
    const executor: Executor = async (_args, context) => {
      const call = running.get(context.callId);
      if (call === undefined) throw new Error(`${t.name} runs through its Agents SDK tool, inside a run; this call did not come from one.`);
      const output: unknown = await t.invoke(call.runContext, call.input, call.details);
      if (typeof output === 'string' && isSdkFailureText(output)) throw new SdkToolFailure(output);
      return output;
    };
    const marked = actions[t.name];
    executors[t.name] = marked === undefined ? executor : action(executor, marked);
  }
  const stray = Object.keys(actions).filter((name) => !functions.some((t) => t.name === name));
  if (stray.length > 0) {
    throw new ClaimcheckError('invalid_options', `guardAgentTools actions ${stray.map((s) => JSON.stringify(s)).join(', ')} name no function tool among tools.`, { data: { actions: stray } });
  }
  return executors;
}

/** A copy of `t` (same prototype and members) whose `invoke` goes through the guard. */
function guarded(t: SomeFunctionTool, g: Guard, running: Running): SomeFunctionTool {
  const name = t.name;
  const invoke: Invoke = async (runContext, input, details) => {
    const callId = details?.toolCall?.callId ?? `agents_${randomUUID()}`;
    running.set(callId, { runContext, input, details });
    try {
      const result = takeRepair(g, name) ? await g.executeRepaired(name, input, { callId }) : await g.executeAsync(name, input, { callId });
      noteResult(g, result);
      return answerOf(result);
    } finally {
      running.delete(callId);
    }
  };
  const members = Object.getOwnPropertyDescriptors(t);
  return Object.create(Object.getPrototypeOf(t) as object, { ...members, invoke: { value: invoke, enumerable: true, writable: true, configurable: true } }) as SomeFunctionTool;
}

/** What the model reads back for a guarded call. */
function answerOf(result: GuardResult): unknown {
  if (result.ok) return result.value;
  const failure = result.failure;
  if (failure.category === 'tool_failed') {
    if (failure.cause instanceof SdkToolFailure) return failure.cause.output;
    // The output reports its own failure: it says more than a summary of it.
    if (failure.cause === undefined) return result.value;
  }
  return failureText(result);
}
