// `claimcheck demo` where the ledger's SQLite driver cannot load (a package install without
// better-sqlite3, on Node.js 20): one clear line on what to install, exit 2, no stack.
import { describe, expect, it, vi } from 'vitest';
import { ClaimcheckError } from '../src/errors.js';

vi.mock('../src/store.js', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  openStore: () => Promise.reject(new ClaimcheckError('missing_dependency', 'The claimcheck store needs the optional dependency better-sqlite3, but it is not installed.')),
}));

const { DEMO_NEEDS_SQLITE, runDemoCommand } = await import('../src/cli/demo-command.js');

describe('claimcheck demo without a SQLite driver', () => {
  it('prints one line saying the ledger needs better-sqlite3 and exits 2', async () => {
    const out: string[] = [];
    const err: string[] = [];
    expect(await runDemoCommand({ db: '/nonexistent/ledger.sqlite' }, { out: (l) => out.push(l), err: (l) => err.push(l) })).toBe(2);
    expect(err).toEqual([`claimcheck demo: ${DEMO_NEEDS_SQLITE}`]);
    expect(DEMO_NEEDS_SQLITE).toContain('npm install better-sqlite3@12');
    expect(out).toEqual([]);
  });
});
