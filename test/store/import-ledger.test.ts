/**
 * importLedger() and `claimcheck import`: a ledger copied into another, row for row, between SQLite
 * and PostgreSQL in both directions; importing twice adds nothing, and a ledger that grew adds only
 * its new rows.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { action } from '../../src/action/action.js';
import { idField } from '../../src/action/action-receipt.js';
import { guard } from '../../src/action/guard.js';
import { runImport } from '../../src/cli/import-command.js';
import { importLedger } from '../../src/store/import-ledger.js';
import { openStore } from '../../src/store/open-store.js';
import type { ExportRow } from '../../src/store/rows.js';
import type { Store } from '../../src/store/store.js';
import { rowFingerprint } from '../../src/store/_stored-params.js';
import { postgresDriver, sqliteDriver, type Driver, type Ledger } from './drivers.js';

beforeAll(() => {
  process.env['CLAIMCHECK_HASH_KEY'] ??= 'import suite key';
});

const ledgers: Ledger[] = [];
const stores: Store[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close().catch(() => undefined);
  for (const l of ledgers.splice(0)) await l.dispose();
});

async function fresh(driver: Driver): Promise<Ledger> {
  const l = await driver.fresh();
  ledgers.push(l);
  return l;
}
async function open(l: Ledger, readonly = false): Promise<Store> {
  const s = await openStore({ ...l.location, capture: true, ...(readonly ? { readonly } : {}) });
  stores.push(s);
  return s;
}

/** One guarded session into `l`: a posted action, a rejected call, a read, a checked reply. */
async function record(l: Ledger, agent: string): Promise<void> {
  const store = await openStore({ ...l.location, capture: true });
  const g = guard({
    tools: [{ name: 'refund', description: 'Refund an order.', input_schema: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] } }, 'lookup'],
    executors: { refund: action(() => ({ refund_id: 'RF-1' }), { receipt: idField('refund_id') }), lookup: () => ({ total: 64 }) },
    store,
    captureArgs: true,
    run: { agent, meta: { region: 'eu' } },
  });
  g.execute('lookup', { order_id: 'A-1' });
  g.execute('refund', {});
  g.execute('refund', { order_id: 'A-1' });
  g.checkBypass('I refunded order A-1 and emailed you.');
  g.close();
  await store.close();
}

async function rows(s: Store): Promise<string[]> {
  const out: string[] = [];
  for await (const r of s.export()) out.push(rowFingerprint(r as ExportRow));
  return out.sort();
}

const pairs: Array<[string, Driver, Driver]> = [
  ['sqlite', sqliteDriver, postgresDriver],
  ['postgres', postgresDriver, sqliteDriver],
  ['sqlite', sqliteDriver, sqliteDriver],
].map(([, a, b]) => [`${(a as Driver).name} → ${(b as Driver).name}`, a as Driver, b as Driver]);

describe.each(pairs)('importLedger: %s', (_name, fromDriver, toDriver) => {
  it('copies every row as stored; a second import adds nothing; new rows alone come over later', async () => {
    const src = await fresh(fromDriver);
    const dst = await fresh(toDriver);
    await record(src, 'worker-1');
    await record(dst, 'already-there'); // the target has rows of its own, which stay

    const from = await open(src, true);
    const to = await open(dst);
    const first = await importLedger({ from, to });
    expect(first).toEqual({ runs: 1, operations: 3, interceptions: 1, receipts: 1, reviewMarks: 0, skipped: 0 });
    const copied = await rows(to);
    for (const r of await rows(from)) expect(copied).toContain(r);
    expect((await to.counts()).operations).toBe(6);

    expect(await importLedger({ from, to })).toEqual({ runs: 0, operations: 0, interceptions: 0, receipts: 0, reviewMarks: 0, skipped: 6 });
    expect(await rows(to)).toEqual(copied);

    await record(src, 'worker-1b');
    const fromAgain = await open(src, true);
    expect(await importLedger({ from: fromAgain, to })).toEqual({ runs: 1, operations: 3, interceptions: 1, receipts: 1, reviewMarks: 0, skipped: 6 });
    const runs = await to.listRuns();
    expect(runs.map((r) => r.agent).sort()).toEqual(['already-there', 'worker-1', 'worker-1b']);
    expect(runs.find((r) => r.agent === 'worker-1')?.meta).toEqual({ region: 'eu' });
    // Argument hashes and captured arguments are the source's, not hashed or cut again.
    const detail = await to.runDetail(runs.find((r) => r.agent === 'worker-1')?.id ?? '');
    const source = await from.runDetail(detail?.run.id ?? '');
    expect(detail?.interceptions.map((i) => i.argsHash)).toEqual(source?.interceptions.map((i) => i.argsHash));
    expect(detail?.operations.map((o) => o.args)).toEqual([{ order_id: 'A-1' }, {}, { order_id: 'A-1' }]);
  });
});

