/**
 * `claimcheckMiddleware()`: claimcheck as LangChain v1 agent middleware. Every tool call of a
 * `createAgent` agent runs through a guard (validated against the tool's schema, run, its proof read,
 * recorded), and the agent's final reply is checked against the calls that ran.
 * @see https://docs.langchain.com/oss/javascript/langchain/middleware
 */
import { AIMessage } from '@langchain/core/messages';
import { createMiddleware } from 'langchain';
import { z } from 'zod/v4';
import type { ActionOptions } from '../action/action.js';
import type { Guard, GuardOptions } from '../action/guard.js';
import { ClaimcheckError } from '../errors.js';
import type { Receipt, ReceiptJSON } from '../receipt.js';
import { failureAnswer } from './_failure-message.js';
import { finalTurn } from './_final-turn.js';
import { ToolRunner, type PendingCall } from './_tool-runner.js';
import { hostError } from '../_host-input.js';

/** What to do when the final reply is `fabricated`. */
export type OnFabricated = 'annotate' | 'throw' | ((receipt: Receipt) => void | Promise<void>);

/**
 * Options of {@link claimcheckMiddleware}: `tools` (with `actions`) and the options of the guard to create
 * (every `GuardOptions` member but `tools` and `executors`), or a `guard` of your own.
 */
export interface ClaimcheckMiddlewareOptions extends Omit<GuardOptions, 'tools' | 'executors'> {
  /**
   * A guard you made with `guard({ tools, executors, ... })`. Its executors run the calls: the agent's
   * tool functions are not called (each answer is the executor's value as `ToolMessage` content). Share
   * one guard across agents to keep one session. Not with any other option but `onFabricated` (else
   * `invalid_options`). Default: a new guard whose executors are the agent's own tools.
   */
  guard?: Guard;
  /**
   * Every tool the agent has: the same LangChain tools you give `createAgent` (their zod or JSON
   * schemas are read with LangChain's `toJsonSchema`, as LangChain sends them to the model), or tools in
   * any shape `normalizeTools` reads. A call to a tool not listed is rejected as `unknown_tool` and
   * never runs (a warning names an agent tool missing here). Required unless `guard` is given.
   * @throws ClaimcheckError `invalid_tool` for an entry in no known shape.
   */
  tools?: readonly unknown[];
  /**
   * The side-effecting tools, by name, with how to read each one's proof from its output:
   * `{ issue_refund: { receipt: idField('refund_id'), verify? } }` (see `action()`). The output is the
   * tool's `ToolMessage` content, parsed when it is JSON. Other tools are read-only. Default none.
   * @throws ClaimcheckError `invalid_options` for a name not among `tools` or a bad receipt reader.
   */
  actions?: Record<string, ActionOptions>;
  /**
   * When the final reply is `fabricated`: `'annotate'` (default) sets `response_metadata.claimcheck` on
   * the final AI message to the receipt's JSON; `'throw'` makes the run reject with a `ClaimcheckError`
   * `fabricated_reply` (`data.receipt`; LangChain may wrap it in a `MiddlewareError` whose `cause` it
   * is); a function is called with the receipt. The receipt is in the state's `claimcheck` in every case
   * but `'throw'`.
   */
  onFabricated?: OnFabricated;
}

const stateSchema = z.object({
  /** The receipt JSON of the run's final reply, set when the run ends. */
  claimcheck: z.custom<ReceiptJSON>().optional(),
});

/**
 * What {@link claimcheckMiddleware} returns: LangChain agent middleware that adds `claimcheck` (the final
 * reply's `ReceiptJSON`) to the agent's state, with the guard it runs the calls through.
 */
export type ClaimcheckMiddleware = ReturnType<typeof createMiddleware<typeof stateSchema>> & {
  /** The guard: `ledger`, `sink`, `render()`, `close()`. */
  readonly guard: Guard;
};

/**
 * Create the middleware. Put it in `createAgent({ middleware: [...] })`; its `guard` holds the ledger
 * and sink. A call that fails (arguments rejected, unknown tool, the tool threw or reported an error,
 * `verify` halted it) comes back to the model as a `ToolMessage` with `status: 'error'` and the run
 * goes on; a call right after a rejected call of the same tool is recorded as a repair. When the run
 * ends, the final reply is judged (`guard.checkBypass`) against the calls since the last human message
 * and the receipt's JSON is set as the state's `claimcheck`. A LangGraph interrupt raised inside a tool
 * is re-thrown (its call is recorded as failed; it runs again on resume).
 *
 * ```ts
 * const claimcheck = claimcheckMiddleware({ tools, actions: { issue_refund: { receipt: idField('refund_id') } } });
 * const agent = createAgent({ model, tools, middleware: [claimcheck] });
 * const { claimcheck: receipt } = await agent.invoke({ messages: [{ role: 'user', content: 'Refund A-1' }] });
 * ```
 * One middleware is one guard session: concurrent runs of one agent share its open turn (each run is
 * judged on the tools its own messages called). Call `claimcheck.guard.close()` when done.
 * @throws ClaimcheckError as `guard()` does; `invalid_options` when `tools` is not an array (and no
 *   `guard` is given), for `guard` with other options, an `actions` name not among `tools`, or an
 *   unknown `onFabricated`.
 */
