/**
 * Internal: the PostgreSQL {@link Store}, through `pg` (an optional peer, loaded when such a store is
 * opened) and its pool. Records are checked and normalized as SQLite's are and queued in a
 * {@link PgWriter}; reads flush first (best effort), then query, each read in one snapshot.
 */
import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { ClaimcheckError } from '../errors.js';
import type { PendingWrite } from './_sqlite-writer.js';
import { cutoffOf, prunePg } from './_prune.js';
import { interceptionParams, operationParams, receiptParams, runIdOf, runParams, type NormalizeOptions } from './_normalize.js';
import type { PgConnections } from './_pg-connections.js';
import { isStalled, toPgStoreError } from './_pg-errors.js';
import { PgWriter } from './_pg-writer.js';
import { INTERCEPTION_SELECT, OPERATION_SELECT, RECEIPT_SELECT, toInterception, toOperation, toReceipt, toRun, toRunSummary, type RawRow } from './_sqlite-rows.js';
import { aggregateStats, daySplit } from './_stats-aggregate.js';
import type { ExportRow, RunDetail, RunSummary } from './rows.js';
import type { InterceptionInput, OperationInput, ReceiptInput, RunInput } from './records.js';
import type { ExportOptions, ListRunsOptions, PruneOptions, PruneResult, RunDetailOptions, Store, StoreCounts } from './store.js';
import type { StatsOptions, StoreStats } from './store-stats.js';
import { findRuns, summaryColumns, timeline, toPgParams, type Query } from './_dashboard-reads.js';
import { INSERT_MARK, markParams, readMarks, reviewQueue, toMark } from './_review-queries.js';
import { countReviews, latestMarks, type ReviewMark, type ReviewMarkInput, type ReviewPage, type ReviewQueueOptions } from './review.js';
import type { NewestRecords, OperationPage, RunOperationsOptions, RunPage, RunQuery, TimelineBucket, TimelineOptions } from './run-query.js';
import { newestRecords, runOperations } from './_run-operations.js';
import { hostError, readHostInput } from '../_host-input.js';
import { checkedStoredWrite } from './_stored-params.js';

export interface PgStoreConfig extends NormalizeOptions {
  url: string;
  schemaVersion: number;
  readonly: boolean;
  batchSize: number;
  flushIntervalMs: number;
  maxPending: number;
  onError: ((error: ClaimcheckError) => void) | undefined;
  warn: (error: ClaimcheckError) => void;
  /** The pool's connections, tracked from before the first one opened. */
  connections: PgConnections;
}

const NO_SINCE = Number.MIN_SAFE_INTEGER;
const RUN_SELECT = 'SELECT seq, id, agent, meta, tools, started_at FROM runs';
const LIST_RUNS = `SELECT ${summaryColumns(true)}
  FROM runs r WHERE r.started_at >= $1 ORDER BY r.started_at DESC, r.seq DESC LIMIT $2`;
const EXPORT_PAGE = 1000;
const exportTables = [
  { type: 'run', select: `${RUN_SELECT} WHERE seq > $1 AND started_at >= $2 ORDER BY seq LIMIT $3`, map: toRun },
  { type: 'operation', select: `${OPERATION_SELECT} WHERE seq > $1 AND at >= $2 ORDER BY seq LIMIT $3`, map: toOperation },
  { type: 'interception', select: `${INTERCEPTION_SELECT} WHERE seq > $1 AND at >= $2 ORDER BY seq LIMIT $3`, map: toInterception },
  { type: 'receipt', select: `${RECEIPT_SELECT} WHERE seq > $1 AND at >= $2 ORDER BY seq LIMIT $3`, map: toReceipt },
] as const;

export class PgStore implements Store {
  readonly path: string;
  readonly schemaVersion: number;
  readonly capture: boolean;
  readonly readonly: boolean;
  readonly #pool: Pool;
  readonly #connections: PgConnections;
  readonly #config: PgStoreConfig;
  readonly #writer: PgWriter | undefined;
  readonly #listeners = new Set<(error: ClaimcheckError) => void>();
  #current: string | null = null;
  #closed = false;
  #onBeforeExit: (() => void) | undefined;
  #onExit: (() => void) | undefined;

