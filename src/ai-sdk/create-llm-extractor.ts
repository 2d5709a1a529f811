/**
 * `createLlmExtractor` taking an AI SDK `LanguageModel` as well as `complete`: the model is called with
 * `generateText({ model, prompt, abortSignal })` (the AI SDK, loaded on first use).
 * @see https://ai-sdk.dev/docs/reference/ai-sdk-core/generate-text
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
    const complete: Complete = async (prompt, signal) => {
      const ai = await loadAi();
      const result = await ai.generateText({ model, prompt, abortSignal: signal });
      return result.text;
    };
    return createCore({ ...rest, complete });
  } catch (error) {
    throw hostError('createLlmExtractor', error);
  }
}
