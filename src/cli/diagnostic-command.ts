/**
 * `claimcheck diagnostic [--db PATH] [--json]`: what a bug report needs: claimcheck's and Node.js's
 * versions, whether the SQLite driver loads, which ledger file is active and why, its schema version
 * and row counts. It never creates a ledger: a missing file is reported as such (the driver is tried
 * on a private in-memory database) and the ledger is opened read-only.
 *
 * Exit status: 0, or 2 when the ledger file exists but cannot be read (its error is printed).
 */
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import pc from 'picocolors';
import { ClaimcheckError } from '../errors.js';
import type { StoreCounts } from '../store.js';
import type { Sinks } from './check-command.js';
import { locateLedger, type LedgerLocation, type LedgerOptions } from './_open-ledger.js';

/** Options of the diagnostic command. */
export interface DiagnosticCommandOptions extends LedgerOptions {
  json?: boolean;
}

/** What `--json` prints. */
export interface Diagnostic {
  claimcheck: string;
  node: string;
  platform: string;
  /** The optional SQLite driver: its version (`null` when not installed) and whether it loads. */
  driver: { name: 'better-sqlite3'; version: string | null; loads: boolean; error: string | null };
  ledger: LedgerLocation & {
    exists: boolean;
    /** Bytes of the file plus its write-ahead log; `null` when it does not exist. */
    sizeBytes: number | null;
    /** The file's schema version; `null` when it does not exist or cannot be read. */
    schemaVersion: number | null;
    /** The newest schema version this claimcheck reads. */
    supportedSchemaVersion: number;
    counts: Omit<StoreCounts, 'pending' | 'dropped'> | null;
    /** Why the file cannot be read: the store's error. */
    error: { code: string; message: string } | null;
  };
}

/** Run the command; resolves to the exit status. */
export async function runDiagnostic(options: DiagnosticCommandOptions, sinks: Sinks): Promise<number> {
  const d = await diagnose(options);
  if (options.json === true) sinks.out(JSON.stringify(d));
  else sinks.out(formatDiagnostic(d));
  return d.ledger.error === null ? 0 : 2;
}

/** Gather the diagnostic. Never throws for a broken ledger or driver: they are reported in the result. */
export async function diagnose(options: LedgerOptions): Promise<Diagnostic> {
  const location = await locateLedger(options);
  const { openStore, SCHEMA_VERSION } = await import('../store.js');
  const driver: Diagnostic['driver'] = { name: 'better-sqlite3', version: driverVersion(), loads: false, error: null };
  try {
    await (await openStore({ path: ':memory:' })).close();
    driver.loads = true;
  } catch (error) {
    driver.error = error instanceof Error ? error.message : String(error);
  }
  const size = fileSize(location.path);
  const ledger: Diagnostic['ledger'] = {
    ...location,
    exists: size !== null,
    sizeBytes: size === null ? null : size + (fileSize(`${location.path}-wal`) ?? 0),
    schemaVersion: null,
    supportedSchemaVersion: SCHEMA_VERSION,
    counts: null,
    error: null,
  };
  if (ledger.exists) {
    try {
      const store = await openStore({ path: location.path, readonly: true });
      try {
        ledger.schemaVersion = store.schemaVersion;
        const { pending: _pending, dropped: _dropped, ...counts } = await store.counts();
        ledger.counts = counts;
      } finally {
        await store.close();
      }
    } catch (error) {
      ledger.error = { code: ClaimcheckError.isInstance(error) ? error.code : 'internal_error', message: error instanceof Error ? error.message : String(error) };
    }
  }
  return {
    claimcheck: packageVersion(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    driver,
    ledger,
  };
}

/** The readable report. */
export function formatDiagnostic(d: Diagnostic): string {
  const row = (label: string, value: string): string => `${pc.dim(label.padEnd(12))}${value}`;
  const l = d.ledger;
  const driver = d.driver.version === null
    ? pc.yellow('better-sqlite3 not installed (needed by view, stats, export and the store: npm install better-sqlite3@12)')
    : d.driver.loads
      ? `better-sqlite3 ${d.driver.version} ${pc.green('(loads)')}`
      : pc.red(`better-sqlite3 ${d.driver.version} does not load: ${d.driver.error ?? ''}`);
  const lines = [
    row('claimcheck', d.claimcheck),
    row('node', `${d.node} (${d.platform})`),
    row('driver', driver),
    row('ledger', l.path),
    row('chosen', `${l.reason}${l.source === 'project' || l.source === 'home' ? pc.dim(' (--db PATH or CLAIMCHECK_DB to change it)') : ''}`),
  ];
  if (!l.exists) {
    lines.push(row('status', pc.yellow('no ledger file yet: nothing has been recorded here (this command did not create one)')));
  } else if (l.error !== null) {
    lines.push(row('status', pc.red(`cannot be read (${l.error.code}): ${l.error.message}`)));
  } else {
    lines.push(
      row('status', pc.green('ok')),
      row('schema', `version ${l.schemaVersion ?? '?'} (this claimcheck reads up to ${l.supportedSchemaVersion})`),
      row('size', `${((l.sizeBytes ?? 0) / 1024).toFixed(0)} KB`),
    );
    if (l.counts !== null) {
      const c = l.counts;
      lines.push(row('rows', `runs ${c.runs} · operations ${c.operations} · interceptions ${c.interceptions} · receipts ${c.receipts} · tools ${c.tools}`));
    }
  }
  return lines.join('\n');
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof pkg.version === 'string' ? pkg.version : 'unknown';
}

function driverVersion(): string | null {
  try {
    const path = createRequire(import.meta.url).resolve('better-sqlite3/package.json');
    const version = (JSON.parse(readFileSync(path, 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' ? version : null;
  } catch {
    return null;
  }
}

function fileSize(path: string): number | null {
  try {
    const stat = statSync(path, { throwIfNoEntry: false });
    return stat === undefined ? null : stat.size;
  } catch {
    return null;
  }
}
