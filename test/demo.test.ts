// `claimcheck demo`: the scripted support-desk agent through the real run() loop, guard and checker,
// recorded into a temporary ledger. Every catch category lands in the store, the honest run is clean,
// and the output is the same on every run.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runDemoCommand } from '../src/cli/demo-command.js';
import { runStats } from '../src/cli/stats-command.js';
import { demoScenarios } from '../src/demo/demo-scenarios.js';
import { createRecordedClient } from '../src/demo/recorded-client.js';
import { DEMO_AGENT } from '../src/demo/run-demo.js';
import { openStore, type RunDetail } from '../src/store.js';
import { validationFailureCategories } from '../src/validate/validation-failure.js';

const dir = mkdtempSync(join(tmpdir(), 'claimcheck-demo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function demo(db: string, json = false) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runDemoCommand({ db, json }, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { status, out: stripVTControlCharacters(out.join('\n')), err };
}

/** The demo's runs in the ledger, keyed by scenario (one of them when a scenario ran more than once). */
async function recordedRuns(db: string): Promise<Map<string, RunDetail>> {
  const store = await openStore({ path: db, readonly: true });
  try {
    const runs = await store.listRuns({ limit: 100 });
    const details = new Map<string, RunDetail>();
    for (const run of runs) {
      const detail = await store.runDetail(run.id);
      if (detail !== null) details.set((detail.run.meta as { scenario: string }).scenario, detail);
    }
    return details;
  } finally {
    await store.close();
  }
}

const flags = (d: RunDetail | undefined) => d?.receipts.flatMap((r) => r.receipt.claimedButNeverRan.map((c) => ({ tool: c.tool, reason: c.reason, operation: c.operation })));

describe('claimcheck demo', () => {
  const db = join(dir, 'ledger.sqlite');

  it('records one run per scenario: every interception category with its repair, every receipt finding, every state and verify outcome', async () => {
    const { status, out, err } = await demo(db);
    expect(status).toBe(0);
    expect(err).toEqual([]);
    const runs = await recordedRuns(db);
    expect([...runs.keys()].sort()).toEqual(demoScenarios.map((s) => s.id).sort());
    for (const run of runs.values()) {
      expect(run.run).toMatchObject({ agent: DEMO_AGENT, tools: ['lookup_order', 'issue_refund', 'send_email'] });
      expect(run.receipts).toHaveLength(1);
    }
    const all = [...runs.values()];

    const honest = runs.get('honest');
    expect(honest?.receipts[0]).toMatchObject({ verdict: 'clean', flagged: 0, confirmed: 3 });
    expect(honest?.operations.map((o) => [o.tool, o.state, o.receiptId, o.verify?.code ?? null])).toEqual([
      ['lookup_order', 'read', null, null], ['issue_refund', 'posted', 'RF-20931', 'pass'], ['send_email', 'posted', 'msg_5c1e0a', null],
    ]);
    expect(honest?.interceptions).toEqual([]);

    // The guard: each validation category once, each rejected call kept from its tool; all but the
    // unknown tool repaired in one round trip, and every reply after them is clean.
    const intercepted = all.flatMap((r) => r.interceptions.map((i) => i.category));
    expect(intercepted.sort()).toEqual([...validationFailureCategories].sort());
    for (const id of ['type-mismatch', 'missing-required-format', 'enum-extra-field', 'constraint-invalid-json']) {
      const run = runs.get(id);
      expect(run?.receipts[0]?.verdict, id).toBe('clean');
      const rejected = run?.operations.filter((o) => !o.ran) ?? [];
      expect(rejected.length, id).toBeGreaterThan(0);
      expect(rejected.every((o) => o.state === 'failed'), id).toBe(true);
      // Each rejected call has a repaired call under the same call id that ran and was posted.
      for (const o of rejected) expect(run?.operations.find((p) => p.callId === o.callId && p.repaired), `${id} ${o.tool}`).toMatchObject({ ran: true, state: 'posted' });
    }
    const repaired = runs.get('type-mismatch');
    expect(repaired?.interceptions.map((i) => [i.tool, i.category, i.path, i.callId])).toEqual([['issue_refund', 'type_mismatch', '/amount_cents', 'call_rf5Nd2Wk8Qs1Zv6Gm3Tb9Lc4']]);
    const unknown = runs.get('unknown-tool');
    expect(unknown?.operations.map((o) => [o.tool, o.state, o.ran, o.repaired])).toEqual([['refund_order', 'failed', false, false], ['issue_refund', 'posted', true, false]]);
    expect(unknown?.receipts[0]?.verdict).toBe('clean');

    // The checker: every flag reason, the operation state each claim found, and the notes.
    expect(flags(runs.get('email-failed'))).toEqual([{ tool: 'send_email', reason: 'tool_failed', operation: 'failed' }]);
    expect(runs.get('email-failed')?.operations.find((o) => o.tool === 'send_email')).toMatchObject({ state: 'failed', failure: 'tool_failed', error: expect.stringContaining('SMTP timeout') });
    expect(flags(runs.get('not-called'))).toEqual([{ tool: 'send_email', reason: 'not_called', operation: 'unknown' }]);
    expect(runs.get('not-called')?.operations.map((o) => o.tool)).not.toContain('send_email');
    expect(flags(runs.get('amount-misstated'))).toEqual([{ tool: 'issue_refund', reason: 'args_mismatch', operation: 'posted' }]);
    expect(flags(runs.get('no-proof'))).toEqual([{ tool: 'send_email', reason: 'not_proven', operation: 'unknown' }]);
    expect(runs.get('no-proof')?.operations.find((o) => o.tool === 'send_email')).toMatchObject({ state: 'unknown', receiptId: null });
    for (const [id, code] of [['refund-flagged', 'flag'], ['refund-halted', 'halt']] as const) {
      expect(flags(runs.get(id)), id).toEqual([{ tool: 'issue_refund', reason: 'not_proven', operation: 'needs_review' }]);
      expect(runs.get(id)?.operations[0], id).toMatchObject({ state: 'needs_review', verify: { code } });
    }
    const notes = runs.get('unmatched-unreported')?.receipts[0];
    expect(notes).toMatchObject({ verdict: 'unreported', flagged: 0 });
    expect(notes?.receipt.unmatched).toHaveLength(1);
    expect(notes?.receipt.ranButUnreported.map((e) => e.tool)).toEqual(['lookup_order']);
    // Every state, every verify outcome and every verdict happened.
    expect(new Set(all.flatMap((r) => r.operations.map((o) => o.state)))).toEqual(new Set(['posted', 'unknown', 'needs_review', 'failed', 'read']));
    expect(new Set(all.flatMap((r) => r.operations.map((o) => o.verify?.code).filter((c) => c !== undefined)))).toEqual(new Set(['pass', 'flag', 'halt']));
    expect(new Set(all.map((r) => r.receipts[0]?.verdict))).toEqual(new Set(['clean', 'unreported', 'fabricated']));

    // Each catch is printed with its category, each note with its kind, and the end points at view and stats.
    for (const category of [...validationFailureCategories, 'tool_failed', 'not_called', 'args_mismatch', 'not_proven']) expect(out).toMatch(new RegExp(`✗ caught +${category} `));
    for (const note of ['unmatched', 'unreported', 'without_tool']) expect(out).toMatch(new RegExp(`· note +${note} `));
    expect(out).toMatch(/✗ caught +denied_but_ran +issue_refund: /);
    expect(out).toMatch(/verify PASS[\s\S]*verify FLAG: [\s\S]*verify HALT: /);
    expect(out).toContain('the reply says a refund of $64.00, but the call used amount_cents 4600');
    expect(out).toContain('✓ clean');
    expect(out).toContain(`claimcheck view --db ${db}`);
    expect(out).toContain(`claimcheck stats --db ${db}`);
  });

  it('claimcheck stats after one demo lists all eight interception categories', async () => {
    const statsDb = join(dir, 'stats.sqlite');
    expect((await demo(statsDb)).status).toBe(0);
    const out: string[] = [];
    expect(await runStats({ db: statsDb }, { out: (l) => out.push(l), err: (l) => out.push(l) })).toBe(0);
    const text = stripVTControlCharacters(out.join('\n'));
    for (const category of validationFailureCategories) expect(text).toMatch(new RegExp(`│ ${category} +│ +1 │`));
    expect(text).toContain('states            posted 15 · unknown 1 · needs_review 2 · failed 9 · read 4');
  });

  it('demo then stats: the counts a user compares agree, each with its unit (runs, calls, replies)', async () => {
    const fresh = join(dir, 'compare.sqlite');
    const shown = await demo(fresh);
    const stats = async (json: boolean): Promise<string> => {
      const out: string[] = [];
      expect(await runStats({ db: fresh, json }, { out: (l) => out.push(l), err: (l) => out.push(l) })).toBe(0);
      return stripVTControlCharacters(out.join('\n'));
    };
    const number = (text: string, pattern: RegExp): number => Number(text.match(pattern)?.[1] ?? Number.NaN);

    // The demo: 15 scenarios, recorded as 15 runs holding 31 calls and 15 checked replies.
    const scenarios = demoScenarios.length;
    expect(shown.out).toContain(`[${scenarios}/${scenarios}] `);
    expect(shown.out).toMatch(new RegExp(`^Recorded ${scenarios} runs \\(one per scenario, agent ${DEMO_AGENT}\\) in .*: 31 calls and ${scenarios} replies checked\\.$`, 'm'));
    expect(shown.out).toMatch(/^ {2}intercepted +8 {2}calls: type_mismatch 1 · /m);
    expect(shown.out).toMatch(/^ {2}repaired +7 {2}intercepted calls /m);
    expect(shown.out).toMatch(/^ {2}caught +7 {2}findings on replies: tool_failed 1 · not_called 1 · args_mismatch 1 · not_proven 3 · denied_but_ran 1$/m);
    expect(shown.out).toMatch(/^ {2}verdicts +15 {2}replies: fabricated 6 · unreported 2 · clean 7 \(a denial of a call that ran is caught, but is not a fabrication\)$/m);
    expect(shown.out).not.toContain('The ledger holds'); // nothing was recorded before

    // stats says the same numbers, in the same units.
    const text = await stats(false);
    expect(number(text, /^runs +(\d+) {2}agent runs started$/m)).toBe(scenarios);
    expect(number(text, /^calls +(\d+) {2}tool calls; a rejected call and its repair count as two$/m)).toBe(31);
    expect(number(text, /^intercepted calls +(\d+) /m)).toBe(8);
    expect(number(text, /^auto-repaired +(\d+) /m)).toBe(7);
    expect(text).toMatch(new RegExp(`^Reply verdicts {4}fabricated 6 · unreported 2 · clean 7 {2}\\(${scenarios} replies checked\\)$`, 'm'));
    expect(text).toMatch(/^Claim findings {4}without a tool 1 · denied but ran 1$/m); // the 7th catch, on an unreported reply

    // The JSON of both: the demo's summary keys are the stats keys for the same numbers.
    const jsonDb = join(dir, 'compare-json.sqlite');
    const summary = JSON.parse((await demo(jsonDb, true)).out.split('\n').at(-1) ?? '') as Record<string, unknown>;
    const out: string[] = [];
    expect(await runStats({ db: jsonDb, json: true }, { out: (l) => out.push(l), err: (l) => out.push(l) })).toBe(0);
    const ledger = JSON.parse(out[0] ?? '') as Record<string, unknown>;
    for (const key of ['runs', 'calls', 'repaired', 'verdicts']) expect(ledger[key], key).toEqual(summary[key]);
    expect(summary).toMatchObject({ runs: scenarios, calls: 31, repaired: 7, verdicts: { fabricated: 6, unreported: 2, clean: 7 } });

    // A second demo on the same ledger says that stats now counts both.
    const again = await demo(fresh);
    expect(again.out).toMatch(new RegExp(`^The ledger holds ${2 * scenarios} runs: these ${scenarios} and ${scenarios} recorded before, which \`claimcheck stats\` counts too `, 'm'));
    expect(number(await stats(false), /^runs +(\d+) /m)).toBe(2 * scenarios);
  });

  it('prints the same output on every run (no times, no random ids), but for the count of the ledger\'s earlier runs', async () => {
    const first = await demo(db);
    const second = await demo(db);
    const earlier = /^The ledger holds (\d+) runs: these 15 and (\d+) recorded before, which `claimcheck stats` counts too .*\n/m;
    // The first test's demo ran on this ledger too.
    expect(first.out.match(earlier)?.slice(1)).toEqual(['30', '15']);
    expect(second.out.match(earlier)?.slice(1)).toEqual(['45', '30']);
    expect(second.out.replace(earlier, '')).toBe(first.out.replace(earlier, ''));
    expect(first.out).not.toMatch(/\d{4}-\d\d-\d\d|\d\d:\d\d:\d\d|cc_[0-9a-f]{12}|[0-9a-f]{8}-[0-9a-f]{4}-/);
    const store = await openStore({ path: db, readonly: true });
    expect((await store.counts()).runs).toBe(3 * demoScenarios.length);
    await store.close();
  });

  it('--json: one line per scenario and a summary, also deterministic', async () => {
    const jsonDb = join(dir, 'json.sqlite');
    const first = await demo(jsonDb, true);
    expect(first.status).toBe(0);
    const lines = first.out.split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(demoScenarios.length + 1);
    expect(lines.slice(0, -1).map((l) => [l.scenario, l.verdict])).toEqual([
      ['honest', 'clean'], ['type-mismatch', 'clean'], ['missing-required-format', 'clean'], ['enum-extra-field', 'clean'], ['constraint-invalid-json', 'clean'], ['unknown-tool', 'clean'],
      ['email-failed', 'fabricated'], ['not-called', 'fabricated'], ['amount-misstated', 'fabricated'], ['no-proof', 'fabricated'], ['refund-flagged', 'fabricated'], ['refund-halted', 'fabricated'],
      ['unmatched-unreported', 'unreported'], ['without-tool', 'clean'], ['denied-but-ran', 'unreported'],
    ]);
    expect(lines.at(-1)).toEqual({
      ledger: jsonDb, agent: DEMO_AGENT, runs: 15,
      catches: { ...Object.fromEntries(validationFailureCategories.map((c) => [c, 1])), tool_failed: 1, not_called: 1, args_mismatch: 1, not_proven: 3, denied_but_ran: 1 },
      repaired: 7,
      next: [`claimcheck view --db ${jsonDb}`, `claimcheck stats --db ${jsonDb}`, `claimcheck view --web --db ${jsonDb}`],
      calls: 31,
      verdicts: { fabricated: 6, unreported: 2, clean: 7 },
    });
    expect(lines.find((l) => l.scenario === 'unmatched-unreported')).toMatchObject({ unmatched: ["I've saved 12 Elm Street as your new address."], unreported: ['lookup_order'] });
    expect(lines.find((l) => l.scenario === 'without-tool')).toMatchObject({ claimedWithoutTool: ["I've refunded $64.00, and your order A-1042 has been cancelled."], confirmed: ['issue_refund'] });
    expect(lines.find((l) => l.scenario === 'denied-but-ran')).toMatchObject({ deniedButRan: [{ tool: 'issue_refund', text: "I'm sorry, I wasn't able to issue the refund for order A-1042." }] });
    expect((await demo(jsonDb, true)).out).toBe(first.out);
  });

  it("is quoted verbatim in the README (npm start's output in a fresh clone)", async () => {
    const project = join(dir, 'clone');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), '{}');
    const out: string[] = [];
    expect(await runDemoCommand({ cwd: project, env: {} }, { out: (l) => out.push(l), err: (l) => out.push(l) })).toBe(0);
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(stripVTControlCharacters(out.join('\n')));
    // And the `claimcheck stats` that npm start runs next, with the clone's path written as /path/to/claimcheck.
    const stats: string[] = [];
    expect(await runStats({ cwd: project, env: {} }, { out: (l) => stats.push(l), err: (l) => stats.push(l) })).toBe(0);
    expect(readme).toContain(stripVTControlCharacters(stats.join('\n')).replace(`${realpathSync(project)}/`, '/path/to/claimcheck/').replace(`${project}/`, '/path/to/claimcheck/'));
  });

  it('a ledger that cannot be opened exits 2 with the store\'s message', async () => {
    const { status, out, err } = await demo(dir); // a folder, not a file
    expect(status).toBe(2);
    expect(out).toBe('');
    expect(err.join('\n')).toMatch(/^claimcheck demo: .*is a folder/);
  });
});

describe('the scripted model', () => {
  it('serves the responses in order, copies each, and refuses to go past the end', async () => {
    const client = createRecordedClient([{ n: 1 }, { n: 2 }]);
    const create = client.chat.completions.create as (body: unknown) => Promise<unknown>;
    const first = await create({ model: 'm' });
    expect(first).toEqual({ n: 1 });
    (first as { n: number }).n = 99;
    expect(await create({ model: 'm' })).toEqual({ n: 2 });
    expect(client.remaining).toBe(0);
    await expect(create({})).rejects.toMatchObject({ code: 'invalid_input' });
    expect(client.requests).toHaveLength(3);
  });
});
