import { describe, expect, it } from 'vitest';
import { ClaimcheckError } from './errors.js';
import { Ledger, type LedgerEntry } from './ledger.js';

const entry = (over: Partial<LedgerEntry> = {}): LedgerEntry => ({
  tool: 'send_email',
  status: 'ok',
  args: { to: 'a@b.co', body: 'hello' },
  result: { message_id: 'm_1' },
  error: null,
  callId: 'call_1',
  startedAt: 1_000,
  endedAt: 1_250,
  ...over,
});

describe('Ledger', () => {
  it('keeps entries in call order, as copies', () => {
    const ledger = new Ledger();
    const first = entry();
    ledger.record(first);
    ledger.record(entry({ tool: 'issue_refund', callId: 'call_2' }));
    first.tool = 'mutated';
    expect(ledger.entries.map((e) => e.tool)).toEqual(['send_email', 'issue_refund']);
    expect(ledger.size).toBe(2);
    expect([...ledger]).toHaveLength(2);
  });

  it('stores no args or results with captureResults: false, but keeps tool, status, error and times', () => {
    const ledger = new Ledger({ captureResults: false }, [entry(), entry({ status: 'error', result: undefined, error: 'SMTP timeout' })]);
    expect(ledger.entries[0]).toEqual({ ...entry(), args: undefined, result: undefined });
    expect(ledger.entries[1]?.error).toBe('SMTP timeout');
  });

  it('truncates long results and errors to maxResultChars and says how much was cut', () => {
    const ledger = new Ledger({ maxResultChars: 10 });
    const stored = ledger.record(entry({ result: 'x'.repeat(25), error: 'e'.repeat(12), status: 'error' }));
    expect(stored.result).toBe(`${'x'.repeat(10)}…[truncated 15 chars]`);
    expect(stored.error).toBe(`${'e'.repeat(10)}…[truncated 2 chars]`);
    const object = ledger.record(entry({ result: { text: 'y'.repeat(50) } }));
    expect(typeof object.result).toBe('string');
    expect(String(object.result)).toMatch(/…\[truncated \d+ chars\]$/);
  });

  it('keeps a short structured result as it is', () => {
    expect(new Ledger({ maxResultChars: 1_000 }).record(entry()).result).toEqual({ message_id: 'm_1' });
  });

  it.each([0, -1, 1.5, Number.NaN])('rejects maxResultChars %s with invalid_options', (n) => {
    const make = (): Ledger => new Ledger({ maxResultChars: n });
    expect(make).toThrow(ClaimcheckError);
    expect(make).toThrow(/maxResultChars must be a positive integer/);
  });

  it('fills defaults for a minimal entry and rejects a bad one with invalid_input', () => {
    expect(new Ledger().record({ tool: 'x', status: 'ok' })).toEqual({ tool: 'x', status: 'ok', args: undefined, result: undefined, error: null, callId: null, startedAt: null, endedAt: null });
    expect(() => new Ledger().record({ tool: 'x', status: 'success' as 'ok' })).toThrow(/use "ok" or "error"/);
    expect(() => new Ledger().record({ tool: '', status: 'ok' })).toThrow(ClaimcheckError);
  });

  it('serializes to its entries', () => {
    expect(JSON.parse(JSON.stringify(new Ledger({}, [entry()])))).toEqual([entry()]);
  });
});

describe('deeply nested values', () => {
  it('a 100,000-deep argument or result is kept cut and marked, and the ledger serializes', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const ledger = new Ledger();
    const entry = ledger.record({ tool: 'dig', status: 'ok', args: { tree: deep }, result: deep });
    expect(JSON.stringify(entry.args)).toContain('[Truncated: nested deeper than 256 levels]');
    expect(typeof entry.result).toBe('object');
    expect(() => JSON.stringify(ledger.toJSON())).not.toThrow();
    expect(() => ledger.record({ tool: '', status: 'ok', args: deep } as never)).toThrow(expect.objectContaining({ code: 'invalid_input' }));
  });
});
