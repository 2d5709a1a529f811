/**
 * `claimcheck demo [--db PATH] [--json]`: a support-desk agent on a scripted model (Chat Completions
 * responses played back in order; no network, no API key) through the real `run()` loop, guard and
 * checker. Prints each catch as it happens, records every scenario as a run in the ledger, and points
 * at `claimcheck view` and `claimcheck stats`. The output is the same every run: no times, no random ids.
 *
 * The ledger is `--db`, else `CLAIMCHECK_DB`, else the project's or home ledger; it is created when
 * missing. Exit status 0, or 2 when the ledger cannot be opened or written.
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import pc from 'picocolors';
import type { Operation } from '../action/operation.js';
import type { Claim } from '../receipt.js';
import { DEMO_AGENT, runDemo, type DemoEvent, type DemoScenarioResult } from '../demo/run-demo.js';
import { ClaimcheckError } from '../errors.js';
import { openStore, type Store } from '../store.js';
import type { Sinks } from './check-command.js';
import { STATE_STYLE, VERDICT_STYLE } from './_ledger-format.js';
import { isPostgresUrl, ledgerFailure, locateLedger, type LedgerOptions } from './_open-ledger.js';

/** The one line the demo prints when the ledger's SQLite driver is missing. */
export const DEMO_NEEDS_SQLITE = 'the demo records every run in the ledger, which needs better-sqlite3: npm install better-sqlite3@12 (or run Node.js 22.13+, whose built-in node:sqlite is used instead). claimcheck check and validate need neither.';

/** Options of the demo command. */
export interface DemoCommandOptions extends LedgerOptions {
  /** One JSON line per scenario, then a summary line. */
  json?: boolean;
}

