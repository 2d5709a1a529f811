// Several processes writing one ledger at once lose nothing; a process that exits without close()
// still writes its queue. Children are plain `node` processes running the transpiled store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChildStore, runChild } from '../../test/store/child-store.js';
import { openRaw, scalar } from '../../test/store/open-raw.js';

let built: ReturnType<typeof buildChildStore>;
let dir: string;
beforeAll(() => {
  built = buildChildStore();
  dir = mkdtempSync(join(tmpdir(), 'claimcheck-concurrency-'));
});
afterAll(() => {
  built.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('concurrent writers', () => {
  it('4 processes × 2,000 operations in small batches into one file: every row arrives', async () => {
    const path = join(dir, 'shared.sqlite');
    const writers = 4;
    const perWriter = 2_000;
    const startAt = Date.now() + 1_500; // all children open first, then write at once
    const script = (id: number): string => `
      const { openStore } = await import(STORE_URL);
      await new Promise((r) => setTimeout(r, Math.max(0, ${startAt} - Date.now())));
      const store = await openStore({ path: ${JSON.stringify(path)}, batchSize: 25, busyTimeoutMs: 20000, onError: (e) => console.error(e.code, e.message) });
      store.startRun({ id: 'writer-${id}', tools: ['a', 'b'] });
      for (let i = 0; i < ${perWriter}; i++) {
        store.recordOperation({ tool: i % 2 ? 'a' : 'b', status: 'ok', callId: '${id}:' + i });
        if (i % 100 === 0) store.recordInterception({ tool: 'a', category: 'type_mismatch' });
        // A short pause every two batches lets the other writers in, so the interleaving below cannot
        // depend on how the OS happens to schedule four fast processes.
        if (i % 50 === 0) await new Promise((r) => setTimeout(r, 2));
      }
      await store.close();
      console.log('done');`;
    const results = await Promise.all(Array.from({ length: writers }, (_, id) => runChild(script(id), built.url)));
    for (const r of results) {
      expect(r.stderr).toBe('');
      expect(r.stdout.trim()).toBe('done');
      expect(r.code).toBe(0);
    }
    const db = await openRaw(path, { readonly: true });
    const count = (sql: string): number => Number(scalar(db, sql));
    expect(count('SELECT count(*) FROM operations')).toBe(writers * perWriter);
    expect(count('SELECT count(DISTINCT call_id) FROM operations')).toBe(writers * perWriter);
    expect(count('SELECT count(*) FROM interceptions')).toBe(writers * (perWriter / 100));
    expect(count('SELECT count(*) FROM runs')).toBe(writers);
    for (let id = 0; id < writers; id++) {
      expect(count(`SELECT count(*) FROM operations WHERE run_id = 'writer-${id}'`)).toBe(perWriter);
    }
    // The writers really ran at once: their batches interleave in the table.
    const switches = count("SELECT count(*) FROM (SELECT run_id, lag(run_id) OVER (ORDER BY seq) AS prev FROM operations) WHERE run_id <> prev");
    expect(switches).toBeGreaterThan(writers);
    db.close();
  });

  it('a process that exits without close() still writes what it queued (process exit hook)', async () => {
    const path = join(dir, 'exit.sqlite');
    const script = `
      const { openStore } = await import(STORE_URL);
      const store = await openStore({ path: ${JSON.stringify(path)}, batchSize: 100000, flushIntervalMs: 600000 });
      for (let i = 0; i < 123; i++) store.recordOperation({ tool: 't', status: 'ok' });
      process.exit(0);`;
    const r = await runChild(script, built.url);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const db = await openRaw(path, { readonly: true });
    expect(scalar(db, 'SELECT count(*) FROM operations')).toBe(123);
    db.close();
  });

  it('SIGKILL loses only the queued tail: what the timer wrote is kept, what was still queued is gone (a documented loss)', async () => {
    const path = join(dir, 'killed.sqlite');
    const script = `
      const { openStore } = await import(STORE_URL);
      const store = await openStore({ path: ${JSON.stringify(path)}, batchSize: 100000, flushIntervalMs: 50 });
      for (let i = 0; i < 300; i++) store.recordOperation({ tool: 'written', status: 'ok' });
      await new Promise((r) => setTimeout(r, 500)); // the timer writes them
      for (let i = 0; i < 77; i++) store.recordOperation({ tool: 'queued', status: 'ok' });
      process.kill(process.pid, 'SIGKILL');`;
    const r = await runChild(script, built.url);
    expect(r.code).toBe(null); // killed
    const db = await openRaw(path, { readonly: true });
    expect(scalar(db, "SELECT count(*) FROM operations WHERE tool = 'written'")).toBe(300);
    expect(scalar(db, "SELECT count(*) FROM operations WHERE tool = 'queued'")).toBe(0);
    db.close();
  });
});
