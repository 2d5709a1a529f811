/**
 * Internal: `Store.prune`'s deletes, the same on both stores: records (operations, interceptions,
 * receipts, dropped counts) older than the cutoff, then runs started before it that hold no record
 * any more. One transaction, so a reader sees a ledger before or after, never half pruned.
 */
import { ClaimcheckError } from '../errors.js';
import type { Database } from './_driver.js';
import type { PruneOptions, PruneResult } from './store.js';

type Table = 'operations' | 'interceptions' | 'receipts' | 'dropped' | 'runs';

/** The deletes in order, with `$1` for the cutoff (SQLite takes `?1` for it). */
function statements(hasDropped: boolean): Array<{ table: Table; sql: string }> {
  const records: Table[] = hasDropped ? ['operations', 'interceptions', 'receipts', 'dropped'] : ['operations', 'interceptions', 'receipts'];
  const held = ['operations', 'interceptions', 'receipts'].map((t) => `NOT EXISTS (SELECT 1 FROM ${t} x WHERE x.run_id = runs.id)`).join(' AND ');
  return [...records.map((table) => ({ table, sql: `DELETE FROM ${table} WHERE at < $1` })), { table: 'runs' as const, sql: `DELETE FROM runs WHERE started_at < $1 AND ${held}` }];
}

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
  return { before, operations: 0, interceptions: 0, receipts: 0, dropped: 0, runs: 0 };
}

/** Prune a SQLite ledger (its writer flushed first by the caller). */
export function pruneSqlite(db: Database, before: number, hasDropped: boolean): PruneResult {
  return db
    .transaction(() => {
      const result = empty(before);
      for (const { table, sql } of statements(hasDropped)) {
        const info = db.prepare(sql.replace('$1', '?')).run(before) as { changes: number | bigint };
        result[table] = Number(info.changes);
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
export async function prunePg(client: PgExecutor, before: number, hasDropped: boolean): Promise<PruneResult> {
  const result = empty(before);
  await client.query('BEGIN');
  try {
    for (const { table, sql } of statements(hasDropped)) result[table] = (await client.query(sql, [before])).rowCount ?? 0;
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  return result;
}
