/**
 * Internal: the ledger's PostgreSQL schema: the SQLite schema's tables and columns (docs/formats.md)
 * in PostgreSQL types, versioned by the one row of `claimcheck_schema` with the same version numbers.
 * Migrations run in one transaction under a transaction-level advisory lock, so workers starting at
 * once migrate once and the others wait, then see the new version.
 */
import { ClaimcheckError } from '../errors.js';
import { HASH_KEY_ENV } from './_hash-key.js';
import { SCHEMA_VERSION } from './schema-version.js';

/** What the migration needs of a client: one query at a time. */
export interface PgQueryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}

/** Key of the advisory lock held while migrating (ASCII `ccl1`, as SQLite's application_id). */
export const PG_MIGRATION_LOCK = 0x63636c31;

/** Migration `n` (1-based) brings a database from version `n - 1` to `n`, like the SQLite ones. */
export const pgMigrations: readonly string[] = [
  `
  CREATE TABLE runs (
    seq BIGSERIAL UNIQUE,
    id TEXT PRIMARY KEY,
    agent TEXT,
    meta TEXT,
    tools TEXT NOT NULL DEFAULT '[]',
    started_at BIGINT NOT NULL
  );
  CREATE INDEX runs_started_at ON runs (started_at);
  CREATE TABLE tools (
    name TEXT PRIMARY KEY,
    first_registered BIGINT NOT NULL,
    last_registered BIGINT NOT NULL
  );
  CREATE INDEX tools_last_registered ON tools (last_registered);
  CREATE TABLE operations (
    seq BIGSERIAL PRIMARY KEY,
    run_id TEXT NOT NULL,
    turn INTEGER,
    at BIGINT NOT NULL,
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
    started_at BIGINT,
    ended_at BIGINT,
    args TEXT,
    result TEXT
  );
  CREATE INDEX operations_run ON operations (run_id, seq);
  CREATE INDEX operations_at ON operations (at);
  CREATE INDEX operations_tool_state ON operations (tool, state, status, ran, repaired, at);
  CREATE TABLE interceptions (
    seq BIGSERIAL PRIMARY KEY,
    run_id TEXT NOT NULL,
    turn INTEGER,
    at BIGINT NOT NULL,
    tool TEXT NOT NULL,
    category TEXT NOT NULL,
    call_id TEXT,
    path TEXT,
    failures TEXT NOT NULL DEFAULT '[]',
    args_hash TEXT,
    repaired INTEGER NOT NULL,
    args TEXT
  );
  CREATE INDEX interceptions_run ON interceptions (run_id, seq);
  CREATE INDEX interceptions_at ON interceptions (at);
  CREATE INDEX interceptions_category ON interceptions (category, tool, at);
  CREATE TABLE receipts (
    seq BIGSERIAL PRIMARY KEY,
    run_id TEXT NOT NULL,
    turn INTEGER,
    message_index INTEGER,
    at BIGINT NOT NULL,
    verdict TEXT NOT NULL CHECK (verdict IN ('clean', 'unreported', 'fabricated')),
    summary TEXT NOT NULL,
    flagged INTEGER NOT NULL,
    confirmed INTEGER NOT NULL,
    call_ids TEXT NOT NULL DEFAULT '[]',
    body TEXT NOT NULL
  );
  CREATE INDEX receipts_run ON receipts (run_id, seq);
  CREATE INDEX receipts_verdict ON receipts (verdict, at);
  `,
  `
  CREATE TABLE dropped (
    seq BIGSERIAL PRIMARY KEY,
    at BIGINT NOT NULL,
    first_at BIGINT NOT NULL,
    records INTEGER NOT NULL,
    reason TEXT NOT NULL
  );
  `,
  `
  ALTER TABLE receipts ADD COLUMN reply TEXT;
  ALTER TABLE receipts ADD COLUMN request TEXT;
  CREATE TABLE review_marks (
    seq BIGSERIAL PRIMARY KEY,
    at BIGINT NOT NULL,
    run_id TEXT NOT NULL,
    target TEXT NOT NULL CHECK (target IN ('claim', 'operation')),
    target_seq BIGINT NOT NULL,
    claim_index INTEGER,
    judgement TEXT NOT NULL CHECK (judgement IN ('right', 'wrong')),
    note TEXT
  );
  CREATE INDEX review_marks_target ON review_marks (target, target_seq, claim_index, seq);
  CREATE INDEX review_marks_at ON review_marks (at);
  CREATE INDEX runs_started_id ON runs (started_at, id);
  CREATE INDEX runs_agent ON runs (agent, started_at);
  DROP INDEX operations_at;
  CREATE INDEX operations_at ON operations (at, status);
  CREATE INDEX receipts_at ON receipts (at, verdict);
  `,
  // 4: operations counted per UTC day, as in SQLite, kept by statement-level triggers over the statement's
  // transition table (one grouped upsert per statement, keys in a fixed order). The store's writer, whose
  // transaction may insert operations in several statements, sets claimcheck.operation_days = 'writer' for
  // its transaction and adds the whole batch's counts in one upsert, keys in order, as its last statement:
  // writers lock shared counts once, in one order, so they cannot deadlock on them.
  `
  CREATE TABLE operation_days (
    day BIGINT NOT NULL,
    tool TEXT NOT NULL,
    state TEXT NOT NULL,
    status TEXT NOT NULL,
    ran INTEGER NOT NULL,
    repaired INTEGER NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (day, tool, state, status, ran, repaired)
  );
  CREATE FUNCTION claimcheck_operation_days() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    -- The store's writer adds its transaction's counts itself, in one upsert at the end (see _pg-writer.ts).
    IF TG_OP = 'INSERT' AND current_setting('claimcheck.operation_days', true) = 'writer' THEN
      RETURN NULL;
    END IF;
    IF TG_OP = 'TRUNCATE' THEN
      DELETE FROM operation_days;
      RETURN NULL;
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      UPDATE operation_days d SET n = d.n - o.n
        FROM (SELECT floor(at::numeric / 86400000)::bigint AS day, tool, state, status, ran, repaired, count(*) AS n
              FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6) o
        WHERE (d.day, d.tool, d.state, d.status, d.ran, d.repaired) = (o.day, o.tool, o.state, o.status, o.ran, o.repaired);
      DELETE FROM operation_days WHERE n <= 0 AND day IN (SELECT DISTINCT floor(at::numeric / 86400000)::bigint FROM old_rows);
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      INSERT INTO operation_days AS d (day, tool, state, status, ran, repaired, n)
        SELECT floor(at::numeric / 86400000)::bigint, tool, state, status, ran, repaired, count(*)
        FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
        ON CONFLICT (day, tool, state, status, ran, repaired) DO UPDATE SET n = d.n + excluded.n;
    END IF;
    RETURN NULL;
  END
  $fn$;
  CREATE TRIGGER operation_days_insert AFTER INSERT ON operations REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION claimcheck_operation_days();
  CREATE TRIGGER operation_days_delete AFTER DELETE ON operations REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION claimcheck_operation_days();
  CREATE TRIGGER operation_days_update AFTER UPDATE ON operations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION claimcheck_operation_days();
  CREATE TRIGGER operation_days_truncate AFTER TRUNCATE ON operations
    FOR EACH STATEMENT EXECUTE FUNCTION claimcheck_operation_days();
  INSERT INTO operation_days (day, tool, state, status, ran, repaired, n)
    SELECT floor(at::numeric / 86400000)::bigint, tool, state, status, ran, repaired, count(*) FROM operations GROUP BY 1, 2, 3, 4, 5, 6;
  `,
];

