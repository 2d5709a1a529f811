/**
 * A full pool on PostgreSQL: every connection slot of the ledger's database is taken (CONNECTION LIMIT
 * reached, SQLSTATE 53300), so the store cannot get a client. The user's tools keep running, recording
 * is said to be off once, and when a slot frees up the background retry writes every queued record
 * (counted from another connection, without a flush). Only this test's own database and role are touched.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { action } from '../../src/action/action.js';
import { idField } from '../../src/action/action-receipt.js';
import { guard } from '../../src/action/guard.js';
import { openStore } from '../../src/store/open-store.js';
import { PG_ADMIN_URL, postgresDriver, type Ledger } from './drivers.js';

const role = `claimcheck_pool_${randomBytes(5).toString('hex')}`;
let ledger: Ledger;
let dbName: string;
const dbUrl = (): string => (ledger.location as { url: string }).url;

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  process.env['CLAIMCHECK_HASH_KEY'] ??= 'full pool suite key';
  ledger = await postgresDriver.fresh();
  dbName = new URL((ledger.location as { url: string }).url).pathname.slice(1);
  // A database's CONNECTION LIMIT binds ordinary users only: the store connects as one, owning its database.
  await admin(PG_ADMIN_URL, async (c) => {
    await c.query(`CREATE ROLE ${role} LOGIN`);
    await c.query(`ALTER DATABASE ${dbName} OWNER TO ${role}`);
  });
});
afterAll(async () => {
  await ledger.dispose();
  await admin(PG_ADMIN_URL, (c) => c.query(`DROP ROLE IF EXISTS ${role}`));
});

describe('PostgreSQL store with every connection taken', () => {
  it('tools keep running, recording is said off once, and resumes by itself when a slot frees up', async () => {
    const url = new URL((ledger.location as { url: string }).url);
    url.username = role;
    const storeErrors: string[] = [];
    const store = await openStore({ url: url.toString(), batchSize: 20, flushIntervalMs: 20, busyTimeoutMs: 500, onError: (e) => storeErrors.push(String(e.data && (e.data as { cause?: unknown }).cause)) });
    store.recordOperation({ tool: 'refund' });
    await store.flush();

    // Fill the database's slots: limit 2, the store's idle connections ended, then 2 held by superuser sessions.
    await admin(PG_ADMIN_URL, (c) => c.query(`ALTER DATABASE ${dbName} CONNECTION LIMIT 2`));
    await ledger.cutConnections();
    const holders = [new pg.Client({ connectionString: dbUrl() }), new pg.Client({ connectionString: dbUrl() })];
    for (const h of holders) await h.connect();

    const warn = vi.fn();
    const executors = { refund: action((a: { order_id: string }) => ({ refund_id: `RF-${a.order_id}` }), { receipt: idField('refund_id') }) };
    const g = guard({ executors, store, logger: { warn } });
    const results = Array.from({ length: 300 }, (_, i) => g.execute('refund', { order_id: String(i + 1) }));
    expect(results.every((r) => r.ok && r.state === 'posted' && r.value !== undefined)).toBe(true);
    await expect(store.flush()).rejects.toMatchObject({ code: 'store_io', data: { cause: '53300' } });
    await new Promise((resolve) => setTimeout(resolve, 300)); // background retries fail as well
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/^claimcheck: recording is off: .*too many connections.*Every connection is taken/);
    expect((await store.counts().catch(() => null)) ?? { pending: 300 }).toMatchObject({ pending: 300 });

    // A slot frees up: the store's own retry timer writes the queue; counted from outside, with no flush.
    await holders[0]?.end();
    const deadline = Date.now() + 15_000;
    let rows = 0;
    while (Date.now() < deadline) {
      rows = await admin(dbUrl(), async (c) => Number((await c.query('SELECT count(*) AS n FROM operations')).rows[0].n));
      if (rows === 301) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(rows).toBe(301);
    await holders[1]?.end();
    expect(await store.counts()).toMatchObject({ operations: 301, pending: 0, dropped: 0 });
    expect(warn).toHaveBeenCalledTimes(1);
    g.close();
    await store.close();
  });
});
