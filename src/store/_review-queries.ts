/**
 * Internal: review marks on SQLite and PostgreSQL: the queue of flagged claims and unproven operations,
 * the marks, and the checks before a mark is added. SQL with `?` placeholders, run through a {@link Query}.
 */
import { ClaimcheckError } from '../errors.js';
import type { Claim, FlagReason } from '../receipt.js';
import { MAX_DATE_MS } from './_normalize.js';
import { fromStoredJson } from './_stored-text.js';
import type { RawRow } from './_sqlite-rows.js';
import { pageLimit, type Query } from './_dashboard-reads.js';
import type { OperationState } from './records.js';
import { latestMarks, markKey, type ReviewItem, type ReviewMark, type ReviewMarkInput, type ReviewPage, type ReviewQueueOptions } from './review.js';

export const INSERT_MARK = 'INSERT INTO review_marks (at, run_id, target, target_seq, claim_index, judgement, note) VALUES (?, ?, ?, ?, ?, ?, ?)';
const MAX_NOTE = 2000;
const NEWEST = Number.MAX_SAFE_INTEGER;

/** Every mark since `since` (a time or `null`), oldest first; none on a ledger older than schema 3. */
export async function readMarks(q: Query, since: number | null, hasMarks: boolean): Promise<ReviewMark[]> {
  if (!hasMarks) return [];
  const rows = await q('SELECT * FROM review_marks WHERE at >= ? ORDER BY seq', [since ?? Number.MIN_SAFE_INTEGER]);
  return rows.map(toMark);
}

/**
 * The checked parameters of the INSERT ({@link INSERT_MARK}), after finding the target.
 * @throws ClaimcheckError `invalid_record` for a bad mark or a target the ledger does not hold.
 */
export async function markParams(q: Query, input: ReviewMarkInput, now: number): Promise<unknown[]> {
  const where = 'Store.addReviewMark()';
  if (typeof input !== 'object' || input === null) throw bad(`${where} needs a mark object, got ${String(input)}.`);
  const { target, targetSeq, judgement } = input;
  if (target !== 'claim' && target !== 'operation') throw bad(`${where}: target must be "claim" or "operation", got ${JSON.stringify(target)}.`);
  if (judgement !== 'right' && judgement !== 'wrong') throw bad(`${where}: judgement must be "right" or "wrong", got ${JSON.stringify(judgement)}.`);
  if (!Number.isSafeInteger(targetSeq) || targetSeq < 1) throw bad(`${where}: targetSeq must be the seq of a ${target} (a positive integer), got ${JSON.stringify(targetSeq)}.`);
  const note = input.note ?? null;
  if (note !== null && (typeof note !== 'string' || note.length > MAX_NOTE)) throw bad(`${where}: note must be text of at most ${MAX_NOTE} characters.`);
  const at = input.at ?? now;
  // A mark's time must fit the column (a 64-bit integer) and read back as a Date: Date's own range.
  if (typeof at !== 'number' || !(Math.abs(at) <= MAX_DATE_MS)) {
    throw bad(`${where}: at must be epoch milliseconds a Date can hold (at most ${MAX_DATE_MS} either side of 1970), got ${String(at)}.`);
  }
  let runId: string;
  let claimIndex: number | null = null;
  if (target === 'claim') {
    claimIndex = input.claimIndex ?? null;
    const row = (await q('SELECT run_id, flagged FROM receipts WHERE seq = ?', [targetSeq]))[0];
    if (row === undefined) throw bad(`${where}: the ledger has no receipt with seq ${targetSeq}.`);
    if (!Number.isInteger(claimIndex) || (claimIndex as number) < 0 || (claimIndex as number) >= Number(row['flagged'])) {
      throw bad(`${where}: receipt ${targetSeq} has ${Number(row['flagged'])} flagged claims; claimIndex must be 0 to ${Number(row['flagged']) - 1}, got ${JSON.stringify(input.claimIndex)}.`);
    }
    runId = String(row['run_id']);
  } else {
    const row = (await q('SELECT run_id FROM operations WHERE seq = ?', [targetSeq]))[0];
    if (row === undefined) throw bad(`${where}: the ledger has no operation with seq ${targetSeq}.`);
    runId = String(row['run_id']);
  }
  return [Math.trunc(at), runId, target, targetSeq, claimIndex, judgement, note];
}

