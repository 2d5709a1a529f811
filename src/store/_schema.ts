/**
 * Internal: the ledger's SQLite schema, versioned by `PRAGMA user_version` and marked as claimcheck's
 * by `PRAGMA application_id`. Migrations only go forward; each runs in one `BEGIN IMMEDIATE`
 * transaction, so two processes opening a new file at once migrate it once. Written down in docs/formats.md.
 */
import { ClaimcheckError } from '../errors.js';
import type { Database } from './_driver.js';
import { SCHEMA_VERSION } from './schema-version.js';

/** `PRAGMA application_id` of a claimcheck ledger: ASCII `ccl1`. */
export const APPLICATION_ID = 0x63636c31;

/** Migration `n` (1-based) brings a database from version `n - 1` to `n`; there are {@link SCHEMA_VERSION} of them. */
export const migrations: readonly string[] = [
  `
  CREATE TABLE runs (
    id TEXT PRIMARY KEY,
    agent TEXT,
    meta TEXT,
    tools TEXT NOT NULL DEFAULT '[]',
    started_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX runs_started_at ON runs (started_at);

  CREATE TABLE tools (
    name TEXT PRIMARY KEY,
    first_registered INTEGER NOT NULL,
    last_registered INTEGER NOT NULL
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX tools_last_registered ON tools (last_registered);

  CREATE TABLE operations (
    seq INTEGER PRIMARY KEY,
    run_id TEXT NOT NULL,
    turn INTEGER,
    at INTEGER NOT NULL,
    tool TEXT NOT NULL,
    call_id TEXT,
    kind TEXT CHECK (kind IN ('action', 'read')),
    state TEXT NOT NULL CHECK (state IN ('posted', 'unknown', 'needs_review', 'failed', 'read')),
    status TEXT NOT NULL CHECK (status IN ('ok', 'error')),
    ran INTEGER NOT NULL,
    repaired INTEGER NOT NULL,
    failure TEXT,
    error TEXT,
    incident TEXT,
    receipt_id TEXT,
    receipt_kind TEXT,
    verify TEXT,
    started_at INTEGER,
    ended_at INTEGER,
    args TEXT,
    result TEXT
  ) STRICT;
  CREATE INDEX operations_run ON operations (run_id, seq);
  CREATE INDEX operations_at ON operations (at);
  CREATE INDEX operations_tool_state ON operations (tool, state, status, ran, repaired, at);

  CREATE TABLE interceptions (
    seq INTEGER PRIMARY KEY,
    run_id TEXT NOT NULL,
    turn INTEGER,
    at INTEGER NOT NULL,
    tool TEXT NOT NULL,
    category TEXT NOT NULL,
    call_id TEXT,
    path TEXT,
    failures TEXT NOT NULL DEFAULT '[]',
    args_hash TEXT,
    repaired INTEGER NOT NULL,
    args TEXT
  ) STRICT;
  CREATE INDEX interceptions_run ON interceptions (run_id, seq);
  CREATE INDEX interceptions_at ON interceptions (at);
  CREATE INDEX interceptions_category ON interceptions (category, tool, at);

  CREATE TABLE receipts (
    seq INTEGER PRIMARY KEY,
    run_id TEXT NOT NULL,
    turn INTEGER,
    message_index INTEGER,
    at INTEGER NOT NULL,
    verdict TEXT NOT NULL CHECK (verdict IN ('clean', 'unreported', 'fabricated')),
    summary TEXT NOT NULL,
    flagged INTEGER NOT NULL,
    confirmed INTEGER NOT NULL,
    call_ids TEXT NOT NULL DEFAULT '[]',
    body TEXT NOT NULL
  ) STRICT;
  CREATE INDEX receipts_run ON receipts (run_id, seq);
  CREATE INDEX receipts_verdict ON receipts (verdict, at);
  `,
  // 2: records a writer dropped (its bounded queue overflowed while writes failed), counted once writes resume.
  `
  CREATE TABLE dropped (
    seq INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    first_at INTEGER NOT NULL,
    records INTEGER NOT NULL,
    reason TEXT NOT NULL
  ) STRICT;
  `,
  // 3: review marks (the dashboard's review queue), and the reply and request text of a receipt recorded with capture.
  `
  ALTER TABLE receipts ADD COLUMN reply TEXT;
  ALTER TABLE receipts ADD COLUMN request TEXT;
  CREATE TABLE review_marks (
    seq INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    run_id TEXT NOT NULL,
    target TEXT NOT NULL CHECK (target IN ('claim', 'operation')),
    target_seq INTEGER NOT NULL,
    claim_index INTEGER,
    judgement TEXT NOT NULL CHECK (judgement IN ('right', 'wrong')),
    note TEXT
  ) STRICT;
  CREATE INDEX review_marks_target ON review_marks (target, target_seq, claim_index, seq);
  CREATE INDEX review_marks_at ON review_marks (at);
  CREATE INDEX runs_started_id ON runs (started_at, id);
  CREATE INDEX runs_agent ON runs (agent, started_at);
  DROP INDEX operations_at;
  CREATE INDEX operations_at ON operations (at, status);
  CREATE INDEX receipts_at ON receipts (at, verdict);
  `,
  // 4: operations counted per UTC day and (tool, state, status, ran, repaired), kept by triggers in the
  // transaction that writes (or prunes) the operations, so stats() and the dashboard's daily chart read a
  // few thousand counts instead of every operation, and agree with the rows whoever wrote them.
  `
  CREATE TABLE operation_days (
    day INTEGER NOT NULL,
    tool TEXT NOT NULL,
    state TEXT NOT NULL,
    status TEXT NOT NULL,
    ran INTEGER NOT NULL,
    repaired INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (day, tool, state, status, ran, repaired)
  ) STRICT, WITHOUT ROWID;
  ${dayTriggers()}
  INSERT INTO operation_days (day, tool, state, status, ran, repaired, n)
    SELECT ${day('at')}, tool, state, status, ran, repaired, count(*) FROM operations WHERE true
    GROUP BY 1, 2, 3, 4, 5, 6;
  `,
];