  constructor(pool: Pool, config: PgStoreConfig) {
    this.#pool = pool;
    this.#connections = config.connections;
    this.#config = config;
    this.path = config.url;
    this.schemaVersion = config.schemaVersion;
    this.capture = config.capture;
    this.readonly = config.readonly;
    // An idle client whose backend was terminated emits on the pool: report it, never crash the host.
    pool.on('error', (error) => this.#reportError(toPgStoreError(error, this.path, 'write')));
    if (!config.readonly) {
      this.#writer = new PgWriter({ ...config, onError: (error) => this.#reportError(error), connect: () => this.#connect() });
      // Asynchronous writes cannot run in an exit handler; when the event loop drains, the queue still can be written.
      this.#onBeforeExit = () => void this.#writer?.flush().catch((error: unknown) => this.#reportError(error as ClaimcheckError));
      process.on('beforeExit', this.#onBeforeExit);
      // process.exit() (or an exception that ends the process) leaves no time for network writes: what is
      // still queued is lost, so say how much, synchronously, while the process can still print.
      this.#onExit = () => {
        const pending = this.#writer?.pending ?? 0;
        if (pending > 0) {
          process.stderr.write(
            `claimcheck: ${pending} queued records were not written to ${this.path}: the process exited before the store was flushed or closed. Await store.close() (or store.flush()) before process.exit().\n`,
          );
        }
      };
      process.on('exit', this.#onExit);
    }
  }

  get currentRunId(): string | null {
    return this.#current;
  }

  startRun(run: RunInput = {}): string {
    try {
      const writer = this.#writable('startRun');
      const id = runIdOf(run.id, 'startRun') ?? randomUUID();
      const { params, tools, at } = runParams(run, id, Date.now());
      writer.push({ kind: 'run', runId: id, at, params, tools });
      this.#current = id;
      return id;
    } catch (error) {
      throw hostError('store.startRun', error);
    }
  }

  /** Queue a row exactly as another ledger stored it (`importLedger`); see `_stored-params.ts`. */
  writeStored(item: PendingWrite): void {
    this.#writable('importLedger').push(readHostInput('store.writeStored', () => checkedStoredWrite(item)));
  }

  recordOperation(operation: OperationInput): void {
    const writer = this.#writable('recordOperation');
    const params = operationParams(operation, '', this.#config, Date.now());
    const runId = this.#runFor(operation.runId, 'recordOperation');
    params[0] = runId;
    writer.push({ kind: 'operation', runId, at: Number(params[2]), params });
  }

  recordInterception(interception: InterceptionInput): void {
    const writer = this.#writable('recordInterception');
    const params = interceptionParams(interception, '', this.#config, Date.now());
    const runId = this.#runFor(interception.runId, 'recordInterception');
    params[0] = runId;
    writer.push({ kind: 'interception', runId, at: Number(params[2]), params });
  }

  recordReceipt(receipt: ReceiptInput): void {
    const writer = this.#writable('recordReceipt');
    const params = receiptParams(receipt, '', this.#config, Date.now());
    const runId = this.#runFor(receipt.runId, 'recordReceipt');
    params[0] = runId;
    writer.push({ kind: 'receipt', runId, at: Number(params[3]), params });
  }

  onError(listener: (error: ClaimcheckError) => void): () => void {
    if (typeof listener !== 'function') {
      throw new ClaimcheckError('invalid_options', `Store.onError(listener) needs a function, got ${typeof listener}.`);
    }
    const entry = (error: ClaimcheckError): void => listener(error);
    this.#listeners.add(entry);
    return () => void this.#listeners.delete(entry);
  }

  async flush(): Promise<void> {
    this.#open('flush');
    await this.#writer?.flush();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    const pending = this.#writer?.pending ?? 0;
    try {
      await this.#writer?.flush();
    } catch (error) {
      const e = error as ClaimcheckError;
      throw new ClaimcheckError(e.code, `${e.message} The store stays open with ${pending} records queued: it retries in the background; call close() again to finish.`, {
        cause: e,
        data: { ...(e.data as object), pending },
      });
    }
    this.#closed = true;
    this.#writer?.stop();
    if (this.#onBeforeExit !== undefined) process.off('beforeExit', this.#onBeforeExit);
    if (this.#onExit !== undefined) process.off('exit', this.#onExit);
    await this.#connections.end();
  }

  async prune(options: PruneOptions): Promise<PruneResult> {
    try {
      const before = cutoffOf(options);
      const writer = this.#writable('prune');
      await writer.flush();
      let client: PoolClient | undefined;
      try {
        client = await this.#connect();
        const result = await prunePg(client, before, { hasDropped: this.schemaVersion >= 2, hasMarks: this.schemaVersion >= 3 });
        client.release();
        return result;
      } catch (error) {
        client?.release(true);
        throw toPgStoreError(error, this.path, 'write');
      }
    } catch (error) {
      throw hostError('store.prune', error);
    }
  }

  async listRuns(options: ListRunsOptions = {}): Promise<RunSummary[]> {
    try {
      const limit = Math.min(positiveInt(options.limit ?? 50, 'listRuns', 'limit'), Number.MAX_SAFE_INTEGER);
      const since = sinceOf(options.since, 'listRuns') ?? NO_SINCE;
      const rows = await this.#read('listRuns', (c) => c.query(LIST_RUNS, [since, limit]));
      return rows.rows.map(toRunSummary);
    } catch (error) {
      throw hostError('store.listRuns', error);
    }
  }

  async runDetail(runId: string, options: RunDetailOptions = {}): Promise<RunDetail | null> {
    try {
      return await this.#read('runDetail', async (c) => {
        const run = (await c.query(`${RUN_SELECT} WHERE id = $1`, [runId])).rows[0] as RawRow | undefined;
        if (run === undefined) return null;
        const all = async (select: string): Promise<RawRow[]> => (await c.query(`${select} WHERE run_id = $1 ORDER BY seq`, [runId])).rows as RawRow[];
        const rest = { interceptions: (await all(INTERCEPTION_SELECT)).map(toInterception), receipts: (await all(RECEIPT_SELECT)).map(toReceipt) };
        if (options.operations === undefined) return { run: toRun(run), operations: (await all(OPERATION_SELECT)).map(toOperation), ...rest };
        const { operations, total, next } = await runOperations(pgQuery(c), runId, options.operations);
        return { run: toRun(run), operations, operationPage: { total, next }, ...rest };
      });
    } catch (error) {
      throw hostError('store.runDetail', error);
    }
  }

  async runOperations(runId: string, options: RunOperationsOptions = {}): Promise<OperationPage | null> {
    try {
      return await this.#read('runOperations', async (c) => {
        const q = pgQuery(c);
        return (await q('SELECT 1 FROM runs WHERE id = ?', [runId])).length === 0 ? null : runOperations(q, runId, options);
      });
    } catch (error) {
      throw hostError('store.runOperations', error);
    }
  }

  async newest(): Promise<NewestRecords> {
    try {
      return await this.#read('newest', (c) => newestRecords(pgQuery(c), this.schemaVersion >= 3, 'seq'));
    } catch (error) {
      throw hostError('store.newest', error);
    }
  }

  async stats(options: StatsOptions = {}): Promise<StoreStats> {
    try {
      const top = positiveInt(options.top ?? 5, 'stats', 'top');
      const since = sinceOf(options.since, 'stats');
      const from = since ?? NO_SINCE;
      return await this.#read('stats', async (c) => {
        const q = async (sql: string): Promise<RawRow[]> => (await c.query(sql, [from])).rows as RawRow[];
        const ops = this.schemaVersion >= 4 ? await operationRows(c, since) : await q('SELECT tool, state, status, ran, repaired, count(*) AS n FROM operations WHERE at >= $1 GROUP BY tool, state, status, ran, repaired');
        const interceptions = await q('SELECT category, tool, count(*) AS n FROM interceptions WHERE at >= $1 GROUP BY category, tool');
        const verdictRows = await q('SELECT verdict, count(*) AS n FROM receipts WHERE at >= $1 GROUP BY verdict');
        // Only bodies that hold a non-empty list are parsed.
        const findingsRow = (await q(`SELECT coalesce(sum(CASE WHEN body LIKE '%"claimedWithoutTool":[{%' THEN jsonb_array_length(body::jsonb -> 'claimedWithoutTool') END), 0) AS without_tool,
          coalesce(sum(CASE WHEN body LIKE '%"deniedButRan":[{%' THEN jsonb_array_length(body::jsonb -> 'deniedButRan') END), 0) AS denied FROM receipts WHERE at >= $1`))[0];
        const registered = Number((await q('SELECT count(*) AS n FROM tools WHERE last_registered >= $1'))[0]?.['n'] ?? 0);
        const runs = Number((await q('SELECT count(*) AS n FROM runs WHERE started_at >= $1'))[0]?.['n'] ?? 0);
        const dropped = this.schemaVersion >= 2 ? ((await q('SELECT coalesce(sum(records), 0) AS n, max(at) AS last FROM dropped WHERE at >= $1'))[0] ?? { n: 0, last: null }) : { n: 0, last: null };
        const marks = this.schemaVersion >= 3 ? (await q('SELECT * FROM review_marks WHERE at >= $1 ORDER BY seq')).map(toMark) : [];
        return aggregateStats({ ops, interceptions, verdictRows, ...(findingsRow === undefined ? {} : { findingsRow }), registered, runs, dropped, reported: since, top, reviews: countReviews(latestMarks(marks)) });
      });
    } catch (error) {
      throw hostError('store.stats', error);
    }
  }

  async counts(): Promise<StoreCounts> {
    const dropped = this.schemaVersion >= 2 ? '(SELECT coalesce(sum(records), 0) FROM dropped)' : '0';
    const row = (await this.#read('counts', (c) =>
      c.query(`SELECT (SELECT count(*) FROM runs) AS runs, (SELECT count(*) FROM operations) AS operations,
        (SELECT count(*) FROM interceptions) AS interceptions, (SELECT count(*) FROM receipts) AS receipts,
        (SELECT count(*) FROM tools) AS tools, ${dropped} AS dropped`),
    )).rows[0] as RawRow;
    return {
      runs: Number(row['runs']),
      operations: Number(row['operations']),
      interceptions: Number(row['interceptions']),
      receipts: Number(row['receipts']),
      tools: Number(row['tools']),
      droppedRecorded: Number(row['dropped']),
      pending: this.#writer?.pending ?? 0,
      dropped: this.#writer?.dropped ?? 0,
    };
  }

