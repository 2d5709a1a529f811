/**
 * Internal: the store's read queries other than stats: runs with their counts, one run's records,
 * table counts, and the paged export. Each is one read transaction or one page of one.
 */
import type { Database } from './_driver.js';
import type { ExportRow, RunDetail, RunSummary } from './rows.js';
import {
  INTERCEPTION_SELECT,
  OPERATION_SELECT,
  RECEIPT_SELECT,
  RUN_SELECT,
  toInterception,
  toOperation,
  toReceipt,
  toRun,
  toRunSummary,
  type RawRow,
} from './_sqlite-rows.js';
import { summaryColumns } from './_dashboard-reads.js';

/** Start of time for `at >= ?` when there is no `since`. */
export const NO_SINCE = Number.MIN_SAFE_INTEGER;

const LIST_RUNS = `SELECT ${summaryColumns(false)}
  FROM runs r WHERE r.started_at >= ? ORDER BY r.started_at DESC, r.rowid DESC LIMIT ?`;

export function listRuns(db: Database, since: number, limit: number): RunSummary[] {
  const rows = db.prepare(LIST_RUNS).all(since, limit) as RawRow[];
  return rows.map(toRunSummary);
}

/** One run's records in one read transaction; without `withOperations`, its operations are left out (`[]`: the caller reads a page). */
export function runDetail(db: Database, runId: string, withOperations = true): RunDetail | null {
  return db.transaction((): RunDetail | null => {
    const run = db.prepare(`${RUN_SELECT} WHERE id = ?`).get(runId) as RawRow | undefined;
    if (run === undefined) return null;
    const all = (select: string): RawRow[] => db.prepare(`${select} WHERE run_id = ? ORDER BY seq`).all(runId) as RawRow[];
    return {
      run: toRun(run),
      operations: withOperations ? all(OPERATION_SELECT).map(toOperation) : [],
      interceptions: all(INTERCEPTION_SELECT).map(toInterception),
      receipts: all(RECEIPT_SELECT).map(toReceipt),
    };
  }).deferred();
}

/** Row counts of every table. */
export function tableCounts(db: Database, hasDropped: boolean): { runs: number; operations: number; interceptions: number; receipts: number; tools: number; droppedRecorded: number } {
  const dropped = hasDropped ? '(SELECT coalesce(sum(records), 0) FROM dropped)' : '0';
  const row = db
    .prepare(
      `SELECT (SELECT count(*) FROM runs) AS runs, (SELECT count(*) FROM operations) AS operations,
        (SELECT count(*) FROM interceptions) AS interceptions, (SELECT count(*) FROM receipts) AS receipts,
        (SELECT count(*) FROM tools) AS tools, ${dropped} AS dropped`,
    )
    .get() as RawRow;
  return {
    runs: Number(row['runs']),
    operations: Number(row['operations']),
    interceptions: Number(row['interceptions']),
    receipts: Number(row['receipts']),
    tools: Number(row['tools']),
    droppedRecorded: Number(row['dropped']),
  };
}

const EXPORT_PAGE = 1000;

const exportTables = [
  { type: 'run', select: `${RUN_SELECT} WHERE rowid > ? AND started_at >= ? ORDER BY rowid LIMIT ?`, map: toRun },
  { type: 'operation', select: `${OPERATION_SELECT} WHERE seq > ? AND at >= ? ORDER BY seq LIMIT ?`, map: toOperation },
  { type: 'interception', select: `${INTERCEPTION_SELECT} WHERE seq > ? AND at >= ? ORDER BY seq LIMIT ?`, map: toInterception },
  { type: 'receipt', select: `${RECEIPT_SELECT} WHERE seq > ? AND at >= ? ORDER BY seq LIMIT ?`, map: toReceipt },
] as const;

/**
 * Pages of the export, each read with one short statement (no cursor is held open between pages, so
 * the caller may record while it iterates). `read` wraps each page read (error mapping).
 */
export function* exportPages(db: Database, since: number, read: <T>(fn: () => T) => T): Generator<ExportRow[]> {
  for (const table of exportTables) {
    const statement = read(() => db.prepare(table.select));
    for (let after = Number.MIN_SAFE_INTEGER; ; ) {
      const rows = read(() => statement.all(after, since, EXPORT_PAGE) as RawRow[]);
      if (rows.length === 0) break;
      after = Number(rows[rows.length - 1]?.['seq']);
      yield rows.map((r) => ({ type: table.type, ...table.map(r) }) as ExportRow);
      if (rows.length < EXPORT_PAGE) break;
    }
  }
}
