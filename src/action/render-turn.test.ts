/**
 * renderTurn: a receipt-derived account of the turn, never a bare "done".
 */
import { describe, expect, it } from 'vitest';
import { action } from './action.js';
import { idField } from './action-receipt.js';
import { guard } from './guard.js';
import { renderTurn } from './render-turn.js';
import { HALT } from './verify-outcome.js';

const tools = [
  { name: 'send_email', description: 'Send an email.' },
  { name: 'refund', description: 'Refund a payment.', parameters: { type: 'object', properties: { amount: { type: 'integer' } }, required: ['amount'] } },
  { name: 'charge', description: 'Charge a card.' },
  { name: 'get_order', description: 'Look up an order.' },
];

describe('renderTurn', () => {
  it('says what was posted with which proof, what failed and why, what needs review, and what was read', () => {
    const g = guard({
      tools,
      executors: {
        send_email: action(() => ({ message_id: 'msg_123' }), { receipt: idField('message_id') }),
        refund: action(() => ({ error: 'card_declined' }), { receipt: idField('refund_id') }),
        charge: action(() => ({ charge_id: 'ch_1' }), { receipt: idField('charge_id'), verify: () => HALT('charged twice') }),
        get_order: () => ({}),
      },
    });
    g.execute('get_order', {});
    g.execute('send_email', {});
    g.execute('refund', { amount: 10 });
    g.execute('refund', { amount: 'ten' });
    g.execute('charge', {});
    g.execute('get_order', {});
    expect(g.render()).toBe(
      'send_email posted (message id msg_123) · refund failed: card_declined · refund blocked: type_mismatch at /amount · charge halted: charged twice · read: get_order ×2',
    );
  });

  it('with nothing to report says so', () => {
    expect(renderTurn({ operations: [] })).toBe('No tool calls this turn.');
    expect(guard({ executors: { get: () => 1 } }).render()).toBe('No tool calls this turn.');
  });
});
