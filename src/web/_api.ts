/**
 * Internal: the dashboard's JSON API over a {@link Store}. Every route reads, except `POST
 * /api/review`, which adds a review mark (token required). Query parameters are checked; a bad one
 * is a 400 with a message, a store failure a 500 with the store's message (never a stack).
 */
import { Hono, type Context } from 'hono';
import { ClaimcheckError } from '../errors.js';
import type { Store } from '../store/store.js';
import type { ReviewMarkInput, ReviewQueueOptions } from '../store/review.js';
import type { RunQuery } from '../store/run-query.js';
import type { OperationState } from '../store/records.js';
import type { Verdict } from '../receipt.js';
import { runTitle } from '../store/_run-title.js';

/** Operations per page of a run. */
export const OPERATIONS_PAGE = 200;
/** Most calls read for the flagged replies of one run page (the calls their claims are checked against). */
const MAX_REPLY_CALLS = 1000;

/** The overview's time ranges: how far back, and the chart's bucket width. */
export const RANGES: Record<string, { back: number | null; bucketMs: number }> = {
  '1h': { back: 3_600_000, bucketMs: 60_000 },
  '24h': { back: 86_400_000, bucketMs: 3_600_000 },
  '7d': { back: 7 * 86_400_000, bucketMs: 3_600_000 },
  '30d': { back: 30 * 86_400_000, bucketMs: 86_400_000 },
  all: { back: null, bucketMs: 86_400_000 },
};

/**
 * The API routes, under `/api`. `now` gives the time ranges count back from; `ledgerLabel` is how the
 * page's header shows the ledger (the overview's `ledgerLabel`, beside its full `ledger` path).
 */
export function apiRoutes(store: Store, write: (mark: ReviewMarkInput) => Promise<unknown>, now: () => number = Date.now, ledgerLabel: string = store.path): Hono {
  const api = new Hono();
  api.onError((error, c) => {
    const known = ClaimcheckError.isInstance(error);
    const status = known && ['invalid_options', 'invalid_record'].includes(error.code) ? 400 : 500;
    return c.json({ error: error.message, ...(known ? { code: error.code } : {}) }, status);
  });

  api.get('/overview', async (c) => {
    const rangeName = c.req.query('range') ?? '24h';
    const range = RANGES[rangeName];
    if (range === undefined) return badRequest(c, `range must be one of ${Object.keys(RANGES).join(', ')}, got ${JSON.stringify(rangeName)}`);
    const since = range.back === null ? null : now() - range.back;
    // Buckets start on whole bucket widths, so a chart's hours and days fall on the clock's.
    const from = since === null ? 0 : Math.floor(since / range.bucketMs) * range.bucketMs;
    const [stats, timeline] = await Promise.all([store.stats(since === null ? { top: 8 } : { since, top: 8 }), store.timeline({ since: from, bucketMs: range.bucketMs })]);
    return c.json({ ledger: store.path, ledgerLabel, range: rangeName, since, bucketMs: range.bucketMs, stats, timeline });
  });

  api.get('/runs', async (c) => {
    const q = c.req.query();
    const query: RunQuery = {};
    for (const key of ['agent', 'tool', 'search'] as const) if (q[key]) query[key] = q[key];
    if (q['state']) query.state = q['state'] as OperationState;
    if (q['verdict']) query.verdict = q['verdict'] as Verdict;
    for (const key of ['since', 'until', 'limit'] as const) {
      if (!q[key]) continue;
      const n = Number(q[key]);
      if (!Number.isFinite(n)) return badRequest(c, `${key} must be a number, got ${JSON.stringify(q[key])}`);
      query[key] = n;
    }
    if (q['after']) {
      const cut = q['after'].indexOf(':');
      const startedAt = Number(q['after'].slice(0, cut));
      if (cut < 1 || !Number.isFinite(startedAt)) return badRequest(c, 'after must be the next cursor of the previous page (STARTED_AT:RUN_ID)');
      query.after = { startedAt, id: q['after'].slice(cut + 1) };
    }
    const page = await store.findRuns(query);
    // Each run's title as `claimcheck view` shows it, so the two name a run alike.
    const runs = page.runs.map((r) => ({ ...r, title: runTitle(r.meta) }));
    return c.json({ runs, next: page.next === null ? null : `${page.next.startedAt}:${page.next.id}` });
  });

  /**
   * One run: its first page of operations (`operationPage` gives their count and the next page's
   * cursor), its interceptions and replies, the calls its flagged replies name (`replyCalls`, for the
   * call that contradicts a claim), and its review marks.
   */
  api.get('/runs/:id', async (c) => {
    const id = c.req.param('id');
    const detail = await store.runDetail(id, { operations: { limit: OPERATIONS_PAGE } });
    if (detail === null) return noRun(c, id, store.path);
    const callIds = [...new Set(detail.receipts.filter((r) => (r.receipt.claimedButNeverRan ?? []).length > 0).flatMap((r) => r.callIds))].slice(0, MAX_REPLY_CALLS);
    const replyCalls = callIds.length === 0 ? [] : ((await store.runOperations(id, { callIds, limit: MAX_REPLY_CALLS }))?.operations ?? []);
    const marks = (await store.reviewMarks()).filter((m) => m.runId === detail.run.id);
    return c.json({ ...detail, title: runTitle(detail.run.meta), replyCalls, marks, capture: store.capture });
  });

  /** A further page of a run's operations: `after` is the `next` of the page before. */
  api.get('/runs/:id/operations', async (c) => {
    const after = c.req.query('after');
    const n = Number(after);
    if (after !== undefined && !(Number.isSafeInteger(n) && n >= 0)) return badRequest(c, `after must be the next of the previous page (a whole number), got ${JSON.stringify(after)}`);
    const page = await store.runOperations(c.req.param('id'), { limit: OPERATIONS_PAGE, ...(after === undefined ? {} : { after: n }) });
    return page === null ? noRun(c, c.req.param('id'), store.path) : c.json(page);
  });

  api.get('/review', async (c) => {
    const target = c.req.query('target') ?? 'claim';
    const options: ReviewQueueOptions = { target: target as ReviewQueueOptions['target'], status: (c.req.query('status') ?? 'pending') as NonNullable<ReviewQueueOptions['status']> };
    const before = c.req.query('before');
    if (before) options.before = Number(before);
    return c.json(await store.reviewQueue(options));
  });

  api.post('/review', async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return badRequest(c, 'the body must be a JSON object: {"target", "targetSeq", "claimIndex", "judgement", "note"}');
    }
    return c.json(await write(body as ReviewMarkInput), 201);
  });

  /** What changed, for the page's live refresh: the newest record of each table (an index lookup each, at any ledger size). */
  api.get('/pulse', async (c) => {
    const n = await store.newest();
    return c.json({ newest: [n.runs, n.operations, n.interceptions, n.receipts, n.reviewMarks].join(':') });
  });
  return api;
}

function noRun(c: Context, id: string, ledger: string): Response {
  return c.json({ error: `No run ${JSON.stringify(id)} in the ledger ${ledger}.` }, 404);
}

function badRequest(c: Context, message: string): Response {
  return c.json({ error: message, code: 'invalid_options' }, 400);
}
