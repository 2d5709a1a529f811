/**
 * `claimcheckOutputGuardrail()`: claimcheck as an OpenAI Agents SDK output guardrail. When the agent
 * gives its final output, the reply is checked against the run's tool calls; a reply that claims an
 * action no call backs trips the guardrail (`'fail'`) or is passed with its receipt (`'annotate'`).
 * @see https://openai.github.io/openai-agents-js/guides/guardrails/#output-guardrails
 */
import type { AgentOutputType, GuardrailFunctionOutput, OutputGuardrail, OutputGuardrailFunctionArgs } from '@openai/agents';
import type { Guard, GuardLogger } from '../action/guard.js';
import { check, type CheckOptions } from '../check.js';
import { ClaimcheckError } from '../errors.js';
import type { Rec } from '../readers/_shape.js';
import type { Receipt, ReceiptJSON } from '../receipt.js';
import { clearRepairs } from './_repair-book.js';
import { isSdkToolNotFound, sdkInvalidJsonText } from './_sdk-texts.js';
import { agentToolSpecs } from './_tool-specs.js';
import { toResponsesItems } from './_to-responses-items.js';
import { ledgerFromRunItems } from './ledger-from-run-items.js';
import { hostError } from '../_host-input.js';

/** What the guardrail does with a `fabricated` reply: trip the SDK's tripwire, or only report it. */
export type ClaimcheckGuardrailMode = 'fail' | 'annotate';

/** Options of {@link claimcheckOutputGuardrail}. */
export interface ClaimcheckOutputGuardrailOptions extends CheckOptions {
  /**
   * `'fail'`: a `fabricated` verdict trips the tripwire, and the run rejects with the SDK's
   * `OutputGuardrailTripwireTriggered` (its `result.output.outputInfo` is the receipt's JSON).
   * `'annotate'`: the run goes on; the receipt's JSON is the guardrail's `outputInfo` in
   * `result.outputGuardrailResults`. Required (else `invalid_options`).
   */
  mode: ClaimcheckGuardrailMode;
  /**
   * Judge the reply with this guard (`guard.checkBypass`): against the calls it ran since its previous
   * check, with their proof, so a claimed action whose call returned no proof is flagged `not_proven`.
   * Calls the SDK rejected before any tool ran (arguments that are not JSON, unknown tools) and the
   * guard has not recorded are recorded first (`guard.reject`), and tools the run called outside the
   * guard count as called. `tools`, `ignoreTools` and `checkArgs` are then the guard's. Default: none;
   * the reply is judged against the run's items (`details.output`), as `ledgerFromRunItems` reads them.
   */
  guard?: Guard;
  /** The tools, without `guard`. Default: the agent's function tools, and every tool the run called. */
  tools?: unknown;
  /** The guardrail's name in the SDK's results and traces. Default `'claimcheck'`. */
  name?: string;
  /**
   * Where a failure of claimcheck itself is logged; the reply then passes unchecked (`outputInfo`
   * `null`), as the guard fails open. Default `console`.
   */
  logger?: GuardLogger;
}

/**
 * An output guardrail that checks the agent's final output against the run's tool calls. Put it in
 * `new Agent({ outputGuardrails: [...] })`, or in the run config's `outputGuardrails` for every agent.
 *
 * ```ts
 * const { tools, guard } = guardAgentTools([issueRefund, sendEmail], { actions });
 * const agent = new Agent({ name: 'Support', tools, outputGuardrails: [claimcheckOutputGuardrail({ guard, mode: 'fail' })] });
 * try {
 *   await run(agent, 'Refund order A-1 and email me.', { ...claimcheckRunOptions({ guard }) });
 * } catch (e) {
 *   if (e instanceof OutputGuardrailTripwireTriggered) console.warn(e.result.output.outputInfo.summary);
 * }
 * ```
 * A structured output (an `outputType`) is judged by its string values, one per line. Deterministic;
 * no model call.
 * @throws ClaimcheckError `invalid_options` for a `mode` other than `'fail'` or `'annotate'`.
 */
