/**
 * The demo's support desk: the tools its agent sees (JSON Schemas, as a Chat Completions request sends
 * them) and a scripted backend behind them. Deterministic: the same call gets the same answer, and a
 * scenario's faults say which service misbehaves.
 */
import { action, type Action, type Executor } from '../action/action.js';
import { idField } from '../action/action-receipt.js';
import { FLAG, HALT, PASS } from '../action/verify-outcome.js';

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
        properties: {
          order_id: { type: 'string' },
          amount_cents: { type: 'integer', minimum: 1 },
          reason: { type: 'string', enum: ['damaged', 'not_delivered', 'wrong_item', 'changed_mind'] },
        },
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

/**
 * How a scenario's backend misbehaves. `send_email`: it times out, or accepts a message without
 * returning its id. `issue_refund`: the processor leaves the refund pending, or refunds half the amount.
 */
export interface SupportDeskFaults {
  send_email?: 'timeout' | 'no_message_id';
  issue_refund?: 'pending' | 'partial';
}

/** The backend's orders. */
const orders: Record<string, { order_id: string; item: string; total_cents: number; status: string; email: string }> = {
  'A-1042': { order_id: 'A-1042', item: 'Glass blender', total_cents: 6400, status: 'delivered', email: 'priya@example.com' },
};

/**
 * The backend: `lookup_order` reads, `issue_refund` and `send_email` are actions whose proof is the id
 * they return (`refund_id`, `message_id`). The refund's `verify` compares what the processor did with
 * what was asked: `HALT` when it refunded another amount, `FLAG` when the refund is not settled, else `PASS`.
 */
export function supportDeskExecutors(faults: SupportDeskFaults = {}): Record<string, Executor | Action> {
  const lookupOrder: Executor = (args) => {
    const order = orders[(args as { order_id: string }).order_id];
    if (order === undefined) throw new Error(`No order ${(args as { order_id: string }).order_id}.`);
    return order;
  };
  const issueRefund = action<RefundArgs, RefundOutput>(
    (args) => {
      const { order_id, amount_cents } = args;
      if (orders[order_id] === undefined) throw new Error(`No order ${order_id}.`);
      const refunded = faults.issue_refund === 'partial' ? Math.floor(amount_cents / 2) : amount_cents;
      return { refund_id: 'RF-20931', order_id, amount_cents: refunded, status: faults.issue_refund === 'pending' ? 'pending' : 'succeeded' };
    },
    {
      receipt: idField('refund_id'),
      verify: (args, _receipt, output) => {
        if (output.amount_cents !== args.amount_cents) return HALT(`the processor refunded ${dollars(output.amount_cents)}, not the ${dollars(args.amount_cents)} asked`);
        if (output.status !== 'succeeded') return FLAG(`the refund is ${output.status} at the processor`);
        return PASS;
      },
    },
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

interface RefundArgs {
  order_id: string;
  amount_cents: number;
  reason?: string;
}

interface RefundOutput {
  refund_id: string;
  order_id: string;
  amount_cents: number;
  status: 'succeeded' | 'pending';
}

const dollars = (cents: number): string => `$${(cents / 100).toFixed(2)}`;
