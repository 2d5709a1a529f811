// npm run bench, section 8: the PostgreSQL store (127.0.0.1:5432, a database of its own, dropped
// after): operations recorded per second through the store against raw `pg` multi-row INSERTs of the
// same rows in one transaction, and stats() over 1,000,000 operations generated in SQL.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openStore } from '../dist/store.js';

const ADMIN = process.env.CLAIMCHECK_TEST_PG ?? 'postgres://postgres@127.0.0.1:5432/test';
const COLS = 'run_id, turn, at, tool, call_id, kind, state, status, ran, repaired, failure, error, incident, receipt_id, receipt_kind, verify, started_at, ended_at, args, result';

async function admin(sql) {
  const c = new pg.Client({ connectionString: ADMIN });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

export async function postgresBench() {
  const name = `claimcheck_bench_${randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN);
  url.pathname = `/${name}`;
  process.env.CLAIMCHECK_HASH_KEY ??= 'bench key';
  const lines = [];
  try {
    const N = 100_000;
    const t0 = Date.UTC(2025, 0, 1);
    const ops = Array.from({ length: N }, (_, i) => ({ runId: 'bench-run', tool: `tool_${i % 20}`, callId: `call_${i}`, turn: i % 12, kind: 'action', state: 'posted', status: 'ok', receiptId: `m_${i}`, startedAt: t0 + i * 10, endedAt: t0 + i * 10 + 7 }));
    const rows = ops.map((o) => [o.runId, o.turn, o.endedAt, o.tool, o.callId, o.kind, o.state, o.status, 1, 0, null, null, null, o.receiptId, null, null, o.startedAt, o.endedAt, null, null]);
    const setup = await openStore({ url: url.toString() });
    await setup.close();

    const raw = new pg.Client({ connectionString: url.toString() });
    await raw.connect();
    await raw.query("INSERT INTO runs (id, started_at) VALUES ('raw-run', 0)");
    let start = performance.now();
    await raw.query('BEGIN');
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000);
      const tuples = chunk.map((_, r) => `(${Array.from({ length: 20 }, (_, c) => `$${r * 20 + c + 1}`).join(', ')})`);
      await raw.query(`INSERT INTO operations (${COLS}) VALUES ${tuples.join(', ')}`, chunk.flat());
    }
    await raw.query('COMMIT');
    const rawRate = N / ((performance.now() - start) / 1000);

    const store = await openStore({ url: url.toString() });
    start = performance.now();
    for (const o of ops) store.recordOperation(o);
    await store.flush();
    const storeRate = N / ((performance.now() - start) / 1000);
    const counted = (await store.counts()).operations;
    if (counted !== 2 * N) throw new Error(`bench: expected ${2 * N} operations, found ${counted}`);

    // stats() over 1,000,000 operations (plus the 200,000 above), generated in SQL.
    const M = 1_000_000;
    start = performance.now();
    await raw.query(`INSERT INTO operations (run_id, at, tool, state, status, ran, repaired)
      SELECT 'gen', ${t0} + g * 1000, 'tool_' || (g % 37), (ARRAY['posted','unknown','failed','read'])[1 + g % 4],
        CASE WHEN g % 4 = 2 THEN 'error' ELSE 'ok' END, 1, (g % 50 = 0)::int FROM generate_series(1, ${M}) g`);
    await raw.query('ANALYZE');
    const buildMs = performance.now() - start;
    const times = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await store.stats();
      times.push(performance.now() - t);
    }
    await store.close();
    await raw.end();
    times.sort((a, b) => a - b);
    const rate = (x) => `${Math.round(x).toLocaleString('en-US')} ops/s`;
    lines.push(`8. store (PostgreSQL ${url.host}): recording ${N.toLocaleString('en-US')} operations, and stats() over ${(M + 2 * N).toLocaleString('en-US')}`);
    lines.push(`   ${'raw pg multi-row INSERTs, one transaction'.padEnd(44)} ${rate(rawRate)}`);
    lines.push(`   ${'store.recordOperation ×N + flush()'.padEnd(44)} ${rate(storeRate)}`);
    lines.push(`   ratio (store / raw)                          ${(storeRate / rawRate).toFixed(2)}    target ≥ 0.5`);
    lines.push(`   ${'stats(), every operation'.padEnd(44)} median ${times[2].toFixed(1)} ms · max ${times[4].toFixed(1)} ms   target < 1 s`);
    lines.push(`   (generating the 1M rows took ${(buildMs / 1000).toFixed(1)} s)`);
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  return lines;
}
