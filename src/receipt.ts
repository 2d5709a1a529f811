/**
 * The receipt: what a reply claimed, diffed against what the ledger shows ran.
 * Its JSON form is versioned ({@link RECEIPT_VERSION}) and written down in docs/formats.md.
 */
import type { OperationState } from './action/operation.js';
import type { LedgerEntry } from './ledger.js';
import { ClaimcheckError } from './errors.js';
import { hostError } from './_host-input.js';

/** Why a claim is flagged. */
export type FlagReason =
  /** The claim's tool exists but was never called in the claim's window. */
  | 'not_called'
  /** The tool was called and every call failed. */
  | 'tool_failed'
  /** The tool ran, but every call contradicts a value the claim states (amount, reference, email). */
  | 'args_mismatch'
  /**
   * Set by a guard's `checkBypass` only: the claim's tool is an action that ran and returned, but no
   * call of it in the turn is `posted` (its output carried no proof, or `verify` flagged or halted it).
   * The claim's `operation` says which.
   */
  | 'not_proven';

/** One action claim found in a reply. */
export interface Claim {
  /** The sentence making the claim, as written (markdown removed). */
  text: string;
  /** Lemma of the claimed verb (`send`, `cancel`, `lookup`…); `*` for a checklist label with no verb. */
  verb: string;
  /** Content words naming what was acted on; `''` when the reply names nothing. */
  object: string;
  /** The tool the claim is about, or `null` when no listed tool fits. */
  tool: string | null;
  /** Every tool that fits, best first. */
  candidates: string[];
  /**
   * For a tool whose argument selects its act (`action: "check" | "book"`, `mode: "quote" | "purchase"`): the act the
   * claim was judged against, by that argument and its value. Only the calls that selected it back the claim.
   */
  act?: { argument: string; value: string };
  /** Set on flagged claims only. */
  reason?: FlagReason;
  /** `rules` for the deterministic extractor, `llm` for a model-based one. */
  source: 'rules' | 'llm';
  /** A quantity the claim states ("moved all three" → 3). */
  count?: number;
  /** For `args_mismatch`: the values the calls used instead of the claimed one. */
  observed?: unknown[];
  /**
   * For `args_mismatch`: the contradiction in one sentence, what the reply states (for money, which way:
   * a refund or a charge) against what the calls did, e.g. `the reply says a refund of $64.00, but the
   * call used 4600`. Amounts from the calls' results are in the currency's unit, a refund negative.
   */
  message?: string;
  /**
   * Set by a guard's `checkBypass` only, on confirmed and flagged claims: the state of the claimed
   * tool's operation this turn (the best of its calls: `posted`, `read`, `needs_review`, `unknown`,
   * `failed`); `unknown` for a claim whose tool was not called.
   */
  operation?: OperationState;
  /**
   * `deniedButRan` only: the successful call the claim contradicts (the most recent one of its tool in the
   * claim's window).
   */
  contradictedBy?: LedgerEntry;
}

/**
 * Why a claim of an LLM extractor's answer was not added (docs/formats.md, "secondOpinion"). The guards the
 * rules share: the span is not a verbatim piece of the reply (`not_in_reply`); its sentence is a question;
 * holds a negation (`negation`), the future, a modal, progress or an intention (`not_yet`), a condition, a
 * failure, reported speech (`reported`, "the log says"), a time before the run (`past_time`), or a state
 * adverb and no act (`present_state`, "is currently active"); its subject is another actor (`other_actor`).
 * From the merge: the rules already judged that sentence (`judged_by_rules`), or the answer gave the span
 * twice (`duplicate`).
 */
export type SecondOpinionGuard =
  | 'not_in_reply'
  | 'question'
  | 'negation'
  | 'not_yet'
  | 'condition'
  | 'failure'
  | 'reported'
  | 'other_actor'
  | 'past_time'
  | 'present_state'
  | 'judged_by_rules'
  | 'duplicate';

/** A claim of the model's answer that was not added, as the model gave it, and the guard that dropped it. */
export interface DroppedClaim {
  span: string;
  tool: string | null;
  verb: string;
  guard: SecondOpinionGuard;
}

/**
 * What an LLM extractor's second opinion did with one reply (a debugging aid; it changes no verdict). Set
 * only on receipts of `checkAsync` / `checkTurnsAsync` with the LLM extractor of `createLlmExtractor`.
 */
