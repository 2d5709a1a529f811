/**
 * Internal: `claimcheck view --web [--port N] [--db PATH]`: serves the dashboard (src/web/dashboard.ts)
 * on 127.0.0.1, prints its URL, and stops on Ctrl-C (SIGINT) or SIGTERM, closing the server and the
 * ledger. The ledger is opened for writing so review marks can be stored (opening migrates an older
 * ledger to the current schema); nothing else is written. A SQLite ledger that does not exist yet is not
 * created, nor is the schema of a PostgreSQL database without one: as `view` does, the dashboard shows an
 * empty ledger (an in-memory one), says so on stderr, and exits 0 when stopped (README, "Ledger
 * commands"). A PostgreSQL ledger is opened for maintenance (review marks hash nothing), so the dashboard
 * needs no `CLAIMCHECK_HASH_KEY`.
 */
import { existsSync } from 'node:fs';
import type { Sinks } from './check-command.js';
import { assertSqliteFile, isPostgresUrl, ledgerFailure, locateLedger, noLedgerNote, noSchemaNote, pgWithoutSchema, type LedgerLocation, type LedgerOptions } from './_open-ledger.js';
import { forCommandLine } from './_ledger-hint.js';

/** Options of `view --web`. */
export interface ViewWebOptions extends LedgerOptions {
  /** First port tried (`--port`). Default 4319; the next 19 are tried when it is taken. */
  port?: string | number;
  /** Resolves when the dashboard should stop. Default: the first SIGINT or SIGTERM. */
  until?: (url: string) => Promise<void>;
}

/** Serve until `until` resolves; resolves to the exit status. */
export async function runViewWeb(options: ViewWebOptions, sinks: Sinks): Promise<number> {
  const port = options.port === undefined ? undefined : Number(options.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
    sinks.err(`claimcheck view: --port must be a whole number from 0 to 65535, got ${JSON.stringify(String(options.port))}.`);
    return 2;
  }
  let store;
  let shown: string;
  let location: LedgerLocation | undefined;
  try {
    location = await locateLedger(options);
    const { openStore } = await import('../store.js');
    const noSchema = isPostgresUrl(location.path) ? await pgWithoutSchema(location.path, openStore) : null;
    if (noSchema !== null) {
      // A database without the claimcheck schema is shown empty, as a missing file, and left uncreated.
      store = await openStore({ path: ':memory:' });
      shown = `${noSchema}, no claimcheck schema yet`;
      sinks.err(`claimcheck view: ${noSchemaNote(noSchema)} The dashboard shows it empty; start it again once something is recorded.`);
    } else if (isPostgresUrl(location.path)) {
      // Review marks hash nothing: the dashboard needs no CLAIMCHECK_HASH_KEY (openStore's maintenance).
      store = await openStore({ url: location.path, maintenance: true });
      shown = store.path; // without the password
    } else if (!existsSync(location.path)) {
      // Opened before the note, so a missing SQLite driver is the only thing said.
      store = await openStore({ path: ':memory:' });
      shown = `${location.path}, not created yet`;
      sinks.err(`claimcheck view: ${noLedgerNote(location.path)} The dashboard shows it empty; start it again once something is recorded.`);
    } else {
      assertSqliteFile(location.path, 'view');
      store = await openStore({ path: location.path });
      shown = store.path;
    }
  } catch (error) {
    return ledgerFailure('view', location === undefined ? error : forCommandLine(error, location, { command: 'view', creates: false, configFile: options.config?.file }), sinks);
  }
  try {
    const { startDashboard } = await import('../web/dashboard.js');
    const dashboard = await startDashboard({ store, ...(port === undefined ? {} : { port }) });
    sinks.out(`claimcheck dashboard on ${dashboard.url} (ledger ${shown}) · Ctrl-C to stop`);
    await (options.until ?? untilSignal)(dashboard.url);
    await dashboard.close();
    sinks.err('claimcheck view: dashboard stopped.');
    return 0;
  } catch (error) {
    return ledgerFailure('view', error, sinks);
  } finally {
    await store.close().catch(() => undefined);
  }
}

/** The first SIGINT or SIGTERM; the handlers are removed after it. */
function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
