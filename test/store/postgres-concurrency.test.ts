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
      expect(r.stderr).toBe('');
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
    } finally {
      await client.end();
    }
  }, 180_000);
});
