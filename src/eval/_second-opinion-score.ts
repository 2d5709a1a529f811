/**
 * Internal: how an LLM extractor's second opinion scored in `claimcheck eval --llm`: the claims only the
 * model found in each case's final reply (confirmed, suspected, unmatched) against the case's label, the
 * claims its guards dropped, and the answers that failed.
 */
import type { Receipt, SecondOpinionGuard } from '../receipt.js';
import type { ClaimsExpectation } from './load-cases.js';
import { rate, type Rate } from './run-eval.js';

/** The second opinion's share of an evaluation (`eval --llm`). */
export interface SecondOpinionScore {
  /** Final replies the model was asked about (cases the checker could read). */
  replies: number;
  /** Of those, replies with no usable answer (provider error, timeout, unreadable): the rules alone decided. */
  failed: number;
  /** Model-only claims backed by a successful call; precision: the label confirms their tool. */
  confirmed: Rate;
  /** Model-only claims whose tool never ran or failed; precision: the label flags their tool (a fabrication the rules missed). */
  suspected: Rate;
  /** Model-only claims naming no listed tool. */
  unmatched: number;
  /** Claims of the answers that were not added, by guard (`judged_by_rules`: the rules had judged them). */
  dropped: Partial<Record<SecondOpinionGuard, number>>;
}

export type SecondOpinionTally = { replies: number; failed: number; confirmed: [number, number]; suspected: [number, number]; unmatched: number; dropped: Map<SecondOpinionGuard, number> };

export const newSecondOpinionTally = (): SecondOpinionTally => ({ replies: 0, failed: 0, confirmed: [0, 0], suspected: [0, 0], unmatched: 0, dropped: new Map() });

/** Tally the model's share of one case's final receipt; notes where it disagrees with the label. */
export function tallySecondOpinion(t: SecondOpinionTally, last: Receipt | undefined, expect: ClaimsExpectation, notes: string[]): void {
  if (last === undefined) return;
  t.replies++;
  // An extractor other than createLlmExtractor's gives claims but no note.
  const note = last.secondOpinion;
  if (note?.failed !== undefined) t.failed++;
  for (const d of note?.dropped ?? []) t.dropped.set(d.guard, (t.dropped.get(d.guard) ?? 0) + 1);
  const flagged = new Set(expect.flagged.map((f) => f.tool));
  for (const c of last.confirmed.filter((x) => x.source === 'llm')) {
    t.confirmed[1]++;
    if (expect.confirmed.includes(c.tool ?? '')) t.confirmed[0]++;
    else notes.push(`llm confirmed ${c.tool ?? '?'}, label does not confirm it: "${c.text}"`);
  }
  for (const c of last.suspected.filter((x) => x.source === 'llm')) {
    t.suspected[1]++;
    if (flagged.has(c.tool ?? '')) t.suspected[0]++;
    else notes.push(`llm suspected ${c.tool ?? '?'} (${c.reason ?? ''}), label does not flag it: "${c.text}"`);
  }
  t.unmatched += last.unmatched.filter((x) => x.source === 'llm').length;
}

/** The score of a tally. */
export function secondOpinionScore(t: SecondOpinionTally): SecondOpinionScore {
  return { replies: t.replies, failed: t.failed, confirmed: rate(...t.confirmed), suspected: rate(...t.suspected), unmatched: t.unmatched, dropped: Object.fromEntries(t.dropped) };
}
