/**
 * Runs labelled cases through the checker and the validator and scores them: claim precision and
 * recall, flag reason accuracy, false alarms on honest replies, verdict and per-turn accuracy, and
 * validation accuracy, with every miss listed.
 */
import { checkTurns, type TurnReceipt } from '../check.js';
import { ClaimcheckError } from '../errors.js';
import type { MessageFormat } from '../conversation.js';
import { validateInput } from '../validate/validate-input.js';
import { labelConflict, type ClaimsCase, type LabelledCase, type ValidationCase } from './load-cases.js';
import { newSecondOpinionTally, secondOpinionScore, tallySecondOpinion, type SecondOpinionScore, type SecondOpinionTally } from './_second-opinion-score.js';

export type { SecondOpinionScore } from './_second-opinion-score.js';

/** A ratio with its counts. */
export interface Rate {
  /** `hits / total`, 0 to 1; `1` when `total` is 0 (then `defined` is `false`: read it as n/a, not 100%). */
  value: number;
  hits: number;
  total: number;
  /** `false` when nothing was counted (`total` 0): the ratio is n/a and `value` means nothing. */
  defined: boolean;
}

/** The {@link Rate} of `hits` out of `total`. */
export const rate = (hits: number, total: number): Rate => ({ value: total === 0 ? 1 : hits / total, hits, total, defined: total > 0 });

/** The scores of one evaluation run. */
export interface EvalReport {
  claimsCases: number;
  validationCases: number;
  /** Over flagged and confirmed claims: a predicted (tool, flagged|confirmed) pair that the label has. */
  claimPrecision: Rate;
  claimRecall: Rate;
  /** Over flagged claims only. */
  flagPrecision: Rate;
  flagRecall: Rate;
  /** Among correctly flagged tools, the reason is the labelled one. */
  reasonAccuracy: Rate;
  /** Cases whose label is not `fabricated` that the checker calls `fabricated`. */
  falseAlarmRate: Rate;
  verdictAccuracy: Rate;
  /** Every labelled turn: `per_turn` entries, else the final turn. */
  perTurnAccuracy: Rate;
  validationAccuracy: Rate;
  /** `claimedWithoutTool` findings (informational; they never change the verdicts scored above). */
  claimedWithoutTool: FindingScore;
  /** `deniedButRan` findings (informational, as above). */
  deniedButRan: FindingScore;
  /**
   * With an LLM extractor (`eval --llm`): what its second opinion added to the final replies and how that
   * agrees with the labels. Absent without one. Suspected claims count as flags above only when the extractor
   * was created with `llmBlocks: true` (they then decide the verdict).
   */
  secondOpinion?: SecondOpinionScore;
  misses: string[];
}

/**
 * How one finding list scored: `found` counts the findings over every case; precision and recall are over
 * the cases whose label has the list (`expect.claimed_without_tool`, `expect.denied_but_ran`), matched by
 * verb lemma or tool name.
 */
export interface FindingScore {
  found: number;
  labelledCases: number;
  precision: Rate;
  recall: Rate;
}


/** Options of {@link runEval}. */
export interface RunEvalOptions {
  /** Receipts already computed for a case (e.g. by `checkTurnsAsync` with an LLM extractor); default: `checkTurns`. */
  turnsOf?: (kase: ClaimsCase) => readonly TurnReceipt[] | undefined;
  /** The receipts hold a model's second opinion (`eval --llm`): score it as `secondOpinion`. Default `false`. */
  secondOpinion?: boolean;
  /**
   * Told of each case whose labels contradict each other (`expect.verdict` against the `per_turn` entry of
   * the final turn; see {@link labelConflict}), naming the case file and both labels. Default: nobody.
   */
  onWarning?: (message: string) => void;
}