/** Run the command; resolves to the exit status. */
export async function runDemoCommand(options: DemoCommandOptions, sinks: Sinks): Promise<number> {
  let store: Store;
  let path: string;
  try {
    path = (await locateLedger(options)).path;
    // The store makes a missing folder for the ledger (as it makes .claimcheck/); say so when it does.
    const folder = isPostgresUrl(path) || path === ':memory:' ? null : dirname(path);
    const made = folder !== null && !existsSync(folder);
    // The demo's conversations are scripted: recorded with their replies, so the dashboard shows them and `export --reviewed` can write them as cases.
    store = await openStore({ path, capture: true });
    path = store.path; // a PostgreSQL URL is shown without its password
    if (made) sinks.err(`claimcheck demo: created the folder ${folder} for the ledger ${path} (it did not exist); remove it when you are done, or pass --db inside an existing folder.`);
  } catch (error) {
    if (ClaimcheckError.isInstance(error) && error.code === 'missing_dependency') {
      sinks.err(`claimcheck demo: ${DEMO_NEEDS_SQLITE}`);
      return 2;
    }
    return ledgerFailure('demo', error, sinks);
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
  try {
    await store.close();
  } catch (error) {
    return ledgerFailure('demo', error, sinks);
  }
  const catches = countCatches(results);
  if (json) {
    for (const r of results) sinks.out(JSON.stringify(scenarioJSON(r)));
    sinks.out(JSON.stringify({ ledger: path, agent: DEMO_AGENT, runs: results.length, catches: Object.fromEntries(catches), next }));
    return 0;
  }
  const total = [...catches.values()].reduce((a, b) => a + b, 0);
  const repaired = new Set(results.flatMap((r) => r.repairs.filter((a) => a.outcome === 'repaired').map((a) => a.failures[0]?.category)));
  const list = [...catches].map(([category, n]) => `${category} ${n}${repaired.has(category as never) ? ' (repaired)' : ''}`).join(' · ');
  sinks.out('');
  sinks.out(`${pc.bold(`Recorded ${results.length} runs`)} (agent ${DEMO_AGENT}) in ${shown}: ${total} catches — ${list}.`);
  sinks.out(`  ${pc.cyan(next[0] as string)}${pad(next[0] as string)}the runs, newest first; add --run ID for one run's calls and receipts`);
  sinks.out(`  ${pc.cyan(next[1] as string)}${pad(next[1] as string)}calls, interceptions, repairs and claim verdicts`);
  sinks.out(`  ${pc.cyan(next[2] as string)}${pad(next[2] as string)}the dashboard in your browser: overview, runs, and the review queue`);
  return 0;
}

/** One event as it happens. */
function printEvent(e: DemoEvent, sinks: Sinks): void {
  const line = (label: string, text: string): void => sinks.out(`  ${label}${' '.repeat(Math.max(1, 11 - visible(label)))}${text}`.trimEnd());
  const caught = (category: string, text: string): void => line(pc.red('✗ caught'), `${category}${' '.repeat(Math.max(2, 15 - visible(category)))}${text}`);
  switch (e.type) {
    case 'scenario':
      sinks.out('');
      sinks.out(pc.bold(`[${e.index + 1}/${e.total}] ${e.scenario.title}`));
      line(pc.dim('customer'), e.scenario.user);
      return;
    case 'call': {
      const op = e.operation;
      line(pc.dim('call'), `${op.tool.padEnd(13)}${STATE_STYLE[op.state](op.state)}${' '.repeat(8 - op.state.length)}${callNote(op)}`);
      if (!op.ran) caught(pc.yellow(op.failure ?? 'intercepted'), `${op.tool}: arguments rejected (${op.error}); the tool did not run`);
      return;
    }
    case 'repair': {
      const first = e.attempt.failures[0]?.message ?? '';
      const outcome = e.attempt.outcome === 'repaired' ? 'The model re-sent valid arguments.' : `Repair outcome: ${e.attempt.outcome}.`;
      line(pc.cyan('↻ repair'), `sent back to the model once: ${first} ${outcome}`);
      return;
    }
    case 'reply': {
      line(pc.dim('reply'), e.text);
      const flagged = e.receipt.claimedButNeverRan;
      for (const claim of flagged) caught(pc.red(claim.reason ?? 'flagged'), claimNote(claim));
      if (flagged.length === 0) {
        const n = e.receipt.confirmed.length;
        line(VERDICT_STYLE[e.receipt.verdict](`✓ ${e.receipt.verdict}`), n === 1 ? 'its claim is backed by a call' : `all ${n} claims are backed by calls`);
      }
      return;
    }
  }
}

function callNote(op: Operation): string {
  if (op.state === 'failed') return op.ran ? pc.red(op.error ?? op.failure ?? 'failed') : pc.dim('not run');
  const proof = op.receipt?.id;
  const note = proof !== null && proof !== undefined ? `proof ${proof}` : op.kind === 'action' ? 'no proof: its output carries no id' : '';
  return `${note}${op.repaired ? pc.dim(' (repaired)') : ''}`;
}

function claimNote(claim: Claim): string {
  const observed = claim.reason === 'args_mismatch' && claim.observed !== undefined ? `; the call was made with ${claim.observed.map((v) => JSON.stringify(v)).join(', ')}` : '';
  const state = claim.reason === 'not_proven' && claim.operation !== undefined ? ` (operation ${claim.operation})` : '';
  return `${claim.tool}${state}: "${claim.text}"${observed}`;
}

/** Catches by category, in the order they happened: interceptions by validation category, flagged claims by reason. */
function countCatches(results: readonly DemoScenarioResult[]): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (key: string): void => void counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const r of results) {
    for (const op of r.operations) if (!op.ran && op.failure !== null) add(op.failure);
    for (const claim of r.receipt.claimedButNeverRan) add(claim.reason ?? 'flagged');
  }
  return counts;
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
  return stripVTControlCharacters(text).length;
}

function pad(command: string): string {
  return ' '.repeat(Math.max(2, 24 - command.length));
}
