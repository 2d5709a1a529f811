/**
 * Internal: the end of `claimcheck demo`: what its scenarios did, counted in the units `claimcheck stats`
 * counts the ledger in (runs, calls, replies), so the two can be read side by side.
 */
import { pc } from './_terminal-text.js';
import type { DemoScenarioResult } from '../demo/run-demo.js';
import type { Verdict } from '../receipt.js';
import { demoFindings } from './_demo-findings.js';
import { plural } from './_ledger-format.js';

/** What the demo did, in the order it happened. */
export interface DemoSummary {
  /** Runs recorded: one per scenario (`stats().runs`). */
  runs: number;
  /** Guarded calls, a rejected call and its repair counted apart (`stats().calls`). */
  calls: number;
  /** Replies per verdict, one receipt each (`stats().verdicts`). */
  verdicts: Record<Verdict, number>;
  /** Calls intercepted, by validation category (`stats().intercepted` in all). */
  intercepted: Map<string, number>;
  /** Intercepted calls whose repair ran (`stats().repaired`). */
  repaired: number;
  /** Catches on replies, by reason (`not_proven`, `denied_but_ran`, …): findings, not replies. */
  caught: Map<string, number>;
}

/** The scenarios' results, counted. */
export function summarizeDemo(results: readonly DemoScenarioResult[]): DemoSummary {
  const summary: DemoSummary = { runs: results.length, calls: 0, verdicts: { fabricated: 0, unreported: 0, clean: 0 }, intercepted: new Map(), repaired: 0, caught: new Map() };
  const add = (counts: Map<string, number>, key: string): void => void counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const r of results) {
    summary.calls += r.operations.length;
    summary.verdicts[r.receipt.verdict]++;
    for (const op of r.operations) if (!op.ran && op.failure !== null) add(summary.intercepted, op.failure);
    summary.repaired += r.repairs.filter((a) => a.outcome === 'repaired').length;
    for (const f of demoFindings(r.receipt)) if (f.kind === 'caught') add(summary.caught, f.label);
  }
  return summary;
}

/**
 * The summary as printed, each count with its unit; `ledgerRuns` (the runs in the ledger after the demo)
 * above `summary.runs` adds a line saying that `claimcheck stats` counts the earlier runs too.
 */
export function summaryLines(s: DemoSummary, ledger: string, agent: string, ledgerRuns: number): string[] {
  const replies = `${s.runs} ${s.runs === 1 ? 'reply' : 'replies'}`;
  const counted = (label: string, n: number, text: string): string => `  ${label.padEnd(12)}${String(n).padStart(2)}  ${text}`;
  const listed = (counts: ReadonlyMap<string, number>): string => [...counts].map(([key, n]) => `${key} ${n}`).join(' · ');
  const total = (counts: ReadonlyMap<string, number>): number => [...counts.values()].reduce((a, b) => a + b, 0);
  const v = s.verdicts;
  // A denial of a call that ran is caught, yet its reply is not fabricated (stats lists it under claim findings).
  const denials = s.caught.has('denied_but_ran') ? pc.dim(' (a denial of a call that ran is caught, but is not a fabrication)') : '';
  const lines = [
    `${pc.bold(`Recorded ${plural(s.runs, 'run')}`)} (one per scenario, agent ${agent}) in ${ledger}: ${plural(s.calls, 'call')} and ${replies} checked.`,
    counted('intercepted', total(s.intercepted), `calls: ${listed(s.intercepted)}`),
    counted('repaired', s.repaired, pc.dim('intercepted calls the model corrected in one round trip (an unknown tool is answered, not repaired)')),
    counted('caught', total(s.caught), `findings on replies: ${listed(s.caught)}`),
    counted('verdicts', s.runs, `replies: fabricated ${v.fabricated} · unreported ${v.unreported} · clean ${v.clean}${denials}`),
  ];
  if (ledgerRuns > s.runs) {
    const earlier = ledgerRuns - s.runs;
    lines.push(pc.dim(`The ledger holds ${plural(ledgerRuns, 'run')}: these ${s.runs} and ${earlier} recorded before, which \`claimcheck stats\` counts too (run the demo with --db NEW_FILE for a ledger of its own).`));
  }
  return lines;
}