/** One page of the queue, newest first, each item with its latest mark. */
export async function reviewQueue(q: Query, options: ReviewQueueOptions, hasMarks: boolean): Promise<ReviewPage> {
  const limit = pageLimit(options.limit, 'reviewQueue');
  const status = options.status ?? 'pending';
  if (!['pending', 'reviewed', 'all'].includes(status)) throw new ClaimcheckError('invalid_options', `Store.reviewQueue() option status must be pending, reviewed or all, got ${JSON.stringify(status)}.`);
  if (options.target !== 'claim' && options.target !== 'operation') throw new ClaimcheckError('invalid_options', `Store.reviewQueue() option target must be "claim" or "operation", got ${JSON.stringify(options.target)}.`);
  const before = options.before ?? NEWEST;
  const claims = options.target === 'claim';
  const marked = `SELECT 1 FROM review_marks m WHERE m.target = '${options.target}' AND m.target_seq = t.seq`;
  let filter = '';
  if (hasMarks && status === 'reviewed') filter = `AND EXISTS (${marked})`;
  if (hasMarks && status === 'pending') filter = claims ? `AND (SELECT count(DISTINCT m.claim_index) FROM review_marks m WHERE m.target = 'claim' AND m.target_seq = t.seq) < t.flagged` : `AND NOT EXISTS (${marked})`;
  if (!hasMarks && status === 'reviewed') return { items: [], next: null };
  const sql = claims
    ? `SELECT t.seq, t.run_id, t.at, t.turn, t.body FROM receipts t WHERE t.verdict = 'fabricated' AND t.flagged > 0 AND t.seq < ? ${filter} ORDER BY t.seq DESC LIMIT ?`
    : `SELECT t.seq, t.run_id, t.at, t.turn, t.tool, t.state, t.error, t.verify FROM operations t WHERE t.state IN ('unknown', 'needs_review') AND t.seq < ? ${filter} ORDER BY t.seq DESC LIMIT ?`;
  const rows = await q(sql, [before, limit + 1]);
  const page = rows.slice(0, limit);
  const seqs = page.map((r) => Number(r['seq']));
  const marks = new Map<string, ReviewMark>();
  if (hasMarks && seqs.length > 0) {
    const found = await q(`SELECT * FROM review_marks WHERE target = ? AND target_seq IN (${seqs.map(() => '?').join(', ')}) ORDER BY seq`, [options.target, ...seqs]);
    for (const m of latestMarks(found.map(toMark))) marks.set(markKey(m.target, m.targetSeq, m.claimIndex), m);
  }
  const items = page.flatMap((r) => (claims ? claimItems(r) : [operationItem(r)]));
  for (const item of items) item.mark = marks.get(markKey(item.target, item.targetSeq, item.claimIndex)) ?? null;
  const wanted = status === 'all' ? items : items.filter((i) => (status === 'pending') === (i.mark === null));
  const next = rows.length > limit ? (seqs[seqs.length - 1] ?? null) : null;
  return { items: wanted, next };
}

function claimItems(r: RawRow): ReviewItem[] {
  const body = fromStoredJson(r['body'], {}) as { claimedButNeverRan?: Claim[] };
  return (body.claimedButNeverRan ?? []).map((c, i) => ({
    target: 'claim',
    runId: String(r['run_id']),
    targetSeq: Number(r['seq']),
    claimIndex: i,
    at: Number(r['at']),
    turn: r['turn'] === null ? null : Number(r['turn']),
    tool: c.tool ?? null,
    text: typeof c.text === 'string' ? c.text : '',
    reason: (c.reason ?? null) as FlagReason | null,
    message: typeof c.message === 'string' ? c.message : null,
    state: null,
    mark: null,
  }));
}

function operationItem(r: RawRow): ReviewItem {
  const verify = fromStoredJson(r['verify']) as { code?: string; reason?: string } | null;
  const text = typeof r['error'] === 'string' ? r['error'] : verify?.reason !== undefined ? `verify ${verify.code ?? ''}: ${verify.reason}` : '';
  return {
    target: 'operation',
    runId: String(r['run_id']),
    targetSeq: Number(r['seq']),
    claimIndex: null,
    at: Number(r['at']),
    turn: r['turn'] === null ? null : Number(r['turn']),
    tool: String(r['tool']),
    text,
    reason: null,
    message: null,
    state: String(r['state']) as OperationState,
    mark: null,
  };
}

export function toMark(r: RawRow): ReviewMark {
  return {
    seq: Number(r['seq']),
    at: Number(r['at']),
    runId: String(r['run_id']),
    target: r['target'] === 'claim' ? 'claim' : 'operation',
    targetSeq: Number(r['target_seq']),
    claimIndex: r['claim_index'] === null || r['claim_index'] === undefined ? null : Number(r['claim_index']),
    judgement: r['judgement'] === 'right' ? 'right' : 'wrong',
    note: typeof r['note'] === 'string' ? r['note'] : null,
  };
}

function bad(message: string): ClaimcheckError {
  return new ClaimcheckError('invalid_record', message);
}
