/**
 * The dashboard's JSON API over a real SQLite ledger, through Hono's `app.request` (no socket): what a
 * bad request gets back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../store.js';
import { apiRoutes } from './_api.js';

describe('the dashboard API', () => {
  let dir: string;
  let store: Store;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'claimcheck-api-'));
    store = await openStore({ path: join(dir, 'ledger.sqlite') });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = (body: unknown): Promise<Response> =>
    Promise.resolve(apiRoutes(store, (mark) => store.addReviewMark(mark)).request('/review', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));

  it('answers a review mark whose time no Date can hold with 400 invalid_record, and stores nothing', async () => {
    store.startRun({ id: 'run-1' });
    store.recordOperation({ tool: 'refund', state: 'unknown' });
    await store.flush();
    const seq = (await store.reviewQueue({ target: 'operation' })).items[0]!.targetSeq;
    const response = await post({ target: 'operation', targetSeq: seq, judgement: 'right', at: 1e300 });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'invalid_record', error: expect.stringContaining('at must be epoch milliseconds a Date can hold') });
    expect(await store.reviewMarks()).toEqual([]);
    expect((await post({ target: 'operation', targetSeq: seq, judgement: 'right', at: 1_700_000_000_000 })).status).toBe(201);
  });
});