export interface SecondOpinionNote {
  /** Claims read from the model's answer (at most 100). */
  read: number;
  /** Claims beyond the 100 read, not looked at. */
  omitted: number;
  /** Claims read but not added, each with its guard, in the answer's order. */
  dropped: DroppedClaim[];
  /** Set when the model gave no usable answer and the rules alone decided (`onError: 'warn'`). */
  failed?: 'provider' | 'timeout' | 'unreadable';
}

/**
 * `fabricated` when anything is flagged (with `strict`, also when a claim is in `claimedWithoutTool` or
 * `deniedButRan`; with `llmBlocks`, also when one is `suspected`); else `unreported` when a tool ran and the reply never mentions it; else `clean`. */
export type Verdict = 'clean' | 'unreported' | 'fabricated';

/** Version of the receipt JSON format. */
export const RECEIPT_VERSION = 1;

/** The JSON form of a {@link Receipt}. */
export interface ReceiptJSON {
  version: typeof RECEIPT_VERSION;
  verdict: Verdict;
  ok: boolean;
  summary: string;
  confirmed: Claim[];
  claimedButNeverRan: Claim[];
  unmatched: Claim[];
  suspected: Claim[];
  ranButUnreported: LedgerEntry[];
  // The four fields below are always written by `toJSON()`; receipt JSON recorded by claimcheck before they
  // were added lacks them (read a missing list as `[]`, a missing flag as `false`).
  /** Completed-action claims that no listed tool can perform at all; `[]` unless the tool list was given. */
  claimedWithoutTool?: Claim[];
  /** Claims that an action failed or was not done while its tool succeeded; each has `contradictedBy`. */
  deniedButRan?: Claim[];
  /** `claimedWithoutTool` and `deniedButRan` count toward the verdict. */
  strict?: boolean;
  /** `suspected` counts toward the verdict. */
  llmBlocks?: boolean;
  /** An addition: present only on a receipt with an LLM extractor's second opinion. */
  secondOpinion?: SecondOpinionNote;
}

/** The parts a receipt is made from. */
export interface ReceiptParts {
  confirmed: Claim[];
  claimedButNeverRan: Claim[];
  unmatched: Claim[];
  suspected?: Claim[];
  ranButUnreported: LedgerEntry[];
  /** Default `[]`. */
  claimedWithoutTool?: Claim[];
  /** Default `[]`. */
  deniedButRan?: Claim[];
  /** `claimedWithoutTool` and `deniedButRan` make the verdict `fabricated`. Default `false`. */
  strict?: boolean;
  /** `suspected` makes the verdict `fabricated`. Default `false`. */
  llmBlocks?: boolean;
  /** What the LLM extractor's second opinion did. Default none. */
  secondOpinion?: SecondOpinionNote;
}

/** What one reply claimed against what ran. Immutable. */
export class Receipt {
  /** Claims backed by a successful call. */
  readonly confirmed: readonly Claim[];
  /** Claims whose tool never ran, failed, ran with contradicting arguments, or (guard only) ran without proof; each has a `reason`. */
  readonly claimedButNeverRan: readonly Claim[];
  /** Claims no listed tool fits, or whose only fit is by verb family to a tool that never ran. Not judged. */
  readonly unmatched: readonly Claim[];
  /** Claims only a model-based extractor found (empty for the rule-based checker). */
  readonly suspected: readonly Claim[];
  /** Successful calls of the judged stretch that the reply never mentions. */
  readonly ranButUnreported: readonly LedgerEntry[];
  /**
   * First-person or passive completed-action claims whose action no listed tool can perform at all ("I've
   * emailed you the receipt" from an agent with no tool that sends anything). Only when the tool list was
   * given, not inferred from the calls that ran. Informational unless {@link strict}.
   */
  readonly claimedWithoutTool: readonly Claim[];
  /**
   * Claims that an action failed or was not done ("I wasn't able to send the message") while a call of its
   * tool succeeded in the claim's window; each carries the call as `contradictedBy`. Informational unless
   * {@link strict}.
   */
  readonly deniedButRan: readonly Claim[];
  /** `claimedWithoutTool` and `deniedButRan` make the verdict `fabricated`. */
  readonly strict: boolean;
  /** `suspected` makes the verdict `fabricated`. */
  readonly llmBlocks: boolean;
  /** What an LLM extractor's second opinion read, dropped (with the guard) and left out; `undefined` without one. */
  readonly secondOpinion: SecondOpinionNote | undefined;
  readonly verdict: Verdict;

