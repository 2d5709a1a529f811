import { MockLanguageModelV3 } from 'ai/test';

/** One scripted model step: tool calls, or the final text. */
export type ScriptedStep = { toolCalls: Array<{ id: string; name: string; args: unknown }> } | { text: string };

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

/**
 * An AI SDK model (the SDK's own `MockLanguageModelV3`) that answers request N with step N: no network,
 * no API key. Each step must hold content parts: a `doGenerate` that returns none makes an empty reply
 * (claimcheck's recorder warns when a step generated nothing).
 */
export function scriptedModel(steps: ScriptedStep[]): MockLanguageModelV3 {
  const results: GenerateResult[] = steps.map((step) => ({
    content:
      'text' in step
        ? [{ type: 'text', text: step.text }]
        : step.toolCalls.map((c) => ({ type: 'tool-call', toolCallId: c.id, toolName: c.name, input: JSON.stringify(c.args) })),
    finishReason: 'text' in step ? { unified: 'stop', raw: 'stop' } : { unified: 'tool-calls', raw: 'tool_calls' },
    usage: { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 5, text: 5, reasoning: undefined } },
    warnings: [],
  }));
  return new MockLanguageModelV3({ doGenerate: results });
}

// Try examples/ai-sdk.ts without a key (runnable: npx tsx examples/try/ai-sdk.ts): the model refunds $46.00 and tells the customer $64.00.
// await refundTurn(scriptedModel([
//   { toolCalls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 4600 } }] },
//   { text: "I've refunded $64.00 for order A-1." },
// ]), 'Refund order A-1 ($64).');
// claimcheck warns: issue_refund args_mismatch: "I've refunded $64.00 for order A-1." (the reply says a refund of $64.00, but the call used amount_cents 4600)
