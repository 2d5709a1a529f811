/**
 * Internal: the dashboard's queries (filtered runs, the timeline), written once for SQLite and
 * PostgreSQL. SQL uses `?` placeholders; {@link Query} runs it on either backend (PostgreSQL's
 * `$n` are numbered by {@link toPgParams}).
 */
import { ClaimcheckError } from '../errors.js';
import { operationStates } from './records.js';
import { toRunSummary, type RawRow } from './_sqlite-rows.js';
import { DAY_MS } from './_stats-aggregate.js';
import type { RunPage, RunQuery, TimelineBucket, TimelineOptions } from './run-query.js';

/** Runs one statement with `?` placeholders and resolves to its rows. */
export type Query = (sql: string, params: unknown[]) => Promise<RawRow[]>;

/** `?` placeholders numbered `$1, $2...` for PostgreSQL (the statements here hold no `?` in literals). */
export function toPgParams(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

const MAX_PAGE = 500;
const MAX_SEARCH = 200;

/**
 * The columns of a `RunSummary` for the run `r`: its own and its record counts, as `listRuns` and
 * `findRuns` read them on either backend (`greatest` is PostgreSQL's `max` of values).
 */
export function summaryColumns(pg: boolean): string {
  const max = pg ? 'greatest' : 'max';
  return `r.id, r.agent, r.meta, r.tools, r.started_at,
  (SELECT count(*) FROM operations o WHERE o.run_id = r.id) AS operations,
  (SELECT count(*) FROM operations o WHERE o.run_id = r.id AND o.status = 'error') AS errors,
  (SELECT count(*) FROM operations o WHERE o.run_id = r.id AND o.state = 'failed') AS failed,
  (SELECT count(*) FROM operations o WHERE o.run_id = r.id AND o.state = 'needs_review') AS needs_review,
  (SELECT count(*) FROM operations o WHERE o.run_id = r.id AND o.state = 'unknown') AS unknown,
  (SELECT count(*) FROM interceptions i WHERE i.run_id = r.id) AS interceptions,
  (SELECT count(*) FROM receipts c WHERE c.run_id = r.id) AS receipts,
  (SELECT count(*) FROM receipts c WHERE c.run_id = r.id AND c.verdict = 'fabricated') AS fabricated,
  (SELECT count(*) FROM receipts c WHERE c.run_id = r.id AND c.verdict = 'unreported') AS unreported,
  ${max}(r.started_at,
    coalesce((SELECT max(o.at) FROM operations o WHERE o.run_id = r.id), r.started_at),
    coalesce((SELECT max(i.at) FROM interceptions i WHERE i.run_id = r.id), r.started_at),
    coalesce((SELECT max(c.at) FROM receipts c WHERE c.run_id = r.id), r.started_at)) AS last_at`;
}

/** @throws ClaimcheckError `invalid_options` for a filter out of range. */
export async function findRuns(q: Query, query: RunQuery, pg: boolean): Promise<RunPage> {
  const limit = pageLimit(query.limit, 'findRuns');
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]): void => {
    where.push(sql);
    params.push(...values);
  };
  if (query.since !== undefined) add('r.started_at >= ?', time(query.since, 'since'));
  if (query.until !== undefined) add('r.started_at < ?', time(query.until, 'until'));
  if (query.agent !== undefined) add('r.agent = ?', query.agent);
  if (query.state !== undefined && !operationStates.includes(query.state)) bad('state', query.state, `one of ${operationStates.join(', ')}`);
  if (query.tool !== undefined && query.state !== undefined) add('EXISTS (SELECT 1 FROM operations o WHERE o.run_id = r.id AND o.tool = ? AND o.state = ?)', query.tool, query.state);
  else if (query.tool !== undefined) add('EXISTS (SELECT 1 FROM operations o WHERE o.run_id = r.id AND o.tool = ?)', query.tool);
  else if (query.state !== undefined) add('EXISTS (SELECT 1 FROM operations o WHERE o.run_id = r.id AND o.state = ?)', query.state);
  if (query.verdict !== undefined) {
    if (!['clean', 'unreported', 'fabricated'].includes(query.verdict)) bad('verdict', query.verdict, 'clean, unreported or fabricated');
    add('EXISTS (SELECT 1 FROM receipts c WHERE c.run_id = r.id AND c.verdict = ?)', query.verdict);
  }
  if (query.search !== undefined && query.search !== '') {
    if (query.search.length > MAX_SEARCH) bad('search', `${query.search.length} characters`, `at most ${MAX_SEARCH} characters`);
    const like = pg ? 'ILIKE' : 'LIKE';
    const p = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const m = `${like} ? ESCAPE '\\'`;
    add(
      `(r.id ${m} OR r.agent ${m}
        OR EXISTS (SELECT 1 FROM operations o WHERE o.run_id = r.id AND (o.tool ${m} OR o.error ${m}))
        OR EXISTS (SELECT 1 FROM receipts c WHERE c.run_id = r.id AND (c.summary ${m} OR c.body ${m})))`,
      p, p, p, p, p, p,
    );
  }
  if (query.after !== undefined) {
    const { startedAt, id } = query.after;
    if (typeof id !== 'string') bad('after', id, 'a cursor from the previous page');
    add('(r.started_at < ? OR (r.started_at = ? AND r.id < ?))', time(startedAt, 'after.startedAt'), startedAt, id);
  }
  const sql = `SELECT ${summaryColumns(pg)} FROM runs r ${where.length === 0 ? '' : `WHERE ${where.join(' AND ')}`}
    ORDER BY r.started_at DESC, r.id DESC LIMIT ?`;
  const rows = await q(sql, [...params, limit + 1]);
  const runs = rows.slice(0, limit).map(toRunSummary);
  const last = runs[runs.length - 1];
  return { runs, next: rows.length > limit && last !== undefined ? { startedAt: last.startedAt, id: last.id } : null };
}

