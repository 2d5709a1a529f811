/**
 * Internal: the query planner's upkeep, run on open and on close. Only a hint, so it never waits for
 * another process's lock: a busy ledger skips it.
 */
import type { Database } from './_driver.js';

/** Refresh the query planner's statistics where they are stale (bounded work); skipped at once when another process holds the lock. */
export function optimize(db: Database, busyTimeoutMs: number): void {
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('analysis_limit = 1000');
    db.pragma('optimize = 0x10002');
  } catch {
    // Only a planner hint.
  } finally {
    try {
      db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    } catch {
      // Setting a connection's timeout does not touch the file.
    }
  }
}
