/**
 * The demo's support desk: the tools its agent sees (JSON Schemas, as a Chat Completions request sends
 * them) and a scripted backend behind them. Deterministic: the same call gets the same answer, and a
 * scenario's faults say which service misbehaves.
 */
import { action, type Action, type Executor } from '../action/action.js';
import { idField } from '../action/action-receipt.js';

/** The agent's system prompt. */
export const SUPPORT_DESK_PROMPT =
  'You are the support agent of Kettle & Co. Look orders up before acting, refund in cents, and email the customer a confirmation of every change.';

/** The tools, in Chat Completions shape. */
export const supportDeskTools = [
  {
    type: 'function',
    function: {
      name: 'lookup_order',
      description: 'Fetch an order by its order number.',
      parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'], additionalProperties: false },
    },
  },
  {
    type: 'function',
    function: {
      name: 'issue_refund',
      description: 'Refund an order to the original payment method. Amount in cents.',
      parameters: {
        type: 'object',
        properties: { order_id: { type: 'string' }, amount_cents: { type: 'integer', minimum: 1 } },
        required: ['order_id', 'amount_cents'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'send_email',
      description: 'Send an email to a customer.',
      parameters: {
        type: 'object',
        properties: { to: { type: 'string', format: 'email' }, subject: { type: 'string' }, body: { type: 'string' } },
        required: ['to', 'subject', 'body'],
        additionalProperties: false,
      },
    },
  },
] as const;

/** Tool names, for the run's registry. */
export const supportDeskToolNames: readonly string[] = supportDeskTools.map((t) => t.function.name);

/** How a scenario's email service misbehaves: it times out, or accepts a message without returning its id. */
export interface SupportDeskFaults {
  send_email?: 'timeout' | 'no_message_id';
}

/** The backend's orders. */
const orders: Record<string, { order_id: string; item: string; total_cents: number; status: string; email: string }> = {
  'A-1042': { order_id: 'A-1042', item: 'Glass blender', total_cents: 6400, status: 'delivered', email: 'priya@example.com' },
};

/**
 * The backend: `lookup_order` reads, `issue_refund` and `send_email` are actions whose proof is the id
 * they return (`refund_id`, `message_id`).
 */
export function supportDeskExecutors(faults: SupportDeskFaults = {}): Record<string, Executor | Action> {
  const lookupOrder: Executor = (args) => {
    const order = orders[(args as { order_id: string }).order_id];
    if (order === undefined) throw new Error(`No order ${(args as { order_id: string }).order_id}.`);
    return order;
  };
  const issueRefund = action(
    (args) => {
      const { order_id, amount_cents } = args as { order_id: string; amount_cents: number };
      if (orders[order_id] === undefined) throw new Error(`No order ${order_id}.`);
      return { refund_id: 'RF-20931', order_id, amount_cents, status: 'succeeded' };
    },
    { receipt: idField('refund_id') },
  );
  const sendEmail = action(
    () => {
      if (faults.send_email === 'timeout') throw new Error('SMTP timeout after 30000 ms (smtp.kettle.example:587)');
      if (faults.send_email === 'no_message_id') return { status: 'queued' };
      return { message_id: 'msg_5c1e0a', status: 'sent' };
    },
    { receipt: idField('message_id') },
  );
  return { lookup_order: lookupOrder, issue_refund: issueRefund, send_email: sendEmail };
}
