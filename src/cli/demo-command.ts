/**
 * `claimcheck demo [--db PATH] [--json]`: a support-desk agent on a scripted model (Chat Completions
 * responses played back in order; no network, no API key) through the real `run()` loop, guard and
 * checker. Prints each catch as it happens, records every scenario as a run in the ledger, sums up in
 * the units `claimcheck stats` counts in (runs, calls, replies), and points at `claimcheck view` and
 * `claimcheck stats`. The output is the same every run: no times, no random ids; on a ledger that held
 * runs before, one more line says how many, since `claimcheck stats` counts those too.
 *
 * `--json`: one line per scenario, then `{ledger, agent, runs, catches, repaired, next, calls, verdicts}`:
 * `runs` the scenarios played (one run each), `calls` their guarded calls (a rejected call and its repair
 * are two), `verdicts` their replies per verdict; `catches` counts interceptions and reply findings by
 * category or reason.
 *
 * The ledger is `--db`, else `CLAIMCHECK_DB`, else the project's or home ledger; it is created when
 * missing. Exit status 0, or 2 when the ledger cannot be opened or written.
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, relative } from 'node:path';
import { pc, visibleLength } from './_terminal-text.js';
import type { Operation } from '../action/operation.js';
import { DEMO_AGENT, runDemo, type DemoEvent, type DemoScenarioResult } from '../demo/run-demo.js';
import { openStore, type Store } from '../store.js';
import type { Sinks } from './check-command.js';
import { demoFindings } from './_demo-findings.js';
import { summarizeDemo, summaryLines } from './_demo-summary.js';
import { STATE_STYLE, VERDICT_STYLE } from './_ledger-format.js';
import { isPostgresUrl, ledgerFailure, locateLedger, type LedgerLocation, type LedgerOptions } from './_open-ledger.js';
import { forCommandLine } from './_ledger-hint.js';


/** Options of the demo command. */
export interface DemoCommandOptions extends LedgerOptions {
  /** One JSON line per scenario, then a summary line (see the module comment). Default `false`. */
  json?: boolean;
}

/** Run the command; resolves to the exit status. */
export async function runDemoCommand(options: DemoCommandOptions, sinks: Sinks): Promise<number> {
  let store: Store;
  let path: string;
  let location: LedgerLocation | undefined;
  try {
    location = await locateLedger(options);
    path = location.path;
    // The store makes a missing folder for the ledger; for a --db path (not the project's own .claimcheck/,
    // which is expected) say so when it does.
    const explicit = options.db !== undefined && options.db.trim() !== '';
    const folder = !explicit || isPostgresUrl(path) || path === ':memory:' ? null : dirname(path);
    const made = folder !== null && !existsSync(folder);
    // The demo's conversations are scripted: recorded with their replies, so the dashboard shows them and `export --reviewed` can write them as cases.
    store = await openStore({ path, capture: true });
    path = store.path; // a PostgreSQL URL is shown without its password
    if (made) sinks.err(`claimcheck demo: created the folder ${folder} for the ledger ${path} (it did not exist); remove it when you are done, or pass --db inside an existing folder.`);
  } catch (error) {
    // A missing SQLite driver is one line saying what to install; a store error's fix names --db, CLAIMCHECK_DB or the config file, as used.
    return ledgerFailure('demo', location === undefined ? error : forCommandLine(error, location, { command: 'demo', creates: true, configFile: options.config?.file }), sinks);
  }
  const shown = shownPath(path, options.cwd ?? process.cwd());
  // A PostgreSQL URL is repeated without its password (the user supplies it again).
  const db = options.db === undefined || options.db.trim() === '' ? '' : ` --db ${quote(isPostgresUrl(options.db) ? path : options.db)}`;
  const next = [`claimcheck view${db}`, `claimcheck stats${db}`, `claimcheck view --web${db}`];
  const json = options.json === true;
  if (!json) {
    sinks.out(pc.bold('claimcheck demo: a support-desk agent on a scripted model (no network, no API key).'));
    sinks.out(pc.dim(`Every tool call goes through the guard and every reply through the checker; each scenario is recorded as a run in ${shown}.`));
  }
  let results: DemoScenarioResult[];
  try {
    results = await runDemo({ store, logger: { warn: (message: string) => sinks.err(message) }, ...(json ? {} : { onEvent: (e) => printEvent(e, sinks) }) });
  } catch (error) {
    await store.close().catch(() => undefined);
    return ledgerFailure('demo', error, sinks);
  }
  let ledgerRuns = 0;
  try {
    // The ledger's runs as `claimcheck stats` will count them: this demo's and any recorded before it.
    if (!json) {
      await store.flush();
      ledgerRuns = (await store.counts()).runs;
    }
  } catch (error) {
    await store.close().catch(() => undefined);
    return ledgerFailure('demo', error, sinks);
  }
  try {
    await store.close();
  } catch (error) {
    return ledgerFailure('demo', error, sinks);
  }
  const summary = summarizeDemo(results);
  if (json) {
    for (const r of results) sinks.out(JSON.stringify(scenarioJSON(r)));
    const catches = { ...Object.fromEntries(summary.intercepted), ...Object.fromEntries(summary.caught) };
    const { runs, repaired, calls, verdicts } = summary;
    sinks.out(JSON.stringify({ ledger: path, agent: DEMO_AGENT, runs, catches, repaired, next, calls, verdicts }));
    return 0;
  }
  sinks.out('');
  for (const line of summaryLines(summary, shown, DEMO_AGENT, ledgerRuns)) sinks.out(line);
  sinks.out(`  ${pc.cyan(next[0] as string)}${pad(next[0] as string)}the runs, newest first; add --run ID for one run's calls and receipts`);
  sinks.out(`  ${pc.cyan(next[1] as string)}${pad(next[1] as string)}the whole ledger's runs, calls, interceptions, repairs and reply verdicts`);
  sinks.out(`  ${pc.cyan(next[2] as string)}${pad(next[2] as string)}the dashboard in your browser: overview, runs, and the review queue`);
  return 0;
}

