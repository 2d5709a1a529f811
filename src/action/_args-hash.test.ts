/**
 * Argument hashes and capture: interceptions carry a hash of the arguments, never the raw values,
 * unless capture is on.
 */
import { describe, expect, it } from 'vitest';
import { argsHash, canonicalJson } from './_args-hash.js';
import { guard } from './guard.js';
import { createMemorySink } from './operation-sink.js';

describe('argsHash', () => {
  it('is the SHA-256 of canonical JSON: key order does not matter, values do', () => {
    expect(argsHash({ b: 1, a: [1, { d: 2, c: 3 }] })).toBe(argsHash({ a: [1, { c: 3, d: 2 }], b: 1 }));
    expect(argsHash({ a: 1 })).not.toBe(argsHash({ a: 2 }));
    expect(argsHash({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
    expect(canonicalJson({ z: undefined, y: () => 1, x: 10n, w: new Date(0), v: NaN })).toBe('{"v":null,"w":"1970-01-01T00:00:00.000Z","x":"10"}');
    expect(canonicalJson('{"a":1}')).toBe('"{\\"a\\":1}"');
  });

  it('survives cycles', () => {
    const a: Record<string, unknown> = { n: 1 };
    a.self = a;
    expect(canonicalJson(a)).toBe('{"n":1,"self":"[Circular]"}');
    const shared = { k: 1 };
    expect(canonicalJson([shared, shared])).toBe('[{"k":1},{"k":1}]');
  });
});

describe('capture', () => {
  const tools = [{ name: 'charge', description: 'Charge a card.', parameters: { type: 'object', properties: { card: { type: 'string', pattern: '^\\d{16}$' } }, required: ['card'] } }];
  const secret = '4111-1111-1111-1111';

  it('is off by default: interceptions and operations hold no raw values', () => {
    const sink = createMemorySink();
    const g = guard({ tools, executors: { charge: () => ({}) }, sink });
    const r = g.execute('charge', { card: secret });
    expect(r.failure?.category).toBe('format_violation');
    const [interception] = sink.interceptions;
    expect(interception).toMatchObject({ tool: 'charge', category: 'format_violation', path: '/card', argsHash: argsHash({ card: secret }) });
    expect(interception).not.toHaveProperty('args');
    expect(JSON.stringify(sink.interceptions)).not.toContain('4111');
    expect(JSON.stringify(sink.operations)).not.toContain('4111');
  });

  it('captureArgs: true keeps the raw arguments in the records', () => {
    const sink = createMemorySink();
    const g = guard({ tools, executors: { charge: () => ({}) }, sink, captureArgs: true });
    g.execute('charge', { card: secret });
    g.execute('charge', { card: '4111111111111111' });
    expect(sink.interceptions[0]?.args).toEqual({ card: secret });
    expect(sink.operations.map((o) => o.args)).toEqual([{ card: secret }, { card: '4111111111111111' }]);
  });

  it('captureResults: false keeps neither args nor results in the ledger', () => {
    const g = guard({ tools, executors: { charge: () => ({ charge_id: 'ch_1' }) }, captureResults: false });
    g.execute('charge', { card: '4111111111111111' });
    expect(g.ledger.entries[0]).toMatchObject({ tool: 'charge', status: 'ok', args: undefined, result: undefined });
  });
});
