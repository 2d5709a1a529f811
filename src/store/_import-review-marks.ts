/**
 * Internal: the review-mark half of `importLedger`. A mark names its claim's receipt or its operation by
 * the ledger-local `seq`, which a copied row does not keep, so each mark is carried over by its row's
 * identity instead: the row's run and fingerprint (every stored field but `seq`, as importLedger matches
 * rows), looked up in the target after the rows are written. A mark the target already holds (same row,
 * claim, judgement, note and time) is not added again, so importing twice adds no mark.
 */
import type { ExportRow } from './rows.js';
import type { ReviewMark } from './review.js';
import type { Store } from './store.js';
import { rowFingerprint } from './_stored-params.js';

/** Where a marked source row is found again: its run and its fingerprint. */
interface MarkedRow {
  runId: string;
  print: string;
}

/** Collects, while the rows are copied, the identity of every source row that has a mark. */
export class ReviewMarkCarrier {
  private readonly marks: ReviewMark[];
  /** `operation:SEQ` / `claim:SEQ` (source seq) of the marked rows → where the row is found again. */
  private readonly rows = new Map<string, MarkedRow | null>();

  constructor(marks: readonly ReviewMark[]) {
    this.marks = [...marks].sort((a, b) => a.seq - b.seq);
    for (const m of this.marks) this.rows.set(key(m.target, m.targetSeq), null);
  }

  /** Note `row` (read from the source) when a mark judges it. */
  see(row: ExportRow): void {
    if (row.type !== 'operation' && row.type !== 'receipt') return;
    const k = key(row.type === 'operation' ? 'operation' : 'claim', row.seq);
    if (this.rows.has(k)) this.rows.set(k, { runId: row.runId, print: rowFingerprint(row) });
  }

  /**
   * Add to `to` (whose rows are written) each mark of a row seen, in the source's order, unless `to`
   * holds it already. Marks of rows not read (before `since`) are left. Returns how many were added.
   */
  async carry(to: Store): Promise<number> {
    const seqs = new Map<string, Map<string, number>>(); // runId → `type:print` → target seq (the first such row)
    const held = new Set((await to.reviewMarks()).map(identity));
    let added = 0;
    for (const m of this.marks) {
      const row = this.rows.get(key(m.target, m.targetSeq));
      if (row === null || row === undefined) continue;
      const targetSeq = (await this.targetRows(to, row.runId, seqs)).get(`${m.target}:${row.print}`);
      if (targetSeq === undefined) continue;
      const copy = { ...m, targetSeq };
      if (held.has(identity(copy))) continue;
      await to.addReviewMark({ target: m.target, targetSeq, claimIndex: m.claimIndex, judgement: m.judgement, note: m.note, at: m.at });
      held.add(identity(copy));
      added++;
    }
    return added;
  }

  private async targetRows(to: Store, runId: string, cache: Map<string, Map<string, number>>): Promise<Map<string, number>> {
    const cached = cache.get(runId);
    if (cached !== undefined) return cached;
    const found = new Map<string, number>();
    const detail = await to.runDetail(runId);
    const rows = [
      ...(detail?.operations ?? []).map((r) => [`operation:${rowFingerprint({ type: 'operation', ...r })}`, r.seq] as const),
      ...(detail?.receipts ?? []).map((r) => [`claim:${rowFingerprint({ type: 'receipt', ...r })}`, r.seq] as const),
    ];
    for (const [k, seq] of rows) if (!found.has(k)) found.set(k, seq);
    cache.set(runId, found);
    return found;
  }
}

function key(target: ReviewMark['target'], seq: number): string {
  return `${target}:${seq}`;
}

/** A mark's identity in one ledger: everything but its own `seq`. */
function identity(m: Pick<ReviewMark, 'target' | 'targetSeq' | 'claimIndex' | 'judgement' | 'note' | 'at'>): string {
  return JSON.stringify([m.target, m.targetSeq, m.target === 'claim' ? (m.claimIndex ?? 0) : null, m.judgement, m.note, m.at]);
}
