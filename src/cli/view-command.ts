/**
 * `claimcheck view [--run ID] [--limit N] [--json] [--db PATH]`: the ledger in the terminal. Without
 * `--run`, a table of the most recent runs; with it, one run's operations, interceptions and receipts.
 * `--json` prints one object: `{"ledger", "runs": [RunSummary]}`, or `{"ledger", "run", "operations",
 * "interceptions", "receipts"}` for `--run`.
 *
 * A ledger file that does not exist yet is an empty ledger (a note on stderr, exit 0). Exit status 2
 * for a bad flag, an unknown run, or a ledger that cannot be read (corrupt, locked, newer schema).
 */
import { pc } from './_terminal-text.js';
import type { InterceptionRow, OperationRow, ReceiptRow, RunDetail, RunSummary, Store } from '../store.js';
import type { Sinks } from './check-command.js';
import { clip, formatClock, formatDuration, formatTime, plural, STATE_STYLE, table, VERDICT_STYLE } from './_ledger-format.js';
import { ledgerFailure, openLedger, type LedgerOptions } from './_open-ledger.js';
import type { Verdict } from '../receipt.js';
import { runTitle } from '../store/_run-title.js';

/** Options of the view command. */
export interface ViewCommandOptions extends LedgerOptions {
  /** Show this run in detail: its id as the runs table lists it, or any unique prefix of it. */
  run?: string;
  /** Most runs listed, newest first. Default `20`; a positive integer. */
  limit?: string | number;
  json?: boolean;
}

const DEFAULT_LIMIT = 20;

/** Run the command; resolves to the exit status. */
export async function runView(options: ViewCommandOptions, sinks: Sinks): Promise<number> {
  const limit = Number(options.limit ?? DEFAULT_LIMIT);
  if (!Number.isInteger(limit) || limit < 1) {
    sinks.err(`claimcheck view: --limit must be a positive whole number, got ${JSON.stringify(String(options.limit))}.`);
    return 2;
  }
  let ledger;
  try {
    ledger = await openLedger('view', options, sinks);
  } catch (error) {
    return ledgerFailure('view', error, sinks);
  }
  const { store, location } = ledger;
  try {
    if (options.run !== undefined) {
      const ids = await matchRunIds(store, options.run);
      if (ids.length !== 1) {
        const why = ids.length === 0 ? `no run ${JSON.stringify(options.run)}` : `${ids.length} runs start with ${JSON.stringify(options.run)} (${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''}); give more of the id`;
        sinks.err(`claimcheck view: ${why} in the ledger ${location.path}. \`claimcheck view\` lists the runs and their ids.`);
        return 2;
      }
      const detail = await store.runDetail(ids[0] as string);
      if (detail === null) return 2; // Not reached: the id was just read from the same read-only ledger.
      if (options.json === true) sinks.out(JSON.stringify({ ledger: location.path, ...detail }));
      else sinks.out(formatRunDetail(detail));
      return 0;
    }
    const runs = await store.listRuns({ limit });
    if (options.json === true) sinks.out(JSON.stringify({ ledger: location.path, runs }));
    else sinks.out(formatRuns(runs, location.path, limit));
    return 0;
  } catch (error) {
    return ledgerFailure('view', error, sinks);
  } finally {
    await store.close();
  }
}

/**
 * The ids of the runs `given` names: itself when it is a run's full id, else every run whose id starts
 * with it (any unique prefix will do, as with git). Reads the run rows only (the export lists them first).
 */
export async function matchRunIds(store: Store, given: string): Promise<string[]> {
  if (given === '') return [];
  if ((await store.runDetail(given)) !== null) return [given];
  const ids: string[] = [];
  for await (const row of store.export()) {
    if (row.type !== 'run') break;
    if (row.id.startsWith(given)) ids.push(row.id);
  }
  return ids;
}

