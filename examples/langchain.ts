import { createAgent, tool } from 'langchain';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { z } from 'zod';
import { idField } from 'claimcheck';
import { claimcheckMiddleware } from 'claimcheck/langchain';

const lookupOrder = tool(async ({ order_id }) => ({ order_id, total: 64, status: 'delivered' }), {
  name: 'lookup_order',
  description: 'Fetch an order by its order number.',
  schema: z.object({ order_id: z.string() }),
});
const issueRefund = tool(async ({ order_id }) => ({ refund_id: `RF-${order_id}`, status: 'succeeded' }), {
  name: 'issue_refund',
  description: 'Refund an order to the original payment method. Amount in cents.',
  schema: z.object({ order_id: z.string(), amount_cents: z.number().int().min(1) }),
});
const sendEmail = tool(async () => ({ message_id: 'msg_77' }), {
  name: 'send_email',
  description: 'Send an email to a customer.',
  schema: z.object({ to: z.string().email(), subject: z.string(), body: z.string() }),
});
const tools = [lookupOrder, issueRefund, sendEmail];

export async function refundTurn(model: BaseChatModel | string, prompt: string): Promise<string> {
  const claimcheck = claimcheckMiddleware({
    tools, // the agent's own tools: their schemas validate every call
    actions: { issue_refund: { receipt: idField('refund_id') }, send_email: { receipt: idField('message_id') } },
  });
  const agent = createAgent({ model, tools, middleware: [claimcheck] }); // model: e.g. 'openai:gpt-4o'
  const state = await agent.invoke({ messages: [{ role: 'user', content: prompt }] });
  for (const claim of state.claimcheck?.claimedButNeverRan ?? []) console.warn(`${claim.tool ?? '?'} ${claim.reason ?? ''}: "${claim.text}"`);
  console.log(claimcheck.guard.render()); // e.g. issue_refund blocked: type_mismatch at /amount_cents · issue_refund posted (refund id RF-A-1) · …
  claimcheck.guard.close();
  return state.claimcheck?.verdict ?? 'clean';
}
