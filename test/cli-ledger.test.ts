// The ledger commands: view, stats, diagnostic and export over a real SQLite ledger, through their
// run* functions with captured output, plus the --since parser and the TTY-only progress bar.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../src/cli/check-command.js';
import { runDiagnostic } from '../src/cli/diagnostic-command.js';
import { runExport } from '../src/cli/export-command.js';
import { readInputs } from '../src/cli/read-inputs.js';
import { SCHEMA_VERSION } from '../src/store/schema-version.js';
import { runStats } from '../src/cli/stats-command.js';
import { runView } from '../src/cli/view-command.js';
import { formatTime } from '../src/cli/_ledger-format.js';
import { startFileProgress, startProgress } from '../src/cli/_progress.js';
import { parseSince } from '../src/cli/_since.js';
import { Receipt } from '../src/receipt.js';
import { openStore } from '../src/store.js';
import { betterSqlite3Loads } from './store/open-raw.js';

const dir = mkdtempSync(join(tmpdir(), 'claimcheck-cli-ledger-'));
const db = join(dir, 'ledger.sqlite');
const T0 = Date.UTC(2024, 4, 1, 12, 0, 0);
const HOUR = 3_600_000;
const flagged = { text: "I've emailed you the confirmation.", verb: 'email', object: 'confirmation', tool: 'send_email', candidates: ['send_email'], reason: 'tool_failed' as const, source: 'rules' as const };
const clean = new Receipt({ confirmed: [], claimedButNeverRan: [], unmatched: [], ranButUnreported: [] });
/** The store's driver here: better-sqlite3 where its addon loads (the Node.js that ran npm ci), else node:sqlite. */
const driverName = (await betterSqlite3Loads()) ? 'better-sqlite3' : 'node:sqlite';

beforeAll(async () => {
  const store = await openStore({ path: db });
  store.startRun({ id: 'run-a', agent: 'support-bot', at: T0, tools: ['lookup', 'refund', 'send_email'], meta: { model: 'gpt-4o' } });
  store.recordOperation({ tool: 'lookup', state: 'read', turn: 1, callId: 'c1', startedAt: T0 + 100, endedAt: T0 + 340 });
  store.recordOperation({ tool: 'refund', state: 'posted', receipt: { id: 'RF-881', kind: 'refund' }, turn: 1, startedAt: T0 + 400, endedAt: T0 + 1_650 });
  store.recordOperation({ tool: 'send_email', failure: 'tool_failed', error: 'SMTP 554: mailbox unavailable', turn: 2, startedAt: T0 + 2_000, endedAt: T0 + 7_200 });
  store.recordInterception({ tool: 'refund', category: 'missing_required', path: '/amount', failures: [{ category: 'missing_required', path: '/amount' }, { category: 'type_mismatch', path: '/order_id' }], turn: 2, at: T0 + 7_500 });
  store.recordOperation({ tool: 'refund', state: 'needs_review', repaired: true, verify: { code: 'flag', reason: 'amount differs from the order total' }, turn: 2, at: T0 + 8_000 });
  store.recordReceipt({ receipt: new Receipt({ confirmed: [], claimedButNeverRan: [flagged], unmatched: [], ranButUnreported: [] }), turn: 2, messageIndex: 9, at: T0 + 9_000 });
  store.startRun({ id: 'run-b', at: T0 + 2 * HOUR, tools: ['lookup', 'search'] });
  store.recordOperation({ tool: 'lookup', state: 'read', at: T0 + 2 * HOUR + 100 });
  store.recordInterception({ tool: 'search', category: 'type_mismatch', path: '/query', at: T0 + 2 * HOUR + 150 });
  store.recordReceipt({ receipt: clean, at: T0 + 2 * HOUR + 200 });
  await store.close();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    text: () => stripVTControlCharacters(out.join('\n')),
    errText: () => stripVTControlCharacters(err.join('\n')),
    sinks: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) },
  };
}

/** A folder with nothing in it, for ledgers that do not exist. */
function emptyDir(): string {
  const d = join(dir, `empty-${Math.random().toString(36).slice(2)}`);
  mkdirSync(d);
  return d;
}

