/**
 * `ledgerFromRunItems()`: the tool calls of an OpenAI Agents SDK run as a claimcheck {@link Ledger}.
 * @see https://openai.github.io/openai-agents-js/guides/results/
 */
import { Ledger, type LedgerEntry, type LedgerOptions } from '../ledger.js';
import { readOpenAIResponses } from '../readers/read-openai-responses.js';
import { toResponsesItems } from './_to-responses-items.js';
import { hostError } from '../_host-input.js';

/**
 * The ledger of a run's function tool calls, in the order they settled, from its items:
 * `result.newItems` (run items), `result.history` or `result.output` (protocol items), or a
 * guardrail's `details.output`.
 *
 * ```ts
 * const result = await run(agent, 'Refund order A-1 and email me.');
 * const ledger = ledgerFromRunItems(result.newItems); // ledger.entries: [{ tool: 'issue_refund', status: 'ok', … }]
 * ```
 * A call is an `error` entry when it has no result (an approval still pending), when its result is one
 * of the SDK's failure texts ("An error occurred while running the tool…", "Tool 'x' not found.", an
 * argument-parse error, a timeout, a rejected approval), or when the result reports a failure the way
 * `resultFailure` reads it (`Error: …`, `{"error": …}`). Hosted MCP calls are entries too; other hosted
 * tools (web search, file search, code interpreter), computer, shell and apply-patch calls are skipped.
 * Handoffs are function calls to the SDK, and entries here.
 * @throws ClaimcheckError `unreadable_messages` (with `data: {index, shape}`) for something that is not
 *   a list of items, an item that is not an object, or an item type unknown to `@openai/agents` 0.20;
 *   `invalid_options` for a bad `options.maxResultChars`.
 */
export function ledgerFromRunItems(items: unknown, options: LedgerOptions = {}): Ledger {
  try {
    const events = readOpenAIResponses(toResponsesItems(items)).events;
    return new Ledger(options, events.flatMap((e): LedgerEntry[] => (e.kind === 'tool' ? [e.entry] : [])));
  } catch (error) {
    throw hostError('ledgerFromRunItems', error);
  }
}
