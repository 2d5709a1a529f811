/**
 * `guardTools()`: route an AI SDK tool set through a claimcheck guard. Each tool's input is validated
 * by claimcheck (so the SDK rejects bad arguments with claimcheck's categories and messages), and each
 * `execute` runs through the guard: recorded, judged by its receipt, and in the ledger `checkBypass` reads.
 * @see https://ai-sdk.dev/docs/ai-sdk-core/tools-and-tool-calling
 */
import type { Tool, ToolSet } from 'ai';
import { action, type ActionOptions, type Executor } from '../action/action.js';
import { guard as createGuard, type Guard, type GuardOptions } from '../action/guard.js';
import type { GuardResult } from '../action/guard-result.js';
import { ClaimcheckError } from '../errors.js';
import { isRecord } from '../readers/_shape.js';
import type { ToolSpec } from '../tools.js';
import { createValidator, type Validator } from '../validate/create-validator.js';
import { loadAi, type AiModule } from './_load-ai.js';
import { rejectionError } from './_rejection.js';
import { markGuarded, repairBook, type RepairBook } from './_registry.js';
import { hostError } from '../_host-input.js';

/**
 * Options of {@link guardTools}: either `guard`, or the options of the guard to create (every
 * `GuardOptions` member but `tools` and `executors`, which come from the tool set) with `actions`.
 */
export interface GuardToolsOptions extends Omit<GuardOptions, 'tools' | 'executors'> {
  /**
   * A guard you made with `guard({ tools, executors, ... })`. Its executors run the calls: the tool
   * set's own `execute` functions are not called, and every tool of the set gets an `execute` (a tool
   * the guard has no executor for fails its calls with `invalid_options`). Share one guard across
   * `generateText` calls to keep one session. Not with any other option (else `invalid_options`).
   * Default: a new guard whose executors are the tools' own `execute` functions.
   */
  guard?: Guard;
  /**
   * The side-effecting tools, by name, with how to read each one's proof: `{ issue_refund: { receipt:
   * idField('refund_id') } }` (see `action()`). The others are read-only. Each name must be a tool of
   * the set that has an `execute` (else `invalid_options`). Default: none.
   */
  actions?: Record<string, ActionOptions>;
}

/** What a call's input was before the tool's own schema transformed it (zod defaults, coercions). */
type RawInputs = WeakMap<object, unknown>;
/** What the SDK passes an `execute` besides the input (`ToolExecutionOptions`, generic over the call's context in ai 7). */
type ExecutionOptions = Parameters<NonNullable<Tool['execute']>>[1];
/** The SDK's input and options of the calls running now, by call id, for the executors. */
type Running = Map<string, { input: unknown; options: ExecutionOptions }>;

/**
 * Wrap an AI SDK `tools` object so that every call goes through a claimcheck guard. Returns a new tool
 * set with the same names; pass it to `generateText` / `streamText`, and to `repairToolCall()` and
 * `createRecorder()`, which find the guard through it.
 *
 * ```ts
 * const tools = await guardTools({ issue_refund, lookup_order }, { actions: { issue_refund: { receipt: idField('refund_id') } }, store });
 * ```
 * Each tool's `inputSchema` becomes claimcheck's validation of the tool's JSON Schema (as the SDK sends
 * it to the model), followed by the tool's own schema validation (so zod defaults and transforms still
 * apply); rejected input is an `InvalidToolInputError` whose cause is a `ClaimcheckError` with
 * `data.failures`. Each `execute` calls `guard.executeAsync(name, input, { callId: toolCallId })`: an
 * executor that throws makes the SDK's tool error (the same error), a result reporting a failure is
 * returned to the model as it is, and a `HALT` from `verify` is thrown as a `ClaimcheckError` (`halted`).
 * A streaming `execute` (an async iterable) is read to its last value. Provider-executed tools
 * (`type: 'provider'`) are passed through untouched.
 * @throws ClaimcheckError `missing_dependency` when `ai` is not installed; `invalid_options` for
 *   `guard` with other options, or `actions` naming no tool with an `execute`; `invalid_tool` for a tool
 *   set, or a tool in it, that is not an object; and what `guard()` throws for the other options.
 */
