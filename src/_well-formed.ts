/**
 * Internal: well-formed UTF-16. A string with a lone surrogate (half of a pair, e.g. `"\uD800"`) has no
 * UTF-8 form: SQLite, PostgreSQL and JSON writers turn it into U+FFFD, silently changing it. Tool names
 * must survive the ledger exactly, so claimcheck refuses such names where it can (a typed error) and,
 * where it must not throw (a model's call), records them with each lone surrogate written as `\uXXXX`.
 */

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** True when `text` has no lone surrogate (what `String.prototype.isWellFormed` says, on Node.js 20 too). */
export function isWellFormed(text: string): boolean {
  LONE_SURROGATE.lastIndex = 0;
  return !LONE_SURROGATE.test(text);
}

/** `text` with each lone surrogate written as the six characters `\uXXXX` (uppercase hex). */
export function escapeLoneSurrogates(text: string): string {
  return text.replace(LONE_SURROGATE, (unit) => `\\u${unit.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Where the first lone surrogate is, for error messages: `U+D800 at index 4`. */
export function describeLoneSurrogate(text: string): string {
  LONE_SURROGATE.lastIndex = 0;
  const match = LONE_SURROGATE.exec(text);
  if (match === null) return 'none';
  return `U+${match[0].charCodeAt(0).toString(16).toUpperCase()} at index ${match.index}`;
}
