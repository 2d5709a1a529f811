/**
 * `claimcheck stats [--since 24h|7d|30m|2w|DATE] [--json] [--db PATH]`: how many runs started and calls
 * ran, how many the guard intercepted and repaired, which tools fail, the interception categories, the
 * checked replies' verdicts, and the tool registry. `--json` prints one object: `{"ledger", ...StoreStats}`.
 *
 * A ledger file that does not exist yet is an empty ledger (a note on stderr, exit 0). Exit status 2
 * for a bad `--since` or a ledger that cannot be read.
 */
import { pc } from './_terminal-text.js';
import type { StoreStats } from '../store.js';
import { operationStates } from '../store/records.js';
import { validationFailureCategories } from '../validate/validation-failure.js';
import type { Sinks } from './check-command.js';
import { formatRate, formatTime, plural, table } from './_ledger-format.js';
import { ledgerFailure, openLedger, type LedgerOptions } from './_open-ledger.js';
import { parseSince } from './_since.js';

/** Options of the stats command. */
export interface StatsCommandOptions extends LedgerOptions {
  /** Count only records since then: a duration back from now (`24h`) or a local date (`2024-05-01`). Default: everything. */
  since?: string;
  json?: boolean;
  /** The time `--since` durations count back from, epoch milliseconds. Default `Date.now()` (tests fix it). */
  now?: number;
}

/** Run the command; resolves to the exit status. */
export async function runStats(options: StatsCommandOptions, sinks: Sinks): Promise<number> {
  let since: number | undefined;
  try {
    if (options.since !== undefined) since = parseSince(options.since, options.now);
  } catch (error) {
    return ledgerFailure('stats', error, sinks);
  }
  let ledger;
  try {
    ledger = await openLedger('stats', options, sinks);
  } catch (error) {
    return ledgerFailure('stats', error, sinks);
  }
  try {
    // Every interception category fits on screen (there are eight), so the report lists them all.
    const top = validationFailureCategories.length;
    const stats = await ledger.store.stats(since === undefined ? { top } : { since, top });
    if (options.json === true) sinks.out(JSON.stringify({ ledger: ledger.location.path, ...stats }));
    else sinks.out(formatStats(stats, ledger.location.path, options.since));
    return 0;
  } catch (error) {
    return ledgerFailure('stats', error, sinks);
  } finally {
    await ledger.store.close();
  }
}

/** The readable report. */
export function formatStats(s: StoreStats, path: string, sinceText?: string): string {
  const window = s.since === null ? 'all time' : `since ${formatTime(s.since)}${sinceText === undefined ? '' : ` (--since ${sinceText})`}`;
  const lines = [pc.dim(`Ledger ${path} · ${window}`)];
  const row = (label: string, value: string, note = ''): string => `${label.padEnd(18)}${value.padStart(5)}${note === '' ? '' : `  ${pc.dim(note)}`}`;
  lines.push(
    // Each count says its unit: a run holds calls and checked replies (`claimcheck demo` records a run per scenario).
    row('runs', String(s.runs), 'agent runs started'),
    row('calls', String(s.calls), 'tool calls; a rejected call and its repair count as two'),
    // A rate of nothing is no rate: an empty ledger shows its counts without "0.0% of calls".
    row('intercepted calls', String(s.intercepted), s.calls === 0 ? '' : `${formatRate(s.interceptRate)} of calls`),
    row('auto-repaired', String(s.repaired), s.intercepted === 0 ? '' : `${formatRate(s.repairRate)} of intercepted`),
    row('passed through', String(s.passedThrough), 'validated and ran'),
    `${'states'.padEnd(18)}${operationStates.map((st) => `${st} ${s.states[st]}`).join(' · ')}`,
  );

  lines.push('', pc.bold('Top failing tools'));
  if (s.topFailingTools.length === 0) lines.push(pc.dim('  none failed'));
  else lines.push(table(['tool', 'errors', 'calls', 'error rate'], s.topFailingTools.map((t) => [t.tool, pc.red(String(t.errors)), String(t.calls), formatRate(t.errorRate)]), [1, 2, 3]));

  lines.push('', pc.bold('Interception categories'));
  if (s.topCategories.length === 0) lines.push(pc.dim('  none intercepted'));
  else lines.push(table(['category', 'count'], s.topCategories.map((c) => [pc.yellow(c.category), String(c.count)]), [1]));

  const v = s.verdicts;
  const replies = v.fabricated + v.unreported + v.clean;
  lines.push(
    '',
    `${pc.bold('Reply verdicts'.padEnd(18))}${pc.red(`fabricated ${v.fabricated}`)} · ${pc.yellow(`unreported ${v.unreported}`)} · ${pc.green(`clean ${v.clean}`)}  ${pc.dim(`(${replies} ${replies === 1 ? 'reply' : 'replies'} checked)`)}`,
    `${pc.bold('Claim findings'.padEnd(18))}without a tool ${s.findings.claimedWithoutTool} · denied but ran ${s.findings.deniedButRan}`,
    // Counted in tools, not calls: "intercepted" above counts calls.
    `${pc.bold('Tools'.padEnd(18))}${plural(s.registry.registered, 'tool')} registered · ${s.registry.fired} called · ${s.registry.intercepted} with a call intercepted`,
  );
  const flags = s.reviews.claims.right + s.reviews.claims.wrong;
  const calls = s.reviews.operations.right + s.reviews.operations.wrong;
  if (flags + calls > 0) {
    const share = s.reviews.flagsJudgedRight === null ? '' : `, ${formatRate(s.reviews.flagsJudgedRight)} judged right`;
    lines.push(`${pc.bold('Reviews'.padEnd(18))}${plural(flags, 'flag')} reviewed${share} · ${plural(calls, 'unproven call')} reviewed (${s.reviews.operations.right} needed the look)`);
  }
  if (s.dropped.records > 0) {
    lines.push('', pc.red(`${pc.bold('Dropped'.padEnd(16))}${s.dropped.records} records lost: a writer's queue overflowed while the ledger could not be written (last counted ${formatTime(s.dropped.lastAt ?? 0)})`));
  }
  return lines.join('\n');
}
