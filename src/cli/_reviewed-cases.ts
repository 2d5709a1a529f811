/**
 * Internal: reviewed replies as labelled cases (docs/case-format.md, `format: "transcript"`), so
 * `claimcheck eval` measures the checker on the user's own traffic. A case is one checked reply with at
 * least one reviewed flagged claim: the run's conversation up to that reply (each earlier reply, the
 * user's request when recorded, and the calls each reply was judged against, where they settled), and
 * the receipt's findings as the label, less every flag a reviewer judged wrong. The ledger must have
 * captured the replies (`openStore({ capture: true })`); replies it did not capture are counted, not written.
 */
import type { Claim } from '../receipt.js';
import type { OperationRow, ReceiptRow, RunDetail, Store } from '../store.js';
import { latestMarks, type ReviewMark } from '../store/review.js';

/** A labelled `claims` case in the transcript format. */
export interface ReviewedCase {
  id: string;
  source: string;
  kind: 'claims';
  format: 'transcript';
  tools: string[];
  messages: unknown[];
  expect: { verdict: 'clean' | 'unreported' | 'fabricated'; flagged: Array<{ tool: string; reason: string }>; confirmed: string[]; unreported: string[] };
  notes: string;
  /** The review marks the label rests on (a labeller's hint: a checker never reads `x_` fields). */
  x_review: Array<{ claim: string; tool: string | null; reason: string | null; judgement: string; note: string | null }>;
}

/** What {@link reviewedCases} found. */
export interface ReviewedCases {
  cases: ReviewedCase[];
  /** Reviewed replies whose text the ledger did not capture. */
  uncaptured: number;
  /** Reviewed `not_proven` flags: a guard-only reason a transcript cannot carry (labelled as the transcript shows the call). */
  notProven: number;
}

/** The case-format reasons; `not_proven` (the guard's) has no transcript equivalent. */
const CASE_REASONS = new Set(['not_called', 'tool_failed', 'args_mismatch']);

export async function reviewedCases(store: Store): Promise<ReviewedCases> {
  const byReceipt = new Map<number, ReviewMark[]>();
  const runs = new Set<string>();
  for (const m of latestMarks(await store.reviewMarks())) {
    if (m.target !== 'claim') continue;
    byReceipt.set(m.targetSeq, [...(byReceipt.get(m.targetSeq) ?? []), m]);
    runs.add(m.runId);
  }
  const result: ReviewedCases = { cases: [], uncaptured: 0, notProven: 0 };
  for (const runId of runs) {
    const detail = await store.runDetail(runId);
    if (detail === null) continue;
    for (const receipt of detail.receipts) {
      const marks = byReceipt.get(receipt.seq);
      if (marks === undefined) continue;
      if (receipt.reply === null) result.uncaptured++;
      else result.cases.push(toCase(detail, receipt, marks, result));
    }
  }
  return result;
}

function toCase(detail: RunDetail, receipt: ReceiptRow, marks: ReviewMark[], counts: ReviewedCases): ReviewedCase {
  const judged = new Map(marks.map((m) => [m.claimIndex ?? 0, m]));
  const body = receipt.receipt;
  const flaggedClaims = body.claimedButNeverRan ?? [];
  const messages = conversation(detail, receipt);
  const succeeded = new Set(messages.flatMap((m) => ((m as { status?: string }).status === 'ok' ? [(m as { tool: string }).tool] : [])));
  const flagged: Array<{ tool: string; reason: string }> = [];
  const backed: string[] = [];
  flaggedClaims.forEach((c: Claim, i) => {
    const mark = judged.get(i);
    if (c.tool === null) return;
    // A flag judged wrong, or a guard-only not_proven flag, is a claim a successful call in the transcript backs.
    const transcriptOnly = !CASE_REASONS.has(String(c.reason));
    if (transcriptOnly && mark !== undefined) counts.notProven++;
    if (mark?.judgement === 'wrong' || transcriptOnly) {
      if (succeeded.has(c.tool)) backed.push(c.tool);
      return;
    }
    if (!flagged.some((f) => f.tool === c.tool && f.reason === c.reason)) flagged.push({ tool: c.tool, reason: String(c.reason) });
  });
  const confirmed = unique([...(body.confirmed ?? []).map((c) => c.tool).filter((t): t is string => t !== null), ...backed]);
  const unreported = unique((body.ranButUnreported ?? []).map((e) => e.tool));
  const verdict = flagged.length > 0 ? 'fabricated' : unreported.length > 0 ? 'unreported' : 'clean';
  const tools = detail.run.tools.length > 0 ? detail.run.tools : unique(detail.operations.map((o) => o.tool));
  return {
    id: `reviewed-${detail.run.id.slice(0, 8)}-${receipt.seq}`,
    source: `claimcheck review of run ${detail.run.id}, reply ${receipt.seq}`,
    kind: 'claims',
    format: 'transcript',
    tools,
    messages,
    expect: { verdict, flagged, confirmed, unreported },
    notes: `From the ledger's review marks: ${marks.length} flagged claim(s) reviewed (${marks.filter((m) => m.judgement === 'right').length} right, ${marks.filter((m) => m.judgement === 'wrong').length} wrong); flags judged wrong are labelled confirmed when a successful call of their tool is in the conversation, else left out; the rest is the checker's receipt.`,
    x_review: marks.map((m) => {
      const c = flaggedClaims[m.claimIndex ?? 0];
      return { claim: c?.text ?? '', tool: c?.tool ?? null, reason: c?.reason ?? null, judgement: m.judgement, note: m.note };
    }),
  };
}

/** The run's replies up to `last`, each after its request and the calls it was judged against. */
function conversation(detail: RunDetail, last: ReceiptRow): unknown[] {
  const messages: unknown[] = [];
  const used = new Set<number>();
  for (const r of detail.receipts) {
    if (r.seq > last.seq) break;
    if (r.request !== null) messages.push({ role: 'user', content: r.request });
    const calls = detail.operations.filter((o) => !used.has(o.seq) && (r.callIds.length > 0 ? o.callId !== null && r.callIds.includes(o.callId) : o.turn !== null && o.turn === r.turn));
    for (const o of calls) {
      used.add(o.seq);
      messages.push(toolEntry(o));
    }
    messages.push({ role: 'assistant', content: r.reply ?? '' });
  }
  return messages;
}

function toolEntry(o: OperationRow): Record<string, unknown> {
  return { tool: o.tool, status: o.status, args: o.args ?? {}, result: o.result ?? null, ...(o.error === null ? {} : { error: o.error }) };
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}
