/**
 * `claimcheck export --reviewed --out DIR` then `claimcheck eval DIR`: the review marks become labelled
 * cases the evaluator reads, and a flag judged wrong shows as the checker's false alarm.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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
