/**
 * `createRecorder()`: an `onStepFinish` for `generateText` / `streamText` that records every step (its
 * text, tool calls, results, tool errors and the calls the SDK rejected) and checks each step's text as
 * it finishes, so a stream gets a receipt at every step boundary and the run a receipt at its end.
 */
import type { ToolSet } from 'ai';
import type { Guard } from '../action/guard.js';
import type { GuardLogger } from '../action/_incidents.js';
import { finalReceipt, judgeTurns } from '../check.js';
import { ClaimcheckError } from '../errors.js';
import { isRecord } from '../readers/_shape.js';
import type { Receipt } from '../receipt.js';
import { failuresOf } from './_rejection.js';
import { readStep } from './_read-step.js';
import { guardOfTools, repairBook } from './_registry.js';
import { hostError } from '../_host-input.js';

/** The members of a step the recorder reads (a v6 `StepResult` has them all). */
export interface AiSdkStep {
  /** Zero-based step index. */
  readonly stepNumber?: number;
  /** The step's text parts, joined. */
  readonly text: string;
  /** The step's content parts, in order. */
  readonly content: readonly unknown[];
  /** Why the step ended (`stop`, `tool-calls`, `length`...), as the SDK reports it. */
  readonly finishReason?: unknown;
}

/**
 * One line of claimcheck's transcript format (`docs/formats.md`): a message, or a settled tool call.
 * `checkTurns(lines, { format: 'transcript' })` and `claimcheck check` read it.
 */
export type TranscriptLine =
  | { role: 'user' | 'assistant'; content: string }
  | { tool: string; status: 'ok' | 'error'; args: unknown; result?: unknown; error?: string; callId: string };

/** Options of {@link createRecorder}. */
export interface RecorderOptions {
  /**
   * The tools given to `generateText` / `streamText`. When they come from `guardTools()`, their guard is
   * the recorder's: calls the SDK rejected are recorded in it, and the final reply is judged by
   * `guard.checkBypass`. Plain AI SDK tools work too (their names and descriptions are matched to claims).
   */
  tools: ToolSet;
  /** The user's message this run answers, for terse replies ("Done — sent."). Default: none. */
  request?: string;
  /** Tools never reported as ran-but-unreported (e.g. `think`) in step receipts. Default none (the guard's own setting applies to its receipt). */
  ignoreTools?: readonly string[];
  /** Called at each step that has text, with that step's receipt, as soon as the step finishes. Default: none. */
  onTurn?: (turn: StepReceipt) => void;
  /** Where a step the recorder could not record is reported (it never throws into the SDK). Default `console`. */
  logger?: GuardLogger;
}

/** The receipt of one step's text. */
export interface StepReceipt {
  /** 1-based: the Nth step with text. */
  turn: number;
  /** The step's `stepNumber` (zero-based; counted by the recorder when the step has none). */
  step: number;
  /** The step's text. */
  text: string;
  /**
   * With a guard, the final reply (a step with text and no tool call) has `guard.checkBypass`'s receipt
   * (claims carry operation states; it reaches the guard's sink). Any other step's text is checked by
   * `checkTurns` over the recorded transcript: the calls of earlier steps and of its own step back it.
   */
  receipt: Receipt;
}

/** What {@link createRecorder} returns. One recorder records one `generateText` / `streamText` call. */
export interface Recorder {
  /** The guard of the tools, or `null` for plain tools. */
  readonly guard: Guard | null;
  /** Pass as `onStepFinish` (it is bound). Never throws: a failure to record is logged. */
  readonly onStepFinish: (step: AiSdkStep) => void;
  /** The receipts of the steps with text so far, in order. */
  turns(): StepReceipt[];
  /**
   * The run's receipt: the last step with text's (see {@link StepReceipt.receipt}); with none, a receipt
   * with no claims whose `ranButUnreported` lists the successful calls.
   */
  receipt(): Receipt;
  /** Everything recorded, as claimcheck transcript lines: the request, each step's text, each call settled. A copy. */
  transcript(): TranscriptLine[];
}

