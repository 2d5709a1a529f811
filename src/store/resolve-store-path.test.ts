import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveStorePath } from './resolve-store-path.js';

let root: string;
let home: string;
beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'claimcheck-path-')));
  home = join(root, 'home');
  mkdirSync(home);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('resolveStorePath', () => {
  it('uses CLAIMCHECK_DB first, resolving relative paths against cwd and ~/ against home', () => {
    const cwd = join(root, 'work');
    mkdirSync(join(cwd, '.git'), { recursive: true });
    expect(resolveStorePath({ cwd, home, env: { CLAIMCHECK_DB: '/data/l.sqlite' } })).toEqual({
      path: '/data/l.sqlite',
      source: 'env',
      marker: null,
      reason: 'CLAIMCHECK_DB is set to /data/l.sqlite',
    });
    expect(resolveStorePath({ cwd, home, env: { CLAIMCHECK_DB: 'db/l.sqlite' } }).path).toBe(join(cwd, 'db/l.sqlite'));
    expect(resolveStorePath({ cwd, home, env: { CLAIMCHECK_DB: '~/x.sqlite' } }).path).toBe(join(home, 'x.sqlite'));
  });

  it('ignores an empty CLAIMCHECK_DB', () => {
    expect(resolveStorePath({ cwd: root, home, env: { CLAIMCHECK_DB: '  ' } }).source).not.toBe('env');
  });

  it.each(['.git', 'package.json', '.claimcheck'])('finds the nearest folder holding %s, walking up from cwd', (marker) => {
    const project = join(root, 'project');
    const deep = join(project, 'src', 'deep');
    mkdirSync(deep, { recursive: true });
    if (marker === 'package.json') writeFileSync(join(project, marker), '{}');
    else mkdirSync(join(project, marker));
    expect(resolveStorePath({ cwd: deep, home, env: {} })).toEqual({
      path: join(project, '.claimcheck', 'ledger.sqlite'),
      source: 'project',
      marker: join(project, marker),
      reason: `project marker found at ${join(project, marker)}`,
    });
  });

  it('takes the nearest project when projects nest (a package inside a repository)', () => {
    const repo = join(root, 'repo');
    const pkg = join(repo, 'packages', 'a');
    mkdirSync(join(repo, '.git'), { recursive: true });
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, 'package.json'), '{}');
    expect(resolveStorePath({ cwd: pkg, home, env: {} }).path).toBe(join(pkg, '.claimcheck', 'ledger.sqlite'));
    expect(resolveStorePath({ cwd: join(repo, 'packages'), home, env: {} }).path).toBe(join(repo, '.claimcheck', 'ledger.sqlite'));
  });

  it('falls back to ~/.claimcheck/ledger.sqlite when no folder up to the root has a marker', () => {
    const cwd = join(root, 'loose', 'dir');
    mkdirSync(cwd, { recursive: true });
    const found = resolveStorePath({ cwd, home, env: {} });
    // tmpdir's own ancestors carry no marker on a normal machine; the assertion says so if one does.
    expect(found).toEqual({
      path: join(home, '.claimcheck', 'ledger.sqlite'),
      source: 'home',
      marker: null,
      reason: `no .claimcheck/, .git or package.json in ${cwd} or any folder above it; using the home folder`,
    });
  });

  it('reports the home fallback when the nearest marker is in the home folder itself', () => {
    mkdirSync(join(home, '.claimcheck'));
    const cwd = join(home, 'notes');
    mkdirSync(cwd);
    expect(resolveStorePath({ cwd, home, env: {} })).toMatchObject({ path: join(home, '.claimcheck', 'ledger.sqlite'), source: 'home', marker: null });
  });
});
