/**
 * `repairToolCall()`: an `experimental_repairToolCall` for `generateText` / `streamText` that records
 * each call the SDK rejected in the guard and asks the model once, with claimcheck's repair prompt, for
 * corrected arguments; the corrected call runs as repaired (`guard.executeRepaired`).
 * @see https://ai-sdk.dev/docs/ai-sdk-core/tools-and-tool-calling#tool-call-repair
 */
import type { LanguageModel, ModelMessage, Tool, ToolCallRepairFunction, ToolSet } from 'ai';
import type { Guard } from '../action/guard.js';
import { ClaimcheckError } from '../errors.js';
import { isRecord } from '../readers/_shape.js';
import { buildRepairPrompt } from '../run/build-repair-prompt.js';
import { loadAi } from './_load-ai.js';
import { failuresOf, parseInput } from './_rejection.js';
import { guardOfTools, repairBook, type RepairBook } from './_registry.js';
import { hostError } from '../_host-input.js';

/** Options of {@link repairToolCall}. */
export interface RepairToolCallOptions {
  /** The model asked for corrected arguments: usually the one the `generateText` call uses. */
  model: LanguageModel;
  /**
   * The tools `guardTools()` returned (the same set given to `generateText`); their guard records the
   * rejected calls. A set with no guarded tool throws `invalid_options`.
   */
  tools: ToolSet;
}

/** The repair function's argument, as the SDK passes it. */
type RepairInput = Parameters<ToolCallRepairFunction<ToolSet>>[0];
/** A call of the repair request's answer, as the SDK parsed it. */
type AnsweredCall = { input: unknown; invalid?: boolean | undefined; error?: unknown };

/**
 * Make the repair function. For each call the SDK could not parse (an unknown tool: `NoSuchToolError`;
 * arguments that are not JSON or that claimcheck's validation rejected: `InvalidToolInputError`):
 *
 * 1. records the rejection in the guard (`guard.reject`: an interception and a `failed` operation);
 * 2. an unknown tool is not repaired (the SDK's answer names the available tools): returns `null`;
 * 3. otherwise makes one request to `model`: the conversation so far, the rejected call, and
 *    `buildRepairPrompt()` (the guard's failures and the tool's schema) as its error result, with the
 *    tool forced and nothing executed;
 * 4. returns the model's new call under the original call id. Arguments that pass run through the guard
 *    as repaired; arguments rejected again are recorded as a repaired interception and the SDK gives the
 *    model that failure. No call in the answer, or a request that throws: returns `null` (the model
 *    reads the first failure).
 *
 * ```ts
 * generateText({ model, tools, experimental_repairToolCall: repairToolCall({ model, tools }), ... })
 * ```
 * The function never throws: a failed repair is `null`.
 * @throws ClaimcheckError `invalid_options` when `tools` holds no tool from `guardTools()`.
 */
export function repairToolCall(options: RepairToolCallOptions): ToolCallRepairFunction<ToolSet> {
  try {
    const g = guardOfTools(options?.tools);
    if (g === undefined) {
      throw new ClaimcheckError('invalid_options', 'repairToolCall({ model, tools }) needs the tools guardTools() returned, so rejected calls are recorded in their guard.');
    }
    const book = repairBook(g);
    return async (input) => {
      const { toolCall } = input;
      const callId = toolCall.toolCallId;
      const name = toolCall.toolName;
      const given = failuresOf(input.error);
      const first = g.reject(name, parseInput(toolCall.input), { callId, ...(given === undefined ? {} : { failures: given }) });
      const failure = first.failure;
      const t = (input.tools as Record<string, Tool | undefined>)[name];
      if (failure === undefined || !('failures' in failure) || failure.category === 'unknown_tool' || t === undefined) return done(book, callId);
      let next: AnsweredCall | undefined;
      try {
        const schema = await input.inputSchema({ toolName: name });
        const prompt = buildRepairPrompt({ tool: name, failures: failure.failures, ...(isRecord(schema) ? { schema } : {}) }, toolCall.input);
        next = await ask(options.model, input, t, prompt);
      } catch {
        return done(book, callId);
      }
      if (next === undefined) return done(book, callId);
      // An unparsable answer comes back as its raw text; anything else as the parsed value.
      const text = next.invalid === true && typeof next.input === 'string' ? next.input : (JSON.stringify(next.input) ?? '{}');
      if (next.invalid === true) {
        rejectAgain(g, name, text, callId, next.error);
        book.markRecorded(callId);
      } else {
        book.markRepairing(callId);
      }
      return { ...toolCall, input: text };
    };
  } catch (error) {
    throw hostError('repairToolCall', error);
  }
}

/** Ask the model once for the call again; its answer's first call of the tool, parsed by the SDK (nothing runs). */
async function ask(model: LanguageModel, input: RepairInput, t: Tool, prompt: string): Promise<AnsweredCall | undefined> {
  const { toolCall } = input;
  const ai = await loadAi();
  const messages: ModelMessage[] = [
    ...input.messages,
    { role: 'assistant', content: [{ type: 'tool-call', toolCallId: toolCall.toolCallId, toolName: toolCall.toolName, input: parseInput(toolCall.input) }] },
    { role: 'tool', content: [{ type: 'tool-result', toolCallId: toolCall.toolCallId, toolName: toolCall.toolName, output: { type: 'error-text', value: prompt } }] },
  ];
  const schemaOnly: Tool = { inputSchema: t.inputSchema, ...(t.description === undefined ? {} : { description: t.description }) };
  const result = await ai.generateText({
    model,
    ...(input.system === undefined ? {} : { system: input.system }),
    messages,
    tools: { [toolCall.toolName]: schemaOnly },
    toolChoice: { type: 'tool', toolName: toolCall.toolName },
  });
  return result.toolCalls.find((c) => c.toolName === toolCall.toolName);
}

function rejectAgain(g: Guard, name: string, text: string, callId: string, error: unknown): void {
  const failures = failuresOf(error);
  g.reject(name, parseInput(text), { callId, repaired: true, ...(failures === undefined ? {} : { failures }) });
}

function done(book: RepairBook, callId: string): null {
  book.markRecorded(callId);
  return null;
}
