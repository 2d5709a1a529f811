/**
 * Terminal escapes in what the CLI prints. A reply, a tool's error, a tool name, a run's agent and a
 * claim's sentence carry control sequences that would erase the heading, clear the screen, set the
 * window title, and reorder text; the built binary (after `npm run build`) prints each control
 * character as the text `\u001b`, on every command and reporter that prints reply or ledger text, and
 * keeps its own colours (`FORCE_COLOR=1`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../src/store.js';
import { transcript } from './_transcript.js';

const bin = new URL('../dist/cli/main.js', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'claimcheck-escapes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Erase the line and go up one, clear the screen, set the window title, an 8-bit CSI, a right-to-left override. */
const EVIL = '\u001b[2K\r\u001b[1A\u001b[2J\u001b]0;pwned\u0007\u009b31m\u202eevil';
/** Any control character but line feed (and tab), DEL, C1, or a bidirectional formatting character. */
// eslint-disable-next-line no-control-regex
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** A colour sequence as picocolors writes it. */
// eslint-disable-next-line no-control-regex
const OWN_COLOUR = /\u001b\[\d{1,3}m/;
const tools = [{ name: 'send_email', description: 'Send an email to a customer.' }];
const conversation = join(dir, 'chat.json');
const db = join(dir, 'ledger.sqlite');

function run(args: readonly string[], env: Record<string, string> = {}): { status: number | null; out: string } {
  // Colour as on a plain pipe: none of the variables that turn picocolors on or off (CI runners set CI).
  const { NO_COLOR: _n, FORCE_COLOR: _f, CI: _ci, ...rest } = process.env;
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...rest, CLAIMCHECK_HASH_KEY: 'k', ...env } });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

beforeAll(async () => {
  const chat = transcript('chat', tools, {
    user: 'Email me the confirmation.',
    calls: [{ tool: 'send_email', status: 'error', error: `SMTP ${EVIL}` }],
    reply: `I've emailed you the confirmation ${EVIL}.`,
  });
  writeFileSync(conversation, JSON.stringify(chat));
  const store = await openStore({ path: db });
  store.startRun({ id: 'r1', agent: `agent ${EVIL}`, tools: [`send_email${EVIL}`] });
  store.recordOperation({ tool: `send_email${EVIL}`, status: 'error', error: `SMTP ${EVIL}`, verify: { code: 'flag', reason: `odd ${EVIL}` } });
  await store.close();
});

describe('control characters from replies and the ledger are printed escaped', () => {
  const commands: Array<[string, string[]]> = [
    ['check (text)', ['check', conversation]],
    ['check --turns', ['check', '--turns', conversation]],
    ['check --reporter github', ['check', '--reporter', 'github', conversation]],
    ['check --reporter junit', ['check', '--reporter', 'junit', conversation]],
    ['check --json', ['check', '--json', conversation]],
    ['view', ['view', '--db', db]],
    ['view --run', ['view', '--run', 'r1', '--db', db]],
    ['view --json', ['view', '--json', '--db', db]],
    ['stats', ['stats', '--db', db]],
    ['export', ['export', '--db', db]],
  ];

  it.each(commands)('%s prints no raw control character', (_name, args) => {
    const { out } = run(args);
    expect(out.length).toBeGreaterThan(0);
    expect(RAW.exec(out)?.[0]).toBeUndefined();
  });

  it('the text reports show each one as \\u001b and the like, and a JSON line keeps its value', () => {
    expect(run(['check', conversation]).out).toContain('"I\'ve emailed you the confirmation \\u001b[2K"'); // the claim's sentence ends at the carriage return
    expect(run(['view', '--run', 'r1', '--db', db]).out).toContain('\\u001b[2K\\u000d\\u001b[1A\\u001b[2J\\u001b]0;pwned\\u0007\\u009b31m\\u202eevil');
    expect(run(['view', '--run', 'r1', '--db', db]).out).toContain('SMTP \\u001b[2K');
    const line = JSON.parse(run(['check', '--json', conversation]).out.split('\n')[0] as string) as { claimedButNeverRan: Array<{ text: string }> };
    expect(line.claimedButNeverRan[0]?.text).toBe("I've emailed you the confirmation \u001b[2K");
  });

  it('check --output FILE writes the same escaped text, with no colour even where stdout would get it', () => {
    const file = join(dir, 'report.txt');
    for (const env of [{}, { FORCE_COLOR: '1' }, { CI: 'true' }]) {
      run(['check', '--output', file, conversation], env);
      const text = readFileSync(file, 'utf8');
      expect(text).toContain('FABRICATED');
      expect(RAW.exec(text)?.[0]).toBeUndefined();
    }
  });

  it('with colour forced, the CLI’s own colours reach the terminal and the reply’s sequences still do not', () => {
    for (const args of [['check', conversation], ['view', '--run', 'r1', '--db', db]]) {
      const { out } = run(args, { FORCE_COLOR: '1' });
      expect(out).toMatch(OWN_COLOUR);
      const foreign = out.replace(new RegExp(OWN_COLOUR.source, 'g'), '');
      expect(RAW.exec(foreign)?.[0]).toBeUndefined();
    }
    expect(run(['check', conversation], { FORCE_COLOR: '1' }).out).toContain('\u001b[1m\u001b[31mFABRICATED');
  });
});
