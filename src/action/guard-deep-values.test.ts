/**
 * Deeply nested arguments and results (issue 10, item 8): a typed rejection for arguments, a cut and
 * marked result in the ledger, and the call stays in the turn, so an honest reply is not flagged.
 */
import { describe, expect, it, vi } from 'vitest';
import { guard } from './guard.js';
import { createMemorySink } from './operation-sink.js';

const nest = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

describe('guard on deeply nested values', () => {
  it('arguments nested 100,000 deep are rejected with a typed failure, and recorded', () => {
    const executor = vi.fn(() => 'ok');
    const sink = createMemorySink();
    const g = guard({ executors: { store_tree: executor }, sink, captureArgs: true, logger: { warn: vi.fn() } });
    const r = g.execute('store_tree', { tree: nest(100_000) });
    expect(r).toMatchObject({ ok: false, state: 'failed', failure: { category: 'constraint_violation', path: '' } });
    expect(r.failure?.message).toMatch(/nested deeper than 256 levels/);
    expect(executor).not.toHaveBeenCalled();
    expect(sink.interceptions[0]?.argsHash).toMatch(/^[0-9a-f]{64}$/);
    expect(() => JSON.stringify(sink.operations)).not.toThrow();
    expect(g.turn).toHaveLength(1);
  });

  it('a result nested 100,000 deep keeps the call in the turn: an honest reply is clean', () => {
    const logger = { warn: vi.fn() };
    const g = guard({ tools: [{ name: 'get_order', description: 'Look up an order by id.' }], executors: { get_order: () => nest(100_000) }, logger });
    expect(g.execute('get_order', { id: 'A1' })).toMatchObject({ ok: true, state: 'read', incident: null });
    expect(g.turn).toHaveLength(1);
    expect(JSON.stringify(g.ledger.entries[0]?.result)).toContain('[Truncated: nested deeper than 256 levels]');
    const receipt = g.checkBypass('I looked up your order.');
    expect(receipt.verdict).toBe('clean');
    expect(receipt.confirmed).toEqual([expect.objectContaining({ tool: 'get_order' })]);
    expect(logger.warn).not.toHaveBeenCalled();
  });
});
