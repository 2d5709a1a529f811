/**
 * Internal: `stats()` on SQLite. Operations are counted from `operation_days` (schema 4: counts per UTC
 * day kept by triggers as operations are written and pruned), plus the operations of the part of a day
 * before `since`'s first midnight, so a million operations cost a few thousand summed counts; before
 * schema 4 (a `readonly` store on an old file) from a GROUP BY over the covering index. Interceptions and
 * receipts are grouped from their covering indexes (category/tool/at, verdict/at). One read transaction,
 * so the numbers agree.
 */
import type { Database } from './_driver.js';
import type { StoreStats } from './store-stats.js';
import type { RawRow } from './_sqlite-rows.js';
import { aggregateStats, daySplit } from './_stats-aggregate.js';
import { toMark } from './_review-queries.js';
import { countReviews, latestMarks } from './review.js';

const OPERATIONS = `SELECT tool, state, status, ran, repaired, count(*) AS n FROM operations
  WHERE at >= ? GROUP BY tool, state, status, ran, repaired`;
const OPERATION_DAYS = `SELECT tool, state, status, ran, repaired, sum(n) AS n FROM operation_days
  WHERE day >= ? GROUP BY tool, state, status, ran, repaired`;
const OPERATIONS_BETWEEN = `SELECT tool, state, status, ran, repaired, count(*) AS n FROM operations
  WHERE at >= ? AND at < ? GROUP BY tool, state, status, ran, repaired`;
const INTERCEPTIONS = 'SELECT category, tool, count(*) AS n FROM interceptions WHERE at >= ? GROUP BY category, tool';
const VERDICTS = 'SELECT verdict, count(*) AS n FROM receipts WHERE at >= ? GROUP BY verdict';
// Only bodies that hold a non-empty list are parsed (the LIKE filter runs before the JSON functions).
const FINDINGS = `SELECT coalesce(sum(CASE WHEN body LIKE '%"claimedWithoutTool":[{%' THEN json_array_length(body, '$.claimedWithoutTool') END), 0) AS without_tool,
  coalesce(sum(CASE WHEN body LIKE '%"deniedButRan":[{%' THEN json_array_length(body, '$.deniedButRan') END), 0) AS denied
  FROM receipts WHERE at >= ?`;
const REGISTERED = 'SELECT count(*) AS n FROM tools WHERE last_registered >= ?';
const RUNS = 'SELECT count(*) AS n FROM runs WHERE started_at >= ?';
const DROPPED = 'SELECT coalesce(sum(records), 0) AS n, max(at) AS last FROM dropped WHERE at >= ?';
const MARKS = 'SELECT * FROM review_marks WHERE at >= ? ORDER BY seq';

/** Stats over the records at or after `since` (`NO_SINCE` for all); `since` in the result is `reported`. */
export function computeStats(db: Database, since: number, reported: number | null, top: number, schemaVersion: number): StoreStats {
  return db.transaction((): StoreStats => {
    const ops = schemaVersion >= 4 ? operationRows(db, reported) : (db.prepare(OPERATIONS).all(since) as RawRow[]);
    const interceptions = db.prepare(INTERCEPTIONS).all(since) as RawRow[];
    const verdictRows = db.prepare(VERDICTS).all(since) as RawRow[];
    const findingsRow = db.prepare(FINDINGS).get(since) as RawRow;
    const registered = Number((db.prepare(REGISTERED).get(since) as RawRow)['n']);
    const runs = Number((db.prepare(RUNS).get(since) as RawRow)['n']);
    const droppedRow = schemaVersion >= 2 ? (db.prepare(DROPPED).get(since) as RawRow) : { n: 0, last: null };
    const marks = schemaVersion >= 3 ? (db.prepare(MARKS).all(since) as RawRow[]).map(toMark) : [];

    return aggregateStats({ ops, interceptions, verdictRows, findingsRow, registered, runs, dropped: droppedRow, reported, top, reviews: countReviews(latestMarks(marks)) });
  }).deferred();
}

/** Operations grouped by tool, state, status, ran and repaired (a key may come twice: the sums add up). */
function operationRows(db: Database, since: number | null): RawRow[] {
  const { fromDay, raw } = daySplit(since);
  const days = db.prepare(OPERATION_DAYS).all(fromDay) as RawRow[];
  return raw === null ? days : [...days, ...(db.prepare(OPERATIONS_BETWEEN).all(...raw) as RawRow[])];
}
