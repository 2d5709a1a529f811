/**
 * Internal: loads `better-sqlite3`, the store's optional peer dependency, only when a store is opened,
 * so importing claimcheck never loads a native module.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { ClaimcheckError } from '../errors.js';

/** The `better-sqlite3` constructor. */
export type DatabaseConstructor = typeof BetterSqlite3;
/** An open `better-sqlite3` connection. */
export type Database = BetterSqlite3.Database;
/** A prepared `better-sqlite3` statement. */
export type Statement = BetterSqlite3.Statement<unknown[], unknown>;

/** Imports the driver module; replaced in tests to simulate a missing install. */
export type DriverImporter = () => Promise<{ default: DatabaseConstructor }>;

const importDriver: DriverImporter = () => import('better-sqlite3');

let cached: DatabaseConstructor | undefined;

/**
 * The `better-sqlite3` constructor, imported on first use.
 * @throws ClaimcheckError `missing_dependency` when the module is not installed or its native binding
 *   does not load (built for another Node.js version, unsupported platform).
 */
export async function loadDriver(importer: DriverImporter = importDriver): Promise<DatabaseConstructor> {
  if (importer === importDriver && cached !== undefined) return cached;
  let driver: DatabaseConstructor;
  try {
    const mod = await importer();
    driver = mod.default;
    if (typeof driver !== 'function') throw new TypeError('better-sqlite3 has no default export');
  } catch (cause) {
    const notInstalled = (cause as { code?: unknown } | null)?.code === 'ERR_MODULE_NOT_FOUND';
    const why = notInstalled
      ? 'it is not installed'
      : `it did not load (${cause instanceof Error ? cause.message.split('\n')[0] : String(cause)})`;
    throw new ClaimcheckError(
      'missing_dependency',
      `The claimcheck store needs the optional dependency better-sqlite3, but ${why}. ` +
        'Install it next to claimcheck: npm install better-sqlite3@12 (on a Node.js upgrade, run npm rebuild better-sqlite3).',
      { cause, data: { dependency: 'better-sqlite3' } },
    );
  }
  if (importer === importDriver) cached = driver;
  return driver;
}