/** One event as it happens. */
function printEvent(e: DemoEvent, sinks: Sinks): void {
  const line = (label: string, text: string): void => sinks.out(`  ${label}${' '.repeat(Math.max(1, 13 - visible(label)))}${text}`.trimEnd());
  const labelled = (mark: string, label: string, text: string): void => line(mark, `${label}${' '.repeat(Math.max(2, 22 - visible(label)))}${text}`);
  switch (e.type) {
    case 'scenario':
      sinks.out('');
      sinks.out(pc.bold(`[${e.index + 1}/${e.total}] ${e.scenario.title}`));
      line(pc.dim('customer'), e.scenario.user);
      return;
    case 'call': {
      const op = e.operation;
      line(pc.dim('call'), `${op.tool.padEnd(13)}${STATE_STYLE[op.state](op.state)}${' '.repeat(Math.max(2, 14 - op.state.length))}${callNote(op)}`);
      if (!op.ran) labelled(pc.red('✗ caught'), pc.yellow(op.failure ?? 'intercepted'), op.failure === 'unknown_tool' ? `${op.tool}: no such tool; nothing ran` : `${op.tool}: arguments rejected (${op.error}); the tool did not run`);
      return;
    }
    case 'repair': {
      const first = e.attempt.failures[0]?.message ?? '';
      const outcome = e.attempt.outcome === 'repaired' ? 'The model re-sent valid arguments.' : `Repair outcome: ${e.attempt.outcome}.`;
      line(pc.cyan('↻ repair'), `sent back to the model once: ${first} ${outcome}`);
      return;
    }
    case 'answer':
      line(pc.cyan('↻ answer'), `the model is told: ${e.text.replace(/^Error: /, '')}`);
      return;
    case 'reply': {
      line(pc.dim('reply'), e.text);
      const findings = demoFindings(e.receipt);
      for (const f of findings) labelled(f.kind === 'caught' ? pc.red('✗ caught') : pc.dim('· note'), f.kind === 'caught' ? pc.red(f.label) : pc.yellow(f.label), f.text);
      if (!findings.some((f) => f.kind === 'caught')) {
        const n = e.receipt.confirmed.length;
        const backed = n === 0 ? 'no claim the calls contradict' : n === 1 ? 'its claim is backed by a call' : `all ${n} claims are backed by calls`;
        line(VERDICT_STYLE[e.receipt.verdict](`✓ ${e.receipt.verdict}`), backed);
      }
      return;
    }
  }
}

function callNote(op: Operation): string {
  if (op.state === 'failed') return op.ran ? pc.red(op.error ?? op.failure ?? 'failed') : pc.dim('not run');
  const proof = op.receipt?.id;
  const note = proof !== null && proof !== undefined ? `proof ${proof}` : op.kind === 'action' ? 'no proof: its output carries no id' : '';
  const verify = op.verify === null ? '' : op.verify.code === 'pass' ? ' · verify PASS' : ` · verify ${op.verify.code.toUpperCase()}: ${op.verify.reason}`;
  return `${note}${verify}${op.repaired ? pc.dim(' (repaired)') : ''}`;
}

function scenarioJSON(r: DemoScenarioResult): unknown {
  return {
    scenario: r.scenario.id,
    title: r.scenario.title,
    user: r.scenario.user,
    calls: r.operations.map((op) => ({ callId: op.callId, tool: op.tool, state: op.state, ran: op.ran, repaired: op.repaired, failure: op.failure, error: op.error, proof: op.receipt?.id ?? null })),
    repairs: r.repairs.map((a) => ({ callId: a.callId, tool: a.tool, outcome: a.outcome, failures: a.failures.map((f) => ({ category: f.category, path: f.path })) })),
    reply: r.text,
    verdict: r.receipt.verdict,
    flagged: r.receipt.claimedButNeverRan.map((c) => ({ tool: c.tool, reason: c.reason, operation: c.operation ?? null, text: c.text, ...(c.observed === undefined ? {} : { observed: c.observed }) })),
    confirmed: r.receipt.confirmed.map((c) => c.tool),
    unmatched: r.receipt.unmatched.map((c) => c.text),
    unreported: [...new Set(r.receipt.ranButUnreported.map((e) => e.tool))],
    claimedWithoutTool: r.receipt.claimedWithoutTool.map((c) => c.text),
    deniedButRan: r.receipt.deniedButRan.map((c) => ({ tool: c.tool, text: c.text })),
  };
}

/** The ledger path relative to `cwd` when it is inside it (the same on every clone), else absolute. */
function shownPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

function quote(s: string): string {
  return /^[\w./:@%+=,-]+$/.test(s) ? s : `'${s.replaceAll("'", "'\\''")}'`;
}

/** Length on screen (colour codes left out). */
function visible(text: string): number {
  return visibleLength(text);
}

function pad(command: string): string {
  return ' '.repeat(Math.max(2, 24 - command.length));
}