  async *export(options: ExportOptions = {}): AsyncIterable<ExportRow> {
    const since = sinceOf(options.since, 'export') ?? NO_SINCE;
    await this.#read('export', async () => undefined);
    for (const table of exportTables) {
      for (let after = NO_SINCE; ; ) {
        const rows = (await this.#read('export', (c) => c.query(table.select, [after, since, EXPORT_PAGE]))).rows as RawRow[];
        if (rows.length === 0) break;
        after = Number(rows[rows.length - 1]?.['seq']);
        yield* rows.map((r) => ({ type: table.type, ...table.map(r) }) as ExportRow);
        if (rows.length < EXPORT_PAGE) break;
      }
    }
  }

  async findRuns(query: RunQuery = {}): Promise<RunPage> {
    try {
      return await this.#read('findRuns', (c) => findRuns(pgQuery(c), query, true));
    } catch (error) {
      throw hostError('store.findRuns', error);
    }
  }

  async timeline(options: TimelineOptions): Promise<TimelineBucket[]> {
    try {
      return await this.#read('timeline', (c) => timeline(pgQuery(c), options, this.schemaVersion >= 4));
    } catch (error) {
      throw hostError('store.timeline', error);
    }
  }

  async reviewQueue(options: ReviewQueueOptions): Promise<ReviewPage> {
    try {
      return await this.#read('reviewQueue', (c) => reviewQueue(pgQuery(c), options, this.schemaVersion >= 3));
    } catch (error) {
      throw hostError('store.reviewQueue', error);
    }
  }

  async reviewMarks(options: { since?: number } = {}): Promise<ReviewMark[]> {
    try {
      const since = sinceOf(options.since, 'reviewMarks');
      return await this.#read('reviewMarks', (c) => readMarks(pgQuery(c), since, this.schemaVersion >= 3));
    } catch (error) {
      throw hostError('store.reviewMarks', error);
    }
  }

  async addReviewMark(mark: ReviewMarkInput): Promise<ReviewMark> {
    try {
      this.#writable('addReviewMark');
      const params = await this.#read('addReviewMark', (c) => markParams(pgQuery(c), mark, Date.now()));
      let client: PoolClient | undefined;
      try {
        client = await this.#connect();
        const row = (await client.query(`${toPgParams(INSERT_MARK)} RETURNING *`, params)).rows[0] as RawRow;
        client.release();
        return toMark(row);
      } catch (error) {
        client?.release(true);
        throw toPgStoreError(error, this.path, 'write');
      }
    } catch (error) {
      throw hostError('store.addReviewMark', error);
    }
  }

  /** Flush (reporting, not throwing, a failure), then run `fn` on one client in a read-only snapshot. */
  async #read<T>(method: string, fn: (client: PoolClient) => Promise<T>): Promise<T> {
    this.#open(method);
    await this.#writer?.flush().catch((error: unknown) => this.#reportError(error as ClaimcheckError));
    let client: PoolClient | undefined;
    try {
      client = await this.#connect();
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const result = await fn(client);
      await client.query('COMMIT');
      client.release();
      return result;
    } catch (error) {
      if (!isStalled(error)) await client?.query('ROLLBACK').catch(() => undefined);
      client?.release(true);
      throw toPgStoreError(error, this.path, 'read');
    }
  }

