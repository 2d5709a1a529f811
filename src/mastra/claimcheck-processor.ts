/**
 * `claimcheckProcessor()`: claimcheck as a Mastra output processor. After each model response
 * (`processOutputStep`) the step's text is checked against the calls of the run; the final reply is
 * judged by the guard before Mastra accepts it, and a fabricated one is annotated, blocked or sent back
 * for the model to answer again. When the run ends (`processOutputResult`) the receipt is put on the
 * final assistant message.
 * @see https://mastra.ai/reference/processors/processor-interface
 */
import type { Guard, GuardLogger } from '../action/guard.js';
import { ClaimcheckError } from '../errors.js';
import type { Receipt } from '../receipt.js';
import type { ProcessOutputResultArgs, ProcessOutputStepArgs } from './_mastra-shapes.js';
import { lastUserText } from './_read-run.js';
import { isAssistant, judgePending, recordRefusedCalls, runOf, withReceipt } from './_run-record.js';
import { hostError } from '../_host-input.js';

/**
 * What the processor does with a `fabricated` final reply:
 * - `'annotate'`: accept it; the receipt is on the final message (see {@link ClaimcheckProcessor}).
 * - `'abort'`: block it: the run ends with `result.tripwire` (`reason`: the receipt's summary,
 *   `metadata.claimcheck`: the receipt's JSON).
 * - `'retry'`: send it back: the model reads what it claimed without doing and answers again, up to
 *   `maxRetries` times; a reply still fabricated then is blocked as with `'abort'`.
 */
export type OnFabricated = 'annotate' | 'abort' | 'retry';

/** Options of {@link claimcheckProcessor}. */
export interface ClaimcheckProcessorOptions {
  /** The guard the calls are recorded in: `claimcheckToolHooks(...).guard`. Required. */
  guard: Guard;
  /** What to do with a `fabricated` final reply (see {@link OnFabricated}). Default `'annotate'`. */
  onFabricated?: OnFabricated;
  /**
   * With `onFabricated: 'retry'`, how many times a run's reply may be sent back (counted by Mastra's
   * `retryCount`, which every processor's retries add to). Set the agent's `maxProcessorRetries` to at
   * least this: Mastra ends the run on a retry it does not allow. A non-negative integer. Default `1`.
   */
  maxRetries?: number;
  /** Called with each step's receipt as soon as the step is judged. Default: none. */
  onStep?: (step: MastraStepReceipt) => void;
  /** The processor's `id` in Mastra (traces, `result.tripwire.processorId`). Default `'claimcheck'`. */
  id?: string;
  /** Where a failure of claimcheck itself is logged; the step then passes unchecked. Default `console`. */
  logger?: GuardLogger;
}

/** The receipt of one step's text. */
export interface MastraStepReceipt {
  /** The step's `stepNumber` (zero-based). */
  step: number;
  /** The step's text. */
  text: string;
  /** `true` for a final reply (a step with no tool calls), judged by `guard.checkBypass`; `false` for text said alongside tool calls, judged once they ran. */
  final: boolean;
  receipt: Receipt;
}

/**
 * What {@link claimcheckProcessor} returns: a Mastra output processor (give it to
 * `new Agent({ outputProcessors })` or to one run's `outputProcessors`).
 */
export interface ClaimcheckProcessor {
  readonly id: string;
  readonly name: string;
  /** Judges the step's text and records the calls Mastra answered before any hook ran. */
  processOutputStep<L>(args: ProcessOutputStepArgs<L>): Promise<L>;
  /** Puts the final reply's receipt JSON on the last assistant message, as `content.metadata.claimcheck`. */
  processOutputResult<M>(args: ProcessOutputResultArgs<unknown> & { messages: readonly M[] }): Promise<M[]>;
}

/**
 * Create the processor.
 *
 * ```ts
 * const hooks = claimcheckToolHooks({ tools, actions });
 * const agent = new Agent({ ..., tools, hooks, outputProcessors: [claimcheckProcessor({ guard: hooks.guard, onFabricated: 'retry' })], maxProcessorRetries: 1 });
 * const result = await agent.generate('Refund order A-1 and email me.');
 * result.tripwire?.metadata; // { claimcheck: ReceiptJSON } when the reply was blocked
 * ```
 * At each step:
 * - a call Mastra answered with an error before any hook ran (a tool the agent does not have) is
 *   recorded in the guard (`guard.reject`: an `unknown_tool` interception and a `failed` operation);
 * - text said alongside tool calls is judged once those calls ran, at the next step, by the core
 *   `check()` against the run's calls (its receipt goes to `onStep` only);
 * - a final reply (a step with text and no tool calls) is judged by `guard.checkBypass` against the
 *   calls of the run (the receipt reaches the guard's sink), and then handled as `onFabricated` says.
 *
 * A failure of claimcheck itself is logged once per cause and the reply passes unchecked.
 * @throws ClaimcheckError `invalid_options` when `guard` is missing, for an unknown `onFabricated`, or a
 *   bad `maxRetries`.
 */