  constructor(parts: ReceiptParts) {
    try {
      if (typeof parts !== 'object' || parts === null || !Array.isArray(parts.confirmed) || !Array.isArray(parts.claimedButNeverRan) || !Array.isArray(parts.unmatched) || !Array.isArray(parts.ranButUnreported)) {
        throw new ClaimcheckError('invalid_input', 'new Receipt(parts): parts must be an object with the arrays confirmed, claimedButNeverRan, unmatched and ranButUnreported (check() and checkBypass() make receipts; pass a receipt\'s parts only to rebuild one).');
      }
      this.confirmed = parts.confirmed;
      this.claimedButNeverRan = parts.claimedButNeverRan;
      this.unmatched = parts.unmatched;
      this.suspected = parts.suspected ?? [];
      this.ranButUnreported = parts.ranButUnreported;
      this.claimedWithoutTool = parts.claimedWithoutTool ?? [];
      this.deniedButRan = parts.deniedButRan ?? [];
      this.strict = parts.strict ?? false;
      this.llmBlocks = parts.llmBlocks ?? false;
      this.secondOpinion = parts.secondOpinion;
      const blocking =
        this.claimedButNeverRan.length > 0 ||
        (this.strict && (this.claimedWithoutTool.length > 0 || this.deniedButRan.length > 0)) ||
        (this.llmBlocks && this.suspected.length > 0);
      this.verdict = blocking ? 'fabricated' : this.ranButUnreported.length > 0 ? 'unreported' : 'clean';
    } catch (error) {
      throw hostError('new Receipt', error);
    }
  }

  /** True unless the verdict is `fabricated`: nothing was claimed that did not happen. */
  get ok(): boolean {
    return this.verdict !== 'fabricated';
  }

  /** One line: the verdict and what drove it, e.g. `fabricated: send_email claimed but tool_failed; 1 confirmed`. */
  get summary(): string {
    const parts: string[] = [];
    if (this.claimedButNeverRan.length > 0) {
      parts.push(this.claimedButNeverRan.map((c) => `${c.tool ?? '?'} claimed but ${c.reason ?? 'not_called'}`).join(', '));
    }
    if (this.claimedWithoutTool.length > 0) parts.push(`claimed without a tool: ${this.claimedWithoutTool.map((c) => c.verb).join(', ')}`);
    if (this.deniedButRan.length > 0) parts.push(`denied but ran: ${this.deniedButRan.map((c) => c.tool ?? '?').join(', ')}`);
    if (this.suspected.length > 0) parts.push(`suspected: ${this.suspected.map((c) => c.tool ?? c.verb).join(', ')}`);
    if (this.confirmed.length > 0) parts.push(`${this.confirmed.length} confirmed`);
    if (this.ranButUnreported.length > 0) {
      parts.push(`ran but unreported: ${[...new Set(this.ranButUnreported.map((e) => e.tool))].join(', ')}`);
    }
    if (parts.length === 0) {
      const n = this.unmatched.length;
      parts.push(n === 0 ? 'no action claims' : `no claim matched to a tool (${n} unmatched)`);
    }
    return `${this.verdict}: ${parts.join('; ')}`;
  }

  /** JSON-safe, versioned form. */
  toJSON(): ReceiptJSON {
    return {
      version: RECEIPT_VERSION,
      verdict: this.verdict,
      ok: this.ok,
      summary: this.summary,
      confirmed: [...this.confirmed],
      claimedButNeverRan: [...this.claimedButNeverRan],
      unmatched: [...this.unmatched],
      suspected: [...this.suspected],
      ranButUnreported: this.ranButUnreported.map(jsonSafeEntry),
      claimedWithoutTool: [...this.claimedWithoutTool],
      deniedButRan: this.deniedButRan.map((c) => (c.contradictedBy === undefined ? c : { ...c, contradictedBy: jsonSafeEntry(c.contradictedBy) })),
      strict: this.strict,
      llmBlocks: this.llmBlocks,
      ...(this.secondOpinion === undefined ? {} : { secondOpinion: this.secondOpinion }),
    };
  }
}

function jsonSafeEntry(entry: LedgerEntry): LedgerEntry {
  return { ...entry, args: jsonSafe(entry.args), result: jsonSafe(entry.result) };
}

function jsonSafe(value: unknown): unknown {
  if (value === undefined) return null;
  try {
    return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))) as unknown;
  } catch {
    return String(value);
  }
}
