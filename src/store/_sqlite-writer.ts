/**
 * Internal: the store's write queue. Records wait in memory and are written in batches, each batch in
 * one `BEGIN IMMEDIATE` transaction (so concurrent writers queue on SQLite's lock, within the busy
 * timeout, instead of failing). A batch that fails stays queued and is retried; nothing is dropped
 * unless the queue outgrows `maxPending` while writes keep failing.
 */
import { ClaimcheckError } from '../errors.js';
import type { Database, Statement } from './_driver.js';
import type { SqlValue } from './_normalize.js';
import { toStoreError } from './_sqlite-errors.js';

/** One queued record. `at` is its time, used when its run must be created. */
export type PendingWrite =
  | { kind: 'run'; runId: string; at: number; params: SqlValue[]; tools: string[] }
  | { kind: 'operation' | 'interception' | 'receipt'; runId: string; at: number; params: SqlValue[] };

export interface WriterOptions {
  path: string;
  batchSize: number;
  flushIntervalMs: number;
  maxPending: number;
  busyTimeoutMs: number;
  onError: (error: ClaimcheckError) => void;
}

const OPERATION_COLUMNS = 'run_id, turn, at, tool, call_id, kind, state, status, ran, repaired, failure, error, incident, receipt_id, receipt_kind, verify, started_at, ended_at, args, result';
const INTERCEPTION_COLUMNS = 'run_id, turn, at, tool, category, call_id, path, failures, args_hash, repaired, args';
const RECEIPT_COLUMNS = 'run_id, turn, message_index, at, verdict, summary, flagged, confirmed, call_ids, body';

/** The INSERT statements of the record kinds; exported so the benchmark's raw baseline writes the same rows. */
export const insertSql = {
  operation: `INSERT INTO operations (${OPERATION_COLUMNS}) VALUES (${placeholders(OPERATION_COLUMNS)})`,
  interception: `INSERT INTO interceptions (${INTERCEPTION_COLUMNS}) VALUES (${placeholders(INTERCEPTION_COLUMNS)})`,
  receipt: `INSERT INTO receipts (${RECEIPT_COLUMNS}) VALUES (${placeholders(RECEIPT_COLUMNS)})`,
} as const;

const UPSERT_RUN = `INSERT INTO runs (id, agent, meta, tools, started_at) VALUES (?, ?, ?, ?, ?)
  ON CONFLICT (id) DO UPDATE SET agent = coalesce(excluded.agent, agent), meta = coalesce(excluded.meta, meta),
  tools = CASE WHEN excluded.tools = '[]' THEN tools ELSE excluded.tools END, started_at = min(started_at, excluded.started_at)`;
const ENSURE_RUN = 'INSERT INTO runs (id, started_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING';
const UPSERT_TOOL = `INSERT INTO tools (name, first_registered, last_registered) VALUES (?, ?, ?)
  ON CONFLICT (name) DO UPDATE SET first_registered = min(first_registered, excluded.first_registered),
  last_registered = max(last_registered, excluded.last_registered)`;

export class SqliteWriter {
  #queue: PendingWrite[] = [];
  /** Runs known to have a row, so records of a known run skip the existence upsert. */
  readonly #knownRuns = new Set<string>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #retryMs: number;
  #dropped = 0;
  readonly #write: (batch: PendingWrite[], created: Set<string>) => void;

  constructor(
    db: Database,
    private readonly options: WriterOptions,
  ) {
    this.#retryMs = options.flushIntervalMs;
    const s = (sql: string): Statement => db.prepare(sql);
    const insert = { operation: s(insertSql.operation), interception: s(insertSql.interception), receipt: s(insertSql.receipt) };
    const upsertRun = s(UPSERT_RUN);
    const ensureRun = s(ENSURE_RUN);
    const upsertTool = s(UPSERT_TOOL);
    this.#write = db.transaction((batch: PendingWrite[], created: Set<string>) => {
      for (const item of batch) {
        if (item.kind === 'run') {
          upsertRun.run(...item.params);
          for (const tool of item.tools) upsertTool.run(tool, item.at, item.at);
        } else {
          if (!this.#knownRuns.has(item.runId) && !created.has(item.runId)) ensureRun.run(item.runId, item.at);
          insert[item.kind].run(...item.params);
        }
        created.add(item.runId);
      }
    }).immediate;
  }

  /** Records queued, not yet written. */
  get pending(): number {
    return this.#queue.length;
  }

  /** Records dropped because the queue was full. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Queue one record; write the queue when it reaches `batchSize`. Never throws. */
  push(item: PendingWrite): void {
    if (this.#queue.length >= this.options.maxPending) {
      this.#dropped++;
      if (this.#dropped === 1 || this.#dropped % 10_000 === 0) {
        this.#report(new ClaimcheckError('store_io', `The claimcheck ledger ${this.options.path} could not be written and ${this.#queue.length} records are queued (maxPending); dropped ${this.#dropped} new records so far. See the earlier write error for the cause.`, { data: { path: this.options.path, dropped: this.#dropped } }));
      }
      return;
    }
    this.#queue.push(item);
    if (this.#queue.length >= this.options.batchSize) this.#tryFlush();
    else this.#schedule(this.options.flushIntervalMs);
  }

  /**
   * Write every queued record in one transaction.
   * @throws ClaimcheckError (`store_locked`, `store_full`, `store_readonly`, `store_io`...) with the batch still queued.
   */
  flushSync(): void {
    this.#clearTimer();
    if (this.#queue.length === 0) return;
    const batch = this.#queue;
    const created = new Set<string>();
    try {
      this.#write(batch, created);
    } catch (error) {
      throw toStoreError(error, this.options.path, 'write', this.options.busyTimeoutMs);
    }
    this.#queue = this.#queue.length === batch.length ? [] : this.#queue.slice(batch.length);
    if (this.#knownRuns.size > 10_000) this.#knownRuns.clear();
    for (const id of created) this.#knownRuns.add(id);
    this.#retryMs = this.options.flushIntervalMs;
  }

  /** Flush, reporting a failure to `onError` instead of throwing. */
  tryFlush(): void {
    this.#tryFlush();
  }

  /** Stop the timer (on close). */
  stop(): void {
    this.#clearTimer();
  }

  #tryFlush(): void {
    try {
      this.flushSync();
    } catch (error) {
      this.#report(error as ClaimcheckError);
      this.#retryMs = Math.min(this.#retryMs * 2, 10_000);
      this.#schedule(this.#retryMs);
    }
  }

  #schedule(ms: number): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#tryFlush();
    }, ms);
    this.#timer.unref();
  }

  #clearTimer(): void {
    if (this.#timer === undefined) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #report(error: ClaimcheckError): void {
    try {
      this.options.onError(error);
    } catch {
      // A throwing onError must not break recording.
    }
  }
}

function placeholders(columns: string): string {
  return columns
    .split(',')
    .map(() => '?')
    .join(', ');
}
