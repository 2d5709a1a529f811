import type OpenAI from 'openai';
import { action, idField } from 'claimcheck';
import { run } from 'claimcheck/run';
import { openStore } from 'claimcheck/store';

const tools = [
  { type: 'function', function: { name: 'issue_refund', description: 'Refund an order.', parameters: { type: 'object', properties: { order_id: { type: 'string' }, amount_cents: { type: 'integer' } }, required: ['order_id', 'amount_cents'] } } },
  { type: 'function', function: { name: 'send_email', description: 'Email the customer.', parameters: { type: 'object', properties: { to: { type: 'string', format: 'email' }, body: { type: 'string' } }, required: ['to', 'body'] } } },
];
const executors = {
  issue_refund: action(async () => ({ refund_id: 're_3PqK8' }), { receipt: idField('refund_id') }),
  send_email: action(async () => ({ message_id: 'msg_1' }), { receipt: idField('message_id') }),
};

export async function supportTurn(client: OpenAI, messages: unknown[]): Promise<string> {
  const store = await openStore(); // .claimcheck/ledger.sqlite in this project
  let result = await run(client, { model: 'gpt-4o', messages, tools, executors, store, run: { agent: 'support-desk' } }); // the run's name in `claimcheck view`
  while (!result.finished) result = await run(client, { model: 'gpt-4o', messages: result.messages, tools, executors });
  if (result.receipt?.verdict === 'fabricated') console.warn(result.render()); // e.g. claimed send_email but tool_failed
  await store.close();
  return result.text;
}

// const text = await supportTurn(new OpenAI(), [{ role: 'user', content: 'Refund order A-1 and email me.' }]);
