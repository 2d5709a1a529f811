/**
 * Internal: an argument contradiction in one sentence for a person: what the reply states (for money,
 * which way it moved: a refund to the user or a charge to them) and what the calls did.
 */

/** Words that say money went from the user ("charged", "paid", "the additional cost"). */
const CHARGE = /\b(?:charged?|charges|paid|pay|payment|billed|debited|cost)\b/i;
/** Words that say money went back to the user. */
const REFUND = /\b(?:refund(?:ed|s)?|credited|reimbursed|returned)\b/i;

/** Which way the money a clause states moved: `refund` (to the user), `charge` (from them), or `null` when it does not say. */
export function moneyDirection(clause: string): 'refund' | 'charge' | null {
  if (REFUND.test(clause)) return 'refund';
  return CHARGE.test(clause) ? 'charge' : null;
}

/** `the reply says <claimed>, but the call(s) used <observed>`, for values that are not money. */
export function valueMismatchMessage(claimed: string, observed: readonly unknown[]): string {
  return `the reply says ${claimed}, but ${calls(observed)} used ${list(observed.map(shown))}`;
}

/**
 * A money contradiction. `where` says where the calls' amounts come from: their `arguments` (as sent,
 * in the tool's own unit) or their `result` (in the currency's unit, signed: a refund is negative).
 */
export function moneyMismatchMessage(clause: string, claimed: string, observed: readonly unknown[], where: 'arguments' | 'result'): string {
  const direction = moneyDirection(clause);
  const says = direction === null ? claimed : `a ${direction} of ${claimed}`;
  if (where === 'arguments') return `the reply says ${says}, but ${calls(observed)} used ${list(observed.map(shown))}`;
  const recorded = observed.map((v) => (typeof v !== 'number' ? shown(v) : v === 0 ? '0.00' : `a ${v < 0 ? 'refund' : 'charge'} of ${Math.abs(v).toFixed(2)}`));
  return `the reply says ${says}, but ${observed.length === 1 ? "the call's result records" : "the calls' results record"} ${list(recorded)}`;
}

const calls = (observed: readonly unknown[]): string => (observed.length === 1 ? 'the call' : 'the calls');
const shown = (v: unknown): string => (typeof v === 'string' ? `"${v}"` : String(v));
const list = (items: readonly string[]): string => (items.length <= 1 ? (items[0] ?? 'nothing') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`);
