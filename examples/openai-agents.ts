import { Agent, OutputGuardrailTripwireTriggered, run, tool, type Model } from '@openai/agents';
import { z } from 'zod';
import { idField, type ReceiptJSON } from 'claimcheck';
import { claimcheckOutputGuardrail, claimcheckRunOptions, guardAgentTools } from 'claimcheck/openai-agents';

const issueRefund = tool({
  name: 'issue_refund',
  description: 'Refund an order to the original payment method. Amount in cents.',
  parameters: z.object({ order_id: z.string(), amount_cents: z.number().int().min(1) }),
  execute: async ({ order_id }) => ({ refund_id: `RF-${order_id}`, status: 'succeeded' }),
});
const sendEmail = tool({
  name: 'send_email',
  description: 'Send an email to the customer.',
  parameters: z.object({ to: z.email(), subject: z.string(), body: z.string() }),
  execute: async () => ({ message_id: 'msg_1' }),
});

export async function supportRun(input: string, model: string | Model = 'gpt-4.1'): Promise<string> {
  // Every function tool call goes through a guard: validated, run, its proof read, recorded.
  const { tools, guard } = guardAgentTools([issueRefund, sendEmail], {
    actions: { issue_refund: { receipt: idField('refund_id') }, send_email: { receipt: idField('message_id') } },
  });
  const agent = new Agent({
    name: 'Support',
    instructions: 'You help customers with refunds. Email them a confirmation.',
    model,
    tools,
    // The final reply is checked against the calls that ran: a claim no call backs trips the guardrail.
    outputGuardrails: [claimcheckOutputGuardrail({ guard, mode: 'fail' })],
  });
  try {
    // claimcheckRunOptions: a call to a tool the agent lacks goes back to the model, recorded.
    const result = await run(agent, input, { ...claimcheckRunOptions({ guard }) });
    return result.finalOutput ?? '';
  } catch (error) {
    if (!(error instanceof OutputGuardrailTripwireTriggered)) throw error;
    const receipt = error.result.output.outputInfo as ReceiptJSON;
    console.warn(receipt.summary); // fabricated: send_email claimed but not_called; 1 confirmed
    return 'I could not complete every step of your request; a colleague will follow up.';
  } finally {
    guard.close();
  }
}
