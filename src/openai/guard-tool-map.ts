/**
 * `guardToolMap()`: for a Chat Completions loop you keep yourself. Each `tool_calls` entry the model
 * returns goes through a claimcheck guard (validated against its tool's schema, run, judged by its
 * receipt, recorded) and comes back as the `role: 'tool'` message to append.
 * @see https://platform.openai.com/docs/guides/function-calling
 */
import { action, type Action, type ActionOptions, type Executor } from '../action/action.js';
import { guard as createGuard, type Guard, type GuardOptions } from '../action/guard.js';
import { ClaimcheckError } from '../errors.js';
import { describeShape, isRecord } from '../readers/_shape.js';
import { answerOf } from '../run/_answer.js';
import { hostError } from '../_host-input.js';

/** Options of {@link guardToolMap}: the options of the guard to create (every `GuardOptions` member but `executors`) with `actions`. */
export interface GuardToolMapOptions extends Omit<GuardOptions, 'executors'> {
  /**
   * The tools you send the model (`[{ type: 'function', function: { name, parameters } }]`, or any shape
   * `normalizeTools` reads): their schemas validate each call's arguments. Every executor's name must be
   * among them (else `invalid_options`).
   */
  tools: unknown;
  /**
   * The side-effecting tools, by name, with how to read each one's proof from its output:
   * `{ issue_refund: { receipt: idField('refund_id') } }` (see `action()`). The others are read-only
   * (unless their executor is already an `action()`). Each name must be an executor that is a plain
   * function (else `invalid_options`). Default: none.
   */
  actions?: Record<string, ActionOptions>;
}

/**
 * A Chat Completions tool call (`ChatCompletionMessageToolCall` in `openai`), as far as claimcheck reads
 * it. `arguments` is the JSON text the model emitted; the guard parses and validates it.
 */
export interface OpenAIFunctionToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** A custom (free-text) tool call, which {@link GuardedToolMap.call} does not guard. */
export interface OpenAICustomToolCall {
  id: string;
  type: 'custom';
  custom: { name: string; input: string };
}

/** The message that answers one tool call (`ChatCompletionToolMessageParam` in `openai`). */
export interface OpenAIToolMessage {
  role: 'tool';
  tool_call_id: string;
  /** The executor's output (strings as they are, anything else as JSON), or an `Error: …` line saying what went wrong. */
  content: string;
}

/** What {@link guardToolMap} returns. */
export interface GuardedToolMap {
  /** The guard the calls go through: `checkBypass(reply)` on each text-only reply, `render()`, `close()`. */
  readonly guard: Guard;
  /**
   * Guard one tool call and return the `role: 'tool'` message to append. Never throws for bad arguments
   * or a failing executor: the message's content then starts with `Error: ` and tells the model what to fix.
   * @throws ClaimcheckError `invalid_options` for a custom tool call (only function calls are guarded),
   *   or a name registered in `tools` that has no executor; `guard_closed` after `guard.close()`.
   */
  call(toolCall: OpenAIFunctionToolCall | OpenAICustomToolCall): Promise<OpenAIToolMessage>;
}

/**
 * Route a map of tool executors through a claimcheck guard, for your own Chat Completions loop.
 *
 * ```ts
 * const tools = guardToolMap({ issue_refund: refund, lookup_order: lookup }, { tools: toolDefs, actions: { issue_refund: { receipt: idField('refund_id') } } });
 * for (const call of message.tool_calls ?? []) messages.push(await tools.call(call));
 * // on a reply with no tool calls: tools.guard.checkBypass(message.content ?? '')
 * ```
 * Executors get the parsed arguments object and may be async.
 * @throws ClaimcheckError `invalid_options` when `executors` is not an object or `actions` names no plain
 *   function executor; and what `guard()` throws for the other options.
 */
export function guardToolMap(executors: Record<string, Executor | Action>, options: GuardToolMapOptions): GuardedToolMap {
  try {
    if (!isRecord(executors)) throw new ClaimcheckError('invalid_options', `guardToolMap(executors) needs an object of functions by tool name, got ${describeShape(executors)}.`);
    const { actions = {}, ...guardOptions } = options ?? {};
    const wrapped: Record<string, Executor | Action> = { ...executors };
    for (const [name, actionOptions] of Object.entries(actions)) {
      const executor = executors[name];
      if (typeof executor !== 'function') {
        throw new ClaimcheckError('invalid_options', `guardToolMap actions ${JSON.stringify(name)} names no executor that is a plain function.`, { data: { actions: [name] } });
      }
      wrapped[name] = action(executor, actionOptions);
    }
    const g = createGuard({ ...guardOptions, executors: wrapped });
    return {
      guard: g,
      async call(toolCall) {
        if (toolCall.type !== 'function') {
          throw new ClaimcheckError('invalid_options', `guardToolMap guards function tool calls; ${JSON.stringify(toolCall.type)} call ${JSON.stringify(toolCall.id)} was not run.`);
        }
        const result = await g.executeAsync(toolCall.function.name, toolCall.function.arguments, { callId: toolCall.id });
        return { role: 'tool', tool_call_id: toolCall.id, content: answerOf(toolCall.id, result).content };
      },
    };
  } catch (error) {
    throw hostError('guardToolMap', error);
  }
}
