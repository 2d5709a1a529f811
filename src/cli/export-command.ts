/**
 * `claimcheck export [--since 24h|7d|DATE] [--db PATH] > ledger.jsonl`: every stored row as JSON lines
 * (the store's `export()`: runs, then operations, interceptions and receipts, each tagged with its
 * `type`). A progress bar goes to stderr when stderr is a terminal and stdout is not.
 *
 * A ledger file that does not exist yet exports nothing (a note on stderr, exit 0). Exit status 2 for
 * a bad `--since` or a ledger that cannot be read.
 */
import type { Sinks } from './check-command.js';
import { ledgerFailure, openLedger, type LedgerOptions } from './_open-ledger.js';
import { startProgress, type Progress } from './_progress.js';
import { parseSince } from './_since.js';

/** Options of the export command. */
export interface ExportCommandOptions extends LedgerOptions {
  /** Only records since then: a duration back from now (`24h`) or a local date. Default: everything. */
  since?: string;
  /** Where the progress bar goes; none when undefined (the default). */
  progress?: NodeJS.WritableStream | undefined;
  /** The time `--since` durations count back from, epoch milliseconds. Default `Date.now()`. */
  now?: number;
}

/** Rows between two progress updates. */
const PROGRESS_EVERY = 500;

/** Run the command; resolves to the exit status. */
export async function runExport(options: ExportCommandOptions, sinks: Sinks): Promise<number> {
  let since: number | undefined;
  try {
    if (options.since !== undefined) since = parseSince(options.since, options.now);
  } catch (error) {
    return ledgerFailure('export', error, sinks);
  }
  let ledger;
  try {
    ledger = await openLedger('export', options, sinks);
  } catch (error) {
    return ledgerFailure('export', error, sinks);
  }
  const { store } = ledger;
  let progress: Progress | undefined;
  try {
    // Every row of the ledger; with --since fewer are written and the bar ends early.
    const c = options.progress === undefined ? undefined : await store.counts();
    const total = c === undefined ? 0 : c.runs + c.operations + c.interceptions + c.receipts;
    progress = await startProgress(options.progress, { label: 'export', total, unit: 'rows' });
    let rows = 0;
    for await (const row of store.export(since === undefined ? {} : { since })) {
      sinks.out(JSON.stringify(row));
      if (++rows % PROGRESS_EVERY === 0) progress.update(rows);
    }
    progress.update(rows);
    progress.stop();
    if (total > 0) sinks.err(`claimcheck export: ${rows.toLocaleString('en-US')} rows written.`);
    return 0;
  } catch (error) {
    progress?.stop();
    return ledgerFailure('export', error, sinks);
  } finally {
    await store.close();
  }
}