const OPS_BY_DAY = `SELECT coalesce(sum(n), 0) AS n, coalesce(sum(CASE WHEN status = 'error' THEN n ELSE 0 END), 0) AS e
  FROM operation_days WHERE day >= ? AND day < ?`;

/** Most buckets {@link timeline} returns: the newest ones. */
const MAX_BUCKETS = 5000;

/**
 * Counts per bucket, one range query per bucket and table: each is a range scan of the table's index
 * on `at` (covering `status` and `verdict` too), so no sort of the whole range is needed, as a
 * `GROUP BY` on the bucket number would. Only buckets between the first and the last record are read.
 * With `days` (schema 4), buckets of whole UTC days count operations from `operation_days` instead.
 * @throws ClaimcheckError `invalid_options` for a bucket under a minute or a bad `since`.
 */
export async function timeline(q: Query, options: TimelineOptions, days: boolean): Promise<TimelineBucket[]> {
  const since = time(options.since, 'since');
  const width = options.bucketMs;
  if (!Number.isInteger(width) || width < 60_000) bad('bucketMs', width, 'a whole number of milliseconds, at least 60000');
  const bounds = (await q(
    `SELECT (SELECT min(at) FROM operations WHERE at >= ?) AS o1, (SELECT max(at) FROM operations) AS o2,
      (SELECT min(at) FROM interceptions WHERE at >= ?) AS i1, (SELECT max(at) FROM interceptions) AS i2,
      (SELECT min(at) FROM receipts WHERE at >= ?) AS r1, (SELECT max(at) FROM receipts) AS r2`,
    [since, since, since],
  ))[0] ?? {};
  const present = (keys: string[]): number[] => keys.map((k) => bounds[k]).filter((v) => v !== null && v !== undefined).map(Number);
  const firsts = present(['o1', 'i1', 'r1']);
  const lasts = present(['o2', 'i2', 'r2']);
  if (firsts.length === 0) return [];
  const last = Math.floor((Math.max(...lasts) - since) / width);
  const first = Math.max(Math.floor((Math.min(...firsts) - since) / width), last - MAX_BUCKETS + 1);
  const buckets: TimelineBucket[] = [];
  const range = 'at >= ? AND at < ?';
  const daily = days && since % DAY_MS === 0 && width % DAY_MS === 0;
  for (let b = first; b <= last; b++) {
    const at = since + b * width;
    const window = [at, at + width];
    const ops = (daily
      ? await q(OPS_BY_DAY, [at / DAY_MS, (at + width) / DAY_MS])
      : await q(`SELECT count(*) AS n, coalesce(sum(CASE WHEN status = 'error' THEN 1 ELSE 0 END), 0) AS e FROM operations WHERE ${range}`, window))[0] ?? {};
    const intercepted = Number((await q(`SELECT count(*) AS n FROM interceptions WHERE ${range}`, window))[0]?.['n'] ?? 0);
    const replies = (await q(`SELECT count(*) AS n, coalesce(sum(CASE WHEN verdict = 'fabricated' THEN 1 ELSE 0 END), 0) AS f FROM receipts WHERE ${range}`, window))[0] ?? {};
    const bucket = { at, calls: Number(ops['n'] ?? 0), errors: Number(ops['e'] ?? 0), intercepted, replies: Number(replies['n'] ?? 0), fabricated: Number(replies['f'] ?? 0) };
    if (bucket.calls + bucket.intercepted + bucket.replies > 0) buckets.push(bucket);
  }
  return buckets;
}

/** A page size: default 50, a positive integer up to 500. */
export function pageLimit(limit: number | undefined, method: string): number {
  const n = limit ?? 50;
  if (Number.isInteger(n) && n > 0 && n <= MAX_PAGE) return n;
  throw new ClaimcheckError('invalid_options', `Store.${method}() option limit must be a whole number from 1 to ${MAX_PAGE}, got ${String(limit)}.`);
}

function time(value: number, name: string): number {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
  return bad(name, value, 'epoch milliseconds');
}

function bad(name: string, got: unknown, expected: string): never {
  throw new ClaimcheckError('invalid_options', `Store query option ${name} must be ${expected}, got ${JSON.stringify(got)}.`);
}