/** The runs table, newest first. */
export function formatRuns(runs: readonly RunSummary[], path: string, limit: number): string {
  const lines = [pc.dim(`Ledger ${path}`)];
  if (runs.length === 0) {
    lines.push('No runs recorded yet.');
    return lines.join('\n');
  }
  const rows = runs.map((r) => [
    r.id,
    formatTime(r.startedAt),
    r.agent ?? pc.dim('—'),
    runTitleCell(r.meta),
    callsCell(r),
    r.interceptions > 0 ? pc.yellow(String(r.interceptions)) : '0',
    verdictCell(r),
  ]);
  lines.push(table(['id', 'started', 'agent', 'run', 'calls', 'intercepted', 'verdicts'], rows, [4, 5]));
  const more = runs.length === limit ? ` (the newest ${limit}; --limit N for more)` : '';
  lines.push(pc.dim(`${plural(runs.length, 'run')}${more} · claimcheck view --run ID for one run's calls and receipts`));
  return lines.join('\n');
}

/**
 * What the runs table shows of a run's `meta` (the dashboard's runs page shows the same, see
 * `runTitle`): its `name`, `title` or `scenario`, else its text, number and boolean fields (dim), else
 * its JSON (dim), cut to 40 characters; `—` without meta.
 */
export function runTitleCell(meta: unknown): string {
  const title = runTitle(meta);
  if (title === null) return pc.dim('—');
  return title.named ? clip(title.text, 40) : pc.dim(clip(title.text, 40));
}

/** `1 fabricated, 2 clean`: a run's checked replies by verdict, as the dashboard's runs page says it. */
function verdictCell(r: RunSummary): string {
  if (r.receipts === 0) return pc.dim('no replies checked');
  const counts: Array<[Verdict, number]> = [['fabricated', r.fabricated], ['unreported', r.unreported], ['clean', r.receipts - r.fabricated - r.unreported]];
  return counts.filter(([, n]) => n > 0).map(([verdict, n]) => VERDICT_STYLE[verdict](`${n} ${verdict}`)).join(', ');
}

/** One run: its header, then operations, interceptions and receipts with their flagged claims. */
export function formatRunDetail(detail: RunDetail): string {
  const { run, operations, interceptions, receipts } = detail;
  const lines = [`${pc.bold(`Run ${run.id}`)}  ${pc.dim(`started ${formatTime(run.startedAt)}`)}${run.agent === null ? '' : `  agent ${pc.bold(run.agent)}`}`];
  if (run.tools.length > 0) lines.push(pc.dim(`tools registered: ${run.tools.join(', ')}`));
  if (run.meta !== null && run.meta !== undefined) lines.push(pc.dim(`meta: ${clip(JSON.stringify(run.meta), 160)}`));

  lines.push('', pc.bold(`Operations (${operations.length})`));
  if (operations.length === 0) lines.push(pc.dim('  none'));
  else lines.push(table(['#', 'turn', 'at', 'tool', 'state', 'receipt', 'took', 'note'], operations.map(operationRow), [0, 1, 6]));

  lines.push('', pc.bold(`Interceptions (${interceptions.length})`));
  if (interceptions.length === 0) lines.push(pc.dim('  none'));
  else lines.push(table(['turn', 'at', 'tool', 'category', 'path', 'other failures'], interceptions.map(interceptionRow), [0]));

  lines.push('', pc.bold(`Receipts (${receipts.length})`));
  if (receipts.length === 0) lines.push(pc.dim('  none'));
  for (const r of receipts) lines.push(...receiptLines(r));
  return lines.join('\n');
}

/** `4 (2 failed, 1 needs_review)`: the calls and, by state, those that want a look (named as `view --run` shows them). */
function callsCell(r: RunSummary): string {
  const states = [
    r.failed > 0 ? pc.red(`${r.failed} failed`) : '',
    r.needsReview > 0 ? STATE_STYLE.needs_review(`${r.needsReview} needs_review`) : '',
    r.unknown > 0 ? STATE_STYLE.unknown(`${r.unknown} unknown`) : '',
  ].filter((x) => x !== '');
  return states.length === 0 ? String(r.operations) : `${r.operations} (${states.join(', ')})`;
}

