import Anthropic from '@anthropic-ai/sdk';

/** One scripted model reply: tool uses, or the final text. */
export type ScriptedReply = { toolUses: Array<{ id: string; name: string; input: Record<string, unknown> }> } | { text: string };

/**
 * A real `Anthropic` client whose `fetch` answers each Messages request with the next scripted reply:
 * no network, no API key. The SDK, its tool runner and claimcheck are the real thing.
 */
export function scriptedAnthropic(replies: ScriptedReply[]): Anthropic {
  let n = 0;
  const fetch = async (): Promise<Response> => {
    const reply = replies[n++];
    if (reply === undefined) throw new Error(`the model was asked more than the script's ${replies.length} replies`);
    const body = {
      id: `msg_scripted_${n}`,
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-6',
      content: 'text' in reply ? [{ type: 'text', text: reply.text }] : reply.toolUses.map((u) => ({ type: 'tool_use', ...u })),
      stop_reason: 'text' in reply ? 'end_turn' : 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 5 },
    };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return new Anthropic({ apiKey: 'sk-ant-scripted', fetch, maxRetries: 0 });
}

// Try examples/anthropic-tool-runner.ts without a key (runnable: npx tsx examples/try/anthropic.ts):
// await refundRun(scriptedAnthropic([
//   { toolUses: [{ id: 'toolu_1', name: 'issue_refund', input: { order_id: 'A-1', amount_cents: 6400 } }] },
//   { text: "I've refunded $64.00 and emailed you the confirmation." },
// ]), 'Refund order A-1 and email me.');
