/**
 * `importLedger()`: copy one ledger into another (a worker's local SQLite file into the fleet's
 * PostgreSQL database, or any store into any store), row for row as stored. Idempotent: importing the
 * same ledger twice adds nothing.
 */
import { ClaimcheckError } from '../errors.js';
import type { Store } from './store.js';
import { canWriteStored, rowFingerprint, storedParams } from './_stored-params.js';
import { hostError } from '../_host-input.js';
import { ReviewMarkCarrier } from './_import-review-marks.js';

/** Options of {@link importLedger}. */
export interface ImportLedgerOptions {
  /** The ledger read (read-only is enough). */
  from: Store;
  /** The ledger written: a store made by `openStore`, not `readonly`. */
  to: Store;
  /** Only records at or after this time (runs by their start), as `Store.export`'s `since`. Default: all. */
  since?: number | Date;
  /** Called after every 500 rows read, with the count so far. Default none. */
  onProgress?: (rowsRead: number) => void;
}

/** What {@link importLedger} did, by table: rows added to `to`, and rows `to` already held. */
export interface ImportLedgerResult {
  runs: number;
  operations: number;
  interceptions: number;
  receipts: number;
  /**
   * Review marks added (the dashboard's judgements of flagged claims and operations), each on the copy of
   * the row it judges; a mark `to` already holds (same row, claim, judgement, note and time) is not added
   * again and not counted in `skipped`.
   */
  reviewMarks: number;
  /** Rows `to` already held (a run by its id; a record by its run and every stored field), left as they are. */
  skipped: number;
}

/**
 * Copy every row of `from` into `to` and flush. Rows keep what the source stored: argument hashes stay
 * keyed with the source's `CLAIMCHECK_HASH_KEY` (give every worker the same key), arguments and results
 * stay as captured there (`to`'s `capture` is not applied again), and times, turns and run ids are kept;
 * only the ledger-local `seq` is new. A run `to` already has is merged (its earlier start kept); a record
 * is added unless `to` holds one in the same run with every stored field equal (as many times as `from`
 * has it), so importing twice adds nothing and a ledger that grew since adds only the new rows. The
 * `dropped` counts are not copied (they describe the source's writer). Review marks are copied onto the
 * copies of the rows they judge (a mark on a row before `since` is not), in the source's order, after the
 * rows are written; a mark `to` already holds is not added again. Memory grows with the number of runs
 * imported (one fingerprint per record of each run read) and of review marks.
 * @throws ClaimcheckError `invalid_options` when `from` and `to` are the same store, or `to` is not a store
 *   made by `openStore`; `store_readonly` when `to` is read-only; and the stores' read and write errors
 *   (`to.flush()`'s: rows queued before it stay queued in `to`).
 */
export async function importLedger(options: ImportLedgerOptions): Promise<ImportLedgerResult> {
  try {
    const { from, to } = options;
    if (from === to || from.path === to.path) {
      throw new ClaimcheckError('invalid_options', `importLedger: from and to are the same ledger (${to.path}); give the ledger to copy as from and the one to copy into as to.`);
    }
    if (!canWriteStored(to)) throw new ClaimcheckError('invalid_options', 'importLedger: to must be a store made by openStore() from claimcheck/store.');
    if (to.readonly) throw new ClaimcheckError('store_readonly', `importLedger: ${to.path} was opened readonly; open it without readonly to import into it.`, { data: { path: to.path } });
    const result: ImportLedgerResult = { runs: 0, operations: 0, interceptions: 0, receipts: 0, reviewMarks: 0, skipped: 0 };
    const marks = new ReviewMarkCarrier(await from.reviewMarks());
    /** Per run: the fingerprints `to` held before this import, with how many times. `null`: the run is new. */
    const held = new Map<string, Map<string, number> | null>();
    const heldIn = async (runId: string): Promise<Map<string, number> | null> => {
      if (held.has(runId)) return held.get(runId) ?? null;
      const detail = await to.runDetail(runId);
      let prints: Map<string, number> | null = null;
      if (detail !== null) {
        prints = new Map();
        const rows = [
          ...detail.operations.map((r) => ({ type: 'operation' as const, ...r })),
          ...detail.interceptions.map((r) => ({ type: 'interception' as const, ...r })),
          ...detail.receipts.map((r) => ({ type: 'receipt' as const, ...r })),
        ];
        for (const r of rows) bump(prints, rowFingerprint(r), 1);
      }
      held.set(runId, prints);
      return prints;
    };
    let read = 0;
    for await (const row of from.export(options.since === undefined ? {} : { since: options.since })) {
      if (++read % 500 === 0) options.onProgress?.(read);
      if (row.type === 'run') {
        if ((await heldIn(row.id)) === null) result.runs++;
        else result.skipped++;
        to.writeStored(storedParams(row)); // an upsert: merging an existing run changes nothing it lacks
        continue;
      }
      marks.see(row);
      const prints = await heldIn(row.runId);
      const print = rowFingerprint(row);
      if (prints !== null && (prints.get(print) ?? 0) > 0) {
        bump(prints, print, -1);
        result.skipped++;
        continue;
      }
      to.writeStored(storedParams(row));
      result[row.type === 'operation' ? 'operations' : row.type === 'interception' ? 'interceptions' : 'receipts']++;
    }
    options.onProgress?.(read);
    await to.flush();
    // After the rows are written: a mark names its row by the target's own seq.
    result.reviewMarks = await marks.carry(to);
    return result;
  } catch (error) {
    throw hostError('importLedger', error);
  }
}

function bump(map: Map<string, number>, key: string, by: number): void {
  map.set(key, (map.get(key) ?? 0) + by);
}