/** Score the cases. Never throws for a case the checker cannot read: that case counts as a miss. */
export function runEval(cases: readonly LabelledCase[], options: RunEvalOptions = {}): EvalReport {
  const c = { tp: 0, fp: 0, fn: 0, ftp: 0, ffp: 0, ffn: 0, reason: 0, alarms: 0, honest: 0, verdict: 0, turns: 0, turnHits: 0, val: 0, valHits: 0 };
  const misses: string[] = [];
  const withoutTool = newTally();
  const denied = newTally();
  const second = newSecondOpinionTally();
  const claims = cases.filter((x): x is ClaimsCase => x.kind === 'claims');
  for (const kase of claims) {
    const turns = scoreClaims(kase, c, misses, { withoutTool, denied, second: options.secondOpinion === true ? second : undefined }, options.turnsOf?.(kase));
    const conflict = turns === null ? null : labelConflict(kase, turns);
    if (conflict !== null) options.onWarning?.(conflict);
  }
  for (const kase of cases.filter((x): x is ValidationCase => x.kind === 'validation')) {
    c.val++;
    const miss = scoreValidation(kase);
    if (miss === null) c.valHits++;
    else misses.push(miss);
  }
  return {
    claimsCases: claims.length,
    validationCases: c.val,
    claimPrecision: rate(c.tp, c.tp + c.fp),
    claimRecall: rate(c.tp, c.tp + c.fn),
    flagPrecision: rate(c.ftp, c.ftp + c.ffp),
    flagRecall: rate(c.ftp, c.ftp + c.ffn),
    reasonAccuracy: rate(c.reason, c.ftp),
    falseAlarmRate: rate(c.alarms, c.honest),
    verdictAccuracy: rate(c.verdict, claims.length),
    perTurnAccuracy: rate(c.turnHits, c.turns),
    validationAccuracy: rate(c.valHits, c.val),
    claimedWithoutTool: score(withoutTool),
    deniedButRan: score(denied),
    ...(options.secondOpinion === true ? { secondOpinion: secondOpinionScore(second) } : {}),
    misses,
  };
}

type Counts = Record<'tp' | 'fp' | 'fn' | 'ftp' | 'ffp' | 'ffn' | 'reason' | 'alarms' | 'honest' | 'verdict' | 'turns' | 'turnHits', number>;

interface Tally {
  found: number;
  cases: number;
  tp: number;
  fp: number;
  fn: number;
}

const newTally = (): Tally => ({ found: 0, cases: 0, tp: 0, fp: 0, fn: 0 });
const score = (t: Tally): FindingScore => ({ found: t.found, labelledCases: t.cases, precision: rate(t.tp, t.tp + t.fp), recall: rate(t.tp, t.tp + t.fn) });

/** Tally one finding list of the final receipt against its label (when the case has one). */
function tallyFinding(t: Tally, got: readonly string[], want: readonly string[] | undefined, name: string, notes: string[]): void {
  t.found += got.length;
  if (want === undefined) return;
  t.cases++;
  const wanted = new Set(want);
  const gotSet = new Set(got);
  for (const g of gotSet) {
    if (wanted.has(g)) t.tp++;
    else {
      t.fp++;
      notes.push(`extra ${name} ${g}`);
    }
  }
  for (const w of wanted) {
    if (gotSet.has(w)) continue;
    t.fn++;
    notes.push(`missed ${name} ${w}`);
  }
}

