import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
import { idField, type ReceiptJSON } from 'claimcheck';
import { claimcheckProcessor, claimcheckToolHooks } from 'claimcheck/mastra';

const tools = {
  issue_refund: createTool({
    id: 'issue_refund',
    description: 'Refund an order to the original payment method. Amount in cents.',
    inputSchema: z.object({ order_id: z.string(), amount_cents: z.number().int().min(1) }),
    execute: async ({ order_id }) => ({ refund_id: `RF-${order_id}`, status: 'succeeded' }),
  }),
  send_email: createTool({
    id: 'send_email',
    description: 'Send an email to the customer.',
    inputSchema: z.object({ to: z.email(), subject: z.string(), body: z.string() }),
    execute: async () => ({ message_id: 'msg_1' }),
  }),
};

type Model = ConstructorParameters<typeof Agent>[0]['model'];

export async function supportReply(input: string, model: Model = 'openai/gpt-4.1'): Promise<string> {
  // Every tool call goes through a guard: validated, run by Mastra, its proof read, recorded.
  const hooks = claimcheckToolHooks({
    tools,
    actions: { issue_refund: { receipt: idField('refund_id') }, send_email: { receipt: idField('message_id') } },
  });
  const agent = new Agent({
    id: 'support',
    name: 'Support',
    instructions: 'You help customers with refunds. Email them a confirmation.',
    model,
    tools,
    hooks,
    // Each reply is checked against the calls that ran: a fabricated one goes back to the model once, then is blocked.
    outputProcessors: [claimcheckProcessor({ guard: hooks.guard, onFabricated: 'retry' })],
    maxProcessorRetries: 1,
  });
  try {
    const result = await agent.generate(input);
    if (result.tripwire === undefined) return result.text;
    const receipt = (result.tripwire.metadata as { claimcheck: ReceiptJSON }).claimcheck;
    console.warn(receipt.summary); // fabricated: send_email claimed but not_called; 1 confirmed
    return 'I could not complete every step of your request; a colleague will follow up.';
  } finally {
    hooks.guard.close();
  }
}