export function claimcheckOutputGuardrail<TOutput extends AgentOutputType = AgentOutputType, TContext = unknown>(
  options: ClaimcheckOutputGuardrailOptions,
): OutputGuardrail<TOutput, TContext> {
  try {
    const mode = options?.mode;
    if (mode !== 'fail' && mode !== 'annotate') {
      throw new ClaimcheckError('invalid_options', `claimcheckOutputGuardrail option mode must be 'fail' or 'annotate', got ${JSON.stringify(mode)}.`);
    }
    const logger = options.logger ?? console;
    const warned = new Set<string>();
    return {
      name: options.name ?? 'claimcheck',
      execute: async (args: OutputGuardrailFunctionArgs<TContext, TOutput>): Promise<GuardrailFunctionOutput> => {
        let receipt: Receipt;
        try {
          const text = replyText(args.agentOutput);
          const items = args.details?.output ?? [];
          receipt = options.guard === undefined ? judgeItems(text, items, args.agent.tools, options) : judgeWithGuard(text, toResponsesItems(items), options.guard);
        } catch (cause) {
          const message = cause instanceof Error ? cause.message : String(cause);
          if (!warned.has(message)) {
            warned.add(message);
            logger.warn(`claimcheck: the output guardrail could not check the reply (${message}); it passed unchecked (logged once per cause).`, cause);
          }
          return { tripwireTriggered: false, outputInfo: null };
        }
        const outputInfo: ReceiptJSON = receipt.toJSON();
        return { tripwireTriggered: mode === 'fail' && receipt.verdict === 'fabricated', outputInfo };
      },
    };
  } catch (error) {
    throw hostError('claimcheckOutputGuardrail', error);
  }
}

/** Without a guard: the reply against the run's items. */
function judgeItems(text: string, items: unknown, agentTools: unknown, options: ClaimcheckOutputGuardrailOptions): Receipt {
  const ledger = ledgerFromRunItems(items);
  const tools = options.tools ?? [...agentToolSpecs(agentTools), ...ledger.entries.map((e) => e.tool)];
  return check(text, ledger, { tools, ...(options.ignoreTools === undefined ? {} : { ignoreTools: options.ignoreTools }), ...(options.checkArgs === undefined ? {} : { checkArgs: options.checkArgs }) });
}

/** With a guard: record what the SDK rejected before any tool ran, then `checkBypass` with the tools the run called. */
function judgeWithGuard(text: string, items: readonly Rec[], g: Guard): Receipt {
  const recorded = new Set(g.turn.map((o) => o.callId));
  const outputs = new Map<unknown, Rec>(items.filter((i) => i.type === 'function_call_output').map((i) => [i.call_id, i]));
  const called = new Set<string>();
  for (const item of items) {
    if ((item.type !== 'function_call' && item.type !== 'mcp_call') || typeof item.name !== 'string') continue;
    called.add(item.name);
    const callId = item.call_id;
    if (item.type !== 'function_call' || typeof callId !== 'string' || recorded.has(callId)) continue;
    const output = outputs.get(callId)?.output;
    if (typeof output === 'string' && (isSdkToolNotFound(output) || output === sdkInvalidJsonText)) g.reject(item.name, item.arguments, { callId });
  }
  clearRepairs(g);
  return g.checkBypass(text, { calledTools: [...called] });
}

/** The text a final output says: the text itself, or a structured output's string values, one per line. */
function replyText(output: unknown): string {
  if (typeof output === 'string') return output;
  const lines: string[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (typeof value === 'string') lines.push(value);
    else if (depth < 8 && typeof value === 'object' && value !== null) for (const v of Object.values(value)) visit(v, depth + 1);
  };
  visit(output, 0);
  return lines.join('\n');
}
