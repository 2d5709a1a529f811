/**
 * Internal: the PostgreSQL store's write queue, with the SQLite queue's contract: records wait in
 * memory and are written in batches, each in one transaction, by an asynchronous writer (so a record
 * call never waits on the network); a failed batch stays queued and is retried one batch at a time,
 * backing off to {@link MAX_RETRY_MS}; records beyond `maxPending` while writes fail are dropped,
 * counted, reported once per outage, and written to `dropped` when writes resume.
 */
import { ClaimcheckError } from '../errors.js';
import type { PgQueryable } from './_pg-schema.js';
import { isStalled, toPgStoreError } from './_pg-errors.js';
import { DAY_MS } from './_stats-aggregate.js';
import { MAX_RETRY_MS, type PendingWrite } from './_sqlite-writer.js';

export interface PgWriterOptions {
  url: string;
  batchSize: number;
  flushIntervalMs: number;
  maxPending: number;
  onError: (error: ClaimcheckError) => void;
  /** A client from the pool, released after each batch (with an error: discarded, its socket destroyed). */
  connect: () => Promise<PgQueryable & { release(error?: boolean): void }>;
}

const OPERATION_COLUMNS = 'run_id, turn, at, tool, call_id, kind, state, status, ran, repaired, failure, error, incident, receipt_id, receipt_kind, verify, started_at, ended_at, args, result';
const INTERCEPTION_COLUMNS = 'run_id, turn, at, tool, category, call_id, path, failures, args_hash, repaired, args';
const RECEIPT_COLUMNS = 'run_id, turn, message_index, at, verdict, summary, flagged, confirmed, call_ids, body, reply, request';
const TABLES = {
  operation: { table: 'operations', columns: OPERATION_COLUMNS },
  interception: { table: 'interceptions', columns: INTERCEPTION_COLUMNS },
  receipt: { table: 'receipts', columns: RECEIPT_COLUMNS },
} as const;
/** Rows per INSERT: 20 columns × 1,000 stays far under PostgreSQL's 65,535 parameters. */
const ROWS_PER_STATEMENT = 1000;

