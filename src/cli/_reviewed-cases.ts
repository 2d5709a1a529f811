/**
 * Internal: reviewed replies as labelled cases (docs/case-format.md, `format: "transcript"`), so
 * `claimcheck eval` measures the checker on the user's own traffic. A case is one checked reply with at
 * least one reviewed flagged claim: the run's conversation up to that reply (each earlier reply, the
 * user's request when recorded, and the calls each reply was judged against, where they settled), and
 * the receipt's findings as the label, each reviewed flag labelled as its review says (see `toCase`). The
 * ledger must have captured the replies (`openStore({ capture: true })`); replies it did not capture are
 * counted, not written, and so are replies whose review no label the transcript supports can agree with.
 */
import { checkTurns } from '../check.js';
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
  /** Reviewed replies not written because the transcript cannot carry a label that agrees with the review. */
  skipped: SkippedCase[];
}

/** A reviewed reply left out, and why (names the run and reply so the user can find it). */
export interface SkippedCase {
  runId: string;
  /** The receipt's `seq` (the reply). */
  seq: number;
  /** Why no label the transcript supports agrees with the review, one sentence. */
  why: string;
}

/** What the transcript shows of a tool's calls, as the case format judges a claim against them. */
type Shown = { calls: 'none' } | { calls: 'failed' } | { calls: 'ok'; valued: boolean };

export async function reviewedCases(store: Store): Promise<ReviewedCases> {
  const byReceipt = new Map<number, ReviewMark[]>();
  const runs = new Set<string>();
  for (const m of latestMarks(await store.reviewMarks())) {
    if (m.target !== 'claim') continue;
    byReceipt.set(m.targetSeq, [...(byReceipt.get(m.targetSeq) ?? []), m]);
    runs.add(m.runId);
  }
  const result: ReviewedCases = { cases: [], uncaptured: 0, skipped: [] };
  for (const runId of runs) {
    const detail = await store.runDetail(runId);
    if (detail === null) continue;
    for (const receipt of detail.receipts) {
      const marks = byReceipt.get(receipt.seq);
      if (marks === undefined) continue;
      if (receipt.reply === null) {
        result.uncaptured++;
        continue;
      }
      const made = toCase(detail, receipt, marks);
      if (typeof made === 'string') result.skipped.push({ runId, seq: receipt.seq, why: made });
      else result.cases.push(made);
    }
  }
  return result;
}

/**
 * The case for one reviewed reply, or why none can be written. Each flagged claim is labelled by its
 * review (a claim nobody reviewed keeps the checker's flag, as a mark `right` would):
 * - judged `wrong`: not flagged; `confirmed` when a successful call of its tool is in the transcript
 *   (else in neither list), so the checker's flag scores as a false alarm. The checker is run on the
 *   transcript as `eval` runs it: when it does not raise that flag again (a guard-only `not_proven` on a
 *   call the transcript shows succeeding, an `args_mismatch` on calls stored without values), the case
 *   could not count the false alarm, and the reply is not written;
 * - judged `right`: flagged for the reason the transcript supports — `not_called` when no call of its
 *   tool is there, `tool_failed` when every one failed, `args_mismatch` when they succeeded and record their
 *   arguments or results (the values the mismatch is read from). A guard-only `not_proven` flag becomes the
 *   first two when the transcript shows them. Any other combination (a `not_proven` flag on a call the
 *   transcript shows succeeding, an `args_mismatch` flag on calls whose arguments were not recorded, a
 *   reason the transcript contradicts) has no label that both agrees with the review and follows from the
 *   transcript: the reply is not written.
 */
