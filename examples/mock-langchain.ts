import { AIMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';

/** One scripted model step: tool calls, or the final text. */
export type ScriptedStep = { toolCalls: Array<{ id: string; name: string; args: Record<string, unknown> }> } | { text: string };

/** LangChain's own fake chat model, answering request N with step N: no network, no API key. */
export function scriptedModel(steps: ScriptedStep[]) {
  const model = fakeModel();
  for (const step of steps) {
    if ('text' in step) model.respond(new AIMessage(step.text));
    else model.respond(new AIMessage({ content: '', tool_calls: step.toolCalls.map((c) => ({ ...c, type: 'tool_call' as const })) }));
  }
  return model;
}

// Try examples/langchain.ts without a key (runnable: npx tsx examples/try/langchain.ts):
// await refundTurn(scriptedModel([
//   { toolCalls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } }] },
//   { text: "I've refunded order A-1 and emailed you the confirmation." },
// ]), 'Refund order A-1 and email me.');