/** The UTC day (floor of epoch milliseconds / 86,400,000; SQLite's `/` truncates toward zero) of `at`. */
function day(at: string): string {
  return `(${at} / 86400000 - (${at} < 0 AND ${at} % 86400000 != 0))`;
}

/** The triggers that keep `operation_days` equal to the counts of `operations`. */
function dayTriggers(): string {
  const key = (row: 'NEW' | 'OLD'): string => `${day(`${row}.at`)}, ${row}.tool, ${row}.state, ${row}.status, ${row}.ran, ${row}.repaired`;
  const add = `INSERT INTO operation_days (day, tool, state, status, ran, repaired, n) VALUES (${key('NEW')}, 1)
      ON CONFLICT DO UPDATE SET n = n + 1;`;
  const match = `day = ${day('OLD.at')} AND tool = OLD.tool AND state = OLD.state AND status = OLD.status AND ran = OLD.ran AND repaired = OLD.repaired`;
  const remove = `UPDATE operation_days SET n = n - 1 WHERE ${match};
    DELETE FROM operation_days WHERE ${match} AND n <= 0;`;
  return `
  CREATE TRIGGER operation_days_insert AFTER INSERT ON operations BEGIN
    ${add}
  END;
  CREATE TRIGGER operation_days_delete AFTER DELETE ON operations BEGIN
    ${remove}
  END;
  CREATE TRIGGER operation_days_update AFTER UPDATE OF at, tool, state, status, ran, repaired ON operations BEGIN
    ${remove}
    ${add}
  END;`;
}

/**
 * Steps a migration takes in code, after its SQL, by the version it brings the database to. Version 2
 * keys the stored argument hashes: each `args_hash` (a plain SHA-256) becomes the ledger's HMAC of it.
 */
const migrationSteps: Record<number, (db: Database, ctx: SchemaContext) => void> = {
  2: (db, ctx) => {
    const rows = db.prepare('SELECT seq, args_hash FROM interceptions WHERE args_hash IS NOT NULL').all() as Array<{ seq: number; args_hash: string }>;
    const update = db.prepare('UPDATE interceptions SET args_hash = ? WHERE seq = ?');
    for (const row of rows) update.run(ctx.hashKey.hmac(row.args_hash), row.seq);
  },
};

/** The tables and columns of each version, checked on open so a damaged or foreign schema is `store_corrupt`, not a query error later. */
const shapes: Record<string, { since: number; columns: string[]; table?: string }> = {
  runs: { since: 1, columns: ['id', 'agent', 'meta', 'tools', 'started_at'] },
  tools: { since: 1, columns: ['name', 'first_registered', 'last_registered'] },
  operations: {
    since: 1,
    columns: ['seq', 'run_id', 'turn', 'at', 'tool', 'call_id', 'kind', 'state', 'status', 'ran', 'repaired', 'failure', 'error', 'incident', 'receipt_id', 'receipt_kind', 'verify', 'started_at', 'ended_at', 'args', 'result'],
  },
  interceptions: { since: 1, columns: ['seq', 'run_id', 'turn', 'at', 'tool', 'category', 'call_id', 'path', 'failures', 'args_hash', 'repaired', 'args'] },
  receipts: { since: 1, columns: ['seq', 'run_id', 'turn', 'message_index', 'at', 'verdict', 'summary', 'flagged', 'confirmed', 'call_ids', 'body'] },
  dropped: { since: 2, columns: ['seq', 'at', 'first_at', 'records', 'reason'] },
  'receipts (3)': { since: 3, table: 'receipts', columns: ['reply', 'request'] },
  review_marks: { since: 3, columns: ['seq', 'at', 'run_id', 'target', 'target_seq', 'claim_index', 'judgement', 'note'] },
  operation_days: { since: 4, columns: ['day', 'tool', 'state', 'status', 'ran', 'repaired', 'n'] },
};

