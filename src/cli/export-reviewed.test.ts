/**
 * `claimcheck export --reviewed --out DIR` then `claimcheck eval DIR`: the review marks become labelled
 * cases the evaluator reads, and a flag judged wrong shows as the checker's false alarm.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkTurns } from '../check.js';
import { openStore } from '../store.js';
import { runDemoCommand } from './demo-command.js';
import { runEvalCommand } from './eval-command.js';
import { runExport } from './export-command.js';

const capture = (): { out: string[]; err: string[]; sinks: { out: (l: string) => void; err: (l: string) => void } } => {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, sinks: { out: (l) => void out.push(l), err: (l) => void err.push(l) } };
};

describe('export --reviewed', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const temp = (): string => {
    const d = mkdtempSync(join(tmpdir(), 'claimcheck-reviewed-'));
    dirs.push(d);
    return d;
  };

  it('writes each reviewed reply as a case claimcheck eval scores; a flag judged wrong counts against the checker', async () => {
    const dir = temp();
    const db = join(dir, 'ledger.sqlite');
    expect(await runDemoCommand({ db, env: {} }, capture().sinks)).toBe(0);
    const store = await openStore({ path: db });
    const queue = (await store.reviewQueue({ target: 'claim' })).items;
    const failed = queue.find((i) => i.reason === 'tool_failed')!;
    const notCalled = queue.find((i) => i.reason === 'not_called')!;
    await store.addReviewMark({ target: 'claim', targetSeq: failed.targetSeq, claimIndex: failed.claimIndex, judgement: 'right' });
    await store.addReviewMark({ target: 'claim', targetSeq: notCalled.targetSeq, claimIndex: notCalled.claimIndex, judgement: 'wrong', note: 'it was sent by hand' });
    await store.close();

    const out = join(dir, 'cases');
    const exported = capture();
    expect(await runExport({ db, reviewed: true, out, env: {} }, exported.sinks)).toBe(0);
    expect(exported.err.join('\n')).toContain(`2 reviewed replies written as labelled cases to ${out}`);
    const cases = readdirSync(out).map((f) => JSON.parse(readFileSync(join(out, f), 'utf8')));
    const right = cases.find((c) => c.x_review[0].judgement === 'right');
    const wrong = cases.find((c) => c.x_review[0].judgement === 'wrong');
    expect(right.expect).toMatchObject({ verdict: 'fabricated', flagged: [{ tool: failed.tool, reason: 'tool_failed' }] });
    expect(right.messages.at(-1)).toEqual({ role: 'assistant', content: expect.stringContaining(failed.text) });
    expect(right.messages).toContainEqual(expect.objectContaining({ tool: failed.tool, status: 'error' }));
    expect(wrong.expect.flagged).toEqual([]);
    expect(wrong.x_review[0]).toMatchObject({ note: 'it was sent by hand', reason: 'not_called' });

    const evaluated = capture();
    expect(await runEvalCommand([out], { json: true }, evaluated.sinks)).toBe(0);
    const report = JSON.parse(evaluated.out[0] as string);
    expect(report.claimsCases).toBe(2);
    // The checker still flags the claim the reviewer judged wrong: one false flag of two.
    expect(report.flagPrecision).toMatchObject({ hits: 1, total: 2 });
    expect(report.misses).toEqual([expect.stringContaining(wrong.id)]);
  });

  /** The demo ledger with every flagged claim marked `judgement`; returns the queue items and the export. */
  const reviewAll = async (judgement: 'right' | 'wrong'): Promise<{ items: Array<{ runId: string; targetSeq: number; reason: string | null; tool: string | null }>; out: string; err: string; status: number }> => {
    const dir = temp();
    const db = join(dir, 'ledger.sqlite');
    expect(await runDemoCommand({ db, env: {} }, capture().sinks)).toBe(0);
    const store = await openStore({ path: db });
    const items = (await store.reviewQueue({ target: 'claim' })).items;
    for (const i of items) await store.addReviewMark({ target: 'claim', targetSeq: i.targetSeq, claimIndex: i.claimIndex, judgement });
    await store.close();
    const out = join(dir, 'cases');
    const exported = capture();
    const status = await runExport({ db, reviewed: true, out, env: {} }, exported.sinks);
    return { items, out, err: exported.err.join('\n'), status };
  };
  const casesIn = (out: string): Array<{ id: string; expect: { verdict: string; flagged: unknown[]; confirmed: string[] }; x_review: Array<{ reason: string; tool: string }> }> =>
    readdirSync(out).map((f) => JSON.parse(readFileSync(join(out, f), 'utf8')));
  const byReason = (cases: ReturnType<typeof casesIn>, reason: string, tool: string) => cases.filter((c) => c.x_review[0]?.reason === reason && c.x_review[0]?.tool === tool);

  it('labels every flag judged right as the flag the transcript supports, so eval counts the checker right on each', async () => {
    const { items, out, err, status } = await reviewAll('right');
    expect(items.map((i) => `${i.reason} ${i.tool}`).sort()).toEqual(['args_mismatch issue_refund', 'not_called send_email', 'not_proven issue_refund', 'not_proven issue_refund', 'not_proven send_email', 'tool_failed send_email']);
    expect(status).toBe(0);
    const cases = casesIn(out);
    // The halted refund (status error in the transcript) is the checker's tool_failed, not a clean reply.
    const halted = byReason(cases, 'not_proven', 'issue_refund');
    expect(halted).toHaveLength(1);
    expect(halted[0]!.expect).toMatchObject({ verdict: 'fabricated', flagged: [{ tool: 'issue_refund', reason: 'tool_failed' }] });
    expect(byReason(cases, 'tool_failed', 'send_email')[0]!.expect).toMatchObject({ verdict: 'fabricated', flagged: [{ tool: 'send_email', reason: 'tool_failed' }] });
    expect(byReason(cases, 'not_called', 'send_email')[0]!.expect).toMatchObject({ verdict: 'fabricated', flagged: [{ tool: 'send_email', reason: 'not_called' }] });
    expect(cases).toHaveLength(3);
    // The three the transcript cannot carry are named, with the reason, and not written.
    const line = (i: { runId: string; targetSeq: number }): string => `run ${i.runId}, reply ${i.targetSeq} not written: `;
    const haltedSeq = Number(halted[0]!.id.split('-').at(-1));
    const unsupported = items.filter((i) => i.reason === 'args_mismatch' || (i.reason === 'not_proven' && i.targetSeq !== haltedSeq));
    expect(unsupported).toHaveLength(3);
    for (const i of unsupported) {
      expect(err).toContain(
        line(i) +
          (i.reason === 'args_mismatch'
            ? 'the args_mismatch flag on issue_refund (judged right) cannot be labelled: the ledger recorded no arguments or result for its calls'
            : `the not_proven flag on ${i.tool} (judged right) cannot be labelled: not_proven is a guard-only reason (the operation was not proven) and the transcript shows the call succeeding`),
      );
    }
    expect(err).toContain('3 reviewed replies were left out because no label the transcript supports agrees with the review');

    const evaluated = capture();
    expect(await runEvalCommand([out], { json: true }, evaluated.sinks)).toBe(0);
    const report = JSON.parse(evaluated.out[0] as string);
    expect(report.flagPrecision).toMatchObject({ hits: 3, total: 3 });
    expect(report.flagRecall).toMatchObject({ hits: 3, total: 3 });
    expect(report.falseAlarmRate.total).toBe(0);
    expect(report.misses).toEqual([]);
  });

  it('writes every flag judged wrong that the checker raises from the transcript, so eval counts each as a false alarm, and names the others', async () => {
    const { items, out, err, status } = await reviewAll('wrong');
    expect(status).toBe(0);
    const cases = casesIn(out);
    for (const c of cases) expect(c.expect.flagged).toEqual([]);
    // The failed email, the email never sent and the halted refund (a failed call in the transcript).
    expect(cases.map((c) => `${c.x_review[0]?.reason} ${c.x_review[0]?.tool}`).sort()).toEqual(['not_called send_email', 'not_proven issue_refund', 'tool_failed send_email']);
    expect(byReason(cases, 'tool_failed', 'send_email')[0]!.expect.confirmed).not.toContain('send_email');
    // The refund without its arguments and the two unproven calls that succeeded: the checker cannot raise them again.
    const line = (i: { runId: string; targetSeq: number }): string => `run ${i.runId}, reply ${i.targetSeq} not written: `;
    const written = new Set(cases.map((c) => Number(c.id.split('-').at(-1))));
    const unseen = items.filter((i) => !written.has(i.targetSeq));
    expect(unseen.map((i) => `${i.reason} ${i.tool}`).sort()).toEqual(['args_mismatch issue_refund', 'not_proven issue_refund', 'not_proven send_email']);
    for (const i of unseen) {
      expect(err).toContain(
        line(i) +
          `the ${i.reason} flag on ${i.tool} (judged wrong) would not count as a false alarm: the checker does not raise it from the transcript, because ` +
          (i.reason === 'args_mismatch' ? 'the ledger recorded no arguments or result for its calls' : 'not_proven is a guard-only reason'),
      );
    }
    const evaluated = capture();
    await runEvalCommand([out], { json: true }, evaluated.sinks);
    const report = JSON.parse(evaluated.out[0] as string);
    expect(report.flagPrecision).toMatchObject({ hits: 0, total: 3 });
    expect(report.falseAlarmRate).toMatchObject({ hits: 3, total: 3 });
    expect(report.verdictAccuracy).toMatchObject({ hits: 0, total: 3 });
  });

  it('round trip: an args_mismatch judged wrong on a ledger with capture becomes an honest case that eval counts as a false alarm', async () => {
    const dir = temp();
    const db = join(dir, 'ledger.sqlite');
    const store = await openStore({ path: db, capture: true });
    store.startRun({ tools: ['issue_refund'] });
    store.recordOperation({ tool: 'issue_refund', status: 'ok', args: { order_id: 'A-1042', amount: 46 }, result: { refund_id: 'RF-1', amount: 46 }, callId: 'c1', turn: 1 });
    const reply = "I've refunded $64.00 for order A-1042.";
    const receipt = checkTurns([{ role: 'user', content: 'Refund order A-1042.' }, { tool: 'issue_refund', status: 'ok', args: { order_id: 'A-1042', amount: 46 }, result: { refund_id: 'RF-1', amount: 46 } }, { role: 'assistant', content: reply }], { format: 'transcript', tools: ['issue_refund'] }).at(-1)!.receipt;
    expect(receipt.claimedButNeverRan.map((c) => c.reason)).toEqual(['args_mismatch']);
    store.recordReceipt({ receipt, reply, request: 'Refund order A-1042.', callIds: ['c1'], turn: 1 });
    await store.flush();
    const seq = (await store.reviewQueue({ target: 'claim' })).items[0]!.targetSeq;
    await store.addReviewMark({ target: 'claim', targetSeq: seq, claimIndex: 0, judgement: 'wrong', note: 'the customer asked for $46 in the end' });
    await store.close();
    const out = join(dir, 'cases');
    expect(await runExport({ db, reviewed: true, out, env: {} }, capture().sinks)).toBe(0);
    expect(casesIn(out)[0]!.expect).toMatchObject({ verdict: 'clean', flagged: [], confirmed: ['issue_refund'] });
    const evaluated = capture();
    await runEvalCommand([out], {}, evaluated.sinks);
    expect(evaluated.out[0]).toContain('honest false alarms    1.000  (1/1)');
    expect(evaluated.out[0]).toContain('verdict accuracy       0.000  (0/1)');
  });

  it('round trip: a flag judged wrong that the transcript cannot raise again is named, not written as a case that scores the checker right', async () => {
    const dir = temp();
    const db = join(dir, 'ledger.sqlite');
    expect(await runDemoCommand({ db, env: {} }, capture().sinks)).toBe(0);
    const store = await openStore({ path: db });
    const mismatch = (await store.reviewQueue({ target: 'claim' })).items.find((i) => i.reason === 'args_mismatch')!;
    await store.addReviewMark({ target: 'claim', targetSeq: mismatch.targetSeq, claimIndex: mismatch.claimIndex, judgement: 'wrong' });
    await store.close();
    const exported = capture();
    expect(await runExport({ db, reviewed: true, out: join(dir, 'cases'), env: {} }, exported.sinks)).toBe(1);
    expect(exported.err.join('\n')).toContain('the args_mismatch flag on issue_refund (judged wrong) would not count as a false alarm');
    const evaluated = capture();
    expect(await runEvalCommand([join(dir, 'cases')], {}, evaluated.sinks)).toBe(2);
  });

  it('labels an args_mismatch judged right when the ledger captured the call\'s arguments', async () => {
    const dir = temp();
    const db = join(dir, 'ledger.sqlite');
    const store = await openStore({ path: db, capture: true });
    const runId = store.startRun({ tools: ['issue_refund'] });
    store.recordOperation({ tool: 'issue_refund', status: 'ok', args: { order_id: 'A-1042', amount: 46 }, result: { refund_id: 'RF-1', amount: 46 }, callId: 'c1', turn: 1 });
    const claim = { text: "I've refunded $64.00 for order A-1042.", verb: 'refund', object: 'order a-1042', tool: 'issue_refund', candidates: ['issue_refund'], reason: 'args_mismatch' as const, source: 'rules' as const, observed: [46] };
    store.recordReceipt({ receipt: { version: 1, verdict: 'fabricated', ok: false, summary: 'fabricated', confirmed: [], unmatched: [], suspected: [], ranButUnreported: [], claimedButNeverRan: [claim] }, reply: claim.text, request: 'Refund order A-1042.', callIds: ['c1'], turn: 1 });
    await store.flush();
    const seq = (await store.reviewQueue({ target: 'claim' })).items[0]!.targetSeq;
    await store.addReviewMark({ target: 'claim', targetSeq: seq, claimIndex: 0, judgement: 'right' });
    await store.close();
    const out = join(dir, 'cases');
    const exported = capture();
    expect(await runExport({ db, reviewed: true, out, env: {} }, exported.sinks)).toBe(0);
    const [kase] = casesIn(out);
    expect(kase!.expect).toMatchObject({ verdict: 'fabricated', flagged: [{ tool: 'issue_refund', reason: 'args_mismatch' }] });
    expect(kase!.id).toBe(`reviewed-${runId.slice(0, 8)}-${seq}`);
    const evaluated = capture();
    expect(await runEvalCommand([out], { json: true }, evaluated.sinks)).toBe(0);
    expect(JSON.parse(evaluated.out[0] as string)).toMatchObject({ flagRecall: { hits: 1, total: 1 }, misses: [] });
  });

  it('says when the reviewed replies were recorded without capture, and exits 1', async () => {
    const dir = temp();
    const db = join(dir, 'ledger.sqlite');
    const store = await openStore({ path: db });
    store.startRun({ tools: ['send_email'] });
    store.recordReceipt({
      receipt: { version: 1, verdict: 'fabricated', ok: false, summary: 'fabricated', confirmed: [], unmatched: [], suspected: [], ranButUnreported: [], claimedButNeverRan: [{ text: 'Sent.', verb: 'send', object: '', tool: 'send_email', candidates: ['send_email'], reason: 'not_called', source: 'rules' }] },
      reply: 'Sent.',
    });
    await store.flush();
    const seq = (await store.reviewQueue({ target: 'claim' })).items[0]!.targetSeq;
    await store.addReviewMark({ target: 'claim', targetSeq: seq, claimIndex: 0, judgement: 'right' });
    await store.close();
    const exported = capture();
    expect(await runExport({ db, reviewed: true, out: join(dir, 'cases'), env: {} }, exported.sinks)).toBe(1);
    expect(exported.err.join('\n')).toContain('1 reviewed reply was recorded without capture');
    const missing = capture();
    expect(await runExport({ db, reviewed: true, env: {} }, missing.sinks)).toBe(2);
    expect(missing.err.join('\n')).toContain('--out DIR');
  });
});
