/**
 * The dashboard on a run of 200,000 operations (generated in SQL on the store's schema), in headless
 * Chromium: the run's page answers one page of operations and pages through the rest, a flagged reply
 * still names the call that contradicts it though that call is on the last page, and the runs list and
 * live refresh keep working. Before paging, the page asked for all of them at once (a 62.8 MB answer)
 * and the browser gave up with "Maximum call stack size exceeded". Skipped, saying so, without a browser.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store.js';
import { startDashboard, type Dashboard } from '../../src/web/dashboard.js';
import { openRaw } from '../store/open-raw.js';
import { hasBrowser, launch, pageErrors, visit } from './_browser.js';

const N = 200_000;
const RUN = 'long-run';

/** Appends `n` operations to `runId` in one statement: one in 9 failed, the last one a failed send_email with call id `call-{n-1}`. */
async function addOperations(file: string, runId: string, n: number, at: number): Promise<void> {
  const db = await openRaw(file);
  db.exec(`WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < ${n - 1})
    INSERT INTO operations (run_id, turn, at, tool, call_id, kind, state, status, ran, repaired, failure, error, receipt_id, started_at, ended_at)
    SELECT '${runId}', i / 4, ${at} + i, CASE WHEN i = ${n - 1} THEN 'send_email' ELSE 'lookup_' || (i % 7) END, 'call-' || i, 'action',
      CASE WHEN i % 9 = 8 OR i = ${n - 1} THEN 'failed' ELSE 'posted' END, CASE WHEN i % 9 = 8 OR i = ${n - 1} THEN 'error' ELSE 'ok' END, 1, 0,
      CASE WHEN i % 9 = 8 OR i = ${n - 1} THEN 'tool_failed' END, CASE WHEN i = ${n - 1} THEN 'SMTP timeout' WHEN i % 9 = 8 THEN 'upstream 503' END,
      CASE WHEN i % 9 = 8 OR i = ${n - 1} THEN NULL ELSE 'r-' || i END, ${at} + i, ${at} + i + 3 FROM k`);
  db.close();
}

describe.skipIf(!hasBrowser)(`a run of ${N.toLocaleString('en-US')} operations in Chromium`, () => {
  let dir: string;
  let db: string;
  let store: Store;
  let dashboard: Dashboard;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'claimcheck-large-run-'));
    db = join(dir, 'ledger.sqlite');
    const t0 = Date.now() - 3_600_000;
    const writer = await openStore({ path: db });
    writer.startRun({ id: RUN, agent: 'long-session', meta: { name: 'long session' }, at: t0 });
    await writer.close();
    await addOperations(db, RUN, N, t0);
    store = await openStore({ path: db });
    // The reply judged against the run's last call, a failed email: its page is the last of 1,000.
    const flagged = { text: "I've emailed you the receipt.", verb: 'email', object: 'receipt', tool: 'send_email', candidates: ['send_email'], reason: 'tool_failed' as const, source: 'rules' as const };
    const body = { version: 1 as const, verdict: 'fabricated' as const, ok: false, summary: 'fabricated: send_email claimed but tool_failed', confirmed: [], claimedButNeverRan: [flagged], unmatched: [], suspected: [], ranButUnreported: [] };
    store.recordReceipt({ runId: RUN, receipt: body, callIds: [`call-${N - 1}`], at: t0 + N + 10 });
    await store.flush();
    dashboard = await startDashboard({ store, port: 0, cwd: dir });
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    errors = pageErrors(page);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await dashboard?.close();
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers one page of operations, and the page steps through them', async () => {
    const response = await fetch(`${dashboard.url}api/runs/${RUN}`);
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text.length).toBeLessThan(500_000);
    const detail = JSON.parse(text) as { operations: unknown[]; operationPage: { total: number; next: number | null }; replyCalls: Array<{ callId: string }> };
    expect([detail.operations.length, detail.operationPage.total, detail.operationPage.next === null]).toEqual([200, N, false]);
    expect(detail.replyCalls.map((o) => o.callId)).toEqual([`call-${N - 1}`]);

    await visit(page, `${dashboard.url}#/run/${RUN}`);
    expect(await page.textContent('h2:has-text("Operations")')).toBe('Operations (200,000)');
    const rows = page.locator('#operations tbody tr');
    const firstCell = (): Promise<string | null> => rows.first().locator('td').first().textContent();
    expect(await rows.count()).toBe(200);
    expect(await page.textContent('#operations-range')).toBe('operations 1–200 of 200,000');
    expect(await firstCell()).toBe('1');
    await page.click('#operations-next');
    await page.locator('#operations-range', { hasText: 'operations 201–400 of 200,000' }).waitFor();
    expect([await rows.count(), await firstCell()]).toEqual([200, '201']);
    await page.click('#operations-next');
    await page.locator('#operations-range', { hasText: 'operations 401–600 of 200,000' }).waitFor();
    await page.click('#operations-previous');
    await page.locator('#operations-range', { hasText: 'operations 201–400 of 200,000' }).waitFor();
    expect(await firstCell()).toBe('201');
    // The flagged reply names the failed call it rests on, 1,000 pages away.
    expect(await page.textContent('li.finding.flagged .against')).toBe(`contradicted by call call-${N - 1} of send_email: failed — SMTP timeout`);
    expect(errors).toEqual([]);
  }, 120_000);

  it('lists the run with its counts, and shows a new run without a reload', async () => {
    await visit(page, `${dashboard.url}#/runs`);
    // One in nine failed (i % 9 = 8: 22,222 of them) and the last call: 22,223.
    expect((await page.textContent('#runs-table tbody tr td:nth-child(5)'))?.trim()).toBe('200,000 (22,223 failed)');
    store.startRun({ id: 'run-after', agent: 'late', meta: { name: 'arrived later' } });
    store.recordOperation({ tool: 'lookup_0' });
    await store.flush();
    await page.locator('#runs-table a[title="run-after"]').waitFor({ timeout: 10_000 });
    expect(errors).toEqual([]);
  }, 60_000);
});
