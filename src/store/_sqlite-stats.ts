/**
 * Internal: `stats()` on SQLite. Three GROUP BY queries, each answered from a covering index
 * (operations by tool/state/status/ran/repaired/at, interceptions by category/tool/at, receipts by
 * verdict/at), so a million operations are aggregated without touching the table; the rest is
 * arithmetic over a few hundred grouped rows. One read transaction, so the numbers agree.
 */
import type { Verdict } from '../receipt.js';
import type { Database } from './_driver.js';
import { operationStates, type OperationState } from './records.js';
import type { FailingTool, StoreStats } from './store-stats.js';
import type { RawRow } from './_sqlite-rows.js';

const OPERATIONS = `SELECT tool, state, status, ran, repaired, count(*) AS n FROM operations
  WHERE at >= ? GROUP BY tool, state, status, ran, repaired`;
const INTERCEPTIONS = 'SELECT category, tool, count(*) AS n FROM interceptions WHERE at >= ? GROUP BY category, tool';
const VERDICTS = 'SELECT verdict, count(*) AS n FROM receipts WHERE at >= ? GROUP BY verdict';
const REGISTERED = 'SELECT count(*) AS n FROM tools WHERE last_registered >= ?';
const DROPPED = 'SELECT coalesce(sum(records), 0) AS n, max(at) AS last FROM dropped WHERE at >= ?';

/** Stats over the records at or after `since` (`NO_SINCE` for all); `since` in the result is `reported`. */
export function computeStats(db: Database, since: number, reported: number | null, top: number, hasDropped: boolean): StoreStats {
  return db.transaction((): StoreStats => {
    const ops = db.prepare(OPERATIONS).all(since) as RawRow[];
    const interceptions = db.prepare(INTERCEPTIONS).all(since) as RawRow[];
    const verdictRows = db.prepare(VERDICTS).all(since) as RawRow[];
    const registered = Number((db.prepare(REGISTERED).get(since) as RawRow)['n']);
    const droppedRow = hasDropped ? (db.prepare(DROPPED).get(since) as RawRow) : { n: 0, last: null };

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
      registry: { registered, fired: fired.size, intercepted: interceptedTools.size },
      dropped: { records: Number(droppedRow['n']), lastAt: droppedRow['last'] === null ? null : Number(droppedRow['last']) },
    };
  }).deferred();
}

function rate(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
