/**
 * `claimcheck prune --older-than 30d [--db …] [--json]`: remove what the ledger recorded before then
 * (`Store.prune`), so a ledger's size stays bounded. Works on both stores.
 *
 * Prints what it removed, by table (one JSON line with `--json`:
 * `{ledger, before, operations, interceptions, receipts, dropped, runs, reviewMarks}`, `before` in epoch
 * milliseconds). Exit status 0 when done (also when there was nothing to remove); 2 for a bad
 * `--older-than` (a typed `invalid_options` message) or a ledger that cannot be written. A ledger that does
 * not exist (no SQLite file; a PostgreSQL database without the claimcheck schema) is left uncreated: a
 * note on stderr, nothing removed, exit 0.
 */
import { existsSync } from 'node:fs';
import type { Sinks } from './check-command.js';
import { assertSqliteFile, isPostgresUrl, ledgerFailure, locateLedger, noLedgerNote, noSchemaNote, pgWithoutSchema, type LedgerLocation, type LedgerOptions } from './_open-ledger.js';
import { forCommandLine } from './_ledger-hint.js';
import { parseDuration } from './_since.js';

/** Options of the prune command. */
export interface PruneCommandOptions extends LedgerOptions {
  /** How old a record must be to go: `12h`, `30d`, `4w` (units s, m, h, d, w). Required. */
  olderThan: string;
  json?: boolean;
  /** The time the duration counts back from, epoch milliseconds. Default `Date.now()`. */
  now?: number;
}

/** Run the command; resolves to the exit status. */
export async function runPrune(options: PruneCommandOptions, sinks: Sinks): Promise<number> {
  let store;
  let location: LedgerLocation | undefined;
  try {
    const before = (options.now ?? Date.now()) - parseDuration(options.olderThan, '--older-than');
    location = await locateLedger(options);
    const { path } = location;
    if (!isPostgresUrl(path)) {
      if (!existsSync(path)) {
        sinks.err(`claimcheck prune: ${noLedgerNote(path)}`);
        if (options.json === true) sinks.out(JSON.stringify({ ledger: path, before, operations: 0, interceptions: 0, receipts: 0, dropped: 0, runs: 0, reviewMarks: 0 }));
        return 0;
      }
      assertSqliteFile(path, 'prune');
    }
    const { openStore } = await import('../store.js');
    if (isPostgresUrl(path)) {
      // A database without the claimcheck schema has nothing to prune: say so, and create nothing (as for a missing file).
      const shown = await pgWithoutSchema(path, openStore);
      if (shown !== null) {
        sinks.err(`claimcheck prune: ${noSchemaNote(shown)}`);
        if (options.json === true) sinks.out(JSON.stringify({ ledger: shown, before, operations: 0, interceptions: 0, receipts: 0, dropped: 0, runs: 0, reviewMarks: 0 }));
        return 0;
      }
    }
    // Prune deletes and writes no hash: a PostgreSQL ledger needs no CLAIMCHECK_HASH_KEY for it.
    store = await openStore(isPostgresUrl(path) ? { url: path, maintenance: true } : { path });
    const removed = await store.prune({ before });
    if (options.json === true) sinks.out(JSON.stringify({ ledger: store.path, ...removed }));
    else {
      const what = `${removed.operations} operations, ${removed.interceptions} interceptions, ${removed.receipts} receipts, ${removed.dropped} dropped-record counts, ${removed.runs} runs and ${removed.reviewMarks} review marks`;
      sinks.out(`claimcheck prune: removed ${what} from before ${new Date(before).toISOString()} in ${store.path}.`);
    }
    return 0;
  } catch (error) {
    return ledgerFailure('prune', location === undefined ? error : forCommandLine(error, location, { command: 'prune', creates: false, configFile: options.config?.file }), sinks);
  } finally {
    await store?.close().catch(() => undefined);
  }
}
