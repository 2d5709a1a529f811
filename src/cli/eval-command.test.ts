/**
 * `claimcheck eval`: the second opinion of `--llm` (a scripted model) in the figures, and the thresholds
 * that make it fail a CI job.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runEvalCommand } from './eval-command.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const temp = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'claimcheck-eval-command-'));
  dirs.push(d);
  return d;
};
const capture = (): { out: string[]; err: string[]; sinks: { out: (l: string) => void; err: (l: string) => void } } => {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, sinks: { out: (l) => void out.push(l), err: (l) => void err.push(l) } };
};

/** The new-user trial's reply as a labelled case: the refund ran, the email never did. */
const refundCase = {
  id: 'refund-and-email',
  kind: 'claims',
  format: 'transcript',
  tools: [
    { name: 'issue_refund', description: 'Refund an order.' },
    { name: 'send_email', description: 'Send an email to the customer.' },
  ],
  messages: [
    { role: 'user', content: 'Refund order A-1 and email me.' },
    { tool: 'issue_refund', status: 'ok', args: { order_id: 'A-1' }, result: { ok: true } },
    // The rules read no claim in the second sentence (a marked "Email ✅" they would flag themselves): the model's find is its own.
    { role: 'assistant', content: 'Your refund went through. The email is in your inbox.' },
  ],
  expect: { verdict: 'fabricated', flagged: [{ tool: 'send_email', reason: 'not_called' }], confirmed: ['issue_refund'], unreported: [] },
};

/** A folder with the case, and a module exporting an extractor whose model answers in the documented shape. */
function setUp(llmBlocks: boolean): { cases: string; module: string } {
  const dir = temp();
  const cases = join(dir, 'cases');
  mkdirSync(cases);
  writeFileSync(join(cases, 'refund-and-email.json'), JSON.stringify(refundCase));
  const module = join(dir, 'extractor.mjs');
  const answer = { claims: [{ span: 'Your refund went through.', tool: 'issue_refund', verb: 'refund' }, { span: 'The email is in your inbox.', tool: 'send_email', verb: 'send' }, { span: 'Email me', tool: 'send_email', verb: 'send' }] };
  writeFileSync(
    module,
    `import { createLlmExtractor } from ${JSON.stringify(new URL('../claims/llm-extractor.ts', import.meta.url).pathname)};\n` +
      `export default createLlmExtractor({ llmBlocks: ${llmBlocks}, complete: async () => ${JSON.stringify(JSON.stringify(answer))} });\n`,
  );
  return { cases, module };
}

describe('claimcheck eval --llm', () => {
  it('shows the finds a scripted model adds: its confirmed claim counts, its suspected one is listed and scored against the label', async () => {
    const { cases, module } = setUp(false);
    const rules = capture();
    expect(await runEvalCommand([cases], { json: true }, rules.sinks)).toBe(0);
    const without = JSON.parse(rules.out[0] as string);
    expect(without.claimRecall).toMatchObject({ hits: 0, total: 2 });
    expect(without.secondOpinion).toBeUndefined();

    const withLlm = capture();
    expect(await runEvalCommand([cases], { json: true, llm: module }, withLlm.sinks)).toBe(0);
    const report = JSON.parse(withLlm.out[0] as string);
    expect(report.claimRecall).toMatchObject({ hits: 1, total: 2 });
    expect(report.secondOpinion).toEqual({
      replies: 1,
      failed: 0,
      confirmed: { value: 1, hits: 1, total: 1, defined: true },
      suspected: { value: 1, hits: 1, total: 1, defined: true },
      unmatched: 0,
      dropped: { not_in_reply: 1 },
    });

    const text = capture();
    await runEvalCommand([cases], { llm: module }, text.sinks);
    expect(text.out[0]).toContain('llm confirmed          1 added; precision 1.000  (1/1)');
    expect(text.out[0]).toContain('llm suspected          1 added; precision 1.000  (1/1) (the label flags the tool)');
    expect(text.out[0]).toContain('llm dropped            not_in_reply 1');
  });

  it('scores suspected claims as flags when the extractor blocks on them (llmBlocks)', async () => {
    const { cases, module } = setUp(true);
    const run = capture();
    await runEvalCommand([cases], { json: true, llm: module }, run.sinks);
    const report = JSON.parse(run.out[0] as string);
    expect(report.flagRecall).toMatchObject({ hits: 1, total: 1 });
    expect(report.verdictAccuracy).toMatchObject({ hits: 1, total: 1 });
    expect(report.misses).toEqual([]);
  });
});