/**
 * Brings the database to {@link SCHEMA_VERSION} (a `readonly` store only reads the version) and returns it.
 * @throws ClaimcheckError `store_version` for a newer schema; `store_not_found` for a `readonly` store on a
 *   database without the claimcheck schema (nothing recorded there yet).
 */
export async function migratePg(client: PgQueryable, ctx: { url: string; readonly: boolean }): Promise<number> {
  const current = await readVersion(client);
  if (current === SCHEMA_VERSION || (ctx.readonly && current >= 1)) return check(current, ctx);
  if (ctx.readonly) {
    // Nothing recorded there yet: the PostgreSQL form of a SQLite file that does not exist.
    throw new ClaimcheckError('store_not_found', `No claimcheck ledger in the PostgreSQL database ${ctx.url} yet (it has no claimcheck schema): nothing has been recorded there. The first worker that records into it creates the schema (recording needs ${HASH_KEY_ENV} set, the same on every worker); or point CLAIMCHECK_DB at the ledger's URL.`, {
      data: { path: ctx.url, version: current, supported: SCHEMA_VERSION },
    });
  }
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [PG_MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS claimcheck_schema (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)');
    const version = await readVersion(client);
    check(version, ctx);
    for (let v = version; v < SCHEMA_VERSION; v++) await client.query(pgMigrations[v] ?? '');
    await client.query('INSERT INTO claimcheck_schema (id, version) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET version = excluded.version', [SCHEMA_VERSION]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  return SCHEMA_VERSION;
}

async function readVersion(client: PgQueryable): Promise<number> {
  const exists = await client.query("SELECT to_regclass('claimcheck_schema') IS NOT NULL AS present");
  if (exists.rows[0]?.['present'] !== true) return 0;
  const row = await client.query('SELECT version FROM claimcheck_schema WHERE id = 1');
  return Number(row.rows[0]?.['version'] ?? 0);
}

function check(version: number, ctx: { url: string }): number {
  if (version > SCHEMA_VERSION) {
    throw new ClaimcheckError('store_version', `The PostgreSQL ledger ${ctx.url} has schema version ${version}, written by a newer claimcheck; this one reads up to version ${SCHEMA_VERSION}. Upgrade claimcheck on this worker.`, {
      data: { path: ctx.url, version, supported: SCHEMA_VERSION },
    });
  }
  return version;
}