/** One session whose reply claims an email no tool sent (a flagged claim), and a posted refund; `marks` judgements on both. */
async function recordReviewed(l: Ledger, agent: string): Promise<void> {
  const store = await openStore({ ...l.location, capture: true });
  const g = guard({
    tools: [{ name: 'refund', description: 'Refund an order.', input_schema: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] } }, { name: 'send_email', description: 'Email the customer.' }],
    executors: { refund: action(() => ({ refund_id: 'RF-1' }), { receipt: idField('refund_id') }), send_email: () => ({ sent: true }) },
    store,
    run: { agent },
  });
  g.execute('refund', { order_id: 'A-1' });
  g.checkBypass('I refunded order A-1. I emailed you the receipt.');
  g.close();
  await store.flush();
  const claim = (await store.reviewQueue({ target: 'claim', status: 'all' })).items.find((i) => i.tool === 'send_email');
  const runId = claim?.runId ?? '';
  const refund = (await store.runDetail(runId))?.operations.find((o) => o.tool === 'refund');
  if (claim === undefined || refund === undefined) throw new Error('the session recorded no flagged claim or no refund');
  await store.addReviewMark({ target: 'claim', targetSeq: claim.targetSeq, claimIndex: claim.claimIndex, judgement: 'right', at: 1_000 });
  await store.addReviewMark({ target: 'claim', targetSeq: claim.targetSeq, claimIndex: claim.claimIndex, judgement: 'wrong', note: 'it was sent by hand', at: 2_000 });
  await store.addReviewMark({ target: 'operation', targetSeq: refund.seq, judgement: 'right', at: 3_000 });
  await store.close();
}

/** Each mark as a reader sees it: the judged row's tool and run, the judgement and note, the time. */
async function marksOf(s: Store): Promise<string[]> {
  const out: string[] = [];
  for (const m of await s.reviewMarks()) {
    const detail = await s.runDetail(m.runId);
    const tool = m.target === 'operation' ? detail?.operations.find((o) => o.seq === m.targetSeq)?.tool : detail?.receipts.find((r) => r.seq === m.targetSeq)?.receipt.claimedButNeverRan[m.claimIndex ?? 0]?.tool;
    out.push(`${detail?.run.agent} ${m.target} ${tool} ${m.judgement} ${m.note ?? '-'} @${m.at}`);
  }
  return out;
}

describe.each(pairs)('importLedger review marks: %s', (_name, fromDriver, toDriver) => {
  it('carries every review mark onto the copy of the row it judges, in order; a second import adds none', async () => {
    const src = await fresh(fromDriver);
    const dst = await fresh(toDriver);
    await record(dst, 'already-there'); // the target's own rows shift every seq the copies get
    await recordReviewed(src, 'reviewed-worker');
    const from = await open(src, true);
    const to = await open(dst);
    expect(await importLedger({ from, to })).toMatchObject({ runs: 1, operations: 1, receipts: 1, reviewMarks: 3 });
    const expected = ['reviewed-worker claim send_email right - @1000', 'reviewed-worker claim send_email wrong it was sent by hand @2000', 'reviewed-worker operation refund right - @3000'];
    expect(await marksOf(to)).toEqual(expected);
    expect((await to.stats()).reviews).toEqual((await from.stats()).reviews);
    expect(await importLedger({ from, to })).toMatchObject({ runs: 0, reviewMarks: 0 });
    expect(await marksOf(to)).toEqual(expected);
  });
});

describe('claimcheck import', () => {
  const capture = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, sinks: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
  };

  it('--from ledger.sqlite --db postgres://… moves the local ledger into the shared one, twice without doubling', async () => {
    const src = await fresh(sqliteDriver);
    const dst = await fresh(postgresDriver);
    await record(src, 'laptop');
    const from = (src.location as { path: string }).path;
    const db = (dst.location as { url: string }).url;
    const one = capture();
    expect(await runImport({ from, db, json: true }, one.sinks)).toBe(0);
    expect(JSON.parse(one.out[0] ?? '{}')).toMatchObject({ from, runs: 1, operations: 3, interceptions: 1, receipts: 1, skipped: 0 });
    const two = capture();
    expect(await runImport({ from, db }, two.sinks)).toBe(0);
    expect(two.out).toEqual([expect.stringMatching(/added 0 runs, 0 operations, 0 interceptions, 0 receipts, 0 review marks; 6 rows were already there\.$/)]);
    const to = await open(dst);
    expect((await to.counts()).operations).toBe(3);
  });

  it('--from ledger.sqlite --db postgres://… keeps the review marks and says how many it added', async () => {
    const src = await fresh(sqliteDriver);
    const dst = await fresh(postgresDriver);
    await recordReviewed(src, 'laptop');
    const from = (src.location as { path: string }).path;
    const db = (dst.location as { url: string }).url;
    const one = capture();
    expect(await runImport({ from, db, json: true }, one.sinks)).toBe(0);
    expect(JSON.parse(one.out[0] ?? '{}')).toMatchObject({ reviewMarks: 3 });
    const two = capture();
    expect(await runImport({ from, db }, two.sinks)).toBe(0);
    expect(two.out[0]).toContain(', 0 review marks;');
    const to = await open(dst);
    expect((await to.stats()).reviews).toMatchObject({ claims: { right: 0, wrong: 1 }, operations: { right: 1, wrong: 0 } });
  });

  it('a missing --from, the target itself, or a bad --since is exit 2 with a message', async () => {
    const dst = await fresh(sqliteDriver);
    const db = (dst.location as { path: string }).path;
    const missing = capture();
    expect(await runImport({ from: `${db}.nope`, db }, missing.sinks)).toBe(2);
    expect(missing.err[0]).toMatch(/--from .*: there is no ledger at/);
    await record(dst, 'x');
    const same = capture();
    expect(await runImport({ from: db, db }, same.sinks)).toBe(2);
    expect(same.err[0]).toMatch(/--from and the target are the same ledger/);
    const since = capture();
    expect(await runImport({ from: db, db: `${db}.2`, since: '3 fortnights' }, since.sinks)).toBe(2);
    expect(since.err[0]).toMatch(/--since "3 fortnights"/);
  });
});