/** `INSERT INTO table (...) VALUES ($1, ...), (...)` for `rows` rows. */
function insertMany(kind: keyof typeof TABLES, rows: number): string {
  const { table, columns } = TABLES[kind];
  const width = columns.split(',').length;
  const tuples = Array.from({ length: rows }, (_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`);
  return `INSERT INTO ${table} (${columns}) VALUES ${tuples.join(', ')}`;
}
const UPSERT_RUN = `INSERT INTO runs (id, agent, meta, tools, started_at) VALUES ($1, $2, $3, $4, $5)
  ON CONFLICT (id) DO UPDATE SET agent = coalesce(excluded.agent, runs.agent), meta = coalesce(excluded.meta, runs.meta),
  tools = CASE WHEN excluded.tools = '[]' THEN runs.tools ELSE excluded.tools END, started_at = least(runs.started_at, excluded.started_at)`;
const ENSURE_RUNS = 'INSERT INTO runs (id, started_at) SELECT * FROM unnest($1::text[], $2::bigint[]) ON CONFLICT (id) DO NOTHING';
const UPSERT_TOOL = `INSERT INTO tools (name, first_registered, last_registered) VALUES ($1, $2, $3)
  ON CONFLICT (name) DO UPDATE SET first_registered = least(tools.first_registered, excluded.first_registered),
  last_registered = greatest(tools.last_registered, excluded.last_registered)`;
const INSERT_DROPPED = 'INSERT INTO dropped (at, first_at, records, reason) VALUES ($1, $2, $3, $4)';
/** Tells the `operation_days` trigger that this transaction adds its counts itself ({@link ADD_OPERATION_DAYS}). */
const WRITER_COUNTS_DAYS = "SELECT set_config('claimcheck.operation_days', 'writer', true)";
const ADD_OPERATION_DAYS = `INSERT INTO operation_days AS d (day, tool, state, status, ran, repaired, n)
  SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::integer[], $6::integer[], $7::bigint[])
  ON CONFLICT (day, tool, state, status, ran, repaired) DO UPDATE SET n = d.n + excluded.n`;

/**
 * The operations' counts per `operation_days` key (UTC day, tool, state, status, ran, repaired), as the
 * seven column arrays of {@link ADD_OPERATION_DAYS}, keys sorted so every writer locks them in one order.
 * `rows` are operation parameters in {@link OPERATION_COLUMNS} order.
 */
export function operationDayCounts(rows: readonly unknown[][]): unknown[][] {
  const counts = new Map<string, { key: [number, string, string, string, number, number]; n: number }>();
  for (const p of rows) {
    const key: [number, string, string, string, number, number] = [Math.floor(Number(p[2]) / DAY_MS), String(p[3]), String(p[6]), String(p[7]), Number(p[8]), Number(p[9])];
    const id = JSON.stringify(key);
    const entry = counts.get(id);
    if (entry === undefined) counts.set(id, { key, n: 1 });
    else entry.n++;
  }
  const sorted = [...counts.values()].sort((a, b) => {
    for (let i = 0; i < a.key.length; i++) {
      const x = a.key[i] as string | number;
      const y = b.key[i] as string | number;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  });
  return [...[0, 1, 2, 3, 4, 5].map((i) => sorted.map((c) => c.key[i])), sorted.map((c) => c.n)];
}

export class PgWriter {
  #queue: PendingWrite[] = [];
  #head = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #retryMs: number;
  #failure: ClaimcheckError | null = null;
  #failureReported = false;
  #dropped = 0;
  #dropReported = false;
  #unrecorded = { records: 0, firstAt: 0, reason: '' };
  /** The batch being written, so two writes never overlap. */
  #writing: Promise<void> | null = null;

  constructor(private readonly options: PgWriterOptions) {
    this.#retryMs = options.flushIntervalMs;
  }

  get pending(): number {
    return this.#queue.length - this.#head;
  }

  get dropped(): number {
    return this.#dropped;
  }

  /** Queue one record; a full batch starts a write in the background. Never throws, never waits. */
  push(item: PendingWrite): void {
    if (this.pending >= this.options.maxPending) {
      this.#drop();
      return;
    }
    this.#queue.push(item);
    if (this.#failure === null && this.pending >= this.options.batchSize) this.#background();
    else this.#schedule(this.#failure === null ? this.options.flushIntervalMs : this.#retryMs);
  }

  /** Write every queued record. @throws ClaimcheckError with the unwritten records still queued. */
  async flush(): Promise<void> {
    this.#clearTimer();
    await this.#writing?.catch(() => undefined);
    try {
      while (this.pending > 0 || this.#unrecorded.records > 0) await this.#serial(this.options.maxPending);
    } catch (error) {
      this.#failed(error as ClaimcheckError, false);
      throw error;
    }
  }

  stop(): void {
    this.#clearTimer();
  }

  #background(): void {
    this.#clearTimer();
    if (this.#writing !== null) return;
    this.#serial(this.options.batchSize).then(
      () => {
        if (this.pending > 0) this.#schedule(this.pending >= this.options.batchSize ? 0 : this.options.flushIntervalMs);
      },
      (error: unknown) => this.#failed(error as ClaimcheckError, true),
    );
  }

  /** One batch at a time, whoever asks. */
  async #serial(max: number): Promise<void> {
    while (this.#writing !== null) await this.#writing.catch(() => undefined);
    const write = this.#writeBatch(max);
    this.#writing = write;
    try {
      await write;
    } finally {
      this.#writing = null;
    }
  }

  async #writeBatch(max: number): Promise<void> {
    const batch = this.#queue.slice(this.#head, this.#head + max);
    const drops = { ...this.#unrecorded };
    let client: Awaited<ReturnType<PgWriterOptions['connect']>> | undefined;
    try {
      client = await this.options.connect();
      await client.query('BEGIN');
      const operations = batch.filter((item) => item.kind === 'operation').map((item) => item.params);
      if (operations.length > 0) await client.query(WRITER_COUNTS_DAYS);
      // Multi-row statements keep the transaction (and the row locks of shared runs and tools) short.
      const runs = batch.filter((item) => item.kind === 'run');
      for (const item of runs) await client.query(UPSERT_RUN, item.params);
      const tools = new Map<string, number>();
      for (const item of runs) for (const tool of item.tools) tools.set(tool, Math.min(tools.get(tool) ?? item.at, item.at));
      for (const [tool, at] of [...tools].sort(([a], [b]) => (a < b ? -1 : 1))) await client.query(UPSERT_TOOL, [tool, at, at]);
      const records = batch.filter((item) => item.kind !== 'run');
      const firstAt = new Map<string, number>();
      for (const item of records) if (!firstAt.has(item.runId)) firstAt.set(item.runId, item.at);
      if (firstAt.size > 0) await client.query(ENSURE_RUNS, [[...firstAt.keys()], [...firstAt.values()]]);
      for (const kind of ['operation', 'interception', 'receipt'] as const) {
        const rows = records.filter((item) => item.kind === kind).map((item) => item.params);
        for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
          const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
          await client.query(insertMany(kind, chunk.length), chunk.flat());
        }
      }
      if (drops.records > 0) await client.query(INSERT_DROPPED, [Date.now(), drops.firstAt, drops.records, drops.reason]);
      if (operations.length > 0) await client.query(ADD_OPERATION_DAYS, operationDayCounts(operations));
      await client.query('COMMIT');
      client.release();
    } catch (error) {
      // A server that stopped answering would not answer the ROLLBACK either: dropping the connection rolls back.
      if (!isStalled(error)) await client?.query('ROLLBACK').catch(() => undefined);
      client?.release(true);
      throw toPgStoreError(error, this.options.url, 'write');
    }
    this.#head += batch.length;
    if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
    this.#unrecorded.records -= drops.records; // drops counted while this batch was written stay for the next
    if (this.#unrecorded.records === 0) this.#unrecorded = { records: 0, firstAt: 0, reason: '' };
    this.#failure = null;
    this.#dropReported = false;
    this.#retryMs = this.options.flushIntervalMs;
  }

  #failed(error: ClaimcheckError, report: boolean): void {
    if (this.#failure === null || this.#failure.code !== error.code) this.#failureReported = false;
    if (this.#failure !== null) this.#retryMs = Math.min(this.#retryMs * 2, MAX_RETRY_MS);
    this.#failure = error;
    if (report && !this.#failureReported) {
      this.#failureReported = true;
      this.#report(error);
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
      new ClaimcheckError(cause, `The claimcheck ledger ${this.options.url} could not be written (${cause}) and ${this.pending} records are queued (maxPending): new records are being dropped until writes resume; they are counted (Store.counts().dropped) and the count is written to the ledger when writes resume.`, {
        data: { path: this.options.url, dropped: this.#dropped, pending: this.pending },
      }),
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
