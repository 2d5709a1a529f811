/**
 * `claimcheck import --from LEDGER [--db TARGET] [--since …] [--json]`: copy a ledger (a worker's
 * SQLite file, or a PostgreSQL URL) into the active one (`--db`, `CLAIMCHECK_DB`, …; typically the
 * fleet's `postgres://…`), row for row (`importLedger`). Importing twice adds nothing.
 *
 * Prints what was added and what was already there (one JSON line with `--json`:
 * `{from, to, runs, operations, interceptions, receipts, reviewMarks, skipped}`; `reviewMarks` since the
 * review marks are imported too). Exit status 0 when done; 2 for a
 * `--from` that does not exist or is the target, a bad `--since`, or a ledger that cannot be read or written.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ClaimcheckError } from '../errors.js';
import type { Store } from '../store.js';
import type { Sinks } from './check-command.js';
import { assertSqliteFile, isPostgresUrl, ledgerFailure, locateLedger, type LedgerLocation, type LedgerOptions } from './_open-ledger.js';
import { forCommandLine } from './_ledger-hint.js';
import { startProgress, type Progress } from './_progress.js';
import { parseSince } from './_since.js';

/** Options of the import command. */
export interface ImportCommandOptions extends LedgerOptions {
  /** The ledger to copy: a SQLite file or a `postgres://` URL. Required. */
  from: string;
  /** Only records since then: a duration back from now (`24h`) or a local date. Default: everything. */
  since?: string;
  json?: boolean;
  /** Where the progress bar goes; none when undefined (the default). */
  progress?: NodeJS.WritableStream | undefined;
  /** The time `--since` durations count back from, epoch milliseconds. Default `Date.now()`. */
  now?: number;
}

/** Run the command; resolves to the exit status. */
export async function runImport(options: ImportCommandOptions, sinks: Sinks): Promise<number> {
  const stores: Store[] = [];
  let location: LedgerLocation | undefined;
  let progress: Progress | undefined;
  try {
    const since = options.since === undefined ? undefined : parseSince(options.since, options.now);
    const { openStore, importLedger } = await import('../store.js');
    const fromPath = isPostgresUrl(options.from) ? options.from : resolve(options.cwd ?? process.cwd(), options.from);
    if (!isPostgresUrl(fromPath)) {
      if (!existsSync(fromPath)) {
        throw new ClaimcheckError('invalid_options', `--from ${options.from}: there is no ledger at ${fromPath}. Give the SQLite file (or postgres:// URL) to copy.`);
      }
      assertSqliteFile(fromPath, 'import');
    }
    location = await locateLedger(options);
    const target = location.path;
    if (target === fromPath) throw new ClaimcheckError('invalid_options', `--from and the target are the same ledger (${target}); give the target with --db.`);
    const from = await openStore(isPostgresUrl(fromPath) ? { url: fromPath, readonly: true } : { path: fromPath, readonly: true });
    stores.push(from);
    const to = await openStore(isPostgresUrl(target) ? { url: target } : { path: target });
    stores.push(to);
    const c = options.progress === undefined ? undefined : await from.counts();
    progress = await startProgress(options.progress, { label: 'import', total: c === undefined ? 0 : c.runs + c.operations + c.interceptions + c.receipts, unit: 'rows' });
    const bar = progress;
    const result = await importLedger({ from, to, ...(since === undefined ? {} : { since }), onProgress: (n) => bar.update(n) });
    progress.stop();
    if (options.json === true) sinks.out(JSON.stringify({ from: from.path, to: to.path, ...result }));
    else {
      const added = `${result.runs} runs, ${result.operations} operations, ${result.interceptions} interceptions, ${result.receipts} receipts, ${result.reviewMarks} review marks`;
      sinks.out(`claimcheck import: ${from.path} → ${to.path}: added ${added}; ${result.skipped} rows were already there.`);
    }
    return 0;
  } catch (error) {
    progress?.stop();
    return ledgerFailure('import', location === undefined ? error : forCommandLine(error, location, { command: 'import', creates: true, configFile: options.config?.file }), sinks);
  } finally {
    for (const s of stores.reverse()) await s.close().catch(() => undefined);
  }
}
