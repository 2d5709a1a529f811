// Test helper: the store backends the conformance suite runs against, each giving a fresh, empty
// ledger per test and removing it after: SQLite (a file in a temporary folder) and PostgreSQL (a
// database of its own on the shared server at 127.0.0.1:5432, dropped after; only that database's
// own connections are ever terminated).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** Where a fresh ledger lives, and how to remove it. */
export interface Ledger {
  /** What `openStore` takes: `{ path }` or `{ url }`. */
  location: { path: string } | { url: string };
  /** Terminates the store's server connections (PostgreSQL only; a no-op for SQLite). */
  cutConnections: () => Promise<number>;
  dispose: () => Promise<void>;
}

export interface Driver {
  name: 'sqlite' | 'postgres';
  fresh: () => Promise<Ledger>;
}

export const PG_ADMIN_URL = process.env['CLAIMCHECK_TEST_PG'] ?? 'postgres://postgres@127.0.0.1:5432/test';

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export const sqliteDriver: Driver = {
  name: 'sqlite',
  fresh: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'claimcheck-conformance-'));
    return { location: { path: join(dir, 'ledger.sqlite') }, cutConnections: async () => 0, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  },
};

export const postgresDriver: Driver = {
  name: 'postgres',
  fresh: async () => {
    const name = `claimcheck_test_${randomBytes(6).toString('hex')}`;
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const terminate = async (): Promise<number> =>
      admin(async (c) => (await c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name])).rowCount ?? 0);
    return {
      location: { url: url.toString() },
      cutConnections: terminate,
      dispose: async () => {
        await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  },
};
