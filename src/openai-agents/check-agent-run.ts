/**
 * `checkAgentRun()`: the receipt of an OpenAI Agents SDK run's final reply, from the run's items.
 * @see https://openai.github.io/openai-agents-js/guides/results/
 */
import { finalReceipt, type CheckOptions } from '../check.js';
import type { Receipt } from '../receipt.js';
import { isRecord } from '../readers/_shape.js';
import { runToolSpecs } from './_tool-specs.js';
import { toResponsesItems } from './_to-responses-items.js';
import { hostError } from '../_host-input.js';

/** What {@link checkAgentRun} reads of a run result (`RunResult` and `StreamedRunResult` have it). */
export interface AgentRunLike {
  /** The run's input items followed by every item it generated. */
  readonly history: readonly unknown[];
  /** The items the run generated, each with the `agent` that made it; their agents' tools are the default `tools`. */
  readonly newItems?: readonly unknown[];
  /** The agent that ran last; its tools are among the default `tools`. */
  readonly lastAgent?: unknown;
}

/** Options of {@link checkAgentRun}. */
export interface CheckAgentRunOptions extends CheckOptions {
  /**
   * The tools the agents had, in any shape `normalizeTools` reads (the SDK's function tools too).
   * Default: the function tools of `result.lastAgent` and of every agent that made an item of the run
   * (an agent's MCP server tools are not among them: pass them here).
   * @throws ClaimcheckError `invalid_tool` for an entry in no known shape.
   */
  tools?: unknown;
}

/**
 * Check the final reply of an Agents SDK run against the tool calls of the conversation: the same as
 * `checkMessages` over `result.history` read as Responses API items (see `ledgerFromRunItems` for how
 * calls and their failures are read). A call backs a claim when it settled before the reply, in this
 * run or an earlier turn carried in the history; the user's last message is the request for terse replies.
 *
 * ```ts
 * const result = await run(agent, 'Refund order A-1 and email me.');
 * const receipt = checkAgentRun(result);
 * if (receipt.verdict === 'fabricated') console.warn(receipt.summary);
 * ```
 * Needs no guard: it reads what the SDK recorded. A run that stopped before a final reply gets a
 * receipt with no claims.
 * @throws ClaimcheckError `unreadable_messages` when `result.history` is not a list or holds items it
 *   cannot read (see `ledgerFromRunItems`); `invalid_tool` for a bad `options.tools`.
 */
export function checkAgentRun(result: AgentRunLike, options: CheckAgentRunOptions = {}): Receipt {
  try {
    const items = toResponsesItems(result?.history);
    const tools = options.tools ?? runToolSpecs(agentsOf(result));
    return finalReceipt(items, { ...options, format: 'openai-responses', tools });
  } catch (error) {
    throw hostError('checkAgentRun', error);
  }
}

function agentsOf(result: AgentRunLike): unknown[] {
  const agents = (result.newItems ?? []).map((item) => (isRecord(item) ? item.agent : undefined));
  return [result.lastAgent, ...agents];
}
