/**
 * What a PostgreSQL store keeps when its process ends without close(): every batch committed before
 * then; a process that ends by running out of work (its event loop drains) also writes its queue;
 * process.exit() leaves no time for network writes, so the queued tail is lost, and the store says
 * how many records on stderr. Child processes, each on this test's own database.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChildStore, runChild } from './child-store.js';
import { postgresDriver, type Ledger } from './drivers.js';

let built: { url: string; dispose: () => void };
let ledger: Ledger;
beforeAll(async () => {
  built = buildChildStore();
  ledger = await postgresDriver.fresh();
});
afterAll(async () => {
  built.dispose();
  await ledger.dispose();
});

async function rows(): Promise<number> {
  const c = new pg.Client({ connectionString: (ledger.location as { url: string }).url });
  await c.connect();
  try {
    return Number((await c.query('SELECT count(*) AS n FROM operations')).rows[0].n);
  } finally {
    await c.end();
  }
}

const env = { ...process.env, CLAIMCHECK_HASH_KEY: 'exit suite key' };

describe('PostgreSQL store at process end, without close()', () => {
  it('process.exit(): the flushed batches are kept, the queued tail is lost and its size printed', async () => {
    const script = `
      const { openStore } = await import(STORE_URL);
      const store = await openStore({ url: ${JSON.stringify((ledger.location as { url: string }).url)}, batchSize: 100 });
      for (let i = 0; i < 1000; i++) store.recordOperation({ tool: 'kept' });
      await store.flush();
      for (let i = 0; i < 50; i++) store.recordOperation({ tool: 'tail' });
      process.exit(0);`;
    const child = await runChild(script, built.url, { env });
    expect(child.code).toBe(0);
    expect(await rows()).toBe(1000);
    expect(child.stderr).toMatch(/^claimcheck: 50 queued records were not written to postgres:\/\/.*: the process exited before the store was flushed or closed\. Await store\.close\(\)/);
  });

  it('a process whose event loop drains writes its whole queue (beforeExit) and prints nothing', async () => {
    const script = `
      const { openStore } = await import(STORE_URL);
      const store = await openStore({ url: ${JSON.stringify((ledger.location as { url: string }).url)}, batchSize: 100, flushIntervalMs: 60000 });
      for (let i = 0; i < 250; i++) store.recordOperation({ tool: 'drained' });`;
    const before = await rows();
    const child = await runChild(script, built.url, { env });
    expect(child.code).toBe(0);
    expect(child.stderr).toBe('');
    expect((await rows()) - before).toBe(250);
  });
});