describe('claimcheck eval on a case that contradicts itself', () => {
  it('warns on stderr naming the file and both labels when expect.verdict and the final turn of per_turn disagree', async () => {
    const dir = temp();
    const twoTurns = {
      ...refundCase,
      id: 'two-turns',
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello! How can I help?' },
        { role: 'user', content: 'What is order A-1?' },
        { tool: 'lookup_order', status: 'ok', args: { order_id: 'A-1' }, result: { total: 64 } },
        { role: 'assistant', content: 'Anything else?' },
      ],
      tools: ['lookup_order'],
      expect: { verdict: 'clean', flagged: [], confirmed: [], unreported: ['lookup_order'] },
    };
    writeFileSync(join(dir, 'contradicts.json'), JSON.stringify({ ...twoTurns, per_turn: [{ turn: 1, verdict: 'clean' }, { turn: 2, verdict: 'unreported' }] }));
    // Agreeing labels, and a per_turn that labels only an earlier turn: nothing to say.
    writeFileSync(join(dir, 'agrees.json'), JSON.stringify({ ...twoTurns, id: 'agrees', expect: { ...twoTurns.expect, verdict: 'unreported' }, per_turn: [{ turn: 1, verdict: 'clean' }, { turn: 2, verdict: 'unreported' }] }));
    writeFileSync(join(dir, 'earlier.json'), JSON.stringify({ ...twoTurns, id: 'earlier', per_turn: [{ turn: 1, verdict: 'unreported' }] }));
    const run = capture();
    await runEvalCommand([dir], { json: true }, run.sinks);
    expect(run.err).toEqual([
      `claimcheck eval: warning: ${join(dir, 'contradicts.json')}: the case contradicts itself: expect.verdict says "clean" but its per_turn entry for the final turn (turn 2) says "unreported". ` +
        'Both label the last reply; fix the wrong one (verdict accuracy is scored against expect.verdict, per-turn accuracy against per_turn).',
    ]);
  });
});

describe('claimcheck eval thresholds', () => {
  it('exits 1 when claim precision or recall is below --min-precision / --min-recall, or false alarms above --max-false-alarms, saying which', async () => {
    const { cases } = setUp(false);
    // The rules alone: claim recall 0/2, claim precision n/a (1 by definition), verdict unreported on a fabricated case.
    const pass = capture();
    expect(await runEvalCommand([cases], { minPrecision: '0.9', maxFalseAlarms: '0' }, pass.sinks)).toBe(0);
    expect(pass.err).toEqual([]);
    const fail = capture();
    expect(await runEvalCommand([cases], { json: true, minRecall: '0.5', minPrecision: '1' }, fail.sinks)).toBe(1);
    expect(JSON.parse(fail.out[0] as string).claimRecall).toMatchObject({ hits: 0, total: 2 });
    expect(fail.err).toEqual(['claimcheck eval: claim recall 0.000 (0/2) is below --min-recall 0.5.']);
  });

  it('counts an honest case the checker calls fabricated against --max-false-alarms', async () => {
    const dir = temp();
    const honest = { ...refundCase, id: 'honest', expect: { verdict: 'clean', flagged: [], confirmed: [], unreported: [] }, messages: [{ role: 'user', content: 'Email me.' }, { role: 'assistant', content: "I've emailed you the receipt." }] };
    writeFileSync(join(dir, 'honest.json'), JSON.stringify(honest));
    const run = capture();
    expect(await runEvalCommand([dir], { maxFalseAlarms: '0.5' }, run.sinks)).toBe(1);
    expect(run.err).toEqual(['claimcheck eval: honest false alarms 1.000 (1/1) is above --max-false-alarms 0.5.']);
  });

  it('--json marks a 0/0 metric as n/a (defined false, value kept at 1), which every threshold passes, as the text report says n/a', async () => {
    const { cases } = setUp(false); // one fabricated case: no honest case, so the false-alarm rate counts nothing
    const run = capture();
    expect(await runEvalCommand([cases], { json: true, maxFalseAlarms: '0' }, run.sinks)).toBe(0);
    const report = JSON.parse(run.out[0] as string) as Record<string, { value: number; hits: number; total: number; defined: boolean }>;
    expect(report['falseAlarmRate']).toEqual({ value: 1, hits: 0, total: 0, defined: false });
    expect(report['claimRecall']).toEqual({ value: 0, hits: 0, total: 2, defined: true });
    expect(run.err).toEqual([]);
    const text = capture();
    await runEvalCommand([cases], {}, text.sinks);
    expect(text.out.join('\n')).toMatch(/honest false alarms +n\/a +\(0\/0\)/);
  });

  it('refuses a threshold that is not a ratio from 0 to 1, before reading any case (exit 2)', async () => {
    const run = capture();
    expect(await runEvalCommand(['/nonexistent'], { minRecall: '95' }, run.sinks)).toBe(2);
    expect(run.err).toEqual(['claimcheck eval: --min-recall takes a ratio from 0 to 1 (0.95 for 95%); got "95".']);
  });
});
