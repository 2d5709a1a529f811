/**
 * Internal: the store's write queue, kept off the caller's path. Records wait in memory and are written
 * in batches, each batch in one `BEGIN IMMEDIATE` transaction. A batch written in the background (a full
 * batch, the timer, a retry) waits at most `writeWaitMs` for another process's lock; when it fails the
 * records stay queued, recording calls stop writing (they only queue), and a timer retries one batch at
 * a time, backing off from `flushIntervalMs` to {@link MAX_RETRY_MS}. Nothing is dropped unless the
 * queue outgrows `maxPending` while writes keep failing; what is dropped is counted, reported once per
 * outage, and written to the `dropped` table when writes resume.
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
  /** How long a background batch waits for another process's lock, in ms (at most `busyTimeoutMs`). */
  writeWaitMs: number;
  onError: (error: ClaimcheckError) => void;
}

const OPERATION_COLUMNS = 'run_id, turn, at, tool, call_id, kind, state, status, ran, repaired, failure, error, incident, receipt_id, receipt_kind, verify, started_at, ended_at, args, result';
const INTERCEPTION_COLUMNS = 'run_id, turn, at, tool, category, call_id, path, failures, args_hash, repaired, args';
const RECEIPT_COLUMNS = 'run_id, turn, message_index, at, verdict, summary, flagged, confirmed, call_ids, body, reply, request';

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

/** Longest wait between two retries of a failing write, in milliseconds. */
export const MAX_RETRY_MS = 10_000;

const INSERT_DROPPED = 'INSERT INTO dropped (at, first_at, records, reason) VALUES (?, ?, ?, ?)';

/** Dropped records not yet written to the `dropped` table. */
interface Unrecorded {
  records: number;
  firstAt: number;
  reason: string;
}

export class SqliteWriter {
  #queue: PendingWrite[] = [];
  /** Index of the oldest queued record in `#queue` (written records before it are cut off in bulk). */
  #head = 0;
  /** Runs known to have a row, so records of a known run skip the existence upsert. */
  readonly #knownRuns = new Set<string>();
  readonly #db: Database;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #retryMs: number;
  /** The last write's error while writes fail; `null` while they succeed. */
  #failure: ClaimcheckError | null = null;
  #dropped = 0;
  #dropReported = false;
  /** Whether the current outage was reported to `onError` (a failed `flush()` rejects instead). */
  #failureReported = false;
  /** When writes started failing (epoch ms), `null` while they succeed. */
  #failingSince: number | null = null;
  /** When the last write attempt began, epoch ms. */
  #attemptAt = 0;
  #unrecorded: Unrecorded = { records: 0, firstAt: 0, reason: '' };
  readonly #write: (batch: PendingWrite[], created: Set<string>, drops: Unrecorded) => void;

