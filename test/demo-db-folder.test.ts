// `claimcheck demo --db DIR/x.sqlite` with a missing DIR: the store makes the folder (as it makes
// .claimcheck/ for the default ledger), and the demo says so on stderr instead of creating it silently.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDemoCommand } from '../src/cli/demo-command.js';

const dir = mkdtempSync(join(tmpdir(), 'claimcheck-demo-folder-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('claimcheck demo --db in a missing folder', () => {
  it('says which folder it created; says nothing when the folder exists', async () => {
    const folder = join(dir, 'nonexistent', 'dir');
    const db = join(folder, 'x.sqlite');
    const err: string[] = [];
    expect(await runDemoCommand({ db, json: true }, { out: () => undefined, err: (l) => err.push(l) })).toBe(0);
    expect(existsSync(db)).toBe(true);
    expect(err).toContain(`claimcheck demo: created the folder ${folder} for the ledger ${db} (it did not exist); remove it when you are done, or pass --db inside an existing folder.`);
    const again: string[] = [];
    expect(await runDemoCommand({ db, json: true }, { out: () => undefined, err: (l) => again.push(l) })).toBe(0);
    expect(again.filter((l) => l.includes('created the folder'))).toEqual([]);
  });
});
