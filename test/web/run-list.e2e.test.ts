/**
 * The dashboard's runs list held to `claimcheck view` on the demo's ledger (same runs, names, calls by
 * state, replies by verdict, and what each filter keeps), and the run and review pages a new user found
 * wrong: a halted call's reason, an args_mismatch's values, a mark that stayed pending, the reviewed-flags
 * counter, tables at 420 px, and the live refresh. Headless Chromium; skipped, saying so, without one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDemoCommand } from '../../src/cli/demo-command.js';
import { runView } from '../../src/cli/view-command.js';
import { openStore, type RunSummary, type Store } from '../../src/store.js';
import { startDashboard, type Dashboard } from '../../src/web/dashboard.js';
import { colour, hasBrowser, launch, layoutBreaks, pageErrors, visit } from './_browser.js';

const quiet = { out: (): void => undefined, err: (): void => undefined };

describe.skipIf(!hasBrowser)('the dashboard agrees with claimcheck view', () => {
  let dir: string;
  let db: string;
  let store: Store;
  let dashboard: Dashboard;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  /** `claimcheck view`'s table, row by row: id → its cells. */
  let cli: Map<string, { agent: string; run: string; calls: string; intercepted: string; verdicts: string }>;
  let runs: RunSummary[];
  const runOf = (scenario: string): RunSummary => runs.find((r) => (r.meta as { scenario?: string }).scenario === scenario)!;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'claimcheck-run-list-'));
    db = join(dir, 'ledger.sqlite');
    expect(await runDemoCommand({ db, env: {} }, quiet)).toBe(0);
    const out: string[] = [];
    expect(await runView({ db, limit: 100, env: {} }, { out: (l) => void out.push(l), err: quiet.err })).toBe(0);
    cli = new Map();
    for (const line of stripVTControlCharacters(out.join('\n')).split('\n')) {
      const cells = line.split('│').slice(1, -1).map((c) => c.trim());
      if (cells.length !== 7 || cells[0] === 'id') continue;
      const [id, , agent, run, calls, intercepted, verdicts] = cells as [string, string, string, string, string, string, string];
      cli.set(id, { agent, run, calls, intercepted, verdicts });
    }
    const json: string[] = [];
    expect(await runView({ db, limit: 100, json: true, env: {} }, { out: (l) => void json.push(l), err: quiet.err })).toBe(0);
    runs = (JSON.parse(json[0] as string) as { runs: RunSummary[] }).runs;
    expect([...cli.keys()]).toEqual(runs.map((r) => r.id));
    store = await openStore({ path: db });
    dashboard = await startDashboard({ store, port: 0, cwd: dir });
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    errors = pageErrors(page);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await dashboard?.close();
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The runs table of `#/runs?query`, row by row, as `claimcheck view`'s cells. */
  async function webRows(query = ''): Promise<Array<{ id: string; agent: string; run: string; calls: string; intercepted: string; verdicts: string }>> {
    await visit(page, `${dashboard.url}#/runs${query === '' ? '' : `?${query}`}`);
    return page.$$eval('#runs-table tbody tr', (trs) =>
      trs.map((tr) => {
        const cell = (i: number): string => (tr.children[i]?.textContent ?? '').trim();
        return { id: tr.querySelector('a')?.getAttribute('title') ?? '', agent: cell(2), run: cell(3), calls: cell(4), intercepted: cell(5), verdicts: cell(6) };
      }),
    );
  }

  it('lists the same runs with the same name, calls by state and replies by verdict', async () => {
    const rows = await webRows();
    expect(rows.map((r) => r.id)).toEqual([...cli.keys()]);
    for (const row of rows) expect({ ...row, id: undefined }).toEqual({ ...cli.get(row.id), id: undefined });
    // What the new user saw: a halted call is needs_review, not "1 failed"; an unreported reply is not "clean".
    expect(rows.find((r) => r.id === runOf('refund-halted').id)).toMatchObject({ run: 'refund-halted', calls: '1 (1 needs_review)', verdicts: '1 fabricated' });
    expect(rows.find((r) => r.id === runOf('unmatched-unreported').id)).toMatchObject({ verdicts: '1 unreported' });
    expect(rows.find((r) => r.id === runOf('no-proof').id)).toMatchObject({ calls: '2 (1 unknown)' });
    expect(errors).toEqual([]);
  }, 60_000);

  it('keeps, for each verdict and state filter, exactly the runs whose counts claimcheck view shows it in', async () => {
    for (const verdict of ['unreported', 'fabricated', 'clean']) {
      const rows = await webRows(`verdict=${verdict}`);
      expect(rows.map((r) => r.id)).toEqual([...cli].filter(([, c]) => c.verdicts.includes(verdict)).map(([id]) => id));
      for (const row of rows) expect(row.verdicts).toContain(verdict);
    }
    for (const state of ['needs_review', 'unknown', 'failed']) {
      const rows = await webRows(`state=${state}`);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((r) => r.id)).toEqual([...cli].filter(([, c]) => c.calls.includes(state)).map(([id]) => id));
    }
  }, 60_000);

  it('shows "—", not a green 0, for the reviewed flags before any is reviewed', async () => {
    await visit(page, `${dashboard.url}#/`);
    const counter = page.locator('.counter[data-counter="flags judged right"]');
    expect(await counter.locator('.n').textContent()).toBe('—');
    expect(await counter.locator('.note').textContent()).toBe('no flag reviewed yet');
    expect(await colour(page, '.counter[data-counter="flags judged right"] .n')).toBe(await colour(page, '.counter[data-counter="calls"] .note'));
  });

  it("says a halted call's reason once, and which value an args_mismatch got wrong, on the run and in the queue", async () => {
    await visit(page, `${dashboard.url}#/run/${runOf('refund-halted').id}`);
    const note = (await page.textContent('#operations tbody tr td:last-child')) ?? '';
    expect(note).toBe('verify halt: the processor refunded $32.00, not the $64.00 asked');

    const mismatch = (await store.reviewQueue({ target: 'claim' })).items.find((i) => i.reason === 'args_mismatch')!;
    expect(mismatch.message).toMatch(/\$64\.00.*4600/);
    await visit(page, `${dashboard.url}#/run/${mismatch.runId}`);
    expect(await page.textContent('li.finding.flagged .against')).toBe(mismatch.message);
    await visit(page, `${dashboard.url}#/review`);
    expect(await page.textContent(`.queue-item[data-target="claim:${mismatch.targetSeq}:0"] .against`)).toBe(mismatch.message);
  });

  it('breaks no word in a table cell, and never scrolls sideways, at 1360 and at 420 px', async () => {
    const email = runOf('email-failed').id;
    for (const width of [1360, 420]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [hash, selector] of [['#/runs', '#runs-table td'], [`#/run/${email}`, 'td, .finding'], ['#/review', '.queue-item'], ['#/review?target=operation', '.queue-item']] as const) {
        await visit(page, `${dashboard.url}${hash}`);
        const { broken, overflow, words } = await layoutBreaks(page, selector);
        expect(words, `${hash} at ${width}px`).toBeGreaterThan(20);
        expect({ hash, width, broken, overflow: Math.max(0, overflow) }).toEqual({ hash, width, broken: [], overflow: 0 });
      }
    }
    await page.setViewportSize({ width: 1360, height: 900 });
  }, 60_000);

  it('takes a marked item out of the pending queue at once, and refreshes the overview when a mark is made elsewhere', async () => {
    await visit(page, `${dashboard.url}#/review?target=operation`);
    const items = page.locator('.queue-item');
    const before = await items.count();
    expect(before).toBe(3); // one unknown call, two needs_review
    const first = items.first();
    const target = await first.getAttribute('data-target');
    await first.locator('button.wrong').click();
    await page.locator('#review-notice', { hasText: '1 marked: moved to reviewed (last: wrong).' }).waitFor();
    expect(await items.count()).toBe(before - 1);
    expect(await page.locator(`.queue-item[data-target="${target}"]`).count()).toBe(0);
    await visit(page, `${dashboard.url}#/review?target=operation&status=reviewed`);
    expect(await page.locator(`.queue-item[data-target="${target}"] .mark-state`).textContent()).toBe('marked wrong');

    // A mark from another tab (or claimcheck itself) reaches an open overview through the live refresh.
    await visit(page, `${dashboard.url}#/`);
    const claim = (await store.reviewQueue({ target: 'claim' })).items[0]!;
    await store.addReviewMark({ target: 'claim', targetSeq: claim.targetSeq, claimIndex: claim.claimIndex, judgement: 'right' });
    await page.locator('.counter[data-counter="flags judged right"] .note', { hasText: '100% of 1 reviewed' }).waitFor({ timeout: 10_000 });
    expect(await page.textContent('.counter[data-counter="flags judged right"] .n')).toBe('1');
    expect(errors).toEqual([]);
  }, 60_000);
});
