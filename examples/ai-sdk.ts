import { generateText, jsonSchema, stepCountIs, tool, type LanguageModel } from 'ai';
import { idField } from 'claimcheck';
import { createRecorder, guardTools, repairToolCall } from 'claimcheck/ai-sdk';

export async function refundTurn(model: LanguageModel, prompt: string): Promise<string> {
  const tools = await guardTools(
    {
      issue_refund: tool({
        description: 'Refund an order to the original payment method. Amount in cents.',
        inputSchema: jsonSchema<{ order_id: string; amount_cents: number }>({
          type: 'object',
          properties: { order_id: { type: 'string' }, amount_cents: { type: 'integer', minimum: 1 } },
          required: ['order_id', 'amount_cents'],
        }),
        execute: async ({ order_id }) => ({ refund_id: `RF-${order_id}`, status: 'succeeded' }),
      }),
    },
    { actions: { issue_refund: { receipt: idField('refund_id') } } }, // the proof of a refund: its id
  );
  const recorder = createRecorder({ tools, request: prompt });
  const { text } = await generateText({
    model, // e.g. openai('gpt-4o') from @ai-sdk/openai
    tools,
    prompt,
    stopWhen: stepCountIs(5),
    experimental_repairToolCall: repairToolCall({ model, tools }), // one repair round trip per rejected call
    onStepFinish: recorder.onStepFinish,
  });
  const receipt = recorder.receipt();
  for (const claim of receipt.claimedButNeverRan) {
    console.warn(`${claim.tool ?? '?'} ${claim.reason ?? ''}: "${claim.text}"${claim.message === undefined ? '' : ` (${claim.message})`}`);
  }
  return text;
}
