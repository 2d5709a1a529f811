/**
 * `run()`: one model turn, guarded. Calls the model through the client you made (OpenAI, Azure OpenAI or
 * Anthropic), validates and runs each tool call through a guard, repairs rejected arguments with one
 * extra request, and checks a text-only reply for claims no call backs. Your loop stays yours.
 */
import type { Action, Executor } from '../action/action.js';
import type { Guard, GuardObserver, GuardRunOptions } from '../action/guard.js';
import type { Operation } from '../action/operation.js';
import type { OperationSink } from '../action/operation-sink.js';
import { ClaimcheckError } from '../errors.js';
import type { Receipt } from '../receipt.js';
import { createAdapter } from './_create-adapter.js';
import { executeCalls } from './_execute-calls.js';
import { requestContext } from './_request-context.js';
import type { RunClient } from './clients.js';
import type { RepairAttempt, RunResult } from './run-result.js';
import { remember, sessionGuard } from './_session.js';
import { readHostInput } from '../_host-input.js';

/** Options of {@link run}. */
export interface RunOptions {
  /** The model id (for Azure OpenAI, the deployment name), sent as `model`. */
  model: string;
  /**
   * The conversation so far, in the client's own shape: Chat Completions messages, or Messages API
   * `messages` (an Anthropic system prompt goes in `params.system`). Pass `result.messages` back to go on.
   * Not modified.
   */
  messages: readonly unknown[];
  /**
   * The tools the model may call, in any shape `normalizeTools` reads. Entries already in the provider's
   * format are sent as they are (keeping `strict`, `cache_control`...); others are converted. Anthropic
   * server tools (`{type: 'web_search_20250305', name}`) are sent and left to the API.
   * @throws ClaimcheckError `invalid_tool` for an entry in no known shape.
   */
  tools: readonly unknown[];
  /**
   * One executor per client tool, as for `guard()`: a function for a read-only tool, `action(fn, { receipt })`
   * for a side-effecting one. Required unless `guard` is given; every tool needs one (else `invalid_options`).
   * Used when the session's guard is made (the first call of a conversation); later calls keep that guard's.
   */
  executors?: Record<string, Executor | Action>;
  /**
   * Where the session's records go: a `Store` from `claimcheck/store`, or any `OperationSink`. Default: in
   * memory. Passed to `guard({ store })` when the session's guard is made, like `executors`.
   */
  store?: OperationSink;
  /**
   * Name the session's run in the store: `{ agent: 'support-bot', id?, meta? }` (see `GuardOptions.run`).
   * Used when the session's guard is made, like `store`. Default: the store's current run, agent `null`.
   */
  run?: GuardRunOptions;
  /**
   * Observers of the session's calls and replies (`createOtelObserver()` from `claimcheck/otel` traces
   * each call as a span); see `GuardOptions.observers`. Used when the session's guard is made, like `store`.
   * Default none.
   */
  observers?: readonly GuardObserver[];
  /**
   * The session's guard, made with `guard({ tools, executors, ... })` for options `run()` does not take
   * (`captureArgs`, `logger`, `ignoreTools`...). Not with `executors` or `store`. Default: the guard of the
   * latest message of `messages` that `run()` appended (the same objects: spreading the array keeps them,
   * serializing it does not), else a new one. A new guard judges a reply against the calls it did not see
   * by name only (from the messages since the user's last message): claims about them are not
   * `not_called`, but an action's claim is `not_proven` (no proof in this guard).
   */
  guard?: Guard;
  /** Send calls with rejected arguments back to the model once, with {@link buildRepairPrompt}, and run the corrected calls. Default `true`. */
  repair?: boolean;
  /** Check a text-only reply with `guard.checkBypass` (deterministic, no model call). Default `true`. */
  bypass?: boolean;
  /**
   * Most tokens the model may generate per request: Anthropic `max_tokens` (required there; default
   * `1024`), OpenAI `max_completion_tokens` (default: not sent). A positive integer (else `invalid_options`).
   */
  maxTokens?: number;
  /**
   * Other request body fields, sent as they are (`temperature`, `system`, `tool_choice`, `thinking`...).
   * `model`, `messages` and `tools` come from the options above. `stream: true` is refused (`invalid_options`).
   */
  params?: Record<string, unknown>;
  /** Per-request options, passed as `create()`'s second argument (`signal`, `timeout`, `headers`). Default: none, so the client's own settings apply. */
  requestOptions?: Record<string, unknown>;
}