/**
 * Create a {@link Recorder}.
 *
 * ```ts
 * const recorder = createRecorder({ tools, request: prompt });
 * await generateText({ model, tools, prompt, stopWhen: stepCountIs(5), onStepFinish: recorder.onStepFinish });
 * if (recorder.receipt().verdict === 'fabricated') console.warn(recorder.receipt().claimedButNeverRan);
 * ```
 * A call the SDK rejected (`NoSuchToolError`, `InvalidToolInputError`) never reaches an executor: with a
 * guard the recorder records it there (`guard.reject`: an interception and a `failed` operation) unless
 * `repairToolCall()` already did; in every case it is a failed call in the transcript.
 * @throws ClaimcheckError `invalid_options` when `tools` is not an object, or mixes tools of two guards.
 */
export function createRecorder(options: RecorderOptions): Recorder {
  try {
    if (!isRecord(options?.tools)) throw new ClaimcheckError('invalid_options', 'createRecorder({ tools }) needs the tools object given to generateText / streamText.');
    const g = guardOfTools(options.tools) ?? null;
    const book = g === null ? null : repairBook(g);
    const tools = Object.entries(options.tools).map(([name, t]) => ({ name, description: typeof t?.description === 'string' ? t.description : '' }));
    const ignoreTools = options.ignoreTools ?? [];
    const logger = options.logger ?? console;
    const lines: TranscriptLine[] = options.request === undefined ? [] : [{ role: 'user', content: options.request }];
    const turns: StepReceipt[] = [];
    let steps = 0;

    const record = (step: AiSdkStep): void => {
      const index = step.stepNumber ?? steps;
      steps++;
      const read = readStep(step);
      if (g !== null && book !== null) {
        for (const call of read.invalid) {
          if (book.takeRecorded(call.callId)) continue;
          const failures = failuresOf(call.error);
          g.reject(call.tool, call.input, { callId: call.callId, repaired: book.takeRepairing(call.callId), ...(failures === undefined ? {} : { failures }) });
        }
      }
      const hasText = read.text.trim() !== '';
      if (!hasText && read.calls === 0 && read.invalid.length === 0) {
        // Nothing to check, and nothing for the user: say so rather than give a silent clean receipt.
        const reason = typeof step.finishReason === 'string' ? ` (finishReason ${step.finishReason})` : '';
        logger.warn(`claimcheck: AI SDK step ${index} has no text and no tool call${reason}: the model generated nothing, so there was nothing to check. A mock model whose doGenerate returns no content parts does this.`);
        return;
      }
      const at = lines.length;
      if (hasText) lines.push({ role: 'assistant', content: read.text });
      lines.push(...read.entries);
      if (!hasText) return;
      let receipt: Receipt;
      if (g !== null && read.calls === 0) {
        receipt = g.checkBypass(read.text, options.request === undefined ? {} : { request: options.request });
      } else {
        const judged = judgeTurns(lines, { format: 'transcript', tools, ignoreTools }).find((t) => t.messageIndex === at);
        if (judged === undefined) return;
        receipt = judged.receipt;
      }
      const turn: StepReceipt = { turn: turns.length + 1, step: index, text: read.text, receipt };
      turns.push(turn);
      options.onTurn?.(turn);
    };

    return {
      guard: g,
      onStepFinish: (step) => {
        try {
          record(step);
        } catch (cause) {
          logger.warn(`claimcheck: could not record AI SDK step ${String(step?.stepNumber)}: ${cause instanceof Error ? cause.message : String(cause)}`, cause);
        }
      },
      turns: () => turns.slice(),
      receipt: () => turns[turns.length - 1]?.receipt ?? finalReceipt(lines, { format: 'transcript', tools, ignoreTools }),
      transcript: () => lines.map((l) => ({ ...l })),
    };
  } catch (error) {
    throw hostError('createRecorder', error);
  }
}
