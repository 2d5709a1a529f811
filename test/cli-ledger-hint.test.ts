// A ledger error's fix names what the user actually used to choose the ledger (--db, CLAIMCHECK_DB,
// the configuration file's "db", or nothing) and is true for the command that ran: stats reads a
// ledger and never creates one, demo creates one.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDemoCommand } from '../src/cli/demo-command.js';
import { runDiagnostic } from '../src/cli/diagnostic-command.js';
import { runStats } from '../src/cli/stats-command.js';
import { openRaw } from './store/open-raw.js';

const dir = mkdtempSync(join(tmpdir(), 'claimcheck-ledger-hint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const notLedger = join(dir, 'notledger.sqlite');
writeFileSync(notLedger, 'hello, not a database\n'.repeat(10));
const aFile = join(dir, 'afile');
writeFileSync(aFile, 'x');
const config = { file: join(dir, 'claimcheck.config.json'), config: { db: notLedger } };

function capture() {
  const err: string[] = [];
  return { err, sinks: { out: () => undefined, err: (l: string) => err.push(l) } };
}

const damaged = `Could not open the claimcheck ledger ${notLedger}: file is not a database (SQLITE_NOTADB). The file is not a SQLite database or is damaged:`;
const readsOnly = 'claimcheck stats reads a ledger and never creates one; claimcheck diagnostic shows which one is active.';

describe('claimcheck stats on a file that is not a ledger', () => {
  it('names --db, CLAIMCHECK_DB or the config file, as used, and never advises letting stats start a new ledger', async () => {
    const flag = capture();
    expect(await runStats({ db: notLedger, env: {} }, flag.sinks)).toBe(2);
    expect(flag.err).toEqual([`claimcheck stats: ${damaged} point --db at another file. ${readsOnly}`]);
    const env = capture();
    expect(await runStats({ env: { CLAIMCHECK_DB: notLedger }, cwd: dir }, env.sinks)).toBe(2);
    expect(env.err).toEqual([`claimcheck stats: ${damaged} point CLAIMCHECK_DB at another file. ${readsOnly}`]);
    const fromConfig = capture();
    expect(await runStats({ env: {}, cwd: dir, config }, fromConfig.sinks)).toBe(2);
    expect(fromConfig.err).toEqual([`claimcheck stats: ${damaged} point the "db" setting in ${config.file} at another file. ${readsOnly}`]);
    for (const line of [...flag.err, ...fromConfig.err]) expect(line).not.toContain('CLAIMCHECK_DB');
  });

  it('another application\'s SQLite database: the fix names --db, without "move this one away"', async () => {
    const foreign = join(dir, 'foreign.sqlite');
    const db = await openRaw(foreign);
    db.exec('CREATE TABLE notes (body TEXT)');
    db.close();
    const c = capture();
    expect(await runStats({ db: foreign, env: {} }, c.sinks)).toBe(2);
    expect(c.err).toEqual([`claimcheck stats: ${foreign} is a SQLite database but not a claimcheck ledger (application_id 0). Point --db at another file. claimcheck stats reads a ledger and never creates one; claimcheck diagnostic shows which one is active.`]);
  });

  it('diagnostic reports the same, told for --db', async () => {
    const c = capture();
    const out: string[] = [];
    await runDiagnostic({ db: notLedger, json: true }, { out: (l) => out.push(l), err: c.sinks.err });
    const report = JSON.parse(out[0] ?? '{}') as { ledger: { error: { code: string; message: string } } };
    expect(report.ledger.error).toEqual({ code: 'store_corrupt', message: `${damaged} point --db at another file. claimcheck diagnostic reads a ledger and never creates one.` });
  });
});

describe('claimcheck demo, which creates its ledger', () => {
  it('a --db under a file: the fix names --db (CLAIMCHECK_DB when that was used)', async () => {
    const path = join(aFile, 'x.sqlite');
    const flag = capture();
    expect(await runDemoCommand({ db: path, env: {}, json: true }, flag.sinks)).toBe(2);
    expect(flag.err).toHaveLength(1);
    expect(flag.err[0]).toMatch(new RegExp(`^claimcheck demo: Could not open the claimcheck ledger ${path}: ENOTDIR: .*\\(ENOTDIR\\)\\. The path is not a file that can be created or opened \\(a folder, or a missing or read-only parent\\?\\)\\. Point --db at a file path in a writable folder\\.$`));
    const env = capture();
    expect(await runDemoCommand({ env: { CLAIMCHECK_DB: path }, cwd: dir, json: true }, env.sinks)).toBe(2);
    expect(env.err[0]).toMatch(/Point CLAIMCHECK_DB at a file path in a writable folder\.$/);
  });

  it('a damaged --db: moving it away is a fix, since demo then starts a new ledger there', async () => {
    const c = capture();
    expect(await runDemoCommand({ db: notLedger, env: {}, json: true }, c.sinks)).toBe(2);
    expect(c.err).toEqual([`claimcheck demo: ${damaged} move it away (claimcheck demo then starts a new ledger there) or point --db at another file.`]);
  });
});