/** Score one claims case; returns how many assistant turns it has, `null` when the checker cannot read it. */
function scoreClaims(kase: ClaimsCase, c: Counts, misses: string[], findings: { withoutTool: Tally; denied: Tally; second: SecondOpinionTally | undefined }, given?: readonly TurnReceipt[]): number | null {
  const honest = kase.expect.verdict !== 'fabricated';
  if (honest) c.honest++;
  let turns;
  try {
    turns = given ?? checkTurns(kase.messages, { format: kase.format as MessageFormat, tools: kase.tools });
  } catch (error) {
    const why = ClaimcheckError.isInstance(error) ? `${error.code}: ${error.message}` : String(error);
    misses.push(`${kase.id}: unreadable (${why})`);
    c.fn += kase.expect.flagged.length + kase.expect.confirmed.length;
    c.ffn += kase.expect.flagged.length;
    c.turns += Math.max(1, kase.perTurn.length);
    if (kase.expect.claimedWithoutTool !== undefined) tallyFinding(findings.withoutTool, [], kase.expect.claimedWithoutTool, 'claimedWithoutTool', []);
    if (kase.expect.deniedButRan !== undefined) tallyFinding(findings.denied, [], kase.expect.deniedButRan, 'deniedButRan', []);
    return null;
  }
  const last = turns[turns.length - 1]?.receipt;
  // Suspected claims decide the verdict with llmBlocks, and are scored as the flags they then are.
  const flags = [...(last?.claimedButNeverRan ?? []), ...(last?.llmBlocks === true ? last.suspected : [])];
  const gotFlags = new Map(flags.map((x) => [x.tool ?? '?', x.reason ?? '']));
  const gotConfirmed = new Set((last?.confirmed ?? []).map((x) => x.tool ?? '?'));
  const gotUnreported = new Set((last?.ranButUnreported ?? []).map((e) => e.tool));
  const wantFlags = new Map(kase.expect.flagged.map((f) => [f.tool, f.reason]));
  const wantConfirmed = new Set(kase.expect.confirmed);
  const notes: string[] = [];
  for (const [tool, reason] of gotFlags) {
    if (wantFlags.has(tool)) {
      c.tp++;
      c.ftp++;
      if (wantFlags.get(tool) === reason) c.reason++;
      else notes.push(`${tool} flagged ${reason}, label says ${wantFlags.get(tool) ?? ''}`);
    } else {
      c.fp++;
      c.ffp++;
      notes.push(`false flag ${tool} (${reason}): "${flags.find((x) => x.tool === tool)?.text ?? ''}"`);
    }
  }
  for (const [tool, reason] of wantFlags) {
    if (!gotFlags.has(tool)) {
      c.fn++;
      c.ffn++;
      notes.push(`missed flag ${tool} (${reason})`);
    }
  }
  for (const tool of gotConfirmed) {
    if (wantConfirmed.has(tool)) c.tp++;
    else if (!wantFlags.has(tool)) {
      c.fp++;
      notes.push(`extra confirmed ${tool}`);
    }
  }
  for (const tool of wantConfirmed) {
    if (!gotConfirmed.has(tool)) {
      c.fn++;
      notes.push(`missed confirmed ${tool}`);
    }
  }
  const wantUnreported = new Set(kase.expect.unreported);
  const unreportedDiff = [...gotUnreported].filter((t) => !wantUnreported.has(t)).concat([...wantUnreported].filter((t) => !gotUnreported.has(t)));
  if (unreportedDiff.length > 0) notes.push(`unreported got [${[...gotUnreported].join(', ')}] want [${[...wantUnreported].join(', ')}]`);
  tallyFinding(findings.withoutTool, (last?.claimedWithoutTool ?? []).map((x) => x.verb), kase.expect.claimedWithoutTool, 'claimedWithoutTool', notes);
  tallyFinding(findings.denied, (last?.deniedButRan ?? []).map((x) => x.tool ?? '?'), kase.expect.deniedButRan, 'deniedButRan', notes);
  if (findings.second !== undefined) tallySecondOpinion(findings.second, last, kase.expect, notes);
  const verdict = last?.verdict ?? 'clean';
  if (verdict === kase.expect.verdict) c.verdict++;
  else notes.push(`verdict ${verdict}, label ${kase.expect.verdict}`);
  if (honest && verdict === 'fabricated') c.alarms++;
  const labelled = kase.perTurn.length > 0 ? kase.perTurn : [{ turn: turns.length, verdict: kase.expect.verdict }];
  for (const t of labelled) {
    c.turns++;
    const got = turns[t.turn - 1]?.receipt.verdict ?? 'clean';
    if (got === t.verdict) c.turnHits++;
    else if (kase.perTurn.length > 0) notes.push(`turn ${t.turn} ${got}, label ${t.verdict}`);
  }
  if (notes.length > 0) misses.push(`${kase.id}: ${notes.join('; ')}`);
  return turns.length;
}

function scoreValidation(kase: ValidationCase): string | null {
  let result;
  try {
    result = validateInput(kase.record, kase.id);
  } catch (error) {
    return `${kase.id}: validate threw ${ClaimcheckError.isInstance(error) ? error.code : ''} ${String(error)}`;
  }
  const first = result.failures[0];
  const want = kase.expect;
  if (result.ok !== want.ok) return `${kase.id}: ok=${String(result.ok)}, label ok=${String(want.ok)}${first ? ` (${first.category} at "${first.path}")` : ''}`;
  if (want.ok) return null;
  if (first === undefined || first.category !== want.category) return `${kase.id}: category ${first?.category ?? '-'}, label ${want.category ?? '-'}`;
  if (want.path !== undefined && first.path !== want.path) return `${kase.id}: path "${first.path}", label "${want.path}"`;
  return null;
}
