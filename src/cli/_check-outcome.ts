/**
 * Internal: what `claimcheck check` concluded about one conversation, the kinds `--only` selects, and
 * the run's totals that the summary, the exit status and every reporter read.
 */
import type { TurnReceipt } from '../check.js';
import { closest } from '../_options.js';
import { ClaimcheckError } from '../errors.js';
import type { Receipt, Verdict } from '../receipt.js';
import type { ToolErrorOf } from './_tool-errors.js';

/** One checked conversation, or one that could not be read (`error`). */
export interface Outcome {
  id: string;
  /** The input file as given (`-` for stdin). */
  file?: string | undefined;
  /** Its line in a JSON Lines input. */
  line?: number | undefined;
  /** The error text of the failed call behind a `tool_failed` flag in the reply at `messageIndex`. */
  toolError?: ToolErrorOf | undefined;
  /** In a JSON document input: the line of the record (no argument) or of its message at that index. */
  locate?: ((messageIndex?: number) => number | undefined) | undefined;
  /** The final reply's receipt; `undefined` for an unreadable conversation. */
  final?: Receipt;
  /** Every assistant turn's receipt (all of them, even without `--turns`). */
  turns: readonly TurnReceipt[];
  /** Whether the run judges every turn (`--turns`) or the final reply only. */
  withTurns: boolean;
  /**
   * The conversation's verdict: the final reply's, or with `--turns` the worst turn's
   * (fabricated > unreported > clean). `undefined` for an unreadable conversation.
   */
  verdict?: Verdict;
  error?: { code: string; message: string };
}

/** What `--only` can select; `flagged` is everything but `clean`. */
export const OUTCOME_KINDS = ['fabricated', 'unreported', 'unmatched', 'clean', 'error', 'flagged'] as const;
/** One of {@link OUTCOME_KINDS}. */
export type OutcomeKind = (typeof OUTCOME_KINDS)[number];

const RANK: Record<Verdict, number> = { clean: 0, unreported: 1, fabricated: 2 };

/** The worst of the verdicts; `clean` for none. */
export function worstVerdict(verdicts: readonly Verdict[]): Verdict {
  return verdicts.reduce<Verdict>((worst, v) => (RANK[v] > RANK[worst] ? v : worst), 'clean');
}

/** The receipts a run judges a conversation by: every turn's with `--turns`, else the final reply's. */
export function judgedReceipts(o: Outcome): readonly Receipt[] {
  if (o.withTurns) return o.turns.map((t) => t.receipt);
  return o.final === undefined ? [] : [o.final];
}

/** The kinds a receipt (or a whole conversation, over its judged receipts) belongs to. */
export function kindsOf(receipts: readonly Receipt[], verdict: Verdict): Set<OutcomeKind> {
  const kinds = new Set<OutcomeKind>([verdict]);
  if (receipts.some((r) => r.unmatched.length > 0)) kinds.add('unmatched');
  if (verdict !== 'clean' || kinds.has('unmatched')) kinds.add('flagged');
  return kinds;
}

/** The conversation's kinds; an unreadable one is `error` and `flagged`. */
export function outcomeKinds(o: Outcome): Set<OutcomeKind> {
  if (o.error !== undefined || o.verdict === undefined) return new Set<OutcomeKind>(['error', 'flagged']);
  return kindsOf(judgedReceipts(o), o.verdict);
}

/**
 * Parses `--only a,b`: a set of kinds, or `null` for "everything" when the flag is absent.
 * @throws ClaimcheckError `invalid_options` when no kind is given or one is unknown: it names the first
 *   unknown kind, the closest known kind when one is near ("Did you mean"), and the known kinds;
 *   `data: { option: '--only', value, suggestion }` (`suggestion` `null` when none is near).
 */
export function parseOnly(value: string | readonly string[] | undefined): Set<OutcomeKind> | null {
  if (value === undefined) return null;
  const names = (typeof value === 'string' ? value.split(',') : value).map((k) => k.trim()).filter((k) => k !== '');
  const unknown = names.find((k) => !(OUTCOME_KINDS as readonly string[]).includes(k));
  if (names.length === 0 || unknown !== undefined) {
    const near = unknown === undefined ? undefined : closest(unknown, OUTCOME_KINDS);
    const what = unknown === undefined ? '' : `unknown --only kind ${JSON.stringify(unknown)}.${near === undefined ? '' : ` Did you mean "${near}"?`} `;
    const given = typeof value === 'string' ? value : value.join(',');
    throw new ClaimcheckError('invalid_options', `${what}--only takes a comma-separated list of ${OUTCOME_KINDS.join(', ')}; got ${JSON.stringify(given)}.`, {
      data: { option: '--only', value: given, suggestion: near ?? null },
    });
  }
  return new Set(names as OutcomeKind[]);
}

/** Counts over a run, for the summary and the exit status. */
export interface Totals {
  conversations: number;
  /** Assistant turns with text, over all conversations read. */
  turns: number;
  fabricated: number;
  unreported: number;
  clean: number;
  /** Conversations that could not be read. */
  errors: number;
  /** Conversations read but with no assistant reply to judge. */
  empty: number;
  /** Flagged claims (claimed but never ran), over the judged receipts. */
  flagged: number;
  /** Flagged claims by reason (`not_called`, `tool_failed`, `args_mismatch`). */
  byReason: Map<string, number>;
  /** Flagged claims by tool. */
  flaggedTools: Map<string, number>;
  /** Calls that ran but no reply mentioned, by tool (candidates for `--ignore-tools`). */
  unreportedTools: Map<string, number>;
  /** Claims no listed tool fits. */
  unmatched: number;
  /** `claimedWithoutTool` findings over the receipts counted. */
  withoutTool: number;
  /** `deniedButRan` findings over the receipts counted. */
  deniedButRan: number;
  /** Whether the receipts were judged with `--strict` (then those findings made their replies fabricated). */
  strict: boolean;
}

/** Totals at zero. */
export function emptyTotals(): Totals {
  return { conversations: 0, turns: 0, fabricated: 0, unreported: 0, clean: 0, errors: 0, empty: 0, flagged: 0, byReason: new Map(), flaggedTools: new Map(), unreportedTools: new Map(), unmatched: 0, withoutTool: 0, deniedButRan: 0, strict: false };
}

/** Adds one conversation to the totals. */
export function addOutcome(totals: Totals, o: Outcome): void {
  totals.conversations++;
  if (o.error !== undefined || o.verdict === undefined) {
    totals.errors++;
    return;
  }
  totals.turns += o.turns.length;
  totals[o.verdict]++;
  if (o.turns.length === 0) totals.empty++;
  for (const r of judgedReceipts(o)) {
    totals.flagged += r.claimedButNeverRan.length;
    totals.unmatched += r.unmatched.length;
    totals.withoutTool += r.claimedWithoutTool.length;
    totals.deniedButRan += r.deniedButRan.length;
    if (r.strict) totals.strict = true;
    for (const c of r.claimedButNeverRan) {
      bump(totals.byReason, c.reason ?? 'flagged');
      bump(totals.flaggedTools, c.tool ?? '?');
    }
    for (const e of r.ranButUnreported) bump(totals.unreportedTools, e.tool);
  }
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/**
 * The exit status: 1 when anything was fabricated (even if some conversations could not be read:
 * they are reported), else 2 when a conversation could not be read, else 0.
 */
export function exitStatus(totals: Totals): number {
  if (totals.fabricated > 0) return 1;
  return totals.errors > 0 ? 2 : 0;
}
