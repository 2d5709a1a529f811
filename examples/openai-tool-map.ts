import type OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { idField } from 'claimcheck';
import { guardToolMap } from 'claimcheck/openai';

const tools = [
  { type: 'function' as const, function: { name: 'issue_refund', description: 'Refund an order.', parameters: { type: 'object', properties: { order_id: { type: 'string' }, amount_cents: { type: 'integer', minimum: 1 } }, required: ['order_id', 'amount_cents'] } } },
  { type: 'function' as const, function: { name: 'send_email', description: 'Email the customer.', parameters: { type: 'object', properties: { to: { type: 'string', format: 'email' }, body: { type: 'string' } }, required: ['to', 'body'] } } },
];

// Your executors, typed with their own arguments.
async function refund(args: { order_id: string; amount_cents: number }) {
  return { refund_id: `RF-${args.order_id}`, amount_cents: args.amount_cents };
}
async function sendEmail(args: { to: string; body: string }) {
  return { message_id: `msg_${args.to.length}` };
}

export async function supportLoop(client: OpenAI, request: string): Promise<string> {
  const { guard, call } = guardToolMap(
    { issue_refund: refund, send_email: sendEmail },
    { tools, actions: { issue_refund: { receipt: idField('refund_id') }, send_email: { receipt: idField('message_id') } } },
  );
  const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: request }];
  for (let step = 0; step < 8; step++) {
    const message = (await client.chat.completions.create({ model: 'gpt-4o', messages, tools })).choices[0]!.message;
    messages.push(message);
    if (message.tool_calls?.length) {
      for (const toolCall of message.tool_calls) messages.push(await call(toolCall)); // validated, run, recorded
      continue;
    }
    const receipt = guard.checkBypass(message.content ?? '', { request });
    console.log(guard.render()); // e.g. issue_refund posted (refund id RF-A-1) · claimed send_email but not_called: "…"
    guard.close();
    return receipt.verdict;
  }
  throw new Error('no final reply after 8 steps');
}
