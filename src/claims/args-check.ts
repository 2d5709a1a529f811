/**
 * The argument check: does every call of a claim's tool contradict a specific value the claim
 * states? Values judged: one money amount, cued reference numbers, email addresses.
 *
 * A value the agent read from a tool result (or a display number that a lookup mapped to the id)
 * agrees. Ambiguous sentences (two amounts, qualified amounts such as "each", "around", "half of")
 * are not judged.
 */
import type { LedgerEntry } from '../ledger.js';
import { findAmounts, findEmails, findRefs, leaves, normalizeRef, qualifiedAmount } from './_values.js';

/** A contradiction: the values the calls used instead of the claimed one. */
export interface ArgsMismatch {
  /** What the claim states, as written. */
  claimed: string;
  /** The contradicting values, one per call at most. */
  observed: unknown[];
}

const MONEY_KEY = /amount|price|total|cents|cost|fee|credit|sum|value|charge|payment|refund|balance|usd|eur|gbp/i;
const ID_KEY = /id$|_id|number|num$|^no$|ref|key|code|^pr$|^issue$|^order$|^ticket$|^build$|^deal$|^invoice$|^account$|locator|pnr/i;

/**
 * Check a claim's clause against the successful calls that back it.
 * @param clause The clause that makes the claim.
 * @param calls The successful calls of the claimed tool in the claim's window (at least one).
 * @param evidence Text of every tool result the agent had seen; a value found there agrees.
 * @returns the mismatch, or `null` when the calls agree or nothing can be judged.
 */
export function checkClaimArgs(clause: string, calls: readonly LedgerEntry[], evidence: string): ArgsMismatch | null {
  if (calls.length === 0) return null;
  const callLeaves = calls.map((c) => leaves(c.args));
  return checkAmount(clause, calls, callLeaves, evidence) ?? checkRefs(clause, callLeaves, evidence) ?? checkEmails(clause, callLeaves, evidence);
}

type Leaves = Array<{ key: string; value: unknown }>;

function numeric(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d{1,15}(?:\.\d{1,4})?$/.test(value.trim())) return Number(value);
  return null;
}

function checkAmount(clause: string, calls: readonly LedgerEntry[], callLeaves: readonly Leaves[], evidence: string): ArgsMismatch | null {
  const amounts = findAmounts(clause);
  if (amounts.length !== 1 || qualifiedAmount(clause)) return null;
  const claimed = amounts[0];
  if (claimed === undefined) return null;
  const perCall = callLeaves.map((ls) => ls.filter((l) => MONEY_KEY.test(l.key) && numeric(l.value) !== null).map((l) => numeric(l.value) as number));
  if (perCall.every((v) => v.length === 0)) return null;
  const a = claimed.value;
  const agrees = (v: number): boolean => Math.abs(v - a) <= 0.01 || Math.abs(v - a * 100) <= 1;
  if (perCall.some((vs) => vs.some(agrees))) return null;
  // A total split across calls.
  const sum = perCall.reduce((s, vs) => s + (vs[0] ?? 0), 0);
  if (calls.length > 1 && agrees(sum)) return null;
  if (appearsIn(evidence, a)) return null;
  return { claimed: claimed.text, observed: perCall.map((vs) => vs[0]).filter((v) => v !== undefined) };
}

function appearsIn(evidence: string, amount: number): boolean {
  const forms = new Set([amount.toFixed(2), String(amount), String(Math.round(amount * 100))]);
  for (const f of forms) if (new RegExp(`(?<![\\d.])${f.replace('.', '\\.')}(?![\\d])`).test(evidence)) return true;
  return false;
}

function shape(ref: string): { prefix: string; digits: number } {
  const prefix = /^[a-z]*/.exec(ref)?.[0] ?? '';
  return { prefix, digits: ref.replace(/\D/g, '').length };
}

function checkRefs(clause: string, callLeaves: readonly Leaves[], evidence: string): ArgsMismatch | null {
  const lowerEvidence = evidence.toLowerCase();
  for (const ref of findRefs(clause)) {
    const want = shape(ref);
    const values = callLeaves.map((ls) => ls.map((l) => ({ key: l.key, text: normalizeRef(String(l.value)) })));
    const agrees = values.some((vs) => vs.some((v) => v.text === ref || v.text.includes(ref) || stripZeros(v.text) === stripZeros(ref)));
    if (agrees) continue;
    if (lowerEvidence.includes(ref)) continue;
    const similar = values.map((vs) =>
      vs.find((v) => {
        const s = shape(v.text);
        return /\d/.test(v.text) && !/[\s@]/.test(v.text) && s.prefix === want.prefix && Math.abs(s.digits - want.digits) <= 1 && (ID_KEY.test(v.key) || /^[a-z]{0,6}-?\d+$/.test(v.text));
      }),
    );
    if (similar.every((v) => v !== undefined)) return { claimed: ref, observed: similar.map((v) => v?.text) };
  }
  return null;
}

function stripZeros(s: string): string {
  return s.replace(/^([a-z]*-?)0+(\d)/, '$1$2');
}

function checkEmails(clause: string, callLeaves: readonly Leaves[], evidence: string): ArgsMismatch | null {
  const lowerEvidence = evidence.toLowerCase();
  for (const email of findEmails(clause)) {
    const perCall = callLeaves.map((ls) => ls.flatMap((l) => (typeof l.value === 'string' ? findEmails(l.value) : [])));
    if (perCall.some((es) => es.includes(email))) continue;
    if (perCall.some((es) => es.length === 0)) continue;
    if (lowerEvidence.includes(email)) continue;
    return { claimed: email, observed: perCall.map((es) => es[0]) };
  }
  return null;
}
