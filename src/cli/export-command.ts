/**
 * `claimcheck export [--since 24h|7d|DATE] [--db PATH] > ledger.jsonl`: every stored row as JSON lines
 * (the store's `export()`: runs, then operations, interceptions and receipts, each tagged with its
 * `type`). A progress bar goes to stderr when stderr is a terminal and stdout is not.
 *
 * `claimcheck export --reviewed --out DIR`: instead, every reply with a reviewed flagged claim as a
 * labelled case (docs/case-format.md), one `DIR/<id>.json` each, for `claimcheck eval DIR`. Replies the
 * ledger did not capture cannot be written, nor replies whose review no label the transcript supports can
 * agree with, nor replies with a flag judged wrong that the checker does not raise from the transcript (each
 * named on stderr with the reason): stderr says how many, and exit status 1 when none could.
 *
 * A ledger file that does not exist yet exports nothing (a note on stderr, exit 0). Exit status 2 for
 * a bad `--since` or a ledger that cannot be read.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Store } from '../store.js';
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
  /** Write reviewed replies as labelled cases into `out` instead of the rows. */
  reviewed?: boolean;
  /** The folder `--reviewed` writes to (created when missing). */
  out?: string;
}

/** Rows between two progress updates. */
const PROGRESS_EVERY = 500;

/** Run the command; resolves to the exit status. */
export async function runExport(options: ExportCommandOptions, sinks: Sinks): Promise<number> {
  if (options.reviewed === true && (options.out === undefined || options.out.trim() === '')) {
    sinks.err('claimcheck export: --reviewed writes one labelled case file per reviewed reply; give the folder with --out DIR (then: claimcheck eval DIR).');
    return 2;
  }
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
  if (options.reviewed === true) {
    try {
      return await exportReviewed(store, resolve(options.out as string), sinks);
    } catch (error) {
      return ledgerFailure('export', error, sinks);
    } finally {
      await store.close();
    }
  }
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

/** Writes the reviewed replies as case files; exit 1 when reviews exist but none could be written. */
async function exportReviewed(store: Store, dir: string, sinks: Sinks): Promise<number> {
  const { reviewedCases } = await import('./_reviewed-cases.js');
  const { cases, uncaptured, skipped } = await reviewedCases(store);
  if (cases.length > 0) mkdirSync(dir, { recursive: true });
  for (const c of cases) writeFileSync(join(dir, `${c.id}.json`), `${JSON.stringify(c, null, 2)}\n`);
  if (cases.length > 0) sinks.err(`claimcheck export: ${cases.length} reviewed ${cases.length === 1 ? 'reply written as a labelled case' : 'replies written as labelled cases'} to ${dir} — measure the checker on them with: claimcheck eval ${dir}`);
  for (const s of skipped) sinks.err(`claimcheck export: run ${s.runId}, reply ${s.seq} not written: ${s.why}.`);
  if (skipped.length > 0) {
    sinks.err(`claimcheck export: ${skipped.length} reviewed ${skipped.length === 1 ? 'reply was' : 'replies were'} left out because no label the transcript supports agrees with the review, or the checker would not raise a flag judged wrong from it (docs/case-format.md, "Cases from review marks").`);
  }
  if (uncaptured > 0) {
    sinks.err(`claimcheck export: ${uncaptured} reviewed ${uncaptured === 1 ? 'reply was' : 'replies were'} recorded without capture, so the ledger holds no conversation to write as a case. Record with openStore({ capture: true }) to keep replies.`);
  }
  if (cases.length === 0 && uncaptured === 0 && skipped.length === 0) sinks.err('claimcheck export: no flagged claim has been reviewed yet (claimcheck view --web, Review queue).');
  return cases.length === 0 && uncaptured + skipped.length > 0 ? 1 : 0;
}
