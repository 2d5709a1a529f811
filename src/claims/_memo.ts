/**
 * A bounded memo for pure functions of a string: the claim pipeline reads the same words and values again
 * and again (a verb form in every reply, a date in every search result), and an unbounded cache would grow
 * with its input.
 */

/** Entries a memo holds before it starts over. */
export const MEMO_LIMIT = 50_000;

/**
 * `fn` remembered per key, in a map cleared when it reaches {@link MEMO_LIMIT} entries. The value is shared
 * between callers: `fn` must be pure and its callers must not change what it returns.
 */
export function memo<V>(fn: (key: string) => V): (key: string) => V {
  const cache = new Map<string, V>();
  return (key) => {
    const known = cache.get(key);
    if (known !== undefined || cache.has(key)) return known as V;
    const value = fn(key);
    if (cache.size >= MEMO_LIMIT) cache.clear();
    cache.set(key, value);
    return value;
  };
}
