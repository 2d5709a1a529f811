/**
 * `claimcheck diagnostic [--db PATH] [--json]`: what a bug report needs: claimcheck's and Node.js's
 * versions, which SQLite driver the store uses (better-sqlite3, else Node.js's built-in node:sqlite)
 * and whether it loads, which ledger file is active and why, its schema version and row counts. It
 * never creates a ledger: a missing file is reported as such (the driver is tried on a private
 * in-memory database) and the ledger is opened read-only.
 *
 * It also shows the configuration file found (if any), what it sets, and which source chose the ledger
 * (flag, env, config, project or home).
 *
 * Exit status: 0, or 2 when the ledger file exists but cannot be read, or the configuration file is
 * not valid (the error is printed). A PostgreSQL database without the claimcheck schema is reported as a
 * missing file is (`exists: false`, exit 0): nothing has been recorded there yet.
 */
import { readFileSync, statSync } from 'node:fs';
import { pc } from './_terminal-text.js';
import { ClaimcheckError } from '../errors.js';
import type { StoreCounts } from '../store.js';
import type { Sinks } from './check-command.js';
import { loadConfig } from './_config.js';
import { assertSqliteFile, isPostgresUrl, locateLedger, noSchemaPath, type LedgerLocation, type LedgerOptions } from './_open-ledger.js';
import { forCommandLine } from './_ledger-hint.js';

/** Options of the diagnostic command. */
export interface DiagnosticCommandOptions extends LedgerOptions {
  json?: boolean;
}

/** What `--json` prints. */
export interface Diagnostic {
  claimcheck: string;
  node: string;
  platform: string;
  /**
   * The store's SQLite driver: better-sqlite3 (the optional peer) when it loads, else Node.js's built-in
   * node:sqlite (22.13 and newer); better-sqlite3 when neither loads. `version` is better-sqlite3's
   * (`null` when not installed), or for node:sqlite the SQLite version built into Node.js.
   */
  driver: {
    name: 'better-sqlite3' | 'node:sqlite';
    version: string | null;
    loads: boolean;
    error: string | null;
    /** better-sqlite3 when it was tried first and did not load, and why (`not installed` or its load error). */
    passedOver: { name: 'better-sqlite3'; version: string | null; error: string } | null;
  };
  /**
   * The configuration file (`claimcheck.config.json` or package.json's `claimcheck` key) and what it
   * sets. `file` is `null` when none was found; `error` says why a file found cannot be used.
   */
  config: {
    file: string | null;
    error: string | null;
    /** Each setting the file holds, with its value (paths absolute). The ledger's winner is `ledger.source`. */
    settings: Record<string, unknown>;
  };
  ledger: LedgerLocation & {
    /** Whether the ledger exists: the SQLite file, or the claimcheck schema in the PostgreSQL database. */
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
  return d.ledger.error === null && d.config.error === null ? 0 : 2;
}

/** Gather the diagnostic. Never throws for a broken ledger or driver: they are reported in the result. */
export async function diagnose(options: LedgerOptions): Promise<Diagnostic> {
  const config: Diagnostic['config'] = { file: null, error: null, settings: {} };
  let loaded = options.config;
  if (loaded === undefined) {
    try {
      loaded = await loadConfig(options.cwd);
    } catch (error) {
      config.error = error instanceof Error ? error.message : String(error);
    }
  }
  if (loaded !== undefined) {
    config.file = loaded.file;
    const { $schema: _schema, ...settings } = loaded.config;
    config.settings = settings;
  }
  const location = await locateLedger({ ...options, ...(loaded === undefined ? {} : { config: loaded }) });
  const { openStore, SCHEMA_VERSION } = await import('../store.js');
  const { loadDriver, betterSqlite3Version } = await import('../store/_driver.js');
  let driver: Diagnostic['driver'] = { name: 'better-sqlite3', version: betterSqlite3Version(), loads: false, error: null, passedOver: null };
  try {
    const { name, version, passedOver } = await loadDriver();
    driver = { name, version, loads: false, error: null, passedOver };
    await (await openStore({ path: ':memory:' })).close();
    driver.loads = true;
  } catch (error) {
    driver.error = error instanceof Error ? error.message : String(error);
  }
  const postgres = isPostgresUrl(location.path);
  const size = postgres ? null : fileSize(location.path);
  const ledger: Diagnostic['ledger'] = {
    ...location,
    exists: postgres || size !== null,
    sizeBytes: size === null ? null : size + (fileSize(`${location.path}-wal`) ?? 0),
    schemaVersion: null,
    supportedSchemaVersion: SCHEMA_VERSION,
    counts: null,
    error: null,
  };
  const report = { claimcheck: packageVersion(), node: process.version, platform: `${process.platform} ${process.arch}`, driver, config };
  if (ledger.exists) {
    try {
      if (!postgres) assertSqliteFile(location.path, 'diagnostic');
      const store = await openStore(postgres ? { url: location.path, readonly: true } : { path: location.path, readonly: true });
      ledger.path = store.path; // a URL without its password
      try {
        ledger.schemaVersion = store.schemaVersion;
        const { pending: _pending, dropped: _dropped, ...counts } = await store.counts();
        ledger.counts = counts;
      } finally {
        await store.close();
      }
    } catch (caught) {
      // A PostgreSQL database without the claimcheck schema holds no ledger yet, as a missing file.
      const shown = postgres ? noSchemaPath(caught) : null;
      if (shown !== null) return { ...report, ledger: { ...ledger, path: shown, exists: false } };
      const error = forCommandLine(caught, location, { command: 'diagnostic', creates: false, configFile: loaded?.file });
      ledger.error = { code: ClaimcheckError.isInstance(error) ? error.code : 'internal_error', message: error instanceof Error ? error.message : String(error) };
    }
  }
  return { ...report, ledger };
}

/** The readable report. */
export function formatDiagnostic(d: Diagnostic): string {
  const row = (label: string, value: string): string => `${pc.dim(label.padEnd(12))}${value}`;
  const l = d.ledger;
  const driver = formatDriver(d.driver);
  const lines = [
    row('claimcheck', d.claimcheck),
    row('node', `${d.node} (${d.platform})`),
    row('driver', driver),
    row('config', formatConfig(d.config)),
    row('ledger', l.path),
    row('chosen', `${l.source}: ${l.reason}${l.source === 'project' || l.source === 'home' ? pc.dim(' (--db PATH, CLAIMCHECK_DB or "db" in the config file to change it)') : ''}`),
  ];
  if (!l.exists && isPostgresUrl(l.path)) {
    lines.push(row('status', pc.yellow('no claimcheck schema in this database yet: nothing has been recorded here (this command did not create it; the first worker that records does, with CLAIMCHECK_HASH_KEY set)')));
  } else if (!l.exists) {
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
      lines.push(row('dropped', c.droppedRecorded === 0 ? pc.green('0 records') : pc.red(`${c.droppedRecorded} records dropped by writers whose queue overflowed while the ledger could not be written`)));
    }
  }
  return lines.join('\n');
}

