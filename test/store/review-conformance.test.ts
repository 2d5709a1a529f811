/**
 * Store conformance for the dashboard's reads and the review marks (schema 3): the same assertions
 * against SQLite and PostgreSQL (the real server at 127.0.0.1:5432, a database per test).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimcheckError } from '../../src/errors.js';
import { openStore, type OpenStoreOptions } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/store.js';
import { postgresDriver, sqliteDriver, type Ledger } from './drivers.js';

const claim = (text: string, tool: string, reason: 'not_called' | 'tool_failed') => ({ text, verb: 'send', object: '', tool, candidates: [tool], reason, source: 'rules' as const });
const receipt = (flagged: ReturnType<typeof claim>[]) => ({
  version: 1 as const,
  verdict: flagged.length > 0 ? ('fabricated' as const) : ('clean' as const),
  ok: flagged.length === 0,
  summary: flagged.length > 0 ? 'fabricated' : 'clean',
  confirmed: [],
  claimedButNeverRan: flagged,
  unmatched: [],
  suspected: [],
  ranButUnreported: [],
});

beforeAll(() => {
  process.env['CLAIMCHECK_HASH_KEY'] ??= 'conformance suite key';
});

describe.each([sqliteDriver, postgresDriver])('review marks and dashboard reads: $name', (driver) => {
  let ledger: Ledger | undefined;
  const stores: Store[] = [];
  const open = async (options: OpenStoreOptions = {}): Promise<Store> => {
    ledger ??= await driver.fresh();
    const store = await openStore({ ...ledger.location, ...options });
    stores.push(store);
    return store;
  };
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close().catch(() => undefined);
    await ledger?.dispose();
    ledger = undefined;
  });

  /** Two runs: `a` (support agent) with a failed email and a flagged reply of two claims, `b` (billing) with an unknown refund. */
  async function seed(store: Store): Promise<{ a: string; b: string }> {
    const a = store.startRun({ id: 'run-a', agent: 'support', at: 1_000 });
    store.recordOperation({ tool: 'send_email', status: 'error', error: 'SMTP timeout', at: 1_010 });
    store.recordReceipt({ receipt: receipt([claim('I emailed you the label.', 'send_email', 'tool_failed'), claim('I texted you too.', 'send_sms', 'not_called')]), at: 1_020, reply: 'I emailed you the label. I texted you too.', request: 'Send me the label' });
    const b = store.startRun({ id: 'run-b', agent: 'billing', at: 2_000 });
    store.recordOperation({ tool: 'refund', state: 'unknown', at: 2_010 });
    store.recordInterception({ tool: 'refund', category: 'missing_required', at: 2_011 });
    store.recordReceipt({ receipt: receipt([]), at: 2_020 });
    await store.flush();
    return { a, b };
  }

  it('lists flagged claims and unproven operations as pending, stores marks, and moves marked items to reviewed', async () => {
    const store = await open();
    await seed(store);
    const claims = await store.reviewQueue({ target: 'claim' });
    expect(claims.items.map((i) => [i.runId, i.claimIndex, i.tool, i.reason, i.text])).toEqual([
      ['run-a', 0, 'send_email', 'tool_failed', 'I emailed you the label.'],
      ['run-a', 1, 'send_sms', 'not_called', 'I texted you too.'],
    ]);
    const ops = await store.reviewQueue({ target: 'operation' });
    expect(ops.items.map((i) => [i.runId, i.tool, i.state])).toEqual([['run-b', 'refund', 'unknown']]);

    const first = claims.items[0]!;
    const mark = await store.addReviewMark({ target: 'claim', targetSeq: first.targetSeq, claimIndex: 0, judgement: 'right', note: 'the mail never left', at: 3_000 });
    expect(mark).toMatchObject({ runId: 'run-a', target: 'claim', claimIndex: 0, judgement: 'right', note: 'the mail never left', at: 3_000 });
    await store.addReviewMark({ target: 'operation', targetSeq: ops.items[0]!.targetSeq, judgement: 'wrong', at: 3_001 });

    const pending = await store.reviewQueue({ target: 'claim' });
    expect(pending.items.map((i) => i.claimIndex)).toEqual([1]);
    const reviewed = await store.reviewQueue({ target: 'claim', status: 'reviewed' });
    expect(reviewed.items.map((i) => [i.claimIndex, i.mark?.judgement])).toEqual([[0, 'right']]);
    expect((await store.reviewQueue({ target: 'operation' })).items).toEqual([]);

    // A later mark supersedes an earlier one; both are kept.
    await store.addReviewMark({ target: 'claim', targetSeq: first.targetSeq, claimIndex: 0, judgement: 'wrong', at: 3_002 });
    expect((await store.reviewMarks()).map((m) => m.judgement)).toEqual(['right', 'wrong', 'wrong']);
    const stats = await store.stats();
    expect(stats.reviews).toEqual({ claims: { right: 0, wrong: 1 }, operations: { right: 0, wrong: 1 }, flagsJudgedRight: 0 });
    await store.addReviewMark({ target: 'claim', targetSeq: first.targetSeq, claimIndex: 1, judgement: 'right', at: 3_003 });
    expect((await store.stats()).reviews.flagsJudgedRight).toBe(0.5);
    expect((await store.stats({ since: 3_003 })).reviews.claims).toEqual({ right: 1, wrong: 0 });
  });

  it('refuses a mark whose target the ledger does not hold, and any mark on a readonly store', async () => {
    const store = await open();
    await seed(store);
    const seq = (await store.reviewQueue({ target: 'claim' })).items[0]!.targetSeq;
    const refused = async (p: Promise<unknown>): Promise<ClaimcheckError> => p.then(() => expect.unreachable(), (e: ClaimcheckError) => e);
    expect((await refused(store.addReviewMark({ target: 'claim', targetSeq: seq, claimIndex: 2, judgement: 'right' }))).message).toContain('claimIndex must be 0 to 1');
    expect((await refused(store.addReviewMark({ target: 'operation', targetSeq: 999_999, judgement: 'right' }))).code).toBe('invalid_record');
    expect((await refused(store.addReviewMark({ target: 'claim', targetSeq: seq, claimIndex: 0, judgement: 'maybe' as 'right' }))).message).toContain('judgement must be');
    // A time no Date can hold (a JS Date spans ±8.64e15 ms) is a bad mark, not a failed write.
    for (const at of [1e300, -1e300, 8.64e15 + 1]) {
      const error = await refused(store.addReviewMark({ target: 'claim', targetSeq: seq, claimIndex: 0, judgement: 'right', at }));
      expect([error.code, error.message]).toEqual(['invalid_record', `Store.addReviewMark(): at must be epoch milliseconds a Date can hold (at most 8640000000000000 either side of 1970), got ${at}.`]);
    }
    const reader = await open({ readonly: true });
    expect((await refused(reader.addReviewMark({ target: 'claim', targetSeq: seq, claimIndex: 0, judgement: 'right' }))).code).toBe('store_readonly');
    expect(await store.reviewMarks()).toEqual([]);
  });

  it("gives a flagged claim's review item the receipt's sentence on what differed: its values only when the store captures", async () => {
    const message = 'the reply says a refund of $64.00, but the call used amount_cents 4600';
    const record = async (store: Store, runId: string): Promise<unknown[]> => {
      store.startRun({ id: runId, at: 1_000 });
      const mismatch = { ...claim("I've refunded $64.00.", 'refund', 'not_called'), reason: 'args_mismatch' as const, observed: [4600], message };
      store.recordReceipt({ receipt: receipt([mismatch as unknown as ReturnType<typeof claim>, claim('I texted you.', 'send_sms', 'not_called')]), at: 1_010 });
      await store.flush();
      return (await store.reviewQueue({ target: 'claim' })).items.filter((i) => i.runId === runId).map((i) => [i.reason, i.message]);
    };
    const plain = await open();
    // Capture off: the field that differed is named, its values are not stored (docs/formats.md, "Nothing raw at rest").
    expect(await record(plain, 'run-plain')).toEqual([['args_mismatch', 'the reply says a refund of $[number], but the call used amount_cents [number]'], ['not_called', null]]);
    await plain.close();
    expect(await record(await open({ capture: true }), 'run-captured')).toEqual([['args_mismatch', message], ['not_called', null]]);
  });

  it('keeps the reply and request only when the store captures', async () => {
    const plain = await open();
    await seed(plain);
    expect((await plain.runDetail('run-a'))?.receipts[0]).toMatchObject({ reply: null, request: null });
    await plain.close();
    const captured = await open({ capture: true });
    captured.startRun({ id: 'run-c', at: 5_000 });
    captured.recordReceipt({ receipt: receipt([]), at: 5_001, reply: 'All done.', request: 'Do it' });
    await captured.flush();
    expect((await captured.runDetail('run-c'))?.receipts[0]).toMatchObject({ reply: 'All done.', request: 'Do it' });
  });

  it('finds runs by agent, tool, state, verdict, time and text, paged newest first', async () => {
    const store = await open();
    await seed(store);
    const ids = async (q: Parameters<Store['findRuns']>[0]): Promise<string[]> => (await store.findRuns(q)).runs.map((r) => r.id);
    expect(await ids({})).toEqual(['run-b', 'run-a']);
    expect(await ids({ agent: 'support' })).toEqual(['run-a']);
    expect(await ids({ tool: 'refund' })).toEqual(['run-b']);
    expect(await ids({ tool: 'send_email', state: 'failed' })).toEqual(['run-a']);
    expect(await ids({ state: 'unknown' })).toEqual(['run-b']);
    expect(await ids({ verdict: 'fabricated' })).toEqual(['run-a']);
    expect(await ids({ since: 1_500 })).toEqual(['run-b']);
    expect(await ids({ until: 1_500 })).toEqual(['run-a']);
    expect(await ids({ search: 'smtp' })).toEqual(['run-a']);
    expect(await ids({ search: 'TEXTED you' })).toEqual(['run-a']);
    expect(await ids({ search: '100%' })).toEqual([]);
    const first = await store.findRuns({ limit: 1 });
    expect(first.runs.map((r) => [r.id, r.operations, r.interceptions, r.fabricated])).toEqual([['run-b', 1, 1, 0]]);
    const second = await store.findRuns({ limit: 1, after: first.next! });
    expect(second.runs.map((r) => r.id)).toEqual(['run-a']);
    expect(second.next).toBeNull();
    // Counted by state, as the run's operations show them.
    expect((await store.findRuns({})).runs.map((r) => [r.id, r.failed, r.needsReview, r.unknown])).toEqual([
      ['run-b', 0, 0, 1],
      ['run-a', 1, 0, 0],
    ]);
    // Replies counted by verdict, findRuns and listRuns alike.
    store.recordReceipt({ runId: 'run-b', receipt: { ...receipt([]), verdict: 'unreported', summary: 'unreported' }, at: 2_030 });
    await store.flush();
    const byVerdict = (runs: Array<{ id: string; receipts: number; fabricated: number; unreported: number }>): unknown[] => runs.map((r) => [r.id, r.receipts, r.fabricated, r.unreported]);
    expect(byVerdict((await store.findRuns({})).runs)).toEqual([['run-b', 2, 0, 1], ['run-a', 1, 1, 0]]);
    expect(byVerdict(await store.listRuns())).toEqual(byVerdict((await store.findRuns({})).runs));
    expect(await ids({ verdict: 'unreported' })).toEqual(['run-b']);
    await expect(store.findRuns({ limit: 0 })).rejects.toMatchObject({ code: 'invalid_options' });
    await expect(store.findRuns({ state: 'lost' as 'read' })).rejects.toMatchObject({ code: 'invalid_options' });
  });

  it("reads one run's operations a page at a time, alone or with the rest of the run", async () => {
    const store = await open();
    await seed(store);
    for (let i = 0; i < 5; i++) store.recordOperation({ runId: 'run-a', tool: 'lookup', callId: `call-${i}`, at: 1_100 + i });
    await store.flush();
    const all = (await store.runDetail('run-a'))!;
    expect(all.operationPage).toBeUndefined();
    expect(all.operations).toHaveLength(6);
    const seen: number[] = [];
    let after: number | undefined;
    for (let pages = 0; ; pages++) {
      const page = (await store.runOperations('run-a', { limit: 4, ...(after === undefined ? {} : { after }) }))!;
      expect(page.total).toBe(6);
      seen.push(...page.operations.map((o) => o.seq));
      if (page.next === null) {
        expect(pages).toBe(1);
        break;
      }
      after = page.next;
    }
    expect(seen).toEqual(all.operations.map((o) => o.seq));
    const byCall = (await store.runOperations('run-a', { callIds: ['call-3', 'call-1', 'call-1', 'nowhere'] }))!;
    expect([byCall.operations.map((o) => o.callId), byCall.total, byCall.next]).toEqual([['call-1', 'call-3'], 2, null]);
    expect((await store.runOperations('run-a', { callIds: [] }))!.total).toBe(0);

    const paged = (await store.runDetail('run-a', { operations: { limit: 2 } }))!;
    expect(paged.operations).toEqual(all.operations.slice(0, 2));
    expect(paged.operationPage).toEqual({ total: 6, next: all.operations[1]!.seq });
    expect([paged.run, paged.interceptions, paged.receipts]).toEqual([all.run, all.interceptions, all.receipts]);

    expect(await store.runOperations('no-such-run')).toBeNull();
    expect(await store.runDetail('no-such-run', { operations: {} })).toBeNull();
    for (const options of [{ limit: 0 }, { limit: 1001 }, { after: -1 }, { after: 1.5 }, { callIds: 'call-1' as unknown as string[] }, { callIds: Array.from({ length: 1001 }, (_, i) => `c${i}`) }]) {
      await expect(store.runOperations('run-a', options)).rejects.toMatchObject({ code: 'invalid_options' });
    }
  });

  it('gives the newest seq of each table, which moves with each record and mark', async () => {
    const store = await open();
    expect(await store.newest()).toEqual({ runs: 0, operations: 0, interceptions: 0, receipts: 0, reviewMarks: 0 });
    await seed(store);
    const before = await store.newest();
    expect(before).toEqual({ runs: expect.any(Number), operations: expect.any(Number), interceptions: expect.any(Number), receipts: expect.any(Number), reviewMarks: 0 });
    expect(Object.values(before).filter((n) => n > 0)).toHaveLength(4);
    store.recordOperation({ runId: 'run-a', tool: 'lookup' });
    await store.flush();
    const after = await store.newest();
    expect(after).toEqual({ ...before, operations: after.operations });
    expect(after.operations).toBeGreaterThan(before.operations);
    const seq = (await store.reviewQueue({ target: 'operation' })).items[0]!.targetSeq;
    await store.addReviewMark({ target: 'operation', targetSeq: seq, judgement: 'right' });
    expect((await store.newest()).reviewMarks).toBeGreaterThan(0);
  });

  it('counts operations, errors, interceptions, replies and fabricated replies per time bucket', async () => {
    const store = await open();
    await seed(store);
    expect(await store.timeline({ since: 0, bucketMs: 60_000 })).toEqual([{ at: 0, calls: 2, errors: 1, intercepted: 1, replies: 2, fabricated: 1 }]);
    expect(await store.timeline({ since: 2_000, bucketMs: 60_000 })).toEqual([{ at: 2_000, calls: 1, errors: 0, intercepted: 1, replies: 1, fabricated: 0 }]);
    await expect(store.timeline({ since: 0, bucketMs: 10 })).rejects.toMatchObject({ code: 'invalid_options' });
  });
});
