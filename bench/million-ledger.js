// The 1,000,000-operation ledger of bench sections 5b and 5c: 37 tools, 9 state/status mixes, 30 days,
// 50,000 interceptions and 20,000 receipts, bulk-generated in SQL on the store's schema (indexes built
// after the insert). Temporary file; the caller removes `dir`.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openStore } from '../dist/store.js';

export const M = 1_000_000;
export const OPERATION_COLUMNS = 'run_id, turn, at, tool, call_id, kind, state, status, ran, repaired, failure, error, incident, receipt_id, receipt_kind, verify, started_at, ended_at, args, result';

/** A better-sqlite3 handle on `file`, after the store has created its schema there. */
export async function rawDb(file) {
  const { default: Database } = await import('better-sqlite3');
  await (await openStore({ path: file })).close(); // the store's schema, then plain better-sqlite3
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  return db;
}

/** Writes the ledger to `dir`/million.sqlite; resolves to its path and how long it took (ms). */
export async function buildMillionLedger(dir) {
  const file = join(dir, 'million.sqlite');
  const start = performance.now();
  const big = await rawDb(file);
  const indexes = big.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL").all();
  for (const ix of indexes) big.exec(`DROP INDEX ${ix.name}`);
  const day = 86_400_000;
  const base = Date.now() - 30 * day;
  const seq = (n) => `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${n - 1})`;
  big.transaction(() => {
    big.exec(`${seq(M / 64)} INSERT INTO runs (id, started_at, tools) SELECT 'run-' || i, ${base} + i * 64 * 2592, '["tool_0","tool_1"]' FROM n`);
    big.exec(`${seq(40)} INSERT INTO tools (name, first_registered, last_registered) SELECT 'tool_' || i, ${base}, ${base} + i * ${day} FROM n`);
    big.exec(`${seq(M)} INSERT INTO operations (${OPERATION_COLUMNS}) SELECT 'run-' || (i / 64), i % 12, ${base} + i * 2592, 'tool_' || (i % 37), 'call_' || i,
      'action', CASE i % 9 WHEN 6 THEN 'unknown' WHEN 7 THEN 'needs_review' WHEN 8 THEN 'failed' ELSE 'posted' END,
      CASE i % 9 WHEN 8 THEN 'error' ELSE 'ok' END, CASE WHEN i % 45 = 8 THEN 0 ELSE 1 END, CASE WHEN i % 20 = 3 THEN 1 ELSE 0 END,
      CASE i % 9 WHEN 8 THEN 'tool_failed' END, CASE i % 9 WHEN 8 THEN 'upstream 503' END, NULL, 'm_' || i, 'message_id', NULL,
      ${base} + i * 2592, ${base} + i * 2592 + 40, NULL, NULL FROM n`);
    big.exec(`${seq(50_000)} INSERT INTO interceptions (run_id, at, tool, category, path, failures, args_hash, repaired)
      SELECT 'run-' || (i * 20 / 64), ${base} + i * 20 * 2592, 'tool_' || (i % 37),
      CASE i % 5 WHEN 0 THEN 'missing_required' WHEN 1 THEN 'type_mismatch' WHEN 2 THEN 'enum_violation' WHEN 3 THEN 'format_violation' ELSE 'extra_field' END,
      '/x', '[]', hex(randomblob(16)), 0 FROM n`);
    big.exec(`${seq(20_000)} INSERT INTO receipts (run_id, at, verdict, summary, flagged, confirmed, body)
      SELECT 'run-' || (i * 50 / 64), ${base} + i * 50 * 2592, CASE i % 10 WHEN 0 THEN 'fabricated' WHEN 1 THEN 'unreported' ELSE 'clean' END,
      'summary', i % 10 = 0, 1, '{}' FROM n`);
  })();
  for (const ix of indexes) big.exec(ix.sql);
  big.close();
  return { file, buildMs: performance.now() - start };
}

/**
 * Adds one run of `operations` operations (a failing call in 9, one unknown and one needs_review in 9) to
 * the ledger at `file`, started after everything else in it, so it is the newest run: the shape of a
 * long-lived agent session, for the dashboard's run page and live refresh. Resolves to its id.
 */
export async function addLargeRun(file, operations) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  const id = 'large-run';
  const start = Date.now();
  const seq = `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${operations - 1})`;
  db.transaction(() => {
    db.prepare("INSERT INTO runs (id, agent, started_at, tools, meta) VALUES (?, 'long-session', ?, '[\"tool_0\",\"tool_1\"]', '{\"name\":\"long session\"}')").run(id, start);
    db.exec(`${seq} INSERT INTO operations (${OPERATION_COLUMNS}) SELECT '${id}', i / 4, ${start} + i, 'tool_' || (i % 37), 'big_' || i,
      'action', CASE i % 9 WHEN 6 THEN 'unknown' WHEN 7 THEN 'needs_review' WHEN 8 THEN 'failed' ELSE 'posted' END,
      CASE i % 9 WHEN 8 THEN 'error' ELSE 'ok' END, 1, 0, CASE i % 9 WHEN 8 THEN 'tool_failed' END, CASE i % 9 WHEN 8 THEN 'upstream 503' END,
      NULL, 'm_' || i, 'message_id', NULL, ${start} + i, ${start} + i + 40, NULL, NULL FROM n`);
  })();
  db.close();
  return id;
}
