/**
 * Internal: an argument contradiction in one sentence for a person: what the reply states (for money,
 * which way it moved: a refund to the user or a charge to them) and what the calls did.
 */
import { MONEY_WORDS } from './lexicon.js';

/** The money words of a clause ({@link MONEY_WORDS}), as whole words (letters, digits and `_` join a word). */
export function moneyWords(clause: string): Array<(typeof MONEY_WORDS)[string]> {
  const out: Array<(typeof MONEY_WORDS)[string]> = [];
  for (const w of clause.toLowerCase().split(/[^a-z0-9_]+/)) {
    const word = Object.hasOwn(MONEY_WORDS, w) ? MONEY_WORDS[w] : undefined;
    if (word !== undefined) out.push(word);
  }
  return out;
}

/** Which way the money a clause states moved: `refund` (to the user), `charge` (from them), or `null` when it does not say. A refund word wins. */
export function moneyDirection(clause: string): 'refund' | 'charge' | null {
  const words = moneyWords(clause);
  if (words.some((w) => w.direction === 'refund')) return 'refund';
  return words.length > 0 ? 'charge' : null;
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
