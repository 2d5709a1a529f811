// Every ledger command takes --db postgres://… as it takes a file: demo records into a PostgreSQL
// database of its own (dropped after), and view, stats, export and diagnostic read it back, never
// printing the URL's password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  process.env['CLAIMCHECK_HASH_KEY'] ??= 'cli suite key';
  ledger = await postgresDriver.fresh();
  const url = new URL((ledger.location as { url: string }).url);
  url.password = 'not-shown'; // trust auth ignores it; the commands must not print it
  db = url.toString();
});
afterAll(async () => {
  await ledger.dispose();
});

function capture(): { out: string[]; err: string[]; sinks: { out: (l: string) => void; err: (l: string) => void } } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, sinks: { out: (l) => out.push(l), err: (l) => err.push(l) } };
}

describe('ledger commands on --db postgres://…', () => {
  it('demo records, and view, stats, export and diagnostic read the same rows', async () => {
    const demo = capture();
    expect(await runDemoCommand({ db, json: true }, demo.sinks)).toBe(0);
    const stats = capture();
    expect(await runStats({ db, json: true }, stats.sinks)).toBe(0);
    const s = JSON.parse(stats.out[0] ?? '{}') as { calls: number; ledger: string };
    expect(s.calls).toBeGreaterThan(0);
    const view = capture();
    expect(await runView({ db, json: true, limit: 100 }, view.sinks)).toBe(0);
    const runs = (JSON.parse(view.out[0] ?? '{}') as { runs: Array<{ operations: number }> }).runs;
    expect(runs.reduce((n, r) => n + r.operations, 0)).toBe(s.calls);
    const exported = capture();
    expect(await runExport({ db }, exported.sinks)).toBe(0);
    expect(exported.out.filter((l) => (JSON.parse(l) as { type: string }).type === 'operation')).toHaveLength(s.calls);
    const diagnostic = capture();
    expect(await runDiagnostic({ db, json: true }, diagnostic.sinks)).toBe(0);
    expect((JSON.parse(diagnostic.out[0] ?? '{}') as { ledger: { counts: { operations: number } } }).ledger.counts.operations).toBe(s.calls);
    const printed = [demo, stats, view, exported, diagnostic].flatMap((c) => [...c.out, ...c.err]).join('\n');
    expect(printed).not.toContain('not-shown');
    expect(s.ledger).toContain('***');
  }, 60_000);

  it('prune --older-than needs no CLAIMCHECK_HASH_KEY: it writes no hash (a store opened for recording still does)', async () => {
    const key = process.env['CLAIMCHECK_HASH_KEY'];
    delete process.env['CLAIMCHECK_HASH_KEY'];
    try {
      const pruned = capture();
      expect(await runPrune({ db, olderThan: '30d', json: true, env: {} }, pruned.sinks)).toBe(0);
      expect(pruned.err).toEqual([]);
      expect(JSON.parse(pruned.out[0] ?? '{}')).toMatchObject({ operations: 0 });
      await expect(openStore({ url: db })).rejects.toMatchObject({ code: 'invalid_options', message: expect.stringContaining('CLAIMCHECK_HASH_KEY') });
      const maintenance = await openStore({ url: db, maintenance: true });
      expect(() => maintenance.recordInterception({ tool: 'send_email', category: 'format_violation', path: '/to', argsHash: 'ab12' })).toThrow(expect.objectContaining({ code: 'invalid_options' }));
      await maintenance.close();
    } finally {
      process.env['CLAIMCHECK_HASH_KEY'] = key;
    }
  });

  it('a --db URL naming a missing database says to fix --db, not CLAIMCHECK_DB, and never prints the password', async () => {
    const missing = new URL(db);
    missing.pathname = '/claimcheck_no_such_database';
    missing.username = 'postgres';
    missing.password = 'secret-pw';
    const viewed = capture();
    expect(await runView({ db: missing.toString(), env: {} }, viewed.sinks)).toBe(2);
    const said = viewed.err.join('\n');
    expect(said).toContain('The database does not exist: create it (createdb) or fix the URL in --db.');
    expect(said).not.toContain('CLAIMCHECK_DB');
    expect(said).not.toContain('secret-pw');
  });

  it('the README fleet recipe: CLAIMCHECK_DB set to the URL is the ledger openStore() opens', async () => {
    const before = process.env['CLAIMCHECK_DB'];
    process.env['CLAIMCHECK_DB'] = db;
    try {
      const store = await openStore();
      expect(store.path).toBe(db.replace('not-shown', '***'));
      store.recordOperation({ tool: 'from_env' });
      await store.close();
      const stats = capture();
      expect(await runStats({ json: true }, stats.sinks)).toBe(0); // the CLI reads CLAIMCHECK_DB too
      expect((JSON.parse(stats.out[0] ?? '{}') as { registry: { fired: number } }).registry.fired).toBeGreaterThan(0);
    } finally {
      if (before === undefined) delete process.env['CLAIMCHECK_DB'];
      else process.env['CLAIMCHECK_DB'] = before;
    }
  });
});
