/**
 * Under the guard, a schema is either applied or visibly not: a root-recursive schema is checked (not
 * skipped), and every call whose schema was skipped in whole or part says so on its operation, in one
 * log line per tool, and in the summary's count (issue 10, items 3 to 5).
 */
import { describe, expect, it, vi } from 'vitest';
import { guard } from './guard.js';
import { createMemorySink } from './operation-sink.js';

const tool = (name: string, parameters: Record<string, unknown>) => ({ name, description: '', input_schema: parameters });
const tree = { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } }, required: ['name'] };

describe('guard validation coverage', () => {
  it('a root-recursive schema rejects invalid arguments before the executor runs', () => {
    const executor = vi.fn(() => ({ ok: true }));
    const logger = { warn: vi.fn() };
    const g = guard({ tools: [tool('save_tree', tree)], executors: { save_tree: executor }, logger });
    const bad = g.execute('save_tree', { name: 'root', children: [{ name: 7 }] });
    expect(bad).toMatchObject({ ok: false, state: 'failed', failure: { category: 'type_mismatch', path: '/children/0/name' } });
    expect(executor).not.toHaveBeenCalled();
    expect(g.execute('save_tree', { name: 'root', children: [{ name: 'leaf' }] })).toMatchObject({ ok: true, state: 'read', incident: null });
    expect(g.turn.every((op) => op.validation === undefined)).toBe(true);
    expect(g.close().validationSkipped).toBe(0);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('optional members named like Object.prototype members do not block {}', () => {
    const schema = { type: 'object', properties: { constructor: { type: 'string' }, toString: { type: 'string' }, valueOf: { type: 'number' } } };
    const executor = vi.fn(() => 'done');
    const g = guard({ tools: [tool('configure', schema)], executors: { configure: executor }, logger: { warn: vi.fn() } });
    expect(g.execute('configure', {})).toMatchObject({ ok: true, state: 'read' });
    expect(g.execute('configure', '{}')).toMatchObject({ ok: true, state: 'read' });
    expect(executor).toHaveBeenCalledTimes(2);
  });

  it('a schema that cannot compile: each call is marked skipped, logged once, counted', () => {
    const broken = { type: 'object', properties: { a: { $ref: 'https://example.com/elsewhere.json' } } };
    const logger = { warn: vi.fn() };
    const sink = createMemorySink();
    const g = guard({ tools: [tool('lookup', broken)], executors: { lookup: () => 'x' }, logger, sink });
    g.execute('lookup', { a: 1 });
    g.execute('lookup', { a: 2 });
    expect(g.execute('lookup', 'not json')).toMatchObject({ ok: false, failure: { category: 'invalid_json' } });
    expect(sink.operations.map((op) => op.validation)).toEqual(['skipped', 'skipped', 'skipped']);
    expect(sink.operations[0]?.incident).toMatch(/^validation: /);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(g.close().validationSkipped).toBe(3);
  });

  it('an unsupported pattern: the rest is checked, calls are marked partial, logged once per tool, counted', () => {
    const schema = { type: 'object', properties: { user: { type: 'string', pattern: '^(?!admin$)' }, n: { type: 'integer' } } };
    const logger = { warn: vi.fn() };
    const sink = createMemorySink();
    const executor = vi.fn(() => 'ok');
    const g = guard({ tools: [tool('grant', schema)], executors: { grant: executor }, logger, sink });
    expect(g.execute('grant', { user: 'admin', n: 1 })).toMatchObject({ ok: true, state: 'read', incident: null });
    expect(g.execute('grant', { user: 'ana', n: 'one' })).toMatchObject({ ok: false, failure: { category: 'type_mismatch', path: '/n' } });
    expect(sink.operations.map((op) => op.validation)).toEqual(['partial', 'partial']);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]?.[0]).toMatch(/checked only in part: pattern "\^\(\?!admin\$\)"/);
    expect(g.close().validationSkipped).toBe(2);
  });

  it('a schema past the size bound (50,000 properties): not compiled, each call runs and is marked skipped, one warning says why', { timeout: 60_000 }, () => {
    const properties = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`p${i}`, { type: 'string' }]));
    const logger = { warn: vi.fn() };
    const sink = createMemorySink();
    const executor = vi.fn(() => 'ok');
    const g = guard({ tools: [tool('bulk', { type: 'object', properties })], executors: { bulk: executor }, logger, sink });
    expect(g.execute('bulk', { p1: 'x' })).toMatchObject({ ok: true, state: 'unknown' });
    expect(g.execute('bulk', { p1: 3 })).toMatchObject({ ok: true, state: 'unknown' });
    expect(executor).toHaveBeenCalledTimes(2);
    expect(sink.operations.map((op) => op.validation)).toEqual(['skipped', 'skipped']);
    expect(sink.operations[0]?.incident).toMatch(/more than 5,000 subschemas/);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]?.[0]).toMatch(/"bulk".*more than 5,000 subschemas/);
    expect(g.close().validationSkipped).toBe(2);
  });
});