function formatConfig(c: Diagnostic['config']): string {
  if (c.error !== null) return pc.red(c.error);
  if (c.file === null) return pc.dim('none (claimcheck init writes claimcheck.config.json; flags and defaults apply)');
  const settings = Object.entries(c.settings).map(([key, value]) => `${key} ${JSON.stringify(value)}`);
  return `${c.file}${settings.length === 0 ? pc.dim(' (sets nothing)') : `\n${' '.repeat(12)}${pc.dim('sets')} ${settings.join(' · ')} ${pc.dim('(a flag wins over it; CLAIMCHECK_DB over its db)')}`}`;
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof pkg.version === 'string' ? pkg.version : 'unknown';
}

function formatDriver(d: Diagnostic['driver']): string {
  if (d.name === 'node:sqlite') {
    const passed = d.passedOver;
    const why = passed === null ? '' : pc.dim(` · better-sqlite3${passed.version === null ? '' : ` ${passed.version}`} not used: ${passed.error}`);
    const status = d.loads ? pc.green('(loads)') : pc.red(`does not load: ${d.error ?? ''}`);
    return `node:sqlite (SQLite ${d.version ?? '?'}, built into Node.js) ${status}${why}`;
  }
  if (d.version === null && !d.loads) {
    return pc.yellow('better-sqlite3 not installed (needed by view, stats, export and the store: npm install better-sqlite3@12, or use Node.js 22.13+ and its built-in node:sqlite)');
  }
  return d.loads ? `better-sqlite3 ${d.version ?? '?'} ${pc.green('(loads)')}` : pc.red(`better-sqlite3 ${d.version ?? '?'} does not load: ${d.error ?? ''}`);
}

function fileSize(path: string): number | null {
  try {
    const stat = statSync(path, { throwIfNoEntry: false });
    return stat === undefined ? null : stat.size;
  } catch {
    return null;
  }
}