function toCase(detail: RunDetail, receipt: ReceiptRow, marks: ReviewMark[]): ReviewedCase | string {
  const judged = new Map(marks.map((m) => [m.claimIndex ?? 0, m]));
  const body = receipt.receipt;
  const flaggedClaims = body.claimedButNeverRan ?? [];
  const messages = conversation(detail, receipt);
  const flagged: Array<{ tool: string; reason: string }> = [];
  const backed: string[] = [];
  const wrong: Array<{ tool: string; reason: string; shown: Shown }> = [];
  for (const [i, c] of flaggedClaims.entries()) {
    if (c.tool === null) continue;
    const mark = judged.get(i);
    const shown = shownCalls(messages, c.tool);
    if (mark?.judgement === 'wrong') {
      if (shown.calls === 'ok') backed.push(c.tool);
      wrong.push({ tool: c.tool, reason: String(c.reason), shown });
      continue;
    }
    const reason = labelReason(String(c.reason), shown);
    if (typeof reason !== 'string') return `the ${String(c.reason)} flag on ${c.tool} (${mark === undefined ? 'not reviewed, kept as the checker flagged it' : 'judged right'}) cannot be labelled: ${reason.why}`;
    if (!flagged.some((f) => f.tool === c.tool && f.reason === reason)) flagged.push({ tool: c.tool, reason });
  }
  const confirmed = unique([...(body.confirmed ?? []).map((c) => c.tool).filter((t): t is string => t !== null), ...backed]);
  const unreported = unique((body.ranButUnreported ?? []).map((e) => e.tool));
  const verdict = flagged.length > 0 ? 'fabricated' : unreported.length > 0 ? 'unreported' : 'clean';
  const tools = detail.run.tools.length > 0 ? detail.run.tools : unique(detail.operations.map((o) => o.tool));
  const unseen = falseAlarmUnseen(messages, tools, wrong);
  if (unseen !== null) return unseen;
  const right = marks.filter((m) => m.judgement === 'right').length;
  return {
    id: `reviewed-${detail.run.id.slice(0, 8)}-${receipt.seq}`,
    source: `claimcheck review of run ${detail.run.id}, reply ${receipt.seq}`,
    kind: 'claims',
    format: 'transcript',
    tools,
    messages,
    expect: { verdict, flagged, confirmed, unreported },
    notes: `From the ledger's review marks: ${marks.length} flagged claim${marks.length === 1 ? '' : 's'} reviewed (${right} right, ${marks.length - right} wrong); a flag judged right is labelled flagged for the reason the transcript shows, a flag judged wrong is labelled confirmed when a successful call of its tool is in the conversation, else left out; the rest is the checker's receipt.`,
    x_review: marks.map((m) => {
      const c = flaggedClaims[m.claimIndex ?? 0];
      return { claim: c?.text ?? '', tool: c?.tool ?? null, reason: c?.reason ?? null, judgement: m.judgement, note: m.note };
    }),
  };
}

/**
 * Why a flag judged wrong would not count as a false alarm in `eval` (the checker, run on the transcript as
 * eval runs it, does not raise it again), or `null` when each one does.
 */
function falseAlarmUnseen(messages: unknown[], tools: string[], wrong: Array<{ tool: string; reason: string; shown: Shown }>): string | null {
  if (wrong.length === 0) return null;
  let raised: Set<string>;
  try {
    const turns = checkTurns(messages, { format: 'transcript', tools });
    raised = new Set((turns.at(-1)?.receipt.claimedButNeverRan ?? []).map((c) => c.tool ?? ''));
  } catch (error) {
    return `the checker cannot read the transcript (${error instanceof Error ? error.message : String(error)})`;
  }
  const missed = wrong.find((w) => !raised.has(w.tool));
  if (missed === undefined) return null;
  const why =
    missed.reason === 'not_proven'
      ? 'not_proven is a guard-only reason (the operation was not proven), which a transcript cannot carry'
      : missed.reason === 'args_mismatch' && missed.shown.calls === 'ok' && !missed.shown.valued
        ? 'the ledger recorded no arguments or result for its calls (keep them with guard({ captureArgs: true }) and openStore({ capture: true })), so the transcript holds no value the claim contradicts'
        : 'the transcript does not hold what the flag was raised on';
  return `the ${missed.reason} flag on ${missed.tool} (judged wrong) would not count as a false alarm: the checker does not raise it from the transcript, because ${why}`;
}

/** The case-format reason a flag the checker was right about takes, given what the transcript shows. */
function labelReason(reason: string, shown: Shown): string | { why: string } {
  const seen = shown.calls === 'none' ? 'no call of it' : shown.calls === 'failed' ? 'only failed calls of it' : 'a successful call of it';
  switch (reason) {
    case 'not_called':
      return shown.calls === 'none' ? reason : { why: `the transcript shows ${seen}` };
    case 'tool_failed':
      return shown.calls === 'failed' ? reason : { why: `the transcript shows ${seen}` };
    case 'args_mismatch':
      if (shown.calls !== 'ok') return { why: `the transcript shows ${seen}` };
      return shown.valued ? reason : { why: 'the ledger recorded no arguments or result for its calls (keep them with guard({ captureArgs: true }) and openStore({ capture: true })), so the transcript holds no value to contradict the claim and a checker could only confirm it' };
    case 'not_proven':
      if (shown.calls === 'none') return 'not_called';
      if (shown.calls === 'failed') return 'tool_failed';
      return { why: 'not_proven is a guard-only reason (the operation was not proven) and the transcript shows the call succeeding, so no transcript label can flag it' };
    default:
      return { why: 'the case format has no such reason' };
  }
}

/** The calls of `tool` in the case's transcript: none, all failed, or some succeeded (with recorded values or not). */
function shownCalls(messages: unknown[], tool: string): Shown {
  const calls = messages.filter((m): m is { tool: string; status: string; args: unknown; result: unknown } => (m as { tool?: unknown }).tool === tool);
  const ok = calls.filter((m) => m.status === 'ok');
  if (calls.length === 0) return { calls: 'none' };
  if (ok.length === 0) return { calls: 'failed' };
  return { calls: 'ok', valued: ok.every((m) => Object.keys(m.args as object).length > 0 || (m.result !== null && m.result !== undefined)) };
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
