/**
 * The dashboard end to end in headless Chromium (Debian's `chromium`, driven by playwright-core): the
 * demo's ledger, the overview's counters against `claimcheck stats --json`, a run with its flagged claim
 * highlighted, a review mark made with the page's buttons and found in `export --reviewed`, and the
 * Host check. Screenshots go to test-results/dashboard/. Skipped, saying so, only where no browser is
 * installed (.ci/run installs it).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { runDemoCommand } from '../../src/cli/demo-command.js';
import { runExport } from '../../src/cli/export-command.js';
import { runStats } from '../../src/cli/stats-command.js';
import { openStore, type Store } from '../../src/store.js';
import { startDashboard, type Dashboard } from '../../src/web/dashboard.js';
import { hasBrowser, launch, pageErrors } from './_browser.js';

const SHOTS = join(process.cwd(), 'test-results', 'dashboard');

const sinks = (): { out: string[]; err: string[]; s: { out: (l: string) => void; err: (l: string) => void } } => {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, s: { out: (l) => void out.push(l), err: (l) => void err.push(l) } };
};

describe.skipIf(!hasBrowser)('claimcheck view --web in Chromium', () => {
  let dir: string;
  let db: string;
  let project: string;
  let store: Store;
  let dashboard: Dashboard;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'claimcheck-web-'));
    // A project's ledger where claimcheck puts it, so the header (and the README's screenshots) show the
    // path as a user sees it from their project: .claimcheck/ledger.sqlite.
    project = join(dir, 'support-desk');
    db = join(project, '.claimcheck', 'ledger.sqlite');
    const demo = sinks();
    expect(await runDemoCommand({ db, env: {} }, demo.s)).toBe(0);
    store = await openStore({ path: db });
    dashboard = await startDashboard({ store, port: 0, cwd: project });
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    mkdirSync(SHOTS, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await dashboard?.close();
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows the counters claimcheck stats --json gives for the same ledger', async () => {
    const errors = pageErrors(page);
    await page.goto(dashboard.url);
    await page.click('button[data-range="all"]');
    await page.waitForSelector('.counter[data-counter="calls"]');
    await page.waitForSelector('#chart-calls .uplot');
    const stats = sinks();
    expect(await runStats({ db, json: true, env: {} }, stats.s)).toBe(0);
    const s = JSON.parse(stats.out[0] as string);
    const counter = async (name: string): Promise<number> => Number((await page.textContent(`.counter[data-counter="${name}"] .n`))?.replace(/,/g, ''));
    expect(await counter('calls')).toBe(s.calls);
    expect(await counter('posted')).toBe(s.states.posted);
    expect(await counter('unknown')).toBe(s.states.unknown);
    expect(await counter('needs_review')).toBe(s.states.needs_review);
    expect(await counter('failed')).toBe(s.states.failed);
    expect(await counter('intercepted')).toBe(s.intercepted);
    expect(await counter('repaired')).toBe(s.repaired);
    expect(await counter('fabricated')).toBe(s.verdicts.fabricated);
    expect(s.verdicts.fabricated).toBeGreaterThan(0);
    expect(await page.textContent('#ledger')).toBe(join('.claimcheck', 'ledger.sqlite'));
    expect(await page.getAttribute('#ledger', 'title')).toBe(db);

    // The per-tool chart: one row per failing tool, its calls and failures as the overview's stats give
    // them (top 8), the failures bar inside the calls bar, the busiest tool's calls filling the track.
    const failing = (await store.stats({ top: 8 })).topFailingTools;
    expect(failing.length).toBeGreaterThan(0);
    const rows = page.locator('#chart-tools .tool-bar');
    expect(await rows.count()).toBe(failing.length);
    const maxCalls = Math.max(...failing.map((t) => t.calls));
    for (const [i, t] of failing.entries()) {
      const row = rows.nth(i);
      expect(await row.getAttribute('data-tool')).toBe(t.tool);
      expect(await row.locator('.name').textContent()).toBe(t.tool);
      expect(await row.locator('.nums').textContent()).toBe(`${t.errors} / ${t.calls}`);
      const track = (await row.locator('.track').boundingBox())!;
      const calls = (await row.locator('.bar.calls').boundingBox())!;
      const failed = (await row.locator('.bar.errors').boundingBox())!;
      expect(calls.width).toBeCloseTo((track.width * t.calls) / maxCalls, 0);
      expect(failed.width).toBeCloseTo((track.width * t.errors) / maxCalls, 0);
      expect(failed.width).toBeLessThanOrEqual(calls.width);
    }
    const stats5 = s.topFailingTools as Array<{ tool: string; calls: number; errors: number }>;
    expect(stats5.map((t) => [t.tool, t.calls, t.errors])).toEqual(failing.slice(0, 5).map((t) => [t.tool, t.calls, t.errors]));
    await page.screenshot({ path: join(SHOTS, 'overview.png'), fullPage: true });
    expect(errors).toEqual([]); // the CSP refused nothing the page needs, and the script threw nothing
  }, 60_000);

  it('lists the runs, opens one, highlights its flagged claim, and stores a review mark that export --reviewed writes as a case', async () => {
    await page.goto(`${dashboard.url}#/runs?verdict=fabricated`);
    await page.waitForSelector('#runs-table');
    // One checked reply per demo run: the fabricated runs are the fabricated receipts.
    expect(await page.locator('#runs-table tbody tr').count()).toBe((await store.stats()).verdicts.fabricated);
    const target = (await store.reviewQueue({ target: 'claim' })).items.find((i) => i.reason === 'tool_failed');
    expect(target).toBeDefined();
    await page.click(`#runs-table a[href="#/run/${target!.runId}"]`);
    const flagged = page.locator(`[data-receipt="${target!.targetSeq}"] mark.flagged`);
    await flagged.waitFor();
    expect(await flagged.textContent()).toBe(target!.text);
    const finding = page.locator(`[data-receipt="${target!.targetSeq}"] li.finding.flagged`).first();
    expect(await finding.locator('.against').textContent()).toContain('contradicted by call');
    await finding.locator('input.note').fill('the mail server timed out; the reply says sent');
    await finding.locator('button.right').click();
    await finding.locator('.mark-state', { hasText: 'marked right' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'run.png'), fullPage: true });

    const marks = await store.reviewMarks();
    expect(marks.map((m) => [m.targetSeq, m.claimIndex, m.judgement, m.note])).toEqual([[target!.targetSeq, 0, 'right', 'the mail server timed out; the reply says sent']]);
    const out = join(dir, 'cases');
    const exported = sinks();
    expect(await runExport({ db, reviewed: true, out, env: {} }, exported.s)).toBe(0);
    const files = readdirSync(out);
    expect(files).toHaveLength(1);
    const c = JSON.parse(readFileSync(join(out, files[0] as string), 'utf8'));
    expect(c.expect.flagged).toEqual([{ tool: target!.tool, reason: 'tool_failed' }]);
    expect(JSON.stringify(c.messages)).toContain(target!.text);
  }, 60_000);

  it('shows the review queue with the mark, and the stats count it', async () => {
    await page.goto(`${dashboard.url}#/review?target=claim&status=all`);
    await page.waitForSelector('.queue-item');
    expect(await page.locator('.queue-item .mark-state', { hasText: 'marked right' }).count()).toBe(1);
    expect(await page.locator('.queue-item').count()).toBe((await store.reviewQueue({ target: 'claim', status: 'all' })).items.length);
    await page.screenshot({ path: join(SHOTS, 'review.png'), fullPage: true });
    await page.goto(`${dashboard.url}#/review?target=operation`);
    await page.waitForSelector('.queue-item');
    expect(await page.locator('.queue-item .badge.unknown').count()).toBe(1);
    expect((await store.stats()).reviews.flagsJudgedRight).toBe(1);
  }, 60_000);

  it('refuses a foreign Host header, and a review write without the launch token', async () => {
    const status = (path: string, headers: Record<string, string>, method = 'GET'): Promise<number> =>
      new Promise((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: dashboard.port, path, method, headers }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end(method === 'POST' ? JSON.stringify({ target: 'operation', targetSeq: 1, judgement: 'right' }) : undefined);
      });
    expect(await status('/', { host: 'attacker.example:80' })).toBe(421);
    expect(await status('/api/overview', { host: `attacker.example:${dashboard.port}` })).toBe(421);
    expect(await status('/', { host: `127.0.0.1:${dashboard.port}` })).toBe(200);
    expect(await status('/api/review', { host: `127.0.0.1:${dashboard.port}`, 'content-type': 'application/json' }, 'POST')).toBe(403);
    expect(await status('/api/review', { host: `127.0.0.1:${dashboard.port}`, 'content-type': 'application/json', 'x-claimcheck-token': dashboard.token, origin: 'http://attacker.example' }, 'POST')).toBe(403);
    const csp = await page.evaluate(async () => (await fetch('/')).headers.get('content-security-policy'));
    expect(csp).toContain("script-src 'self'");
  });
});