  /**
   * A client from the pool that never crashes the host: a checked-out client whose connection drops
   * between two queries emits `error` (unhandled, it would be an uncaught exception); the next query
   * fails with it anyway, and the pool discards the client when it is released with an error (its
   * socket destroyed: a server that stopped answering would never see a polite end through).
   */
  async #connect(): Promise<PoolClient> {
    const client = await this.#pool.connect();
    const ignore = (): void => undefined;
    client.on('error', ignore);
    const release = client.release.bind(client);
    client.release = (error?: Error | boolean) => {
      client.release = release;
      // A discarded client keeps ignoring errors: its destroyed socket may still report one.
      if (error === undefined || error === false) client.off('error', ignore);
      this.#connections.release(client, error);
    };
    return client;
  }

  #reportError(error: ClaimcheckError): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(error);
      } catch {
        // A throwing listener must not break recording or the other listeners.
      }
    }
    if (this.#config.onError !== undefined) this.#config.onError(error);
    else if (this.#listeners.size === 0) this.#config.warn(error);
  }

  #runFor(given: string | undefined, where: string): string {
    return runIdOf(given, where) ?? this.#current ?? this.startRun();
  }

  #open(method: string): void {
    if (this.#closed) {
      throw new ClaimcheckError('store_closed', `Store.${method}() was called after close() on ${this.path}. Open a new store with openStore().`, { data: { path: this.path } });
    }
  }

  #writable(method: string): PgWriter {
    this.#open(method);
    if (this.#writer === undefined) {
      throw new ClaimcheckError('store_readonly', `Store.${method}() on ${this.path}, which was opened readonly. Open it without readonly to record.`, { data: { path: this.path } });
    }
    return this.#writer;
  }
}

