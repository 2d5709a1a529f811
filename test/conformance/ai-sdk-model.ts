// A scripted AI SDK language model (the SDK's own MockLanguageModelV3): each model request answers with
// the next step, as doGenerate results or as doStream chunks.
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type { ModelStep } from './scenarios.js';

// The provider-level shapes, taken from the mock itself (so no import of @ai-sdk/provider).
type LanguageModelV3GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;
type LanguageModelV3Content = LanguageModelV3GenerateResult['content'][number];
type LanguageModelV3Usage = LanguageModelV3GenerateResult['usage'];
type LanguageModelV3StreamPart = Awaited<ReturnType<MockLanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never;

const usage: LanguageModelV3Usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** One step: tool calls (arguments as JSON text, or as given when already text), text, or both (text first). */
export type ScriptStep = ModelStep | { text: string; toolCalls: Array<{ id: string; name: string; args: unknown }> };

function content(step: ScriptStep): LanguageModelV3Content[] {
  const out: LanguageModelV3Content[] = [];
  if ('text' in step) out.push({ type: 'text', text: step.text });
  if ('toolCalls' in step) {
    for (const c of step.toolCalls) out.push({ type: 'tool-call', toolCallId: c.id, toolName: c.name, input: typeof c.args === 'string' ? c.args : JSON.stringify(c.args) });
  }
  return out;
}

const finish = (step: ScriptStep) => ('toolCalls' in step ? { unified: 'tool-calls' as const, raw: 'tool_calls' } : { unified: 'stop' as const, raw: 'stop' });

/** A model whose `doGenerate` answers request N with step N. */
export function scriptedModel(steps: readonly ScriptStep[]): MockLanguageModelV3 {
  const results: LanguageModelV3GenerateResult[] = steps.map((step) => ({ content: content(step), finishReason: finish(step), usage, warnings: [] }));
  return new MockLanguageModelV3({ doGenerate: results });
}

/** A model whose `doStream` answers request N with step N, part by part. */
export function streamingModel(steps: readonly ScriptStep[]): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doStream: steps.map((step) => {
      const chunks: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }];
      for (const part of content(step)) {
        if (part.type === 'text') {
          chunks.push({ type: 'text-start', id: 't' }, ...part.text.split(/(?<= )/).map((delta) => ({ type: 'text-delta' as const, id: 't', delta })), { type: 'text-end', id: 't' });
        } else if (part.type === 'tool-call') {
          chunks.push(part);
        }
      }
      chunks.push({ type: 'finish', finishReason: finish(step), usage });
      return { stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: null }) };
    }),
  });
}