export function claimcheckProcessor(options: ClaimcheckProcessorOptions): ClaimcheckProcessor {
  try {
    const g = options?.guard;
    if (typeof g?.checkBypass !== 'function') {
      throw new ClaimcheckError('invalid_options', 'claimcheckProcessor({ guard }) needs the guard the calls are recorded in (claimcheckToolHooks(...).guard).');
    }
    const onFabricated = options.onFabricated ?? 'annotate';
    if (onFabricated !== 'annotate' && onFabricated !== 'abort' && onFabricated !== 'retry') {
      throw new ClaimcheckError('invalid_options', `claimcheckProcessor option onFabricated must be 'annotate', 'abort' or 'retry', got ${JSON.stringify(onFabricated)}.`);
    }
    const maxRetries = options.maxRetries ?? 1;
    if (!Number.isInteger(maxRetries) || maxRetries < 0) {
      throw new ClaimcheckError('invalid_options', `claimcheckProcessor option maxRetries must be a non-negative integer, got ${JSON.stringify(maxRetries)}.`);
    }
    const id = options.id ?? 'claimcheck';
    const logger = options.logger ?? console;
    const warned = new Set<string>();
    const failOpen = (cause: unknown): void => {
      const message = cause instanceof Error ? cause.message : String(cause);
      if (warned.has(message)) return;
      warned.add(message);
      logger.warn(`claimcheck: the Mastra processor could not check a step (${message}); it passed unchecked (logged once per cause).`, cause);
    };
    const report = (step: MastraStepReceipt): void => options.onStep?.(step);

    return {
      id,
      name: 'claimcheck',
      processOutputStep: async (args) => {
        const run = runOf(args.state);
        const request = lastUserText(args.messages);
        let final: MastraStepReceipt | undefined;
        let retry: MastraStepReceipt | undefined;
        try {
          recordRefusedCalls(g, run, args.steps);
          const pending = judgePending(g, run, request);
          if (pending !== undefined) report(pending);
          const calls = args.toolCalls ?? [];
          const text = args.text ?? '';
          if (calls.length > 0) {
            run.calls.push(...calls);
            if (text.trim() !== '') run.pending = { step: args.stepNumber, text };
            return args.messageList;
          }
          if (text.trim() === '') return args.messageList;
          const judge = { calledTools: [...new Set(run.calls.map((c) => c.toolName))], ...(request === undefined ? {} : { request }) };
          // A reply that may be sent back is judged without closing the turn: the next reply answers to the same calls.
          if (onFabricated === 'retry' && args.retryCount < maxRetries) {
            const preview = g.checkBypass(text, { ...judge, dryRun: true });
            if (preview.verdict === 'fabricated') retry = { step: args.stepNumber, text, final: true, receipt: preview };
          }
          if (retry === undefined) {
            const receipt = g.checkBypass(text, judge);
            final = { step: args.stepNumber, text, final: true, receipt };
            run.final = receipt.toJSON();
          }
        } catch (cause) {
          failOpen(cause);
          return args.messageList;
        }
        if (retry !== undefined) {
          report(retry);
          const summary = retry.receipt.summary;
          return args.abort(`Your reply claims actions that did not happen (${summary}). Do what you said you did, or tell the user plainly what was not done.`, {
            retry: true,
            metadata: { claimcheck: retry.receipt.toJSON() },
          });
        }
        if (final === undefined) return args.messageList;
        report(final);
        if (final.receipt.verdict !== 'fabricated' || onFabricated === 'annotate') return args.messageList;
        return args.abort(`claimcheck: the reply claims actions that did not happen: ${final.receipt.summary}`, { metadata: { claimcheck: run.final } });
      },
      processOutputResult: async (args) => {
        const run = runOf(args.state);
        try {
          recordRefusedCalls(g, run, args.result.steps);
          const pending = judgePending(g, run, lastUserText(args.messages));
          if (pending !== undefined) report(pending);
        } catch (cause) {
          failOpen(cause);
        }
        const messages = [...args.messages];
        if (run.final === undefined) return messages;
        const at = messages.findLastIndex(isAssistant);
        const reply = messages[at];
        if (reply !== undefined) messages[at] = withReceipt(reply, run.final);
        return messages;
      },
    };
  } catch (error) {
    throw hostError('claimcheckProcessor', error);
  }
}
