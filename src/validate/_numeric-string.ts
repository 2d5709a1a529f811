/**
 * Internal: a numeric string (`"42.00"`, `"4.2e1"`) read as a JSON number. Whether the number keeps the
 * string's value, and whether that value is whole, are decided on the string's decimal digits, not on the
 * double it parses to: `"42.50"` is not whole, and `"12345678901234567890"` does not survive as a number.
 */

/** JSON's number grammar, with spaces around allowed: sign, integer part, fraction digits, exponent. */
const NUMERIC = /^\s*(-?)(0|[1-9]\d*)(?:\.(\d+))?(?:[eE]([+-]?\d+))?\s*$/;

/** A numeric string as a number. */
export interface NumericString {
  /** `Number(text)`: rounded to a double, `Infinity` or `0` past a double's range. */
  value: number;
  /** `value` is exactly the string's decimal value (false: rounded, overflowed or underflowed). */
  exact: boolean;
  /** The string's decimal value is a whole number (`"42.00"`, `"4.2e1"`; not `"42.50"`). */
  whole: boolean;
  /** The string is written as `value` is (`"42"`), so sending the number only drops the quotes. */
  literal: boolean;
  /** The string is written with decimal places (`"42.00"`, `"42.5"`; not `"42"` or `"4.2e1"`). */
  decimals: boolean;
}

/** A decimal value as `digits × 10^exponent`, `digits` without leading or trailing zeros (`''` for zero). */
interface Decimal {
  negative: boolean;
  digits: string;
  exponent: number;
}

/** `text` read as a number when it is a JSON number in a string; else `undefined`. */
export function readNumericString(text: string): NumericString | undefined {
  const match = NUMERIC.exec(text);
  if (match === null) return undefined;
  const sent = decimalOf(match);
  const value = Number(text);
  const shown = NUMERIC.exec(String(value)); // null for Infinity
  const kept = shown === null ? undefined : decimalOf(shown);
  const exact = kept !== undefined && kept.negative === sent.negative && kept.digits === sent.digits && kept.exponent === sent.exponent;
  return { value, exact, whole: sent.digits === '' || sent.exponent >= 0, literal: text.trim() === String(value), decimals: match[3] !== undefined && match[4] === undefined };
}

/** The decimal value a {@link NUMERIC} match writes. */
function decimalOf(match: RegExpExecArray): Decimal {
  const [, sign = '', integer = '', fraction = '', exponent = '0'] = match;
  const all = integer + fraction;
  let start = 0;
  while (start < all.length && all[start] === '0') start++;
  let end = all.length;
  while (end > start && all[end - 1] === '0') end--;
  const digits = all.slice(start, end);
  if (digits === '') return { negative: false, digits, exponent: 0 };
  return { negative: sign === '-', digits, exponent: Number(exponent) - fraction.length + (all.length - end) };
}
