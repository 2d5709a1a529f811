// 8 worker processes × 5,000 operations into one PostgreSQL ledger (a database of its own, dropped
// after) lose no row. Children are plain `node` processes running the transpiled store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { SCHEMA_VERSION } from '../../src/store/schema-version.js';
import { buildChildStore, runChild } from './child-store.js';
import { postgresDriver, type Ledger } from './drivers.js';

let built: ReturnType<typeof buildChildStore>;
let ledger: Ledger;
beforeAll(async () => {
  built = buildChildStore();
  ledger = await postgresDriver.fresh();
});
afterAll(async () => {
  built.dispose();
  await ledger.dispose();
});

describe('PostgreSQL: concurrent workers', () => {
  it('8 processes × 5,000 operations: every row arrives, once', async () => {
    const url = (ledger.location as { url: string }).url;
    const workers = 8;
    const perWorker = 5_000;
    const script = (id: number): string => `
      const { openStore } = await import(STORE_URL);
      const store = await openStore({ url: ${JSON.stringify(url)}, onError: (e) => console.error(e.code, e.message) });
      store.startRun({ id: 'worker-${id}', tools: ['a', 'b'] });
      for (let i = 0; i < ${perWorker}; i++) {
        store.recordOperation({ tool: i % 2 ? 'a' : 'b', status: 'ok', callId: '${id}:' + i });
        if (i % 500 === 0) await new Promise((r) => setImmediate(r));
      }
      await store.close();
      console.log('done');`;
    const env = { ...process.env, CLAIMCHECK_HASH_KEY: 'fleet key' };
    const results = await Promise.all(Array.from({ length: workers }, (_, id) => runChild(script(id), built.url, { env })));
    for (const r of results) {
      // Under load a batch may meet a lock or statement timeout; the store reports it (onError) and
      // retries. That is not a failure: every line on stderr must be such a retried write, and close()
      // must have written everything (it rejects otherwise, and 'done' would not be printed). The row
      // counts below prove no row was lost.
      const unrecovered = r.stderr.split('\n').filter((line) => line.trim() !== '' && !/^store_locked .*it is retried/.test(line));
      expect(unrecovered, r.stderr).toEqual([]);
      expect(r.stdout.trim()).toBe('done');
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const count = async (sql: string): Promise<number> => Number((await client.query(sql)).rows[0]?.['n']);
      expect(await count('SELECT count(*) AS n FROM operations')).toBe(workers * perWorker);
      expect(await count('SELECT count(DISTINCT call_id) AS n FROM operations')).toBe(workers * perWorker);
      expect(await count('SELECT count(*) AS n FROM runs')).toBe(workers);
      expect(await count('SELECT version AS n FROM claimcheck_schema')).toBe(SCHEMA_VERSION);
      expect(await count('SELECT sum(n) AS n FROM operation_days')).toBe(workers * perWorker);
    } finally {
      await client.end();
    }
  }, 180_000);

  it('4 processes flushing 3,000 operations at a time over the same days and tools, in opposite orders: no deadlock, and operation_days equals the rows', async () => {
    const fresh = await postgresDriver.fresh();
    try {
      const url = (fresh.location as { url: string }).url;
      const day = 86_400_000;
      const base = Date.UTC(2026, 4, 10);
      // Each flush writes one transaction of three 1,000-row INSERTs whose counts share keys with the
      // other workers' (same days, tools and states), met in the opposite order by every other worker.
      const script = (id: number): string => `
        const { openStore } = await import(STORE_URL);
        const store = await openStore({ url: ${JSON.stringify(url)}, batchSize: 100000, flushIntervalMs: 60000, onError: (e) => console.error(e.code, e.message) });
        for (let round = 0; round < 3; round++) {
          for (let i = 0; i < 3000; i++) {
            const k = ${id % 2} ? 2999 - i : i;
            store.recordOperation({ runId: 'w-${id}', tool: 'tool_' + (k % 7), state: k % 5 === 0 ? 'failed' : 'posted', receiptId: 'r', at: ${base} + Math.floor(k / 1000) * ${day} + k });
          }
          await store.flush();
        }
        await store.close();
        console.log('done');`;
      const env = { ...process.env, CLAIMCHECK_HASH_KEY: 'fleet key' };
      const results = await Promise.all(Array.from({ length: 4 }, (_, id) => runChild(script(id), built.url, { env })));
      for (const r of results) {
        expect(r.stderr).not.toContain('40P01');
        expect(r.stdout.trim(), r.stderr).toBe('done');
      }
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const rows = async (sql: string): Promise<string[]> => (await client.query(sql)).rows.map((r) => Object.values(r).join('|')).sort();
        const counted = await rows('SELECT day, tool, state, status, ran, repaired, n FROM operation_days');
        expect(counted).toEqual(await rows(`SELECT floor(at / ${day}.0)::bigint AS day, tool, state, status, ran, repaired, count(*) AS n FROM operations GROUP BY 1, 2, 3, 4, 5, 6`));
        expect(counted.reduce((sum, r) => sum + Number(r.split('|')[6]), 0)).toBe(4 * 3 * 3000);
      } finally {
        await client.end();
      }
    } finally {
      await fresh.dispose();
    }
  }, 180_000);
});
