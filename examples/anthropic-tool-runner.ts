import type Anthropic from '@anthropic-ai/sdk';
import { betaZodTool } from '@anthropic-ai/sdk/helpers/beta/zod';
import * as z from 'zod/v4';
import { idField } from 'claimcheck';
import { guardRunnableTools } from 'claimcheck/anthropic';

const refundTool = betaZodTool({
  name: 'issue_refund',
  description: 'Refund an order. Amount in cents.',
  inputSchema: z.object({ order_id: z.string(), amount_cents: z.number().int().positive() }),
  run: async ({ order_id }) => JSON.stringify({ refund_id: `RF-${order_id}` }),
});
const emailTool = betaZodTool({
  name: 'send_email',
  description: 'Email the customer.',
  inputSchema: z.object({ to: z.string().email(), body: z.string() }),
  run: async () => JSON.stringify({ message_id: 'msg_1' }),
});

export async function refundRun(client: Anthropic, request: string): Promise<string> {
  const { tools, guard } = guardRunnableTools([refundTool, emailTool], {
    actions: { issue_refund: { receipt: idField('refund_id') }, send_email: { receipt: idField('message_id') } },
  });
  const messages: Anthropic.Beta.BetaMessageParam[] = [{ role: 'user', content: request }];
  const final = await client.beta.messages.toolRunner({ model: 'claude-sonnet-4-6', max_tokens: 1024, messages, tools });
  const receipt = guard.checkBypass(final.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n'), { request });
  console.log(guard.render()); // e.g. issue_refund posted (refund id RF-A-1) · claimed send_email but not_called: "…"
  guard.close();
  return receipt.verdict;
}
