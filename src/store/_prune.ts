/**
 * Internal: `Store.prune`'s deletes, the same on both stores: records (operations, interceptions,
 * receipts, dropped counts) older than the cutoff, then runs started before it that hold no record
 * any more, then the review marks of the records removed. One transaction, so a reader sees a ledger before or after, never half pruned.
 */
import { ClaimcheckError } from '../errors.js';
import type { Database } from './_driver.js';
import type { PruneOptions, PruneResult } from './store.js';

type Table = 'operations' | 'interceptions' | 'receipts' | 'dropped' | 'runs' | 'review_marks';

/** What the ledger's schema holds: `dropped` since schema 2, `review_marks` since schema 3. */
interface Tables {
  hasDropped: boolean;
  hasMarks: boolean;
}

/** The deletes in order, with `$1` for the cutoff where a delete takes it. */
function statements({ hasDropped, hasMarks }: Tables): Array<{ table: Table; sql: string }> {
  const records: Table[] = hasDropped ? ['operations', 'interceptions', 'receipts', 'dropped'] : ['operations', 'interceptions', 'receipts'];
  const held = ['operations', 'interceptions', 'receipts'].map((t) => `NOT EXISTS (SELECT 1 FROM ${t} x WHERE x.run_id = runs.id)`).join(' AND ');
  const out = [...records.map((table) => ({ table, sql: `DELETE FROM ${table} WHERE at < $1` })), { table: 'runs' as const, sql: `DELETE FROM runs WHERE started_at < $1 AND ${held}` }];
  // A review mark judges a receipt's claim or an operation: it goes with the record it judges.
  if (hasMarks) {
    out.push({
      table: 'review_marks',
      sql: "DELETE FROM review_marks WHERE (target = 'claim' AND NOT EXISTS (SELECT 1 FROM receipts r WHERE r.seq = review_marks.target_seq)) OR (target = 'operation' AND NOT EXISTS (SELECT 1 FROM operations o WHERE o.seq = review_marks.target_seq))",
    });
  }
  return out;
}

/** The cutoff as the statement's parameter list: empty for a delete that does not take it. */
const params = (sql: string, before: number): unknown[] => (sql.includes('$1') ? [before] : []);

/**
 * The cutoff of `options`, epoch milliseconds.
 * @throws ClaimcheckError `invalid_options` unless `before` is a finite number or a valid `Date`.
 */
export function cutoffOf(options: PruneOptions | undefined): number {
  const before = options?.before;
  const ms = before instanceof Date ? before.getTime() : before;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    throw new ClaimcheckError('invalid_options', `Store.prune({ before }) needs before as epoch milliseconds or a Date, got ${before instanceof Date ? 'an invalid Date' : String(before)}.`);
  }
  return ms;
}

function empty(before: number): PruneResult {
  return { before, operations: 0, interceptions: 0, receipts: 0, dropped: 0, runs: 0, reviewMarks: 0 };
}

const FIELD: Record<Table, Exclude<keyof PruneResult, 'before'>> = { operations: 'operations', interceptions: 'interceptions', receipts: 'receipts', dropped: 'dropped', runs: 'runs', review_marks: 'reviewMarks' };

/** Prune a SQLite ledger (its writer flushed first by the caller). */
export function pruneSqlite(db: Database, before: number, tables: Tables): PruneResult {
  return db
    .transaction(() => {
      const result = empty(before);
      for (const { table, sql } of statements(tables)) {
        const info = db.prepare(sql.replace('$1', '?')).run(...params(sql, before)) as { changes: number | bigint };
        result[FIELD[table]] = Number(info.changes);
      }
      return result;
    })
    .immediate();
}

/** What prunePg needs of a client. */
export interface PgExecutor {
  query(sql: string, params?: unknown[]): Promise<{ rowCount: number | null }>;
}

/** Prune a PostgreSQL ledger in one transaction on `client` (the caller releases it). */
export async function prunePg(client: PgExecutor, before: number, tables: Tables): Promise<PruneResult> {
  const result = empty(before);
  await client.query('BEGIN');
  try {
    for (const { table, sql } of statements(tables)) result[FIELD[table]] = (await client.query(sql, params(sql, before))).rowCount ?? 0;
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  return result;
}
