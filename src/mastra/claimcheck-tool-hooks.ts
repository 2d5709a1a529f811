/**
 * `claimcheckToolHooks()`: a Mastra agent's tool calls routed through a claimcheck guard by the
 * agent's own tool hooks (`new Agent({ hooks })`). `beforeToolCall` validates each call's arguments
 * against the tool's JSON Schema and answers a rejected call itself (`{ proceed: false, output }`);
 * the tool runs as Mastra runs it; `afterToolCall` hands its output to the guard, which reads its
 * proof and records the call.
 * @see https://mastra.ai/blog/introducing-tool-hooks
 */
import { randomUUID } from 'node:crypto';
import { action, type ActionOptions, type Executor } from '../action/action.js';
import { guard as createGuard, type Guard, type GuardLogger, type GuardOptions } from '../action/guard.js';
import type { GuardResult } from '../action/guard-result.js';
import { ClaimcheckError } from '../errors.js';
import { isRecord } from '../readers/_shape.js';
import { failureText } from '../run/_answer.js';
import { noteResult, takeRepair } from '../openai-agents/_repair-book.js';
import type { ToolAfterHookContext, ToolBeforeHookResult, ToolHookContext } from './_mastra-shapes.js';
import { noteHooked, registerTools } from './_hook-registry.js';
import { mastraToolSpecs } from './_tool-specs.js';
import { hostError } from '../_host-input.js';

/**
 * Options of {@link claimcheckToolHooks}: `tools` (with `actions`) and the options of the guard to
 * create (every `GuardOptions` member but `tools` and `executors`), or a `guard` of your own.
 */
export interface ClaimcheckToolHooksOptions extends Omit<GuardOptions, 'tools' | 'executors'> {
  /**
   * The agent's tools: the same record you give `new Agent({ tools })` (`createTool()` tools, AI SDK
   * tools). Each is named by its key, and its arguments are validated against the JSON Schema Mastra
   * sends the model. A call of a tool not in this record (memory or workspace tools, tools given at
   * run time) runs unguarded, with one warning per name. Required unless `guard` is given.
   * @throws ClaimcheckError `invalid_tool` when it is not an object, or an entry is not one.
   */
  tools?: Record<string, unknown>;
  /**
   * The side-effecting tools, by name, with how to read each one's proof from its output:
   * `{ issue_refund: { receipt: idField('refund_id'), verify? } }` (see `action()`). The others are
   * read-only. Default: none.
   * @throws ClaimcheckError `invalid_options` for a name not among `tools`.
   */
  actions?: Record<string, ActionOptions>;
  /**
   * A guard you made with `guard({ tools, executors, ... })`. Its executors run the calls instead of
   * the agent's tools: `beforeToolCall` answers every call with the executor's value (or what to fix)
   * and the tool's own `execute` never runs. Not with any other option (else `invalid_options`).
   * Default: a new guard whose executors are the agent's tools, run by Mastra.
   */
  guard?: Guard;
}

/** What {@link claimcheckToolHooks} returns: Mastra `ToolHooks`, with the guard they record into. */
export interface ClaimcheckToolHooks {
  /** Validates the call; answers it when its arguments are rejected (or, with a guard of your own, always). */
  beforeToolCall(context: ToolHookContext): Promise<ToolBeforeHookResult | undefined>;
  /** Gives the tool's output (or error) to the guard; throws a `ClaimcheckError` `halted` when `verify` halts the call. */
  afterToolCall(context: ToolAfterHookContext): Promise<void>;
  /** The guard: `ledger`, `sink`, `render()`, `close()`. Give it to `claimcheckProcessor({ guard })`. */
  readonly guard: Guard;
}

/** A call Mastra is running: the guard's executor waits for the tool's output, which `afterToolCall` brings. */
interface RunningCall {
  started: Promise<void>;
  start: () => void;
  finish: (output: unknown) => void;
  fail: (error: unknown) => void;
  output: Promise<unknown>;
  result?: Promise<GuardResult>;
}

/**
 * Create the hooks. Give them to the agent (`new Agent({ tools, hooks })`), or to one run
 * (`agent.generate(input, { hooks })`), and their `guard` to `claimcheckProcessor()`.
 *
 * ```ts
 * const hooks = claimcheckToolHooks({ tools, actions: { issue_refund: { receipt: idField('refund_id') } } });
 * const agent = new Agent({ id: 'support', name: 'Support', instructions, model, tools, hooks, outputProcessors: [claimcheckProcessor({ guard: hooks.guard })] });
 * ```
 * What the model reads back:
 * - the tool's output, as Mastra gives it, when the call ran;
 * - for arguments claimcheck rejects, `Error: the arguments of <tool> were rejected and the tool did
 *   not run. <each problem and its hint>` (the tool did not run); the model's next call of that tool
 *   is recorded as its repair (`repaired: true`);
 * - for a `HALT` from `verify`, Mastra's report of the tool error `Error: <tool> ran but was halted for review: <reason>`.
 *
 * Mastra answers a call to a tool the agent does not have before any hook runs; `claimcheckProcessor({ guard })`
 * records those. The hooks run in the agent's process: one set of hooks is one guard session, shared
 * by every run of the agent (each run is judged on its own calls). Call `hooks.guard.close()` when done.
 * @throws ClaimcheckError `invalid_options` when neither `tools` nor `guard` is given, for `guard` with
 *   other options, or an `actions` name not among `tools`; `invalid_tool` for a bad `tools`; as `guard()` does.
 */
