/**
 * The checking API with an optional model-based second opinion ({@link createLlmExtractor}): the same
 * receipts as {@link check} and {@link checkTurns}, to which an {@link Extractor} of kind `llm` adds the
 * claims only it found (`suspected` when their tool never ran). Without one, or with the rule extractor,
 * the result is exactly the synchronous one. The synchronous API stays model-free.
 */
import { assertMessagesCall, check, checkTurnsWith, type CheckMessagesOptions, type CheckReplyOptions, type TurnContext, type TurnReceipt } from './check.js';
import type { Ledger, LedgerEntry } from './ledger.js';
import type { Receipt } from './receipt.js';
import { normalizeTools } from './tools.js';
import type { Extractor, ExtractorInput } from './claims/extractor.js';
import type { LlmExtractor } from './claims/llm-extractor.js';
import { withSecondOpinion } from './claims/second-opinion.js';
import { LedgerIndex } from './claims/ledger-index.js';
import { readHostInput } from './_host-input.js';

/** The extractor that gives the second opinion. */
export interface AsyncCheckOptions {
  /**
   * A model-based extractor (`createLlmExtractor(...)`). Its claims are added as described above; `ok`
   * changes only when it was created with `llmBlocks: true`. Default none (the rules alone).
   */
  extractor?: Extractor;
  /** Aborts the extractor's pending model calls. */
  signal?: AbortSignal;
}

/**
 * {@link check} with a second opinion.
 * @throws ClaimcheckError as {@link check}; `llm_failed` only from an extractor created with `onError: 'raise'`.
 */
export async function checkAsync(reply: string, ledger: Ledger | readonly LedgerEntry[], options: CheckReplyOptions & AsyncCheckOptions = {}): Promise<Receipt> {
  // The arguments are read first (bad ones are invalid_input); what the extractor's model throws is its own.
  const read = readHostInput('checkAsync', () => {
    const { extractor, signal, ...checkOptions } = options ?? {};
    const receipt = check(reply, ledger, checkOptions);
    if (extractor === undefined || extractor.kind === 'rules') return { receipt };
    const entries = Array.isArray(ledger) ? (ledger as readonly LedgerEntry[]) : (ledger as Ledger).entries;
    const tools = normalizeTools(checkOptions.tools === undefined ? [...new Set(entries.map((e) => e.tool))] : checkOptions.tools);
    const index = new LedgerIndex(entries);
    const states = new Map(tools.map((t) => [t.name, index.state(t.name)]));
    return { receipt, extractor, signal, context: { reply, ...(checkOptions.request === undefined ? {} : { request: checkOptions.request }), tools, states } };
  });
  if (read.extractor === undefined || read.context === undefined) return read.receipt;
  return second(read.extractor, read.context, read.receipt, read.signal);
}

/**
 * {@link checkTurns} with a second opinion: one model call per assistant turn (cached by reply and tools).
 * @throws ClaimcheckError as {@link checkTurns}; `llm_failed` only from an extractor created with `onError: 'raise'`.
 */
export async function checkTurnsAsync(messages: unknown, options: CheckMessagesOptions & AsyncCheckOptions = {}): Promise<TurnReceipt[]> {
  const contexts: TurnContext[] = [];
  const { extractor, signal, turns } = readHostInput('checkTurnsAsync', () => {
    const { extractor, signal, ...checkOptions } = options ?? {};
    assertMessagesCall('checkTurnsAsync(messages, options)', messages, checkOptions);
    return { extractor, signal, turns: checkTurnsWith(messages, checkOptions, (c) => contexts.push(c)) };
  });
  if (extractor === undefined || extractor.kind === 'rules') return turns;
  const out: TurnReceipt[] = [];
  for (const [i, t] of turns.entries()) {
    const context = contexts[i];
    out.push(context === undefined ? t : { ...t, receipt: await second(extractor, context, t.receipt, signal) });
  }
  return out;
}

async function second(extractor: Extractor, context: TurnContext, receipt: Receipt, signal: AbortSignal | undefined): Promise<Receipt> {
  const input: ExtractorInput = {
    reply: context.reply,
    // Names and descriptions only: a call's arguments or results never reach the model.
    tools: context.tools.map((t) => ({ name: t.name, description: t.description })),
    ...(context.request === undefined ? {} : { request: context.request }),
    ...(signal === undefined ? {} : { signal }),
  };
  const llmBlocks = (extractor as { llmBlocks?: unknown }).llmBlocks === true;
  // The LLM extractor of createLlmExtractor says what it dropped and why; any other extractor gives claims only.
  const reader = (extractor as Partial<Pick<LlmExtractor, 'read'>>).read;
  if (typeof reader === 'function') {
    const { claims, note } = await reader.call(extractor, input);
    return withSecondOpinion({ receipt, claims, note, states: context.states, llmBlocks });
  }
  return withSecondOpinion({ receipt, claims: await extractor.extract(input), states: context.states, llmBlocks });
}