/** Statements with `?` placeholders on one client. */
function pgQuery(client: PoolClient): Query {
  return async (sql, params) => (await client.query(toPgParams(sql), params)).rows as RawRow[];
}

function positiveInt(value: number, method: string, name: string): number {
  if (Number.isInteger(value) && value > 0) return value;
  throw new ClaimcheckError('invalid_options', `Store.${method}() option ${name} must be a positive integer, got ${String(value)}.`);
}

function sinceOf(since: number | Date | undefined, method: string): number | null {
  if (since === undefined) return null;
  const ms = since instanceof Date ? since.getTime() : since;
  if (typeof ms === 'number' && Number.isFinite(ms)) return Math.trunc(ms);
  throw new ClaimcheckError('invalid_options', `Store.${method}() option since must be epoch milliseconds or a valid Date, got ${String(since)}.`);
}

/** Operations grouped by tool, state, status, ran and repaired, from `operation_days` and the part of a day before `since`'s first midnight. */
async function operationRows(client: PoolClient, since: number | null): Promise<RawRow[]> {
  const { fromDay, raw } = daySplit(since);
  const days = (await client.query('SELECT tool, state, status, ran, repaired, sum(n) AS n FROM operation_days WHERE day >= $1 GROUP BY tool, state, status, ran, repaired', [fromDay])).rows as RawRow[];
  if (raw === null) return days;
  const edge = await client.query('SELECT tool, state, status, ran, repaired, count(*) AS n FROM operations WHERE at >= $1 AND at < $2 GROUP BY tool, state, status, ran, repaired', raw);
  return [...days, ...(edge.rows as RawRow[])];
}
