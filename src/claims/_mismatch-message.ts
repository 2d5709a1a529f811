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

/** `the reply says <claimed>, but the call's result records <observed>`, for values a call made (a new record's id). */
export function resultValueMismatchMessage(claimed: string, observed: readonly unknown[]): string {
  return `the reply says ${claimed}, but ${observed.length === 1 ? "the call's result records" : "the calls' results record"} ${list(observed.map(shown))}`;
}

/**
 * A money contradiction against what the calls sent: each amount named by its argument, whose name carries the
 * tool's unit ("the call used amount_cents 4200"; a bare value when the amount is no named argument's).
 */
export function moneyMismatchMessage(clause: string, claimed: string, used: ReadonlyArray<{ key: string; value: unknown }>): string {
  const named = used.map((l) => (l.key === '' ? shown(l.value) : `${l.key} ${shown(l.value)}`));
  return `the reply says ${saysMoney(clause, claimed)}, but ${calls(used)} used ${list(named)}`;
}

/**
 * A money contradiction against what the calls' own results record (amounts in the currency's unit, signed: a
 * refund is negative): the amount claimed against the one recorded amount nearest to it in size (a result
 * lists every leg and fee of a booking; the nearest is the one the claim is about, often the same sum moved
 * the other way).
 */
export function resultMoneyMismatchMessage(clause: string, claimed: string, recorded: readonly number[]): string {
  const size = amountOf(claimed);
  const nearest = recorded.reduce<number | undefined>((best, v) => (best === undefined || Math.abs(Math.abs(v) - size) < Math.abs(Math.abs(best) - size) ? v : best), undefined);
  const amount = nearest === undefined ? 'nothing' : nearest === 0 ? 'an amount of 0.00' : `a ${nearest < 0 ? 'refund' : 'charge'} of ${Math.abs(nearest).toFixed(2)}`;
  return `the reply says ${saysMoney(clause, claimed)}, but ${recorded.length === 1 ? "the call's result records" : "a call's result records"} ${amount}`;
}

/** The number a claimed amount's text states ("$1,234.50" → 1234.5); 0 when it holds none. */
function amountOf(text: string): number {
  let digits = '';
  for (const ch of text) if ((ch >= '0' && ch <= '9') || ch === '.') digits += ch;
  const value = Number.parseFloat(digits);
  return Number.isFinite(value) ? value : 0;
}

/** The claimed amount, with the way it moved when the clause says ("a refund of $45.00"). */
function saysMoney(clause: string, claimed: string): string {
  const direction = moneyDirection(clause);
  return direction === null ? claimed : `a ${direction} of ${claimed}`;
}

const calls = (observed: readonly unknown[]): string => (observed.length === 1 ? 'the call' : 'the calls');
const shown = (v: unknown): string => (typeof v === 'string' ? `"${v}"` : String(v));
const list = (items: readonly string[]): string => (items.length <= 1 ? (items[0] ?? 'nothing') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`);
