/**
 * `createLlmExtractor` taking an AI SDK `LanguageModel` as well as `complete`: the model is called with
 * `generateText({ model, prompt, abortSignal, output: Output.object({ schema }) })` (the AI SDK, loaded on
 * first use), so a provider with structured output is given the answer's JSON Schema. The answer's text is
 * read as the root's extractor reads any answer, also when the AI SDK finds it off the schema.
 * @see https://ai-sdk.dev/docs/reference/ai-sdk-core/generate-text
 * @see https://ai-sdk.dev/docs/ai-sdk-core/generating-structured-data
 */
import type { LanguageModel } from 'ai';
import { createLlmExtractor as createCore, type Complete, type LlmExtractor, type LlmExtractorSettings } from '../claims/llm-extractor.js';
import { loadAi } from './_load-ai.js';
import { hostError } from '../_host-input.js';

/** Options of this entry's {@link createLlmExtractor}: `complete` (any SDK) or `model` (an AI SDK `LanguageModel`), and the root's settings. */
export type LlmExtractorOptions = ({ complete: Complete; model?: never } | { model: LanguageModel; complete?: never }) & LlmExtractorSettings;

/**
 * The LLM extractor of the root entry ({@link createCore}), with `model` turned into a `complete` through
 * the AI SDK's `generateText`.
 * @throws ClaimcheckError as the root's `createLlmExtractor`; a call of the model throws `missing_dependency`
 *   (reported as a provider failure, or raised with `onError: 'raise'`) when `ai` is not installed.
 */
export function createLlmExtractor(options: LlmExtractorOptions): LlmExtractor {
  try {
    if (typeof options.complete === 'function' || options.model === undefined || options.model === null) return createCore(options);
    const { model, ...rest } = options;
    const complete: Complete = async (prompt, signal, request) => {
      const ai = await loadAi();
      const output = ai.Output.object({ schema: ai.jsonSchema(request.schema), name: request.schemaName });
      try {
        const result = await ai.generateText({ model, prompt, abortSignal: signal, output });
        return result.text;
      } catch (error) {
        // An answer the AI SDK cannot fit to the schema (a code fence, an extra field) is still read defensively.
        if (ai.NoObjectGeneratedError.isInstance(error) && typeof error.text === 'string') return error.text;
        throw error;
      }
    };
    return createCore({ ...rest, complete });
  } catch (error) {
    throw hostError('createLlmExtractor', error);
  }
}
