/**
 * A ledger path that names a FIFO (or a device, a socket: anything but a regular file) is refused with a
 * typed error (`store_io`) before anything opens it. Opening a FIFO blocks until a writer comes, so
 * before this `stats`, `view`, `export`, `diagnostic`, `view --web` and `openStore({ readonly: true })`
 * hung with no output (issue 34, item 7). Each runs in a child process with a kill timer, so a hang
 * fails the test instead of stalling the run: the built binary (after `npm run build`) and the store's
 * sources transpiled for plain `node`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChildStore, runChild } from './store/child-store.js';

const bin = new URL('../dist/cli/main.js', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'claimcheck-fifo-'));
const fifo = join(dir, 'ledger.sqlite');
/** Far longer than any of these commands takes; only a hang reaches it. */
const HANG_GUARD_MS = 30_000;
let built: ReturnType<typeof buildChildStore>;

beforeAll(() => {
  execFileSync('mkfifo', [fifo]);
  built = buildChildStore();
});
afterAll(() => {
  built.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe.runIf(process.platform !== 'win32')('a FIFO as the ledger is refused, never opened', () => {
  const commands: Array<[string, string[]]> = [
    ['stats', ['stats', '--db', fifo]],
    ['view', ['view', '--db', fifo]],
    ['export', ['export', '--db', fifo]],
    ['diagnostic', ['diagnostic', '--db', fifo]],
    ['view --web', ['view', '--web', '--port', '0', '--db', fifo]],
  ];

  it.each(commands)('claimcheck %s exits 2 and says the path is no regular file', (_name, args) => {
    const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: HANG_GUARD_MS, env: { ...process.env, CLAIMCHECK_HASH_KEY: 'k' } });
    expect(r.signal).toBeNull();
    expect(r.status).toBe(2);
    expect(`${r.stdout}${r.stderr}`).toContain(`${fifo} is a named pipe (FIFO), not a regular file`);
  }, HANG_GUARD_MS + 10_000);

  it('openStore, readonly or not, rejects it with store_io; a character device too', async () => {
    const script = `const { openStore } = await import(STORE_URL);
      for (const options of [{ path: ${JSON.stringify(fifo)}, readonly: true }, { path: ${JSON.stringify(fifo)} }, { path: '/dev/null', readonly: true }]) {
        try { await (await openStore(options)).close(); console.log('opened'); }
        catch (e) { console.log(JSON.stringify({ code: e.code, message: e.message })); }
      }`;
    const out = await runChild(script, built.url, { timeout: HANG_GUARD_MS });
    expect(out.code).toBe(0);
    const [readonly, writable, device] = out.stdout.trim().split('\n').map((line) => JSON.parse(line) as { code: string; message: string });
    expect(readonly).toMatchObject({ code: 'store_io', message: expect.stringContaining(`${fifo} is a named pipe (FIFO), not a regular file`) });
    expect(writable).toMatchObject({ code: 'store_io', message: expect.stringContaining('not a regular file') });
    expect(device).toMatchObject({ code: 'store_io', message: expect.stringContaining('/dev/null is a character device, not a regular file') });
  }, HANG_GUARD_MS + 10_000);
});