/** The oldest schema a `readonly` store reads (every later version only added tables). */
export const OLDEST_READABLE = 1;

/** Context for error messages. */
interface SchemaContext {
  path: string;
  readonly: boolean;
  /** Keys argument hashes (migration 2); not needed by a `readonly` store. */
  hashKey: { hmac(text: string): string };
}

/**
 * Brings the database to {@link SCHEMA_VERSION} and returns it. A `readonly` store reads a version
 * from {@link OLDEST_READABLE} on as it is (it cannot migrate) and returns that version.
 * @throws ClaimcheckError `store_version` for a newer schema, or an older unreadable one on a `readonly`
 *   store; `store_corrupt` for another application's database or a ledger missing a table or column.
 */
export function migrate(db: Database, ctx: SchemaContext): number {
  // One read transaction, so the version, the application id and the table count come from one
  // snapshot: read one by one, they can straddle another process's first migration of a new file
  // (no application id yet, then its tables) and make a ledger look like another program's database.
  const current = db.transaction(() => readVersion(db, ctx)).deferred();
  if (current === SCHEMA_VERSION || (ctx.readonly && current >= OLDEST_READABLE)) {
    checkShape(db, current, ctx);
    return current;
  }
  if (ctx.readonly) {
    throw new ClaimcheckError(
      'store_version',
      `The ledger ${ctx.path} has schema version ${current} and this claimcheck needs ${SCHEMA_VERSION}; a read-only store cannot migrate it. Open it once without readonly (any recording command does) and retry.`,
      { data: { path: ctx.path, version: current, supported: SCHEMA_VERSION } },
    );
  }
  db.transaction(() => {
    const version = readVersion(db, ctx);
    if (version > 0) checkShape(db, version, ctx);
    for (let v = version; v < SCHEMA_VERSION; v++) {
      db.exec(migrations[v] ?? '');
      migrationSteps[v + 1]?.(db, ctx);
    }
    db.pragma(`application_id = ${APPLICATION_ID}`);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
  return SCHEMA_VERSION;
}

/** @throws ClaimcheckError `store_corrupt` when a table or column of `version` is missing. */
function checkShape(db: Database, version: number, ctx: SchemaContext): void {
  for (const [key, shape] of Object.entries(shapes)) {
    if (shape.since > version) continue;
    const table = shape.table ?? key;
    const have = new Set((db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as Array<{ name: string }>).map((c) => c.name));
    const missing = shape.columns.filter((c) => !have.has(c));
    if (missing.length === 0) continue;
    const what = have.size === 0 ? `has no table ${table}` : `has a table ${table} without the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`;
    throw new ClaimcheckError(
      'store_corrupt',
      `${ctx.path} is marked as a claimcheck ledger (schema version ${version}) but ${what}: it was changed by another program or damaged. Move it away (claimcheck starts a new ledger) or point CLAIMCHECK_DB at another file.`,
      { data: { path: ctx.path, version, table, missing } },
    );
  }
}

function readVersion(db: Database, ctx: SchemaContext): number {
  const version = Number(db.pragma('user_version', { simple: true }));
  const appId = Number(db.pragma('application_id', { simple: true }));
  const foreign = appId !== 0 && appId !== APPLICATION_ID;
  const unmarked = appId === 0 && Number((db.prepare('SELECT count(*) AS n FROM sqlite_schema').get() as { n: unknown }).n) > 0;
  if (foreign || unmarked) {
    throw new ClaimcheckError(
      'store_corrupt',
      `${ctx.path} is a SQLite database but not a claimcheck ledger (application_id ${appId}). Point CLAIMCHECK_DB (or openStore's path) at another file, or move this one away.`,
      { data: { path: ctx.path, applicationId: appId } },
    );
  }
  if (version > SCHEMA_VERSION) {
    throw new ClaimcheckError(
      'store_version',
      `The ledger ${ctx.path} has schema version ${version}, written by a newer claimcheck; this one reads up to version ${SCHEMA_VERSION}. Upgrade claimcheck (npm install claimcheck@latest), or point CLAIMCHECK_DB at another file.`,
      { data: { path: ctx.path, version, supported: SCHEMA_VERSION } },
    );
  }
  return version;
}
