import { action, guard, idField, HALT, PASS } from 'claimcheck';

// The tools the model sees, with their JSON Schemas.
const tools = [
  {
    name: 'send_email',
    description: 'Send an email to a customer.',
    parameters: {
      type: 'object',
      properties: { to: { type: 'string', format: 'email' }, subject: { type: 'string' }, body: { type: 'string' } },
      required: ['to', 'subject', 'body'],
    },
  },
  { name: 'lookup_order', description: 'Fetch an order.', parameters: { type: 'object', properties: { order_id: { type: 'string' } } } },
  { name: 'issue_refund', description: 'Refund an order.', parameters: { type: 'object', properties: { order_id: { type: 'string' } } } },
];

export async function main(): Promise<string> {
  const g = guard({
    tools,
    executors: {
      lookup_order: (args) => ({ order_id: (args as { order_id: string }).order_id, total: 64 }),
      issue_refund: action(async () => ({ refund_id: 'RF-1' }), { receipt: idField('refund_id') }),
      // A side-effecting tool: its proof is the message id. verify runs after the executor and judges what
      // happened: HALT marks this call needs_review (the email has gone out). To stop a send before it runs,
      // put the rule in the JSON Schema (a `pattern` on `to`): invalid arguments never reach the executor.
      send_email: action(async () => ({ message_id: 'msg_123' }), {
        receipt: idField('message_id'),
        verify: (args) => ((args as { to: string }).to.endsWith('@example.com') ? PASS : HALT('external recipient')),
      }),
    },
  });

  // In your loop, run each tool call the model makes through the guard.
  const bad = await g.executeAsync('send_email', { to: 'not-an-email', subject: 'Hi' });
  console.log(bad.ok, bad.failure?.category); // false missing_required (the executor never ran)
  // Every failure of rejected arguments (for a retry prompt of your own): `failures` exists only on validation categories.
  if (!bad.ok && 'failures' in bad.failure) console.log(bad.failure.failures.map((f) => `${f.category} ${f.path}`)); // [ 'missing_required /body', 'format_violation /to' ]
  const sent = await g.executeAsync('send_email', { to: 'priya@example.com', subject: 'Refund', body: 'Done.' });
  console.log(sent.state, sent.receipt?.id); // posted msg_123

  // On a text-only turn, check the reply before it reaches the user.
  const receipt = g.checkBypass("I've emailed you and refunded your $64.");
  console.log(receipt.verdict, receipt.claimedButNeverRan.map((c) => `${c.tool ?? '?'}:${c.reason ?? ''}`)); // fabricated [ 'issue_refund:not_called' ]
  g.close();
  return receipt.verdict;
}