export function claimcheckToolHooks(options: ClaimcheckToolHooksOptions): ClaimcheckToolHooks {
  try {
    const { guard: given, tools, actions, ...guardOptions } = options ?? {};
    if (given !== undefined && (tools !== undefined || actions !== undefined || Object.values(guardOptions).some((v) => v !== undefined))) {
      throw new ClaimcheckError('invalid_options', 'claimcheckToolHooks() takes either guard or tools with the options of a new guard (actions, store, sink...): a guard already has its tools and sink.');
    }
    if (given !== undefined) return ownGuardHooks(given);
    if (tools === undefined) throw new ClaimcheckError('invalid_options', "claimcheckToolHooks(options) needs { tools }: the same tools record you give new Agent({ tools }) (or a guard of your own).");
    const specs = mastraToolSpecs(tools);
    const running = new Map<string, RunningCall>();
    const executors: Record<string, Executor | ReturnType<typeof action>> = {};
    for (const { name } of specs) {
      const marked = actions !== undefined && Object.hasOwn(actions, name) ? actions[name] : undefined;
      executors[name] = marked === undefined ? trampoline(running) : action(trampoline(running), marked);
    }
    const stray = Object.keys(actions ?? {}).filter((name) => !Object.hasOwn(executors, name));
    if (stray.length > 0) {
      throw new ClaimcheckError('invalid_options', `claimcheckToolHooks actions ${stray.map((s) => JSON.stringify(s)).join(', ')} name no tool in tools.`, { data: { actions: stray } });
    }
    const g = createGuard({ ...guardOptions, tools: specs, executors });
    registerTools(g, specs);
    const logger: GuardLogger = guardOptions.logger ?? console;
    const warned = new Set<string>();

    return {
      guard: g,
      beforeToolCall: async ({ toolName, input, context }) => {
        const callId = callIdOf(context);
        noteHooked(g, callId);
        if (!Object.hasOwn(executors, toolName)) {
          if (!warned.has(toolName)) {
            warned.add(toolName);
            logger.warn(`claimcheck: the agent's tool ${JSON.stringify(toolName)} is not in claimcheckToolHooks({ tools }); its calls run unguarded and count as called outside the guard. Add it to tools.`);
          }
          return undefined;
        }
        const call = runningCall();
        running.set(callId, call);
        const result = takeRepair(g, toolName) ? g.executeRepaired(toolName, input, { callId }) : g.executeAsync(toolName, input, { callId });
        const first = await Promise.race([call.started.then(() => 'run' as const), result.then(() => 'settled' as const)]);
        if (first === 'run') {
          call.result = result;
          return undefined;
        }
        running.delete(callId);
        const settled = await result;
        noteResult(g, settled);
        return { proceed: false, output: failureText(settled) };
      },
      afterToolCall: async ({ context, output, error }) => {
        const callId = callIdOf(context);
        const call = running.get(callId);
        if (call?.result === undefined) return;
        running.delete(callId);
        if (error !== undefined) call.fail(error);
        else call.finish(output);
        const settled = await call.result;
        noteResult(g, settled);
        if (settled.failure?.category === 'halted') {
          throw new ClaimcheckError('halted', failureText(settled), { data: { tool: settled.tool, callId, failure: settled.failure } });
        }
      },
    };
  } catch (error) {
    throw hostError('claimcheckToolHooks', error);
  }
}

/** Hooks over a guard of your own: its executors run every call, and `beforeToolCall` answers it. */
function ownGuardHooks(g: Guard): ClaimcheckToolHooks {
  return {
    guard: g,
    beforeToolCall: async ({ toolName, input, context }) => {
      const callId = callIdOf(context);
      noteHooked(g, callId);
      const result = takeRepair(g, toolName) ? await g.executeRepaired(toolName, input, { callId }) : await g.executeAsync(toolName, input, { callId });
      noteResult(g, result);
      return { proceed: false, output: result.ok ? result.value : failureText(result) };
    },
    afterToolCall: async () => undefined,
  };
}

/** The executor of a tool Mastra runs: it says the call may go on, then waits for the tool's output. */
function trampoline(running: Map<string, RunningCall>): Executor {
  return (_args, { callId }) => {
    const call = running.get(callId);
    if (call === undefined) throw new ClaimcheckError('invalid_options', 'This guard runs only the tool calls of the Mastra agent its hooks are in.');
    call.start();
    return call.output;
  };
}

function runningCall(): RunningCall {
  let start!: () => void;
  let finish!: (output: unknown) => void;
  let fail!: (error: unknown) => void;
  const started = new Promise<void>((resolve) => (start = resolve));
  const output = new Promise<unknown>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { started, start, finish, fail, output };
}

/** Ids made for calls that came without one, by the context object both hooks of the call receive. */
const madeIds = new WeakMap<object, string>();

/** The model's id of the call, from what Mastra passes the tool; one made for it when there is none (a call outside a run). */
function callIdOf(context: unknown): string {
  const id = isRecord(context) ? (context.toolCallId ?? (isRecord(context.agent) ? context.agent.toolCallId : undefined)) : undefined;
  if (typeof id === 'string' && id !== '') return id;
  if (!isRecord(context)) return `mastra_${randomUUID()}`;
  let made = madeIds.get(context);
  if (made === undefined) {
    made = `mastra_${randomUUID()}`;
    madeIds.set(context, made);
  }
  return made;
}