function operationRow(o: OperationRow, i: number): string[] {
  // A call that did not run (arguments refused) took no time of the tool's, whatever its validation took.
  const took = o.ran && o.startedAt !== null && o.endedAt !== null ? formatDuration(o.endedAt - o.startedAt) : '';
  const receipt = o.receiptId === null ? pc.dim('—') : `${o.receiptId}${o.receiptKind === null ? '' : pc.dim(` (${o.receiptKind})`)}`;
  return [String(i + 1), o.turn === null ? '' : String(o.turn), formatClock(o.at), o.tool, STATE_STYLE[o.state](o.state), receipt, took, operationNote(o)];
}

function operationNote(o: OperationRow): string {
  const notes: string[] = [];
  if (!o.ran) notes.push('not run');
  if (o.repaired) notes.push('repaired');
  // Each fact once: the failure category unless the error text starts with it (`missing_required at /body`)
  // or a verify HALT says it; the error unless it is the verify's own reason (a HALT's).
  const halt = o.verify?.code === 'halt';
  if (o.failure !== null && !(o.error?.startsWith(o.failure) ?? false) && !(halt && o.failure === 'halted')) notes.push(o.failure);
  if (o.error !== null && o.error !== o.verify?.reason) notes.push(clip(o.error, 60));
  if (o.verify !== null) notes.push(`verify ${o.verify.code}${o.verify.reason === undefined ? '' : `: ${clip(o.verify.reason, 60)}`}`);
  if (o.incident !== null) notes.push(`incident: ${clip(o.incident, 40)}`);
  // An action that returned without an id: why it is `unknown` (as the demo says it).
  if (o.state === 'unknown' && o.ran && o.kind === 'action' && o.receiptId === null && o.status === 'ok' && notes.length === 0) notes.push('no proof: its output carries no id');
  return notes.join(' · ');
}

function interceptionRow(i: InterceptionRow): string[] {
  const others = i.failures.filter((f) => !(f.category === i.category && f.path === i.path)).map((f) => `${f.category} ${f.path}`);
  return [
    i.turn === null ? '' : String(i.turn),
    formatClock(i.at),
    i.tool,
    pc.yellow(i.category),
    i.path ?? '',
    `${clip(others.join(', '), 60)}${i.repaired ? pc.dim(' (a repair attempt)') : ''}`,
  ];
}

function receiptLines(r: ReceiptRow): string[] {
  const where = [r.turn === null ? null : `turn ${r.turn}`, r.messageIndex === null ? null : `message ${r.messageIndex}`].filter((w) => w !== null).join(', ');
  const lines = [`  ${VERDICT_STYLE[r.verdict](r.verdict.toUpperCase())}  ${pc.dim(`${formatClock(r.at)}${where === '' ? '' : ` · ${where}`}`)}  ${r.summary}`];
  for (const c of r.receipt.claimedButNeverRan ?? []) {
    // What an args_mismatch contradicts, as `claimcheck check` prints it ("the reply says a refund of $64.00, but the call used amount_cents 4600").
    const message = c.message === undefined ? '' : pc.dim(` (${clip(c.message, 160)})`);
    lines.push(`    ${pc.red('✗')} ${pc.bold(c.tool ?? '?')} ${pc.red(c.reason ?? 'flagged')}${message}: ${pc.italic(`"${clip(c.text, 160)}"`)}`);
  }
  for (const c of r.receipt.claimedWithoutTool ?? []) lines.push(`    ${pc.magenta('!')} claimed without a tool (${c.verb}): ${pc.italic(`"${clip(c.text, 160)}"`)}`);
  for (const c of r.receipt.deniedButRan ?? []) lines.push(`    ${pc.magenta('!')} ${pc.bold(c.tool ?? '?')} denied but ran: ${pc.italic(`"${clip(c.text, 160)}"`)}`);
  return lines;
}