export function claimcheckMiddleware(options: ClaimcheckMiddlewareOptions): ClaimcheckMiddleware {
  try {
    const { onFabricated = 'annotate', ...runnerOptions } = options ?? {};
    const { guard: given, ...others } = runnerOptions;
    if (given === undefined && !Array.isArray(runnerOptions.tools)) {
      throw new ClaimcheckError('invalid_options', 'claimcheckMiddleware(options) needs { tools }: the same tools you give createAgent (or a guard of your own).');
    }
    if (given !== undefined && Object.values(others).some((v) => v !== undefined)) {
      throw new ClaimcheckError('invalid_options', 'claimcheckMiddleware() takes either guard or tools with the options of a new guard (actions, store, sink...): a guard already has its tools and sink.');
    }
    if (onFabricated !== 'annotate' && onFabricated !== 'throw' && typeof onFabricated !== 'function') {
      throw new ClaimcheckError('invalid_options', `claimcheckMiddleware option onFabricated must be 'annotate', 'throw' or a function, got ${JSON.stringify(onFabricated)}.`);
    }
    const runner = new ToolRunner(runnerOptions);
    const logger = runnerOptions.logger ?? console;
    const warned = new Set<string>();

    const middleware = createMiddleware({
      name: 'ClaimcheckMiddleware',
      stateSchema,
      wrapToolCall: async (request, handler) => {
        const { toolCall } = request;
        if (request.tool !== undefined && !runner.knows(toolCall.name) && !warned.has(toolCall.name)) {
          warned.add(toolCall.name);
          logger.warn(`claimcheck: the agent's tool ${JSON.stringify(toolCall.name)} is not in claimcheckMiddleware({ tools }); its calls are rejected as unknown_tool. Add it to tools.`);
        }
        const pending: PendingCall = { run: () => Promise.resolve(handler(request)) };
        const result = await runner.execute(toolCall.name, toolCall.args, toolCall.id, pending);
        if (isBubbleUp(pending.thrown) || (pending.thrown !== undefined && request.runtime.signal?.aborted === true)) throw pending.thrown;
        const answer = result.ok ? pending.output : failureAnswer({ id: toolCall.id, name: toolCall.name }, result, pending.output);
        return answer as Awaited<ReturnType<typeof handler>>;
      },
      afterAgent: async (state) => {
        runner.endTurn();
        const turn = finalTurn(state.messages);
        const receipt = runner.guard.checkBypass(turn.text, { calledTools: turn.calledTools, ...(turn.request === undefined ? {} : { request: turn.request }) });
        const json = receipt.toJSON();
        if (receipt.verdict !== 'fabricated') return { claimcheck: json };
        if (onFabricated === 'throw') {
          throw new ClaimcheckError('fabricated_reply', `The agent's final reply claims actions that did not happen: ${receipt.summary}`, { data: { receipt: json } });
        }
        if (typeof onFabricated === 'function') {
          await onFabricated(receipt);
          return { claimcheck: json };
        }
        const reply = state.messages[turn.index];
        if (!AIMessage.isInstance(reply) || reply.id === undefined) return { claimcheck: json };
        return { claimcheck: json, messages: [annotate(reply, reply.id, json)] };
      },
    });
    return Object.assign(middleware, { guard: runner.guard });
  } catch (error) {
    throw hostError('claimcheckMiddleware', error);
  }
}

/** A copy of the final reply, under its id (so it replaces the original in the state), carrying the receipt. */
function annotate(reply: AIMessage, id: string, receipt: ReceiptJSON): AIMessage {
  return new AIMessage({
    id,
    content: reply.content,
    tool_calls: reply.tool_calls ?? [],
    invalid_tool_calls: reply.invalid_tool_calls ?? [],
    additional_kwargs: reply.additional_kwargs,
    response_metadata: { ...reply.response_metadata, claimcheck: receipt },
    ...(reply.name === undefined ? {} : { name: reply.name }),
    ...(reply.usage_metadata === undefined ? {} : { usage_metadata: reply.usage_metadata }),
  });
}

/** A LangGraph interrupt or other control-flow signal, which must reach the graph. */
function isBubbleUp(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { is_bubble_up?: unknown }).is_bubble_up === true;
}
