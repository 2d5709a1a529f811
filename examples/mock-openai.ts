import OpenAI from 'openai';

/** One scripted model reply: tool calls, or the final text. */
export type ScriptedReply = { toolCalls: Array<{ id: string; name: string; args: unknown }> } | { text: string };

/**
 * A real `OpenAI` client whose `fetch` answers each Chat Completions request with the next scripted
 * reply: no network, no API key. Everything else (the SDK, your loop, claimcheck) is the real thing.
 */
export function scriptedOpenAI(replies: ScriptedReply[]): OpenAI {
  let n = 0;
  const fetch = async (): Promise<Response> => {
    const reply = replies[n++];
    if (reply === undefined) throw new Error(`the model was asked more than the script's ${replies.length} replies`);
    const message =
      'text' in reply
        ? { role: 'assistant', content: reply.text, refusal: null }
        : {
            role: 'assistant',
            content: null,
            refusal: null,
            tool_calls: reply.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.args) } })),
          };
    const body = {
      id: `chatcmpl-scripted-${n}`,
      object: 'chat.completion',
      created: 0,
      model: 'gpt-4o',
      choices: [{ index: 0, message, logprobs: null, finish_reason: 'text' in reply ? 'stop' : 'tool_calls' }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return new OpenAI({ apiKey: 'sk-scripted', fetch, maxRetries: 0 });
}

// Try an example without a key (runnable as is: npx tsx examples/try/openai.ts):
// const client = scriptedOpenAI([
//   { toolCalls: [{ id: 'call_1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } }] },
//   { text: "I've refunded $64.00 and emailed you the confirmation." },
// ]);
