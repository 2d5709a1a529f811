// A PostgreSQL database without the claimcheck schema is a ledger nothing has recorded into yet, as a
// missing SQLite file is: the reading commands show it empty (a note on stderr, exit 0), diagnostic says the
// schema is not created yet, prune and the dashboard create nothing, and what is still refused (recording
// without CLAIMCHECK_HASH_KEY) says what to set. Runs on a database of its own, dropped after.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runViewWeb } from '../../src/cli/_view-web.js';
import { runDemoCommand } from '../../src/cli/demo-command.js';
import { runDiagnostic } from '../../src/cli/diagnostic-command.js';
import { runExport } from '../../src/cli/export-command.js';
import { runPrune } from '../../src/cli/prune-command.js';
import { runStats } from '../../src/cli/stats-command.js';
import { runView } from '../../src/cli/view-command.js';
import { openStore } from '../../src/store/open-store.js';
import { postgresDriver, type Ledger } from './drivers.js';

let ledger: Ledger;
let db: string;
beforeAll(async () => {
  ledger = await postgresDriver.fresh();
  db = (ledger.location as { url: string }).url;
});
afterAll(async () => {
  await ledger.dispose();
});

function capture(): { out: string[]; err: string[]; sinks: { out: (l: string) => void; err: (l: string) => void } } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, sinks: { out: (l) => out.push(l), err: (l) => err.push(l) } };
}

/** Whether the database has the claimcheck schema (any table of it). */
async function hasSchema(): Promise<boolean> {
  const client = new pg.Client({ connectionString: db });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT to_regclass('claimcheck_schema') IS NOT NULL OR to_regclass('runs') IS NOT NULL AS present");
    return (rows[0] as { present: boolean }).present;
  } finally {
    await client.end();
  }
}

/** Runs `fn` with CLAIMCHECK_HASH_KEY unset, as on a fresh user's shell. */
async function withoutHashKey<T>(fn: () => Promise<T>): Promise<T> {
  const key = process.env['CLAIMCHECK_HASH_KEY'];
  delete process.env['CLAIMCHECK_HASH_KEY'];
  try {
    return await fn();
  } finally {
    if (key !== undefined) process.env['CLAIMCHECK_HASH_KEY'] = key;
  }
}

describe('ledger commands on a PostgreSQL database without the claimcheck schema', () => {
  it('stats, view and export show an empty ledger, say so on stderr and exit 0, creating nothing', async () => {
    await withoutHashKey(async () => {
      const stats = capture();
      expect(await runStats({ db, json: true, env: {} }, stats.sinks)).toBe(0);
      expect(JSON.parse(stats.out[0] ?? '{}')).toMatchObject({ calls: 0 });
      expect(stats.err.join('\n')).toMatch(/claimcheck stats: no ledger in postgres:\/\/.* yet \(the database has no claimcheck schema/);
      const view = capture();
      expect(await runView({ db, json: true, env: {} }, view.sinks)).toBe(0);
      expect((JSON.parse(view.out[0] ?? '{}') as { runs: unknown[] }).runs).toEqual([]);
      const exported = capture();
      expect(await runExport({ db, env: {} }, exported.sinks)).toBe(0);
      expect(exported.out).toEqual([]);
      for (const c of [stats, view, exported]) expect(c.err.join('\n')).not.toContain('store_version');
    });
    expect(await hasSchema()).toBe(false);
  });

  it('diagnostic reports the schema as not created yet (exists false, no error) and exits 0', async () => {
    const json = capture();
    expect(await runDiagnostic({ db, json: true, env: {} }, json.sinks)).toBe(0);
    const ledgerInfo = (JSON.parse(json.out[0] ?? '{}') as { ledger: { exists: boolean; error: unknown; schemaVersion: unknown } }).ledger;
    expect(ledgerInfo).toMatchObject({ exists: false, error: null, schemaVersion: null });
    const text = capture();
    expect(await runDiagnostic({ db, env: {} }, text.sinks)).toBe(0);
    expect(text.out.join('\n')).toContain('no claimcheck schema in this database yet');
    expect(text.out.join('\n')).not.toContain('cannot be read');
    expect(await hasSchema()).toBe(false);
  });

  it('prune and the dashboard create nothing and exit 0', async () => {
    await withoutHashKey(async () => {
      const pruned = capture();
      expect(await runPrune({ db, olderThan: '30d', json: true, env: {} }, pruned.sinks)).toBe(0);
      expect(JSON.parse(pruned.out[0] ?? '{}')).toMatchObject({ operations: 0, runs: 0, reviewMarks: 0 });
      expect(pruned.err.join('\n')).toContain('no claimcheck schema');
      const web = capture();
      expect(await runViewWeb({ db, port: 0, env: {}, until: async () => undefined }, web.sinks)).toBe(0);
      expect(web.err.join('\n')).toContain('The dashboard shows it empty');
    });
    expect(await hasSchema()).toBe(false);
  });

  it('what is still refused names the fix: openStore readonly is store_not_found, demo without the key names CLAIMCHECK_HASH_KEY', async () => {
    await expect(openStore({ url: db, readonly: true })).rejects.toMatchObject({ code: 'store_not_found', message: expect.stringContaining('CLAIMCHECK_HASH_KEY') });
    await withoutHashKey(async () => {
      const demo = capture();
      expect(await runDemoCommand({ db, json: true, env: {} }, demo.sinks)).toBe(2);
      expect(demo.err.join('\n')).toContain('set CLAIMCHECK_HASH_KEY');
    });
    expect(await hasSchema()).toBe(false);
  });

  it('once something records (demo with the key), the dashboard opens the ledger without the key', async () => {
    process.env['CLAIMCHECK_HASH_KEY'] ??= 'empty-ledger suite key';
    expect(await runDemoCommand({ db, json: true, env: {} }, capture().sinks)).toBe(0);
    expect(await hasSchema()).toBe(true);
    await withoutHashKey(async () => {
      const web = capture();
      expect(await runViewWeb({ db, port: 0, env: {}, until: async () => undefined }, web.sinks)).toBe(0);
      expect(web.out.join('\n')).toContain('claimcheck dashboard on http://127.0.0.1:');
    });
  }, 60_000);
});
