/**
 * Paths and files that used to hang or leak a raw error: a parent folder that refuses children
 * (`/proc`), a ledger whose tables were changed by another program, a `--limit` past 64-bit integers,
 * and a ledger in a folder the reader cannot write.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runDemoCommand } from '../cli/demo-command.js';
import { runExport } from '../cli/export-command.js';
import { runView } from '../cli/view-command.js';
import { buildChildStore, runChild } from '../../test/store/child-store.js';
import { openRaw } from '../../test/store/open-raw.js';
import { openStore } from './open-store.js';
import { APPLICATION_ID } from './_schema.js';
import { SCHEMA_VERSION } from './schema-version.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'claimcheck-bad-paths-'));
});
afterEach(() => {
  chmodSync(dir, 0o700);
  rmSync(dir, { recursive: true, force: true });
});

function sinks(): { out: string[]; err: string[]; sinks: { out: (l: string) => void; err: (l: string) => void } } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, sinks: { out: (l) => out.push(l), err: (l) => err.push(l) } };
}

describe('bad paths and files get typed errors, never a hang or a raw SqliteError', () => {
  it.runIf(process.platform === 'linux')('a folder that cannot be created under /proc is store_io at once (it used to spin in mkdirSync)', async () => {
    await expect(openStore({ path: '/proc/nope/x.sqlite' })).rejects.toMatchObject({ code: 'store_io', message: expect.stringContaining('/proc/nope/x.sqlite') });
    const c = sinks();
    expect(await runDemoCommand({ db: '/proc/nope/x.sqlite', json: true }, c.sinks)).toBe(2);
    expect(c.err.join('\n')).toMatch(/store_io|Could not open/);
  }, 10_000);

  it('a ledger missing a table or column is store_corrupt on open, and export exits 2 with that message', async () => {
    const path = join(dir, 'ledger.sqlite');
    const db = await openRaw(path);
    db.exec('CREATE TABLE runs (x)');
    db.pragma(`application_id = ${APPLICATION_ID}`);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
    db.close();
    await expect(openStore({ path, readonly: true })).rejects.toMatchObject({ code: 'store_corrupt', message: expect.stringContaining('without the columns id, agent') });
    await expect(openStore({ path })).rejects.toMatchObject({ code: 'store_corrupt' });
    const c = sinks();
    expect(await runExport({ db: path }, c.sinks)).toBe(2);
    expect(c.err.join('\n')).toContain('changed by another program or damaged');
    expect(c.err.join('\n')).not.toMatch(/SqliteError|no such column/);
  });

  it('view --limit beyond 64-bit integers lists every run', async () => {
    const path = join(dir, 'ledger.sqlite');
    const store = await openStore({ path });
    store.startRun({ id: 'r1' });
    store.startRun({ id: 'r2' });
    await store.close();
    const c = sinks();
    expect(await runView({ db: path, limit: '99999999999999999999', json: true }, c.sinks)).toBe(0);
    expect((JSON.parse(c.out[0] ?? '{}') as { runs: unknown[] }).runs).toHaveLength(2);
  });

  it('a ledger in a folder this user cannot write is still read (as nobody, in a child process)', async (ctx) => {
    if (process.getuid?.() !== 0) ctx.skip();
    const folder = join(dir, 'shared');
    mkdirSync(folder);
    const path = join(folder, 'ledger.sqlite');
    const store = await openStore({ path });
    store.recordOperation({ tool: 'send_email', status: 'ok' });
    await store.close();
    chmodSync(dir, 0o755);
    chmodSync(folder, 0o755); // root's folder: nobody reads it but cannot write it
    const built = buildChildStore();
    try {
      const script = `const { openStore } = await import(STORE_URL);
        try { const s = await openStore({ path: ${JSON.stringify(path)}, readonly: true }); console.log(JSON.stringify(await s.counts())); await s.close(); }
        catch (e) { console.log(JSON.stringify({ code: e.code, message: e.message })); }`;
      const out = await runChild(script, built.url, { uid: 65534, gid: 65534 });
      expect(out.stderr).toBe('');
      expect(JSON.parse(out.stdout)).toMatchObject({ runs: 1, operations: 1 });
    } finally {
      built.dispose();
    }
  });
});
