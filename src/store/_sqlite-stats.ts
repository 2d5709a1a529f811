/**
 * Internal: `stats()` on SQLite. Three GROUP BY queries, each answered from a covering index
 * (operations by tool/state/status/ran/repaired/at, interceptions by category/tool/at, receipts by
 * verdict/at), so a million operations are aggregated without touching the table; the rest is
 * arithmetic over a few hundred grouped rows. One read transaction, so the numbers agree.
 */
import type { Database } from './_driver.js';
import type { StoreStats } from './store-stats.js';
import type { RawRow } from './_sqlite-rows.js';
import { aggregateStats } from './_stats-aggregate.js';
import { toMark } from './_review-queries.js';
import { countReviews, latestMarks } from './review.js';

const OPERATIONS = `SELECT tool, state, status, ran, repaired, count(*) AS n FROM operations
  WHERE at >= ? GROUP BY tool, state, status, ran, repaired`;
const INTERCEPTIONS = 'SELECT category, tool, count(*) AS n FROM interceptions WHERE at >= ? GROUP BY category, tool';
const VERDICTS = 'SELECT verdict, count(*) AS n FROM receipts WHERE at >= ? GROUP BY verdict';
const REGISTERED = 'SELECT count(*) AS n FROM tools WHERE last_registered >= ?';
const DROPPED = 'SELECT coalesce(sum(records), 0) AS n, max(at) AS last FROM dropped WHERE at >= ?';
const MARKS = 'SELECT * FROM review_marks WHERE at >= ? ORDER BY seq';

/** Stats over the records at or after `since` (`NO_SINCE` for all); `since` in the result is `reported`. */
export function computeStats(db: Database, since: number, reported: number | null, top: number, schemaVersion: number): StoreStats {
  return db.transaction((): StoreStats => {
    const ops = db.prepare(OPERATIONS).all(since) as RawRow[];
    const interceptions = db.prepare(INTERCEPTIONS).all(since) as RawRow[];
    const verdictRows = db.prepare(VERDICTS).all(since) as RawRow[];
    const registered = Number((db.prepare(REGISTERED).get(since) as RawRow)['n']);
    const droppedRow = schemaVersion >= 2 ? (db.prepare(DROPPED).get(since) as RawRow) : { n: 0, last: null };
    const marks = schemaVersion >= 3 ? (db.prepare(MARKS).all(since) as RawRow[]).map(toMark) : [];

    return aggregateStats({ ops, interceptions, verdictRows, registered, dropped: droppedRow, reported, top, reviews: countReviews(latestMarks(marks)) });
  }).deferred();
}
