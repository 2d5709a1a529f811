import { describe, expect, it } from 'vitest';
import { mcpReceipt } from './mcp-receipt.js';

describe('mcpReceipt', () => {
  it('takes the first id-like member that is not an argument echoed back', () => {
    expect(mcpReceipt({ order_id: 'A-1', refund_id: 'RF-1', status: 'succeeded' }, { order_id: 'A-1' })).toEqual({ ok: true, id: 'RF-1', kind: 'refund_id', error: null });
    expect(mcpReceipt({ messageId: 77 }, {})).toEqual({ ok: true, id: '77', kind: 'messageId', error: null });
    expect(mcpReceipt({ id: ' x9 ', ticketID: 'T-1' }, {})).toMatchObject({ id: 'x9', kind: 'id' });
    expect(mcpReceipt({ order_id: 'A-1', status: 'cancelled' }, { order_id: 'A-1' })).toEqual({ ok: true, id: null, error: null });
  });

  it('finds no proof in text, arrays, empty or non-scalar ids, or names that only look alike', () => {
    for (const output of ['Sent message msg_1.', [{ id: 'x' }], { id: '' }, { id: { value: 'x' } }, { valid: 'x', paid: 'y', _id: null }]) {
      expect(mcpReceipt(output, {}).id).toBeNull();
    }
  });

  it('reports an output that plainly says it failed', () => {
    expect(mcpReceipt({ status: 'failed', refund_id: 'RF-1' }, {})).toMatchObject({ ok: false, id: 'RF-1' });
    expect(mcpReceipt('Error: card declined', {})).toEqual({ ok: false, id: null, error: 'Error: card declined' });
  });
});