export async function guardTools<TOOLS extends ToolSet>(tools: TOOLS, options: GuardToolsOptions = {}): Promise<TOOLS> {
  try {
    if (!isRecord(tools)) throw new ClaimcheckError('invalid_tool', `guardTools(tools) needs the AI SDK tools object ({ name: tool({ ... }) }), got ${typeof tools}.`);
    const { guard: given, actions = {}, ...guardOptions } = options;
    if (given !== undefined && (Object.values(guardOptions).some((v) => v !== undefined) || options.actions !== undefined)) {
      throw new ClaimcheckError('invalid_options', 'guardTools() takes either guard or the options of a new guard (actions, store, sink...): a guard already has its executors and sink.');
    }
    const ai = await loadAi();
    const local: Array<[string, Tool]> = [];
    const specs: ToolSpec[] = [];
    for (const [name, t] of Object.entries(tools) as Array<[string, Tool]>) {
      if (!isRecord(t)) throw new ClaimcheckError('invalid_tool', `guardTools: tool ${JSON.stringify(name)} is ${t === null ? 'null' : typeof t}, not an AI SDK tool.`, { data: { tool: name } });
      if (t.type === 'provider') continue;
      local.push([name, t]);
      // ai 7 also takes a description computed from the call's context: claimcheck matches claims without it.
      specs.push({ name, description: typeof t.description === 'string' ? t.description : '', parameters: (await ai.asSchema(t.inputSchema).jsonSchema) as Record<string, unknown> });
    }
    const running: Running = new Map();
    const g = given ?? createGuard({ ...guardOptions, tools: specs, executors: executorsOf(local, actions, running) });
    const validator = createValidator({ tools: specs, strictProperties: options.strictProperties ?? false });
    const book = repairBook(g);
    const raw: RawInputs = new WeakMap();
    const out: Record<string, unknown> = { ...tools };
    specs.forEach((spec, i) => {
      const [name, t] = local[i] as [string, Tool];
      const wrapped: Tool = { ...t, inputSchema: inputSchemaOf(ai, spec, t, validator, raw) };
      if (given !== undefined || t.execute !== undefined) wrapped.execute = guardedExecute(g, name, book, raw, running);
      markGuarded(wrapped, g);
      out[name] = wrapped;
    });
    return out as TOOLS;
  } catch (error) {
    throw hostError('guardTools', error);
  }
}

/** The guard's executors: each tool's own `execute`, marked as an action where `actions` says so. */
function executorsOf(local: ReadonlyArray<[string, Tool]>, actions: Record<string, ActionOptions>, running: Running): Record<string, Executor | ReturnType<typeof action>> {
  const executors: Record<string, Executor | ReturnType<typeof action>> = {};
  for (const [name, t] of local) {
    const execute = t.execute;
    if (execute === undefined) continue;
    const executor: Executor = (args, context) => {
      const call = running.get(context.callId);
      // A call made on the guard, not by the SDK: no messages, and (ai 7) no tool context.
      const outside = { toolCallId: context.callId, messages: [], context: undefined } as ExecutionOptions;
      return settle(execute(call === undefined ? args : call.input, call?.options ?? outside));
    };
    const options = actions[name];
    executors[name] = options === undefined ? executor : action(executor, options);
  }
  const stray = Object.keys(actions).filter((name) => !local.some(([n, t]) => n === name && t.execute !== undefined));
  if (stray.length > 0) {
    throw new ClaimcheckError('invalid_options', `guardTools actions ${stray.map((s) => JSON.stringify(s)).join(', ')} name no tool with an execute function.`, { data: { actions: stray } });
  }
  return executors;
}

/** claimcheck's validation, then the tool's own schema's (whose output the tool receives). */
function inputSchemaOf(ai: AiModule, spec: ToolSpec, t: Tool, validator: Validator, raw: RawInputs): Tool['inputSchema'] {
  const own = ai.asSchema(t.inputSchema);
  return ai.jsonSchema(spec.parameters ?? { type: 'object' }, {
    validate: async (value) => {
      let checked: ReturnType<Validator['validate']> | undefined;
      try {
        checked = validator.validate(spec.name, value);
      } catch {
        // A schema Ajv cannot compile: the guard reports the incident when the call reaches it.
        checked = undefined;
      }
      if (checked !== undefined && !checked.ok) return { success: false, error: rejectionError(spec.name, checked.failures) };
      if (own.validate === undefined) return { success: true, value };
      const result = await own.validate(value);
      if (result.success && result.value !== value && typeof result.value === 'object' && result.value !== null) raw.set(result.value, value);
      return result;
    },
  });
}

function guardedExecute(g: Guard, name: string, book: RepairBook, raw: RawInputs, running: Running): NonNullable<Tool['execute']> {
  return async (input: unknown, options: ExecutionOptions) => {
    const callId = options.toolCallId;
    const args = typeof input === 'object' && input !== null && raw.has(input) ? raw.get(input) : input;
    running.set(callId, { input, options });
    try {
      const result = book.takeRepairing(callId) ? await g.executeRepaired(name, args, { callId }) : await g.executeAsync(name, args, { callId });
      return answer(result);
    } finally {
      running.delete(callId);
    }
  };
}

/** What the SDK gets from a guarded call: the value, the executor's own error, or the guard's. */
function answer(result: GuardResult): unknown {
  if (result.ok) return result.value;
  const failure = result.failure;
  if (failure.category === 'tool_failed') {
    // Threw: the same error. Reported a failure in its output: the output, as the model would read it.
    if (failure.cause !== undefined) throw failure.cause;
    return result.value;
  }
  return result.raiseOnFailure();
}

/** An execute's output: a streaming one (async iterable) read to its last value. */
async function settle(output: unknown): Promise<unknown> {
  const value = await output;
  if (typeof value !== 'object' || value === null || typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] !== 'function') return value;
  let last: unknown;
  for await (const part of value as AsyncIterable<unknown>) last = part;
  return last;
}
