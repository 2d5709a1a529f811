/**
 * `guardRunnableTools()`: route the Anthropic SDK's runnable tools (`betaZodTool()`, `betaTool()`, or any
 * `{ name, input_schema, run }`) through a claimcheck guard, for `client.beta.messages.toolRunner()` or
 * a loop you keep yourself. Each call is validated against the tool's `input_schema`, run, judged by its
 * receipt and recorded; a rejected or failed call throws, which the tool runner sends back to the model
 * as an `is_error` tool result.
 * @see https://github.com/anthropics/anthropic-sdk-typescript/blob/main/helpers.md#tool-helpers
 */
import { action, type Action, type ActionOptions, type Executor } from '../action/action.js';
import { guard as createGuard, type Guard, type GuardOptions } from '../action/guard.js';
import type { GuardResult } from '../action/guard-result.js';
import { ClaimcheckError } from '../errors.js';
import { describeShape, isRecord } from '../readers/_shape.js';
import { failureText } from '../run/_answer.js';
import type { ToolSpec } from '../tools.js';
import { hostError } from '../_host-input.js';

/**
 * Options of {@link guardRunnableTools}: the options of the guard to create (every `GuardOptions` member
 * but `tools` and `executors`, which come from the tools) with `actions`.
 */
export interface GuardRunnableToolsOptions extends Omit<GuardOptions, 'tools' | 'executors'> {
  /**
   * The side-effecting tools, by name, with how to read each one's proof from its output:
   * `{ issue_refund: { receipt: idField('refund_id') } }` (see `action()`). The others are read-only.
   * Each name must be one of the tools (else `invalid_options`). Default: none.
   */
  actions?: Record<string, ActionOptions>;
}

/** The second argument the tool runner passes `run` (`BetaToolRunContext`), as far as claimcheck reads it. */
export interface RunnableToolContext {
  toolUse?: { id: string };
}

/**
 * A runnable tool (`BetaRunnableTool` in `@anthropic-ai/sdk`), as far as claimcheck reads it: a `name`
 * and a `run`; its `input_schema` (JSON Schema) validates each call's input when present (an
 * Anthropic-defined tool such as `bash` has none: any input object passes), its `description` is read
 * for claims, and its `parse` is applied after claimcheck's validation.
 */
export interface RunnableToolLike {
  name: string;
  // Method syntax: a tool whose `run` takes a narrower input (a zod type) is still a RunnableToolLike.
  run(input: never, context?: never): unknown;
}

/** What {@link guardRunnableTools} returns. */
export interface GuardedRunnableTools<T extends RunnableToolLike> {
  /** The tools, in order, each with a guarded `run` (and a `parse` that keeps the raw input for the guard). */
  tools: T[];
  /** The guard the calls go through: `checkBypass(reply)` on the final text, `render()`, `close()`. */
  guard: Guard;
}

type AnyRun = (input: unknown, context?: RunnableToolContext) => unknown;
/** The runner's context of the calls running now, by call id, for the executors. */
type Running = Map<string, RunnableToolContext>;

/**
 * Wrap runnable tools so that every call goes through a claimcheck guard.
 *
 * ```ts
 * const { tools, guard } = guardRunnableTools([refundTool, lookupTool], { actions: { issue_refund: { receipt: idField('refund_id') } } });
 * const final = await client.beta.messages.toolRunner({ model, max_tokens: 1024, messages, tools });
 * guard.checkBypass(final.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n'));
 * ```
 * Each wrapped `run(input, context)` calls `guard.executeAsync(name, input, { callId: context.toolUse.id })`
 * with the raw input; the executor applies the tool's own `parse` (zod defaults and transforms) and
 * calls its `run`. `ok` returns the output. An executor that threw has the same error rethrown (so a
 * `ToolError`'s content reaches the model); any other failure throws an `Error` whose message is the
 * failure text (the runner answers `Error: <message>`, `is_error: true`).
 * @throws ClaimcheckError `invalid_tool` when `tools` is not an array or a tool has no `name` or `run`
 *   function, or an `input_schema` that is not an object; `invalid_options` when `actions` names no tool; and what
 *   `guard()` throws for the other options.
 */
export function guardRunnableTools<T extends RunnableToolLike>(tools: readonly T[], options: GuardRunnableToolsOptions = {}): GuardedRunnableTools<T> {
  try {
    if (!Array.isArray(tools)) throw new ClaimcheckError('invalid_tool', `guardRunnableTools(tools) needs an array of runnable tools, got ${describeShape(tools)}.`);
    const { actions = {}, ...guardOptions } = options;
    const specs: ToolSpec[] = [];
    const executors: Record<string, Executor | Action> = {};
    const running: Running = new Map();
    for (const t of tools as readonly unknown[]) {
      if (!isRecord(t) || typeof t.name !== 'string' || typeof t.run !== 'function' || (t.input_schema !== undefined && !isRecord(t.input_schema))) {
        throw new ClaimcheckError('invalid_tool', `guardRunnableTools: expected { name, input_schema, run } (betaZodTool/betaTool), got ${describeShape(t)}.`);
      }
      const description = typeof t.description === 'string' ? t.description : '';
      specs.push(isRecord(t.input_schema) ? { name: t.name, description, parameters: t.input_schema } : { name: t.name, description });
      const executor = executorOf((t.run as AnyRun).bind(t), typeof t.parse === 'function' ? (t.parse as (content: unknown) => unknown).bind(t) : undefined, running);
      const actionOptions = actions[t.name];
      executors[t.name] = actionOptions === undefined ? executor : action(executor, actionOptions);
    }
    const stray = Object.keys(actions).filter((name) => !specs.some((s) => s.name === name));
    if (stray.length > 0) {
      throw new ClaimcheckError('invalid_options', `guardRunnableTools actions ${stray.map((s) => JSON.stringify(s)).join(', ')} name no tool.`, { data: { actions: stray } });
    }
    const g = createGuard({ ...guardOptions, tools: specs, executors });
    const wrapped = tools.map((t) => ({ ...t, parse: (content: unknown) => content, run: guardedRun(g, t.name, running) }));
    return { tools: wrapped, guard: g };
  } catch (error) {
    throw hostError('guardRunnableTools', error);
  }
}

/** The guard's executor for one tool: its own `parse`, then its own `run`, with the runner's context. */
function executorOf(run: AnyRun, parse: ((content: unknown) => unknown) | undefined, running: Running): Executor {
  return (args, context) => run(parse === undefined ? args : parse(args), running.get(context.callId));
}

function guardedRun(g: Guard, name: string, running: Running): AnyRun {
  return async (input, context) => {
    const callId = context?.toolUse?.id;
    if (callId !== undefined && context !== undefined) running.set(callId, context);
    try {
      return answer(await g.executeAsync(name, input, callId === undefined ? {} : { callId }));
    } finally {
      if (callId !== undefined) running.delete(callId);
    }
  };
}

/** What the runner gets from a guarded call: the output, the executor's own error, or an `Error` with the failure text. */
function answer(result: GuardResult): unknown {
  if (result.ok) return result.value;
  if (result.failure.category === 'tool_failed' && result.failure.cause instanceof Error) throw result.failure.cause;
  // The runner writes `Error: <message>`: drop ours so it reads once.
  throw new Error(failureText(result).replace(/^Error: /, ''));
}
