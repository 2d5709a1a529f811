/**
 * Internal: `stats()` from the grouped rows every backend's queries return (operations by tool, state,
 * status, ran and repaired; interceptions by category and tool; receipts by verdict): arithmetic over a
 * few hundred rows, the same for SQLite and PostgreSQL.
 */
import type { Verdict } from '../receipt.js';
import { operationStates, type OperationState } from './records.js';
import type { FailingTool, StoreStats } from './store-stats.js';
import type { ReviewCounts } from './review.js';

type RawRow = Record<string, unknown>;

/** The width of an `operation_days` count (schema 4): one UTC day, in milliseconds. */
export const DAY_MS = 86_400_000;

/**
 * How operations since `since` are counted from schema 4 on: the days of `operation_days` from `fromDay`
 * (the first whole UTC day at or after `since`), plus the operations themselves in `[since, rawUntil)`,
 * the part of a day before it (empty when `since` is a midnight). `null` for everything: all the days.
 */
export function daySplit(since: number | null): { fromDay: number; raw: [number, number] | null } {
  if (since === null) return { fromDay: Number.MIN_SAFE_INTEGER, raw: null };
  const fromDay = Math.ceil(since / DAY_MS);
  const rawUntil = fromDay * DAY_MS;
  return { fromDay, raw: rawUntil > since ? [since, rawUntil] : null };
}

/** The grouped rows and totals a backend read in one snapshot. */
export interface StatsInput {
  ops: RawRow[];
  interceptions: RawRow[];
  verdictRows: RawRow[];
  /** `{ without_tool, denied }`: the finding counts summed over the receipt bodies. */
  findingsRow?: RawRow;
  registered: number;
  /** Runs started since `since`. */
  runs: number;
  /** `{ n, last }`: dropped records since `since`, and the time of the last count. */
  dropped: RawRow;
  /** The `since` to report, `null` for everything. */
  reported: number | null;
  top: number;
  /** The review counts, from `countReviews`. */
  reviews: ReviewCounts;
}

export function aggregateStats({ ops, interceptions, verdictRows, findingsRow, registered, runs, dropped: droppedRow, reported, top, reviews }: StatsInput): StoreStats {
  const states = Object.fromEntries(operationStates.map((s) => [s, 0])) as Record<OperationState, number>;
  const perTool = new Map<string, { calls: number; errors: number }>();
  const fired = new Set<string>();
  let calls = 0;
  let errors = 0;
  let repaired = 0;
  let passedThrough = 0;
  for (const r of ops) {
    const n = Number(r['n']);
    const tool = String(r['tool']);
    const state = String(r['state']) as OperationState;
    const isError = r['status'] === 'error';
    const ran = r['ran'] === 1;
    calls += n;
    states[state] = (states[state] ?? 0) + n;
    if (isError) errors += n;
    if (ran) {
      passedThrough += n;
      fired.add(tool);
      if (r['repaired'] === 1 && state !== 'failed') repaired += n;
    }
    const t = perTool.get(tool) ?? { calls: 0, errors: 0 };
    t.calls += n;
    if (isError) t.errors += n;
    perTool.set(tool, t);
  }

  const categories = new Map<string, number>();
  const interceptedTools = new Set<string>();
  let intercepted = 0;
  for (const r of interceptions) {
    const n = Number(r['n']);
    intercepted += n;
    interceptedTools.add(String(r['tool']));
    categories.set(String(r['category']), (categories.get(String(r['category'])) ?? 0) + n);
  }

  const verdicts: Record<Verdict, number> = { clean: 0, unreported: 0, fabricated: 0 };
  for (const r of verdictRows) {
    const v = String(r['verdict']) as Verdict;
    if (v in verdicts) verdicts[v] += Number(r['n']);
  }

  const topFailingTools: FailingTool[] = [...perTool]
    .filter(([, t]) => t.errors > 0)
    .map(([tool, t]) => ({ tool, calls: t.calls, errors: t.errors, errorRate: t.errors / t.calls }))
    .sort((a, b) => b.errors - a.errors || compare(a.tool, b.tool))
    .slice(0, top);
  const topCategories = [...categories]
    .map(([category, count]) => ({ category, count }))
    .sort((a, b) => b.count - a.count || compare(a.category, b.category))
    .slice(0, top);

  return {
    since: reported,
    runs,
    calls,
    states,
    errors,
    intercepted,
    interceptRate: rate(intercepted, calls),
    repaired,
    repairRate: rate(repaired, intercepted),
    passedThrough,
    topFailingTools,
    topCategories,
    verdicts,
    findings: { claimedWithoutTool: Number(findingsRow?.['without_tool'] ?? 0), deniedButRan: Number(findingsRow?.['denied'] ?? 0) },
    registry: { registered, fired: fired.size, intercepted: interceptedTools.size },
    dropped: { records: Number(droppedRow['n']), lastAt: droppedRow['last'] === null ? null : Number(droppedRow['last']) },
    reviews,
  };
}

function rate(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
