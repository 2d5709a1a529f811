// Test helper: a plain connection to a ledger file, behind the store's back (to look at what reached
// the disk, or to hold a lock), through the driver the store itself uses on this Node.js:
// better-sqlite3, or node:sqlite where better-sqlite3's addon does not load.
import { loadDriver, type Database } from '../../src/store/_driver.js';

/** Opens `path` (creating it unless `readonly`), with better-sqlite3's default 5 s busy timeout. */
export async function openRaw(path: string, options: { readonly?: boolean } = {}): Promise<Database> {
  const driver = await loadDriver();
  const readonly = options.readonly === true;
  return driver.open(path, { readonly, fileMustExist: readonly, timeout: 5_000 });
}

/** The first column of the first row of `sql`. */
export function scalar(db: Database, sql: string): unknown {
  const row = db.prepare(sql).get() as Record<string, unknown> | undefined;
  return row === undefined ? undefined : Object.values(row)[0];
}

/** Whether the installed better-sqlite3 loads on this Node.js (its addon is built for the Node.js that ran npm ci); the store uses node:sqlite where it does not. */
export async function betterSqlite3Loads(): Promise<boolean> {
  try {
    new (await import('better-sqlite3')).default(':memory:').close();
    return true;
  } catch {
    return false;
  }
}