/**
 * Run one model turn. Never makes a client: it calls `client.chat.completions.create` (OpenAI, Azure
 * OpenAI) or `client.messages.create` (Anthropic) on the client you pass, so its base URL, timeout,
 * retries and headers apply.
 *
 * ```ts
 * let result = await run(client, { model, messages, tools, executors, store });
 * while (!result.finished) result = await run(client, { model, messages: result.messages, tools, executors });
 * if (result.bypass.length > 0) console.warn(result.render()); // e.g. claimed send_email but tool_failed
 * ```
 * Tool calls run one at a time in the model's order; an executor that throws is a failed call whose
 * error the model reads, never a throw here.
 * @throws ClaimcheckError `invalid_options` (a client of no known shape, bad options, a tool without an
 *   executor), `invalid_tool`, `unreadable_messages` (a response in no known shape), `guard_closed`;
 *   and whatever the client's `create()` throws for the first request (nothing has run then).
 */
export async function run(client: RunClient, options: RunOptions): Promise<RunResult> {
  // The arguments are read first (bad ones are invalid_input); what the client and executors throw is theirs.
  const { adapter, guard, fresh } = readHostInput('run', () => {
    checkOptions(options);
    const adapter = createAdapter(client, {
      model: options.model,
      tools: options.tools,
      maxTokens: options.maxTokens,
      params: options.params ?? {},
      requestOptions: options.requestOptions,
    });
    return { adapter, ...sessionGuard({ messages: options.messages, guard: options.guard, executors: options.executors, store: options.store, toolSpecs: adapter.toolSpecs, run: options.run, observers: options.observers }) };
  });
  const before = guard.turn.length;
  const response = await adapter.send(options.messages);
  const turn = adapter.read(response);

  if (turn.calls.length > 0) {
    const executed = await executeCalls({ guard, adapter, messages: options.messages, response, calls: turn.calls, repair: options.repair ?? true });
    const appended = [adapter.assistantMessage(response, executed.repairedArgs), ...adapter.answerMessages(executed.answers)];
    remember(appended, guard);
    const responses = executed.repairResponse === undefined ? [response] : [response, executed.repairResponse];
    return makeResult({ finished: false, messages: [...options.messages, ...appended], text: turn.text, stopReason: turn.stopReason, operations: guard.turn.slice(before), receipt: null, repairs: executed.repairs, guard, responses });
  }

  const appended = [adapter.assistantMessage(response, new Map())];
  const messages = [...options.messages, ...appended];
  remember(appended, guard);
  const operations = guard.turn;
  let receipt: Receipt | null = null;
  if ((options.bypass ?? true) && !turn.paused) {
    const context = requestContext(messages, adapter.format);
    // A new guard did not see this exchange's earlier calls: name them, so they count as run outside it.
    const calledTools = fresh && context.calledTools.length > 0 ? { calledTools: context.calledTools } : {};
    receipt = guard.checkBypass(turn.text, { ...calledTools, ...(context.request === undefined ? {} : { request: context.request }) });
  }
  return makeResult({ finished: !turn.paused, messages, text: turn.text, stopReason: turn.stopReason, operations, receipt, repairs: [], guard, responses: [response] });
}

interface ResultParts {
  finished: boolean;
  messages: unknown[];
  text: string;
  stopReason: string | null;
  operations: readonly Operation[];
  receipt: Receipt | null;
  repairs: readonly RepairAttempt[];
  guard: Guard;
  responses: readonly unknown[];
}

function makeResult(p: ResultParts): RunResult {
  const rendered = p.guard.render();
  return {
    ...p,
    bypass: p.receipt?.claimedButNeverRan ?? [],
    state: (tool) => p.operations.findLast((op) => op.tool === tool)?.state,
    render: () => rendered,
  };
}

function checkOptions(options: RunOptions): void {
  const bad = (message: string): never => {
    throw new ClaimcheckError('invalid_options', `run() ${message}`);
  };
  if (typeof options !== 'object' || options === null) bad('needs options: { model, messages, tools, executors }.');
  if (typeof options.model !== 'string' || options.model === '') bad('option model must be a non-empty string.');
  if (!Array.isArray(options.messages)) bad('option messages must be an array of messages.');
  if (!Array.isArray(options.tools)) bad('option tools must be an array of tools.');
  const { maxTokens, params } = options;
  if (maxTokens !== undefined && (!Number.isInteger(maxTokens) || maxTokens <= 0)) bad(`option maxTokens must be a positive integer, got ${String(maxTokens)}.`);
  if (params !== undefined && (typeof params !== 'object' || params === null)) bad('option params must be an object of request body fields.');
  if (params?.stream === true) bad('does not stream; leave params.stream off.');
}
