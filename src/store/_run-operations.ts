/**
 * Internal: one run's operations a page at a time, and the newest record of each table, written once
 * for SQLite and PostgreSQL through a {@link Query}. A page is a range of the `(run_id, seq)` index.
 */
import { ClaimcheckError } from '../errors.js';
import type { Query } from './_dashboard-reads.js';
import { OPERATION_SELECT, toOperation } from './_sqlite-rows.js';
import type { NewestRecords, OperationPage, RunOperationsOptions } from './run-query.js';

const DEFAULT_PAGE = 200;
const MAX_PAGE = 1000;
const MAX_CALL_IDS = 1000;

/**
 * A page of the operations of `runId` (none when there is no such run: check the run first).
 * @throws ClaimcheckError `invalid_options` for a bad `after`, `limit` or `callIds`.
 */
export async function runOperations(q: Query, runId: string, options: RunOperationsOptions = {}): Promise<OperationPage> {
  const where = 'Store.runOperations()';
  const limit = options.limit ?? DEFAULT_PAGE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) bad(`${where} option limit must be a whole number from 1 to ${MAX_PAGE}, got ${String(options.limit)}.`);
  const after = options.after ?? 0;
  if (!Number.isSafeInteger(after) || after < 0) bad(`${where} option after must be the next of the previous page (a whole number, 0 or more), got ${String(options.after)}.`);
  let byCall = '';
  const ids: string[] = [];
  if (options.callIds !== undefined) {
    if (!Array.isArray(options.callIds) || options.callIds.length > MAX_CALL_IDS || !options.callIds.every((id) => typeof id === 'string')) {
      bad(`${where} option callIds must be a list of at most ${MAX_CALL_IDS} call ids (text).`);
    }
    ids.push(...new Set(options.callIds));
    // No id asked for matches no operation.
    byCall = ids.length === 0 ? ' AND 1 = 0' : ` AND call_id IN (${ids.map(() => '?').join(', ')})`;
  }
  const rows = await q(`${OPERATION_SELECT} WHERE run_id = ? AND seq > ?${byCall} ORDER BY seq LIMIT ?`, [runId, after, ...ids, limit + 1]);
  const total = Number((await q(`SELECT count(*) AS n FROM operations WHERE run_id = ?${byCall}`, [runId, ...ids]))[0]?.['n'] ?? 0);
  const operations = rows.slice(0, limit).map(toOperation);
  const last = operations[operations.length - 1];
  return { operations, total, next: rows.length > limit && last !== undefined ? last.seq : null };
}

/** The newest `seq` of each table; `hasMarks` from schema 3. `runs` is SQLite's `rowid` there, `seq` on PostgreSQL. */
export async function newestRecords(q: Query, hasMarks: boolean, runSeq: 'rowid' | 'seq'): Promise<NewestRecords> {
  const row = (await q(
    `SELECT (SELECT max(${runSeq}) FROM runs) AS runs, (SELECT max(seq) FROM operations) AS operations,
      (SELECT max(seq) FROM interceptions) AS interceptions, (SELECT max(seq) FROM receipts) AS receipts
      ${hasMarks ? ', (SELECT max(seq) FROM review_marks) AS marks' : ''}`,
    [],
  ))[0] ?? {};
  const n = (key: string): number => Number(row[key] ?? 0);
  return { runs: n('runs'), operations: n('operations'), interceptions: n('interceptions'), receipts: n('receipts'), reviewMarks: n('marks') };
}

function bad(message: string): never {
  throw new ClaimcheckError('invalid_options', message);
}
