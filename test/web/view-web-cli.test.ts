/**
 * `claimcheck view --web` as a user runs it (the built CLI in a child process): it prints the URL,
 * takes the next port when the one asked for is taken, serves 127.0.0.1 only, and stops cleanly on
 * Ctrl-C (SIGINT). A ledger that does not exist yet is served empty (a note on stderr) and not created.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runDemoCommand } from '../../src/cli/demo-command.js';

const bin = new URL('../../dist/cli/main.js', import.meta.url).pathname;
const quiet = { out: (): void => undefined, err: (): void => undefined };

describe('claimcheck view --web', () => {
  const cleanup: Array<() => void> = [];
  afterEach(() => {
    for (const fn of cleanup.splice(0)) fn();
  });

  /** Starts the CLI; resolves with the child and its first stdout line. */
  function start(args: string[]): Promise<{ child: ChildProcess; line: string; stderr: () => string }> {
    const child = spawn(process.execPath, [bin, 'view', '--web', ...args], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    cleanup.push(() => child.exitCode === null && child.kill('SIGKILL'));
    let err = '';
    child.stderr?.on('data', (d: Buffer) => void (err += d.toString()));
    return new Promise((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve({ child, line: out.split('\n')[0] as string, stderr: () => err });
      });
      child.once('exit', (code) => reject(new Error(`exited ${code} before printing its URL: ${err}`)));
    });
  }

  it('prints its URL on the next free port, serves the page, and stops on Ctrl-C with status 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'claimcheck-web-cli-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const db = join(dir, 'ledger.sqlite');
    expect(await runDemoCommand({ db, env: {} }, quiet)).toBe(0);
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => taken.close());
    const port = (taken.address() as { port: number }).port;

    const { child, line, stderr } = await start(['--db', db, '--port', String(port)]);
    expect(line).toMatch(new RegExp(`^claimcheck dashboard on http://127\\.0\\.0\\.1:${port + 1}/ \\(ledger .*ledger\\.sqlite\\) · Ctrl-C to stop$`));
    const page = await fetch(`http://127.0.0.1:${port + 1}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await page.text()).not.toMatch(/<script>(?!<)/); // no inline script: only <script src=...>
    const stats = (await (await fetch(`http://127.0.0.1:${port + 1}/api/overview?range=all`)).json()) as { stats: { calls: number } };
    expect(stats.stats.calls).toBeGreaterThan(0);

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stderr()).toContain('dashboard stopped');
  }, 60_000);

  it('serves an empty ledger when the file does not exist yet, as view does, creates nothing, and exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'claimcheck-web-cli-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const db = join(dir, 'none.sqlite');
    const { child, line, stderr } = await start(['--db', db, '--port', '0']);
    expect(line).toMatch(new RegExp(`^claimcheck dashboard on http://127\\.0\\.0\\.1:\\d+/ \\(ledger .*none\\.sqlite, not created yet\\) · Ctrl-C to stop$`));
    expect(stderr()).toContain(`claimcheck view: no ledger at ${db} yet (nothing recorded there)`);
    const url = /http:\/\/[^ ]+/.exec(line)![0];
    const overview = (await (await fetch(`${url}api/overview?range=all`)).json()) as { stats: { calls: number } };
    expect(overview.stats.calls).toBe(0);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(existsSync(db)).toBe(false);
  }, 30_000);
});