/** A writable that says it is a terminal, collecting what is written. */
function fakeTty(): Writable & { isTTY: boolean; columns: number; written: string } {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      stream.written += chunk.toString();
      done();
    },
  }) as Writable & { isTTY: boolean; columns: number; written: string };
  return Object.assign(stream, { isTTY: true, columns: 100, written: '' });
}

describe('claimcheck view', () => {
  it('lists recent runs, newest first, with calls, interceptions and verdicts', async () => {
    const c = capture();
    expect(await runView({ db }, c.sinks)).toBe(0);
    const rows = c.text().split('\n').filter((l) => l.startsWith('│ run-'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/│ run-b +│ [^│]+│ — +│ — +│ +1 │ +1 │ 1 clean/);
    expect(rows[1]).toMatch(/│ run-a +│ [^│]+│ support-bot +│ model gpt-4o +│ 4 \(1 failed, 1 needs_review\) │ +1 │ 1 fabricated/);
    expect(rows[1]).toContain(formatTime(T0));
    expect(c.text()).toContain('2 runs');
    expect(c.err).toEqual([]);
  });

  it('--limit cuts the list and says so; a bad --limit exits 2', async () => {
    const c = capture();
    expect(await runView({ db, limit: '1' }, c.sinks)).toBe(0);
    expect(c.text()).toContain('│ run-b');
    expect(c.text()).not.toContain('│ run-a');
    expect(c.text()).toContain('the newest 1; --limit N for more');
    const bad = capture();
    expect(await runView({ db, limit: 'ten' }, bad.sinks)).toBe(2);
    expect(bad.errText()).toContain('--limit must be a positive whole number');
  });

  it('--run shows operations with states, receipt ids and timings, interceptions, and flagged claims', async () => {
    const c = capture();
    expect(await runView({ db, run: 'run-a' }, c.sinks)).toBe(0);
    const text = c.text();
    expect(text).toContain('Run run-a');
    expect(text).toContain('agent support-bot');
    expect(text).toContain('Operations (4)');
    const ops = text.split('\n').filter((l) => /^│ \d /.test(l));
    expect(ops.map((l) => l.split('│').map((cell) => cell.trim())[4])).toEqual(['lookup', 'refund', 'send_email', 'refund']);
    expect(ops.map((l) => l.split('│').map((cell) => cell.trim())[5])).toEqual(['read', 'posted', 'failed', 'needs_review']);
    expect(ops[0]).toContain('240 ms');
    expect(ops[1]).toMatch(/RF-881 \(refund\) +│ +1\.3 s/);
    expect(ops[2]).toContain('tool_failed · SMTP 554: mailbox unavailable');
    expect(ops[3]).toContain('repaired · verify flag: amount differs from the order total');
    expect(text).toContain('Interceptions (1)');
    expect(text).toMatch(/│ +2 │ [\d:]+ │ refund +│ missing_required │ \/amount +│ type_mismatch \/order_id/);
    expect(text).toContain('Receipts (1)');
    expect(text).toContain('FABRICATED');
    expect(text).toContain(`✗ send_email tool_failed: "I've emailed you the confirmation."`);
  });

  it('--run shows what an args_mismatch contradicts, as check prints it', async () => {
    const path = join(dir, 'mismatch.sqlite');
    const store = await openStore({ path, capture: true });
    store.startRun({ id: 'run-m', at: T0 });
    const mismatch = { ...flagged, text: "I've refunded $64.00 for order A-1042.", tool: 'refund', reason: 'args_mismatch' as const, message: 'the reply says a refund of $64.00, but the call used amount_cents 4600' };
    store.recordReceipt({ receipt: new Receipt({ confirmed: [], claimedButNeverRan: [mismatch], unmatched: [], ranButUnreported: [] }), at: T0 + 1 });
    await store.close();
    const c = capture();
    expect(await runView({ db: path, run: 'run-m' }, c.sinks)).toBe(0);
    expect(c.text()).toContain(`✗ refund args_mismatch (the reply says a refund of $64.00, but the call used amount_cents 4600): "I've refunded $64.00 for order A-1042."`);
  });

  it('--json prints one object: the runs, or one run in detail', async () => {
    const list = capture();
    await runView({ db, json: true }, list.sinks);
    expect(list.out).toHaveLength(1);
    const runs = JSON.parse(list.out[0] ?? '') as { ledger: string; runs: Array<Record<string, unknown>> };
    expect(runs.ledger).toBe(db);
    expect(runs.runs.map((r) => r.id)).toEqual(['run-b', 'run-a']);
    expect(runs.runs[1]).toMatchObject({ agent: 'support-bot', operations: 4, errors: 1, interceptions: 1, receipts: 1, fabricated: 1, startedAt: T0 });

    const one = capture();
    await runView({ db, json: true, run: 'run-a' }, one.sinks);
    const detail = JSON.parse(one.out[0] ?? '') as Record<string, Array<Record<string, unknown>>>;
    expect(Object.keys(detail)).toEqual(['ledger', 'run', 'operations', 'interceptions', 'receipts']);
    expect(detail.operations?.map((o) => o.state)).toEqual(['read', 'posted', 'failed', 'needs_review']);
    expect(detail.receipts?.[0]).toMatchObject({ verdict: 'fabricated', flagged: 1, turn: 2, messageIndex: 9 });
  });

  it('--run takes any unique prefix of a run id, and names the runs an ambiguous one fits', async () => {
    const path = join(emptyDir(), 'prefix.sqlite');
    const store = await openStore({ path });
    const first = store.startRun({ agent: 'a' });
    store.startRun({ id: `${first.slice(0, 4)}-other`, agent: 'b' });
    store.startRun({ id: 'zz-1', agent: 'c' });
    await store.close();
    const c = capture();
    expect(await runView({ db: path, run: first.slice(0, 8) }, c.sinks)).toBe(0);
    expect(c.text()).toContain(`Run ${first}`);
    const full = capture();
    expect(await runView({ db: path, run: 'zz-1' }, full.sinks)).toBe(0);
    expect(full.text()).toContain('agent c');
    const ambiguous = capture();
    expect(await runView({ db: path, run: first.slice(0, 4) }, ambiguous.sinks)).toBe(2);
    expect(ambiguous.errText()).toContain(`2 runs start with "${first.slice(0, 4)}" (`);
    expect(ambiguous.errText()).toContain('give more of the id');
  });

  it('names runs by their meta, says why an action is unknown, gives no time to a call that did not run, and says each fact once', async () => {
    const path = join(emptyDir(), 'notes.sqlite');
    const store = await openStore({ path });
    store.startRun({ id: 'demo-1', agent: 'support-desk', meta: { scenario: 'refund-without-proof', model: 'scripted' } });
    store.recordOperation({ tool: 'send_email', kind: 'action', state: 'unknown', turn: 1, startedAt: T0, endedAt: T0 + 120 });
    store.recordOperation({ tool: 'issue_refund', kind: 'action', failure: 'constraint_violation', ran: false, error: 'constraint_violation at /amount', turn: 1, startedAt: T0 + 200, endedAt: T0 + 762 });
    const halt = 'the processor refunded half of the amount asked';
    store.recordOperation({ tool: 'issue_refund', kind: 'action', state: 'needs_review', status: 'error', failure: 'halted', error: halt, verify: { code: 'halt', reason: halt }, receipt: { id: 'RF-1', kind: 'refund_id' }, turn: 1, startedAt: T0 + 800, endedAt: T0 + 900 });
    await store.close();
    const list = capture();
    expect(await runView({ db: path }, list.sinks)).toBe(0);
    // The calls named by the states view --run shows them in (a halted call is needs_review, not failed).
    expect(list.text()).toMatch(/│ demo-1 +│ [^│]+│ support-desk +│ refund-without-proof +│ 3 \(1 failed, 1 needs_review, 1 unknown\) │/);
    const one = capture();
    expect(await runView({ db: path, run: 'demo-1' }, one.sinks)).toBe(0);
    const ops = one.text().split('\n').filter((l) => /^│ \d /.test(l)).map((l) => l.split('│').map((cell) => cell.trim()));
    expect(ops.map((cells) => [cells[4], cells[5], cells[7], cells[8]])).toEqual([
      ['send_email', 'unknown', '120 ms', 'no proof: its output carries no id'],
      ['issue_refund', 'failed', '', 'not run · constraint_violation at /amount'],
      ['issue_refund', 'needs_review', '100 ms', `verify halt: ${halt}`],
    ]);
  });

  it('an unknown run exits 2 and says how to list runs', async () => {
    const c = capture();
    expect(await runView({ db, run: 'nope' }, c.sinks)).toBe(2);
    expect(c.errText()).toContain('no run "nope" in the ledger');
    expect(c.out).toEqual([]);
  });
});

describe('claimcheck stats', () => {
  it('prints totals, rates, top failing tools and categories, verdicts and the registry', async () => {
    const c = capture();
    expect(await runStats({ db }, c.sinks)).toBe(0);
    const text = c.text();
    expect(text).toContain('all time');
    expect(text).toMatch(/^runs +2 {2}agent runs started$/m);
    expect(text).toMatch(/^calls +5 {2}tool calls; a rejected call and its repair count as two$/m);
    expect(text).toMatch(/^intercepted calls +2 {2}40\.0% of calls$/m);
    expect(text).toMatch(/^auto-repaired +1 {2}50\.0% of intercepted$/m);
    expect(text).toMatch(/^passed through +5 /m);
    expect(text).toContain('posted 1 · unknown 0 · needs_review 1 · failed 1 · read 2');
    expect(text).toMatch(/│ send_email │ +1 │ +1 │ +100\.0% │/);
    expect(text).toMatch(/│ missing_required │ +1 │/);
    expect(text).toMatch(/│ type_mismatch +│ +1 │/);
    expect(text).toContain('Reply verdicts    fabricated 1 · unreported 0 · clean 1  (2 replies checked)');
    expect(text).toContain('Tools             4 tools registered · 3 called · 2 with a call intercepted');
  });

  it('--json is the store stats plus the ledger path; --since counts back from now', async () => {
    const c = capture();
    expect(await runStats({ db, json: true, since: '1h', now: T0 + 2.5 * HOUR }, c.sinks)).toBe(0);
    const stats = JSON.parse(c.out[0] ?? '') as Record<string, unknown>;
    expect(stats).toMatchObject({
      ledger: db,
      since: T0 + 1.5 * HOUR,
      runs: 1,
      calls: 1,
      intercepted: 1,
      interceptRate: 1,
      topCategories: [{ category: 'type_mismatch', count: 1 }],
      verdicts: { clean: 1, unreported: 0, fabricated: 0 },
      registry: { registered: 2, fired: 1, intercepted: 1 },
    });
  });

  it('rejects a bad --since with exit 2 and the accepted forms', async () => {
    for (const since of ['3x', '0h', 'yesterday', '2024-02-30']) {
      const c = capture();
      expect(await runStats({ db, since }, c.sinks)).toBe(2);
      expect(c.errText()).toMatch(/^claimcheck stats: --since ".*": .*Use a duration back from now \(30m, 24h, 7d, 2w/);
      expect(c.out).toEqual([]);
    }
  });
});

describe('--since', () => {
  const now = Date.UTC(2024, 5, 15, 10, 0, 0);

  it('reads durations back from now', () => {
    expect(parseSince('30m', now)).toBe(now - 30 * 60_000);
    expect(parseSince('24h', now)).toBe(now - 24 * HOUR);
    expect(parseSince('7d', now)).toBe(now - 7 * 24 * HOUR);
    expect(parseSince('2w', now)).toBe(now - 14 * 24 * HOUR);
    expect(parseSince('45s', now)).toBe(now - 45_000);
    expect(parseSince(' 12 h ', now)).toBe(now - 12 * HOUR);
  });

  it('reads dates as local time and date-times with or without an offset', () => {
    expect(parseSince('2024-05-01')).toBe(new Date(2024, 4, 1).getTime());
    expect(parseSince('2024-05-01T09:30')).toBe(new Date(2024, 4, 1, 9, 30).getTime());
    expect(parseSince('2024-05-01 09:30:15Z')).toBe(Date.UTC(2024, 4, 1, 9, 30, 15));
    expect(parseSince('2024-05-01T09:30:00+02:00')).toBe(Date.UTC(2024, 4, 1, 7, 30));
    expect(parseSince('2024-02-29')).toBe(new Date(2024, 1, 29).getTime());
  });

  it('rejects anything else with invalid_options', () => {
    for (const bad of ['', '24', '0d', '-1h', '1.5h', '3x', 'h', '1y', 'yesterday', '2024-13-01', '2023-02-29', '2024-02-30T10:00Z', '2024-05-01T25:00', '2024-5-1']) {
      expect(() => parseSince(bad, now), bad).toThrow(expect.objectContaining({ code: 'invalid_options' }));
    }
  });
});

describe('claimcheck diagnostic', () => {
  it('works without a ledger and creates nothing', async () => {
    const empty = emptyDir();
    const path = join(empty, '.claimcheck', 'ledger.sqlite');
    const c = capture();
    expect(await runDiagnostic({ db: path }, c.sinks)).toBe(0);
    const text = c.text();
    expect(text).toMatch(/^claimcheck +\d+\.\d+\.\d+/m);
    expect(text).toContain(`node        ${process.version}`);
    if (driverName === 'better-sqlite3') expect(text).toMatch(/^driver +better-sqlite3 \d+\.\d+\.\d+ \(loads\)$/m);
    else expect(text).toMatch(/^driver +node:sqlite \(SQLite \d+\.\d+\.\d+, built into Node\.js\) \(loads\) · better-sqlite3 \d+\.\d+\.\d+ not used: .+$/m);
    expect(text).toContain(`ledger      ${path}`);
    expect(text).toContain(`--db ${path} was given`);
    expect(text).toContain('no ledger file yet');
    expect(readdirSync(empty)).toEqual([]);
  });

  it('uses CLAIMCHECK_DB, then the project folder, and says why', async () => {
    const project = emptyDir();
    writeFileSync(join(project, 'package.json'), '{}');
    const fromEnv = capture();
    await runDiagnostic({ json: true, env: { CLAIMCHECK_DB: db }, cwd: project }, fromEnv.sinks);
    const d = JSON.parse(fromEnv.out[0] ?? '') as { ledger: Record<string, unknown>; driver: Record<string, unknown> };
    expect(d.ledger).toMatchObject({ path: db, source: 'env', reason: `CLAIMCHECK_DB is set to ${db}`, exists: true, schemaVersion: SCHEMA_VERSION, supportedSchemaVersion: SCHEMA_VERSION, error: null });
    expect(d.ledger.counts).toEqual({ runs: 2, operations: 5, interceptions: 2, receipts: 2, tools: 4, droppedRecorded: 0 });
    expect(d.driver).toMatchObject({ name: driverName, loads: true, error: null });
    if (driverName === 'better-sqlite3') expect(d.driver).toMatchObject({ version: expect.stringMatching(/^12\./), passedOver: null });
    else expect(d.driver).toMatchObject({ version: process.versions['sqlite'], passedOver: { name: 'better-sqlite3', version: expect.stringMatching(/^12\./), error: expect.any(String) } });

    const fromProject = capture();
    await runDiagnostic({ json: true, env: {}, cwd: project }, fromProject.sinks);
    const p = JSON.parse(fromProject.out[0] ?? '') as { ledger: Record<string, unknown> };
    expect(p.ledger).toMatchObject({ path: join(project, '.claimcheck', 'ledger.sqlite'), source: 'project', exists: false, counts: null });
    expect(String(p.ledger.reason)).toContain(join(project, 'package.json'));
    expect(readdirSync(project)).toEqual(['package.json']);

    const flagWins = capture();
    await runDiagnostic({ db, env: { CLAIMCHECK_DB: join(project, 'other.sqlite') } }, flagWins.sinks);
    expect(flagWins.text()).toContain('rows        runs 2 · operations 5 · interceptions 2 · receipts 2 · tools 4');
    expect(flagWins.text()).toContain(`schema      version ${SCHEMA_VERSION}`);
  });

  it('reports a ledger it cannot read, and exits 2', async () => {
    const bad = join(emptyDir(), 'bad.sqlite');
    writeFileSync(bad, 'this is not a database, just text long enough to look like a file header'.repeat(20));
    const c = capture();
    expect(await runDiagnostic({ db: bad }, c.sinks)).toBe(2);
    expect(c.text()).toContain('cannot be read (store_corrupt)');
    expect(c.text()).toContain('not a SQLite database');
  });
});

describe('claimcheck export', () => {
  it('prints every row as one JSON line: runs, operations, interceptions, receipts', async () => {
    const c = capture();
    expect(await runExport({ db }, c.sinks)).toBe(0);
    const rows = c.out.map((l) => JSON.parse(l) as { type: string; id?: string; runId?: string });
    expect(rows).toHaveLength(2 + 5 + 2 + 2);
    expect(rows.map((r) => r.type)).toEqual(['run', 'run', ...Array(5).fill('operation'), 'interception', 'interception', 'receipt', 'receipt']);
    expect(rows[0]).toMatchObject({ type: 'run', id: 'run-a' });
    expect(c.err).toEqual([]);
  });

  it('--since keeps later records only', async () => {
    const c = capture();
    expect(await runExport({ db, since: '2024-05-01T13:00:00Z' }, c.sinks)).toBe(0);
    const rows = c.out.map((l) => JSON.parse(l) as { type: string; runId?: string; id?: string });
    expect(rows.map((r) => r.type)).toEqual(['run', 'operation', 'interception', 'receipt']);
    expect(rows.every((r) => (r.runId ?? r.id) === 'run-b')).toBe(true);
  });

  it('draws a progress bar on a terminal stream only, and says how many rows it wrote', async () => {
    const tty = fakeTty();
    const c = capture();
    expect(await runExport({ db, progress: tty }, c.sinks)).toBe(0);
    expect(c.out).toHaveLength(11);
    expect(stripVTControlCharacters(tty.written)).toContain('export');
    expect(c.errText()).toBe('claimcheck export: 11 rows written.');

    const pipe = Object.assign(fakeTty(), { isTTY: false });
    const quiet = capture();
    await runExport({ db, progress: pipe }, quiet.sinks);
    expect(pipe.written).toBe('');
  });
});

describe('a missing or unreadable ledger', () => {
  it('a missing ledger is empty: a note on stderr, exit 0, and no file created', async () => {
    const empty = emptyDir();
    const path = join(empty, 'ledger.sqlite');
    const view = capture();
    expect(await runView({ db: path }, view.sinks)).toBe(0);
    expect(view.text()).toContain('No runs recorded yet.');
    expect(view.errText()).toBe(`claimcheck view: no ledger at ${path} yet (nothing recorded there) — run your agent with the guard, or \`claimcheck demo\`.`);
    const stats = capture();
    expect(await runStats({ db: path, json: true }, stats.sinks)).toBe(0);
    expect(JSON.parse(stats.out[0] ?? '')).toMatchObject({ ledger: path, calls: 0, intercepted: 0, topFailingTools: [] });
    // The text report gives no rate of nothing ("0.0% of calls").
    const text = capture();
    expect(await runStats({ db: path }, text.sinks)).toBe(0);
    expect(text.text()).toMatch(/^intercepted calls +0$/m);
    expect(text.text()).toMatch(/^auto-repaired +0$/m);
    const exported = capture();
    expect(await runExport({ db: path }, exported.sinks)).toBe(0);
    expect(exported.out).toEqual([]);
    expect(exported.errText()).toContain('no ledger at');
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(empty)).toEqual([]);
  });

  it('a file that is not a ledger is exit 2 with the store message, never a stack', async () => {
    const bad = join(emptyDir(), 'bad.sqlite');
    writeFileSync(bad, 'garbage '.repeat(200));
    const size = statSync(bad).size;
    for (const run of [(s: ReturnType<typeof capture>['sinks']) => runView({ db: bad }, s), (s: ReturnType<typeof capture>['sinks']) => runStats({ db: bad }, s), (s: ReturnType<typeof capture>['sinks']) => runExport({ db: bad }, s)]) {
      const c = capture();
      expect(await run(c.sinks)).toBe(2);
      expect(c.err).toHaveLength(1);
      expect(c.errText()).toMatch(/^claimcheck (view|stats|export): Could not open the claimcheck ledger .*bad\.sqlite: file is not a database/);
      expect(c.errText()).not.toMatch(/\n\s+at /);
      expect(c.out).toEqual([]);
    }
    expect(statSync(bad).size).toBe(size);
  });

  it('a conversation file given as --db says it holds JSON, not a ledger, and how to check it', async () => {
    const jsonl = join(emptyDir(), 'chats.jsonl');
    writeFileSync(jsonl, `${JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] })}\n`);
    const size = statSync(jsonl).size;
    const stats = capture();
    expect(await runStats({ db: jsonl }, stats.sinks)).toBe(2);
    expect(stats.errText()).toBe(`claimcheck stats: ${jsonl} holds JSON (recorded conversations?), not a claimcheck ledger. --db and CLAIMCHECK_DB name the SQLite ledger the guard writes (e.g. .claimcheck/ledger.sqlite); \`claimcheck diagnostic\` shows which one is active. To check recorded conversations, run claimcheck check ${jsonl}. (claimcheck stats did not touch the file.)`);
    const diagnostic = capture();
    expect(await runDiagnostic({ db: jsonl }, diagnostic.sinks)).toBe(2);
    expect(diagnostic.text()).toContain('holds JSON (recorded conversations?), not a claimcheck ledger');
    expect(statSync(jsonl).size).toBe(size);
  });
});

describe('progress for check', () => {
  it('readInputs reports every byte of a JSON Lines file read', async () => {
    const line = JSON.stringify({ id: 'x', messages: [{ role: 'user', content: 'hi' }] });
    const path = join(dir, 'many.jsonl');
    writeFileSync(path, `${line}\n`.repeat(2_000));
    let bytes = 0;
    let records = 0;
    for await (const _record of readInputs([path], { onRead: (n) => (bytes += n) })) records++;
    expect(records).toBe(2_000);
    expect(bytes).toBe(statSync(path).size);
  });

  it('a bar over the files, only from the size threshold and only on a terminal', async () => {
    const path = join(dir, 'small.jsonl');
    writeFileSync(path, '{"messages": []}\n');
    const tty = fakeTty();
    const shown = await startFileProgress(tty, 'check', [path, '-'], 1);
    shown.onRead(10);
    shown.progress.interrupt(() => tty.write('a warning\n'));
    shown.progress.stop();
    expect(stripVTControlCharacters(tty.written)).toContain('check');
    expect(tty.written).toContain('a warning');

    const below = fakeTty();
    const hidden = await startFileProgress(below, 'check', [path]);
    hidden.progress.stop();
    expect(below.written).toBe('');
    const none = await startProgress(undefined, { label: 'x', total: 10, unit: 'rows' });
    none.stop();
  });

  it('check with a progress stream prints the same report (small input: no bar)', async () => {
    const path = join(dir, 'conv.json');
    writeFileSync(path, JSON.stringify({ id: 'c', format: 'transcript', tools: [{ name: 'send_email' }], messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'Hello!' }] }));
    const tty = fakeTty();
    const a = capture();
    const b = capture();
    expect(await runCheck([path], { json: true, progress: tty }, a.sinks)).toBe(0);
    expect(await runCheck([path], { json: true }, b.sinks)).toBe(0);
    expect(a.out).toEqual(b.out);
    expect(tty.written).toBe('');
  });
});
