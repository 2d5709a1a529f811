/**
 * Lone surrogates in tool names (issue 10, item 9): no UTF-8 store can keep them, so a name is never
 * changed silently. Registered names and ledger entries are refused with a typed error; a model's call
 * under such a name is an unknown_tool rejection recorded with the surrogate written as \uXXXX text.
 */
import { describe, expect, it } from 'vitest';
import { Ledger } from '../ledger.js';
import { openStore } from '../store/open-store.js';
import { normalizeTools } from '../tools.js';
import { guard } from './guard.js';

const lone = 'send\uD800mail';

describe('tool names with lone surrogates', () => {
  it('a registered tool name is refused with invalid_tool; a well-formed pair is fine', () => {
    expect(() => normalizeTools([{ name: lone, description: '' }])).toThrow(expect.objectContaining({ code: 'invalid_tool', message: expect.stringMatching(/U\+D800 at index 4/) }));
    expect(() => normalizeTools([`x\uDC00`])).toThrow(expect.objectContaining({ code: 'invalid_tool' }));
    expect(normalizeTools(['send_📧'])).toEqual([{ name: 'send_📧', description: '' }]);
  });

  it('a ledger entry is refused with invalid_input', () => {
    expect(() => new Ledger().record({ tool: lone, status: 'ok' })).toThrow(expect.objectContaining({ code: 'invalid_input' }));
  });

  it('a call under such a name is an unknown_tool, and the store keeps the escaped name exactly', async () => {
    const store = await openStore({ path: ':memory:' });
    const g = guard({ executors: { send_email: () => 'sent' }, store });
    const r = g.execute(lone, {});
    expect(r).toMatchObject({ ok: false, state: 'failed', failure: { category: 'unknown_tool' } });
    expect(g.turn.map((op) => op.tool)).toEqual(['send\\uD800mail']);
    await store.flush();
    const detail = await store.runDetail(store.currentRunId ?? '');
    expect(detail?.operations.map((o) => o.tool)).toEqual(['send\\uD800mail']);
    expect(detail?.interceptions.map((i) => i.tool)).toEqual(['send\\uD800mail']);
    await store.close();
  });
});
