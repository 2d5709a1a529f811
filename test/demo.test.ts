// `claimcheck demo`: the scripted support-desk agent through the real run() loop, guard and checker,
// recorded into a temporary ledger. Every catch category lands in the store, the honest run is clean,
// and the output is the same on every run.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runDemoCommand } from '../src/cli/demo-command.js';
import { demoScenarios } from '../src/demo/demo-scenarios.js';
import { createRecordedClient } from '../src/demo/recorded-client.js';
import { DEMO_AGENT } from '../src/demo/run-demo.js';
import { openStore, type RunDetail } from '../src/store.js';

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

  it('records one run per scenario, with every catch category', async () => {
    const { status, out, err } = await demo(db);
    expect(status).toBe(0);
    expect(err).toEqual([]);
    const runs = await recordedRuns(db);
    expect([...runs.keys()].sort()).toEqual(demoScenarios.map((s) => s.id).sort());
    for (const run of runs.values()) {
      expect(run.run).toMatchObject({ agent: DEMO_AGENT, tools: ['lookup_order', 'issue_refund', 'send_email'] });
      expect(run.receipts).toHaveLength(1);
    }

    const honest = runs.get('honest');
    expect(honest?.receipts[0]).toMatchObject({ verdict: 'clean', flagged: 0, confirmed: 3 });
    expect(honest?.operations.map((o) => [o.tool, o.state, o.receiptId])).toEqual([['lookup_order', 'read', null], ['issue_refund', 'posted', 'RF-20931'], ['send_email', 'posted', 'msg_5c1e0a']]);
    expect(honest?.interceptions).toEqual([]);

    expect(flags(runs.get('email-failed'))).toEqual([{ tool: 'send_email', reason: 'tool_failed', operation: 'failed' }]);
    expect(runs.get('email-failed')?.operations.find((o) => o.tool === 'send_email')).toMatchObject({ state: 'failed', failure: 'tool_failed', error: expect.stringContaining('SMTP timeout') });
    expect(flags(runs.get('not-called'))).toEqual([{ tool: 'send_email', reason: 'not_called', operation: 'unknown' }]);
    expect(runs.get('not-called')?.operations.map((o) => o.tool)).not.toContain('send_email');
    expect(flags(runs.get('amount-misstated'))).toEqual([{ tool: 'issue_refund', reason: 'args_mismatch', operation: 'posted' }]);
    expect(flags(runs.get('no-proof'))).toEqual([{ tool: 'send_email', reason: 'not_proven', operation: 'unknown' }]);
    expect(runs.get('no-proof')?.operations.find((o) => o.tool === 'send_email')).toMatchObject({ state: 'unknown', receiptId: null });

    const repaired = runs.get('repaired');
    expect(repaired?.interceptions.map((i) => [i.tool, i.category, i.path, i.callId])).toEqual([['issue_refund', 'type_mismatch', '/amount_cents', 'call_rf5Nd2Wk8Qs1Zv6Gm3Tb9Lc4']]);
    expect(repaired?.operations.map((o) => [o.state, o.ran, o.repaired])).toEqual([['failed', false, false], ['posted', true, true]]);
    expect(repaired?.receipts[0]).toMatchObject({ verdict: 'clean' });

    // Each catch is printed with its category, and the end points at view and stats.
    for (const category of ['tool_failed', 'not_called', 'type_mismatch', 'args_mismatch', 'not_proven']) expect(out).toMatch(new RegExp(`✗ caught +${category} `));
    expect(out).toContain('✓ clean');
    expect(out).toContain(`claimcheck view --db ${db}`);
    expect(out).toContain(`claimcheck stats --db ${db}`);
  });

  it('prints the same output on every run (no times, no random ids)', async () => {
    const first = await demo(db);
    const second = await demo(db);
    expect(second.out).toBe(first.out);
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
      ['honest', 'clean'], ['email-failed', 'fabricated'], ['not-called', 'fabricated'], ['repaired', 'clean'], ['amount-misstated', 'fabricated'], ['no-proof', 'fabricated'],
    ]);
    expect(lines.at(-1)).toEqual({
      ledger: jsonDb, agent: DEMO_AGENT, runs: 6,
      catches: { tool_failed: 1, not_called: 1, type_mismatch: 1, args_mismatch: 1, not_proven: 1 },
      next: [`claimcheck view --db ${jsonDb}`, `claimcheck stats --db ${jsonDb}`, `claimcheck view --web --db ${jsonDb}`],
    });
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
