/**
 * The in-memory sink keeps the most recent records of each kind.
 */
import { describe, expect, it } from 'vitest';
import type { Operation } from './operation.js';
import { createMemorySink } from './operation-sink.js';

const op = (n: number): Operation => ({
  callId: `c${n}`, tool: 't', kind: 'read', state: 'read', ran: true, repaired: false, receipt: null, verify: null,
  failure: null, error: null, incident: null, startedAt: n, endedAt: n,
});

describe('createMemorySink', () => {
  it('keeps the last `limit` records, oldest first', () => {
    const sink = createMemorySink({ limit: 3 });
    for (let n = 1; n <= 10; n++) sink.recordOperation(op(n));
    expect(sink.operations.map((o) => o.callId)).toEqual(['c8', 'c9', 'c10']);
    expect(sink.interceptions).toEqual([]);
    expect(sink.receipts).toEqual([]);
  });

  it('rejects a bad limit', () => {
    expect(() => createMemorySink({ limit: 0 })).toThrow(expect.objectContaining({ code: 'invalid_options' }));
  });
});
