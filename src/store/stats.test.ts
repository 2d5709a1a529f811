import { describe, expect, it } from 'vitest';
import { Receipt } from '../receipt.js';
import { openStore } from './open-store.js';
import type { OperationInput } from './records.js';

const entry = { tool: 'lookup', status: 'ok' as const, args: null, result: null, error: null, callId: null, startedAt: null, endedAt: null };
const claim = { text: 'Refunded.', verb: 'refund', object: '', tool: 'refund', candidates: ['refund'], reason: 'not_called' as const, source: 'rules' as const };
const receipts = {
  clean: new Receipt({ confirmed: [], claimedButNeverRan: [], unmatched: [], ranButUnreported: [] }),
  unreported: new Receipt({ confirmed: [], claimedButNeverRan: [], unmatched: [], ranButUnreported: [entry] }),
  fabricated: new Receipt({ confirmed: [], claimedButNeverRan: [claim], unmatched: [], ranButUnreported: [] }),
  // Clean (the findings are informational), with one finding of each kind: stats sum them from the body.
  withFindings: new Receipt({
    confirmed: [],
    claimedButNeverRan: [],
    unmatched: [],
    ranButUnreported: [],
    claimedWithoutTool: [{ ...claim, verb: 'email', tool: null, candidates: [] }],
    deniedButRan: [{ ...claim, tool: 'send_email', contradictedBy: { ...entry, tool: 'send_email' } }],
  }),
};

/** A small ledger whose numbers are worked out by hand in the assertions below. */
async function knownStore() {
  const store = await openStore({ path: ':memory:' });
  const op = (o: OperationInput, times = 1): void => {
    for (let i = 0; i < times; i++) store.recordOperation(o);
  };
  store.startRun({ id: 'r1', at: 1_000, tools: ['send_email', 'refund', 'lookup'] });
  op({ tool: 'lookup', state: 'read', at: 1_100 }, 3);
  op({ tool: 'send_email', state: 'posted', receiptId: 'm', at: 1_200 }, 2);
  op({ tool: 'send_email', failure: 'tool_failed', error: 'SMTP 554', at: 1_300 });
  op({ tool: 'refund', failure: 'missing_required', ran: false, at: 1_400 });
  op({ tool: 'refund', state: 'posted', receiptId: 'r', repaired: true, at: 1_500 });
  op({ tool: 'refund', state: 'unknown', at: 1_600 });
  op({ tool: 'charge', failure: 'unknown_tool', ran: false, at: 1_700 });
  store.recordInterception({ tool: 'refund', category: 'missing_required', at: 1_400 });
  store.recordInterception({ tool: 'charge', category: 'unknown_tool', at: 1_700 });
  store.recordInterception({ tool: 'send_email', category: 'format_violation', at: 1_800 });
  store.recordReceipt({ receipt: receipts.clean, at: 1_900 });
  store.recordReceipt({ receipt: receipts.withFindings, at: 1_910 });
  store.recordReceipt({ receipt: receipts.unreported, at: 1_920 });
  store.recordReceipt({ receipt: receipts.fabricated, at: 1_930 });

  store.startRun({ id: 'r2', at: 5_000, tools: ['lookup', 'search', 'translate'] });
  op({ tool: 'lookup', state: 'read', at: 5_100 });
  store.recordInterception({ tool: 'search', category: 'type_mismatch', at: 5_150 });
  op({ tool: 'search', failure: 'tool_failed', at: 5_200 });
  store.recordInterception({ tool: 'search', category: 'missing_required', at: 5_250 });
  op({ tool: 'search', state: 'needs_review', verify: { code: 'flag', reason: 'odd' }, repaired: true, at: 5_260 });
  store.recordReceipt({ receipt: receipts.fabricated.toJSON(), at: 5_300 });
  return store;
}

describe('stats', () => {
  it('counts a known ledger exactly', async () => {
    const store = await knownStore();
    expect(await store.stats()).toEqual({
      since: null,
      runs: 2,
      calls: 13,
      states: { posted: 3, unknown: 1, needs_review: 1, failed: 4, read: 4 },
      errors: 4,
      intercepted: 5,
      interceptRate: 5 / 13,
      repaired: 2,
      repairRate: 2 / 5,
      passedThrough: 11,
      topFailingTools: [
        { tool: 'charge', calls: 1, errors: 1, errorRate: 1 },
        { tool: 'refund', calls: 3, errors: 1, errorRate: 1 / 3 },
        { tool: 'search', calls: 2, errors: 1, errorRate: 1 / 2 },
        { tool: 'send_email', calls: 3, errors: 1, errorRate: 1 / 3 },
      ],
      topCategories: [
        { category: 'missing_required', count: 2 },
        { category: 'format_violation', count: 1 },
        { category: 'type_mismatch', count: 1 },
        { category: 'unknown_tool', count: 1 },
      ],
      verdicts: { clean: 2, unreported: 1, fabricated: 2 },
      findings: { claimedWithoutTool: 1, deniedButRan: 1 },
      registry: { registered: 5, fired: 4, intercepted: 4 },
      dropped: { records: 0, lastAt: null },
      reviews: { claims: { right: 0, wrong: 0 }, operations: { right: 0, wrong: 0 }, flagsJudgedRight: null },
    });
    await store.close();
  });

  it('since counts only later records; top cuts the lists', async () => {
    const store = await knownStore();
    expect(await store.stats({ since: new Date(5_000), top: 1 })).toEqual({
      since: 5_000,
      runs: 1,
      calls: 3,
      states: { posted: 0, unknown: 0, needs_review: 1, failed: 1, read: 1 },
      errors: 1,
      intercepted: 2,
      interceptRate: 2 / 3,
      repaired: 1,
      repairRate: 1 / 2,
      passedThrough: 3,
      topFailingTools: [{ tool: 'search', calls: 2, errors: 1, errorRate: 1 / 2 }],
      topCategories: [{ category: 'missing_required', count: 1 }],
      verdicts: { clean: 0, unreported: 0, fabricated: 1 },
      findings: { claimedWithoutTool: 0, deniedButRan: 0 },
      registry: { registered: 3, fired: 2, intercepted: 1 },
      dropped: { records: 0, lastAt: null },
      reviews: { claims: { right: 0, wrong: 0 }, operations: { right: 0, wrong: 0 }, flagsJudgedRight: null },
    });
    await store.close();
  });

  it('is all zeros on an empty ledger, and counts() gives the table sizes', async () => {
    const empty = await openStore({ path: ':memory:' });
    expect(await empty.stats()).toMatchObject({ calls: 0, intercepted: 0, interceptRate: 0, repairRate: 0, topFailingTools: [], topCategories: [] });
    await empty.close();
    const store = await knownStore();
    expect(await store.counts()).toEqual({ runs: 2, operations: 13, interceptions: 5, receipts: 5, tools: 5, pending: 0, dropped: 0, droppedRecorded: 0 });
    await expect(store.stats({ since: Number.NaN })).rejects.toMatchObject({ code: 'invalid_options' });
    await store.close();
  });
});
