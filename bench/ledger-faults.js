// npm run bench, section 7: what a guarded call costs when its ledger fails. The same guarded no-op
// call, 5,000 times, with no store (the floor), a healthy store, a store whose ledger another
// connection holds locked (BEGIN EXCLUSIVE), and a store on a full disk: a 4 MiB tmpfs filled to the
// last byte when this process may mount one (root), else SQLite's max_page_count (writes fail with
// SQLITE_FULL). The agent's calls are spread over time as real ones are (the event loop turns every 10
// calls, so the store's timer and retries run between them); per-call times are of the call itself,
// and the wall time per call includes everything the store did in between.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers';
import { guard } from '../dist/index.js';
import { openStore } from '../dist/store.js';
import { openSqliteStore } from '../dist/store/_open-sqlite.js';

const CALLS = 5_000;
const tools = [{ name: 'lookup', description: 'Look up an order.', parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } }];
const turn = () => new Promise((resolve) => setImmediate(resolve));
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Times CALLS guarded calls recording into `store` (or none); the store is not closed. */
async function measure(store) {
  const g = guard({ tools, executors: { lookup: () => ({ ok: true }) }, ...(store === undefined ? {} : { store }), logger: { warn: () => undefined } });
  const times = [];
  const start = performance.now();
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    g.execute('lookup', { id: `A-${i}` });
    times.push(performance.now() - t);
    if (i % 10 === 9) await turn();
  }
  const wall = (performance.now() - start) / CALLS;
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99), p999: quantile(times, 0.999), max: times[times.length - 1], over1ms: times.filter((t) => t > 1).length, wall };
}

/** A full disk: a filled tmpfs when mountable, else max_page_count. Returns the store and how it was made. */
async function fullDiskStore(tmp) {
  const mount = join(tmp, 'tiny');
  mkdirSync(mount);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mount], { stdio: 'ignore' });
  } catch {
    let db;
    const configure = (d) => {
      db = d;
      d.pragma('max_page_count = 30');
    };
    const store = await openSqliteStore({ path: join(tmp, 'full.sqlite') }, { configure });
    const free = () => void db.pragma('max_page_count = 1000000');
    return { store, how: "SQLite's max_page_count = 30 (SQLITE_FULL; this process may not mount a tmpfs)", free, cleanup: () => undefined };
  }
  const store = await openStore({ path: join(mount, 'ledger.sqlite') });
  const fd = openSync(join(mount, 'filler'), 'w');
  const chunk = Buffer.alloc(4096);
  try {
    for (;;) writeSync(fd, chunk);
  } catch {
    // ENOSPC: the disk is full
  }
  closeSync(fd);
  const free = () => rmSync(join(mount, 'filler'));
  return { store, how: 'a 4 MiB tmpfs filled to the last byte (ENOSPC → SQLITE_FULL)', free, cleanup: () => execFileSync('umount', [mount]) };
}

/** Section 6's lines. */
export async function ledgerFaults() {
  const { default: Database } = await import('better-sqlite3');
  const tmp = mkdtempSync(join(tmpdir(), 'claimcheck-bench-faults-'));
  const lines = [];
  try {
    await measure(undefined); // warm-up: compile the guard's paths first
    const floor = await measure(undefined);
    const healthy = await openStore({ path: join(tmp, 'healthy.sqlite') });
    const ok = await measure(healthy);
    await healthy.close();

    const lockedPath = join(tmp, 'locked.sqlite');
    await (await openStore({ path: lockedPath })).close();
    const holder = new Database(lockedPath);
    holder.exec('BEGIN EXCLUSIVE');
    const locked = await openStore({ path: lockedPath, onError: () => undefined });
    const lock = await measure(locked);
    holder.exec('COMMIT');
    holder.close();
    await locked.close();

    const full = await fullDiskStore(tmp);
    full.store.onError(() => undefined);
    const disk = await measure(full.store);
    const pendingOnFull = (await full.store.counts()).pending;
    full.free(); // space is back: close() writes the whole queue
    await full.store.close().catch((e) => { console.error('bench: close after freeing space failed:', e.message); throw e; });
    full.cleanup();

    const us = (ms) => `${(ms * 1000).toFixed(1)} µs`.padStart(9);
    const msf = (ms) => `${ms.toFixed(1)} ms`.padStart(7);
    const show = (name, r) =>
      `   ${name.padEnd(36)} p50 ${us(r.p50)} · p99 ${us(r.p99)} · p99.9 ${us(r.p999)} · max ${msf(r.max)} · calls > 1 ms ${String(r.over1ms).padStart(3)} · wall/call ${us(r.wall)}`;
    lines.push(`7. guard.execute recording into a failing ledger: ${CALLS.toLocaleString('en-US')} calls each, per call (the event loop turns every 10 calls)`);
    lines.push(show('guard without a store (floor)', floor));
    lines.push(show('healthy ledger', ok));
    lines.push(show('ledger locked by another connection', lock));
    lines.push(show('full disk', disk));
    const added = (r) => `p50 ${us(r.p50 - floor.p50)} · p99 ${us(r.p99 - floor.p99)} · wall/call ${us(r.wall - floor.wall)}`;
    lines.push(`   added over the floor: healthy ${added(ok)}`);
    lines.push(`                         locked  ${added(lock)}`);
    lines.push(`                         full    ${added(disk)}`);
    lines.push(`   full disk: ${full.how}; ${pendingOnFull.toLocaleString('en-US')} records were queued at the end, all written by close() once space was freed`);
    lines.push('   bound: a record call never waits on a failing ledger except the one batch write that meets the failure (at most writeWaitMs = 20 ms for a lock; one batch for a full disk); retries run between calls, one batch at a time, backing off to 10 s');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return lines;
}