  constructor(
    db: Database,
    private readonly options: WriterOptions,
  ) {
    this.#db = db;
    this.#retryMs = options.flushIntervalMs;
    const s = (sql: string): Statement => db.prepare(sql);
    const insert = { operation: s(insertSql.operation), interception: s(insertSql.interception), receipt: s(insertSql.receipt) };
    const upsertRun = s(UPSERT_RUN);
    const ensureRun = s(ENSURE_RUN);
    const upsertTool = s(UPSERT_TOOL);
    const insertDropped = s(INSERT_DROPPED);
    this.#write = db.transaction((batch: PendingWrite[], created: Set<string>, drops: Unrecorded) => {
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
      if (drops.records > 0) insertDropped.run(Date.now(), drops.firstAt, drops.records, drops.reason);
    }).immediate;
  }

  /** Records queued, not yet written. */
  get pending(): number {
    return this.#queue.length - this.#head;
  }

  /** Records this process dropped because the queue was full. */
  get dropped(): number {
    return this.#dropped;
  }

  /** The error writes are failing with, or `null` while they succeed. */
  get failure(): ClaimcheckError | null {
    return this.#failure;
  }

  /**
   * Queue one record. While writes succeed, a full batch is written at once (waiting at most
   * `writeWaitMs` for a lock); while they fail, the record is only queued. Never throws.
   */
  push(item: PendingWrite): void {
    if (this.pending >= this.options.maxPending) {
      this.#drop();
      return;
    }
    this.#queue.push(item);
    if (this.#failure === null && this.pending >= this.options.batchSize) this.#background();
    else this.#schedule(this.#failure === null ? this.options.flushIntervalMs : this.#retryMs);
  }

  /**
   * Write every queued record now, waiting up to `busyTimeoutMs` for a lock (for `flush()`, `close()`
   * and process exit).
   * @throws ClaimcheckError (`store_locked`, `store_full`, `store_readonly`, `store_io`...) with the unwritten records still queued.
   */
  flushSync(): void {
    this.#clearTimer();
    try {
      while (this.pending > 0 || this.#unrecorded.records > 0) this.#writeBatch(this.options.busyTimeoutMs, this.options.maxPending);
    } catch (error) {
      this.#failed(error as ClaimcheckError, false);
      throw error;
    }
  }

  /** Best effort before a read: write what is queued, waiting at most `writeWaitMs`; a failure goes to `onError`. */
  tryFlush(): void {
    this.#clearTimer();
    try {
      while (this.pending > 0 || this.#unrecorded.records > 0) this.#writeBatch(this.options.writeWaitMs, this.options.maxPending);
    } catch (error) {
      this.#failed(error as ClaimcheckError, true);
    }
  }

  /** Stop the timer (on close). */
  stop(): void {
    this.#clearTimer();
  }

  /** One batch in the background; then the rest on later turns of the event loop, or a retry after a failure. */
  #background(): void {
    this.#clearTimer();
    try {
      this.#writeBatch(this.options.writeWaitMs, this.options.batchSize);
    } catch (error) {
      this.#failed(error as ClaimcheckError, true);
      return;
    }
    if (this.pending > 0) this.#schedule(this.pending >= this.options.batchSize ? 0 : this.options.flushIntervalMs);
  }

  /** Writes the oldest `max` queued records (and the drop count) in one transaction, waiting up to `waitMs` for the lock. */
  #writeBatch(waitMs: number, max: number): void {
    const batch = this.#queue.slice(this.#head, this.#head + max);
    const created = new Set<string>();
    const waits = waitMs !== this.options.busyTimeoutMs;
    this.#attemptAt = Date.now();
    try {
      if (waits) this.#db.pragma(`busy_timeout = ${waitMs}`);
      this.#write(batch, created, this.#unrecorded);
    } catch (error) {
      throw toStoreError(error, this.options.path, 'write', waitMs);
    } finally {
      if (waits) this.#restoreTimeout();
    }
    this.#head += batch.length;
    if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
    if (this.#knownRuns.size > 10_000) this.#knownRuns.clear();
    for (const id of created) this.#knownRuns.add(id);
    this.#unrecorded = { records: 0, firstAt: 0, reason: '' };
    this.#failure = null;
    this.#failingSince = null;
    this.#dropReported = false;
    this.#retryMs = this.options.flushIntervalMs;
  }

  #restoreTimeout(): void {
    try {
      this.#db.pragma(`busy_timeout = ${this.options.busyTimeoutMs}`);
    } catch {
      // Setting a connection's timeout does not touch the file; nothing to recover.
    }
  }

  /**
   * A write failed: retry later, backing off, and report the outage once (again when its cause
   * changes). Another writer's lock is the normal cost of sharing a ledger, so a lock is reported
   * only once it has lasted `busyTimeoutMs`.
   */
  #failed(error: ClaimcheckError, report: boolean): void {
    const now = Date.now();
    if (this.#failure === null || this.#failure.code !== error.code) this.#failureReported = false;
    if (this.#failure !== null) this.#retryMs = Math.min(this.#retryMs * 2, MAX_RETRY_MS);
    this.#failingSince ??= this.#attemptAt;
    this.#failure = error;
    const lockedFor = now - this.#failingSince;
    const due = error.code !== 'store_locked' || lockedFor >= this.options.busyTimeoutMs;
    if (report && due && !this.#failureReported) {
      this.#failureReported = true;
      this.#report(error.code === 'store_locked' ? toStoreError(error.cause, this.options.path, 'write', this.options.busyTimeoutMs) : error);
    }
    this.#schedule(this.#retryMs);
  }

  #drop(): void {
    this.#dropped++;
    if (this.#unrecorded.records === 0) this.#unrecorded = { records: 0, firstAt: Date.now(), reason: this.#failure?.code ?? 'store_io' };
    this.#unrecorded.records++;
    if (this.#dropReported) return;
    this.#dropReported = true;
    const cause = this.#failure?.code ?? 'store_io';
    this.#report(
      new ClaimcheckError(
        cause,
        `The claimcheck ledger ${this.options.path} could not be written (${cause}) and ${this.pending} records are queued (maxPending): new records are being dropped until writes resume; they are counted (Store.counts().dropped) and the count is written to the ledger when writes resume. See the earlier write error for the cause.`,
        { data: { path: this.options.path, dropped: this.#dropped, pending: this.pending } },
      ),
    );
  }

  #schedule(ms: number): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#background();
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
