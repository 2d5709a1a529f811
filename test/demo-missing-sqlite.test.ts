// The ledger commands where no SQLite driver loads (a package install without better-sqlite3, on
// Node.js 20): one clear line on what to install, exit 2, no stack, and no other advice beside it.
import { describe, expect, it, vi } from 'vitest';
import { ClaimcheckError } from '../src/errors.js';

// What the store throws, as `loadDriver` builds it (src/store/_driver.test.ts pins that side).
let thrown: ClaimcheckError;
vi.mock('../src/store.js', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  openStore: () => Promise.reject(thrown),
}));

const { runDemoCommand } = await import('../src/cli/demo-command.js');
const { runStats } = await import('../src/cli/stats-command.js');

const notInstalled = new ClaimcheckError('missing_dependency', 'The claimcheck store needs the optional dependency better-sqlite3, but it is not installed: npm install better-sqlite3@12 (…)', {
  data: { dependency: 'better-sqlite3', installed: false, fix: 'npm install better-sqlite3@12' },
});
const wrongAddon = new ClaimcheckError('missing_dependency', 'The claimcheck store needs the optional dependency better-sqlite3, but it did not load (…): npm rebuild better-sqlite3 (…)', {
  data: { dependency: 'better-sqlite3', installed: true, fix: 'npm rebuild better-sqlite3' },
});

async function run(command: (sinks: { out: (l: string) => void; err: (l: string) => void }) => Promise<number>) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await command({ out: (l) => out.push(l), err: (l) => err.push(l) });
  return { status, out, err };
}

const INSTALL = 'the ledger needs better-sqlite3, which is not installed: npm install better-sqlite3@12 (or run Node.js 22.13+, whose built-in node:sqlite is used instead). claimcheck check and validate need neither.';

describe('ledger commands without a SQLite driver', () => {
  it('demo: one line saying what to install, exit 2', async () => {
    thrown = notInstalled;
    expect(await run((s) => runDemoCommand({ db: '/nonexistent/ledger.sqlite' }, s))).toEqual({ status: 2, out: [], err: [`claimcheck demo: ${INSTALL}`] });
  });

  it('stats on a ledger that does not exist yet: only that line (not "run claimcheck demo" beside it)', async () => {
    thrown = notInstalled;
    expect(await run((s) => runStats({ db: '/nonexistent/ledger.sqlite' }, s))).toEqual({ status: 2, out: [], err: [`claimcheck stats: ${INSTALL}`] });
  });

  it('installed but built for another Node.js: the one line says rebuild, not install', async () => {
    thrown = wrongAddon;
    const { status, err } = await run((s) => runStats({ db: '/nonexistent/ledger.sqlite' }, s));
    expect(status).toBe(2);
    expect(err).toEqual(['claimcheck stats: the ledger needs better-sqlite3, which is installed but does not load on this Node.js: npm rebuild better-sqlite3 (or run Node.js 22.13+, whose built-in node:sqlite is used instead). claimcheck check and validate need neither.']);
  });
});
