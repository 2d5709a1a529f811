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

/**
 * `read(key, set)` remembered per key and per set: one {@link memo} for each set asked (held weakly, so a set
 * no longer used is collected), the last set's memo kept at hand. An empty set and `undefined` share one memo.
 * For readers of a tool list's verbs: a conversation's turns ask with one set, read as fixed.
 */
export function memoPerSet<V>(read: (key: string, set: ReadonlySet<string> | undefined) => V): (set: ReadonlySet<string> | undefined) => (key: string) => V {
  const none = memo((key) => read(key, undefined));
  const bySet = new WeakMap<ReadonlySet<string>, (key: string) => V>();
  let lastSet: ReadonlySet<string> | undefined;
  let last = none;
  return (set) => {
    if (set === undefined || set.size === 0) return none;
    if (set === lastSet) return last;
    let known = bySet.get(set);
    if (known === undefined) bySet.set(set, (known = memo((key) => read(key, set))));
    lastSet = set;
    last = known;
    return known;
  };
}

/**
 * `fn(a, b)` remembered per pair of keys, in one map per first key; all are cleared together when they hold
 * {@link MEMO_LIMIT} entries. The keys are never joined into one string: a lookup hashes each as it is (a
 * word kept by its caller is hashed once). `fn` must be pure, as for {@link memo}.
 */
export function memoPair<V>(fn: (a: string, b: string) => V): (a: string, b: string) => V {
  const cache = new Map<string, Map<string, V>>();
  let size = 0;
  return (a, b) => {
    let byB = cache.get(a);
    const known = byB?.get(b);
    if (known !== undefined || byB?.has(b) === true) return known as V;
    const value = fn(a, b);
    if (size >= MEMO_LIMIT) {
      cache.clear();
      size = 0;
      byB = undefined;
    }
    if (byB === undefined) cache.set(a, (byB = new Map()));
    byB.set(b, value);
    size++;
    return value;
  };
}

/**
 * `fn` remembered for the last key only. For readers of a whole text that the next calls ask about again (the
 * turns after one user message share its request; a reply is the next turn's previous reply): one slot, so a
 * text is read once per run of calls that ask about it, and a text met again later is read again.
 */
export function lastOf<V>(fn: (key: string) => V): (key: string) => V {
  let lastKey: string | undefined;
  let lastValue: V | undefined;
  return (key) => {
    if (key !== lastKey) {
      lastValue = fn(key);
      lastKey = key;
    }
    return lastValue as V;
  };
}

/** Results kept per first element (lists that start with the same element). */
const LISTS_PER_FIRST = 8;

/**
 * `build(list)` remembered per list of objects: found by the list's first element (held weakly) and compared
 * element by element, so equal lists share one result whatever array holds them. For what is read once per tool
 * list: the profiles are made once per tool (`check.ts`), so the conversations of one agent, which list the same
 * tools, share one result; `build` must depend on the elements only. A list is read as fixed (the last one asked
 * is known by identity); an empty list is built each time.
 */
export function memoPerList<E extends object, T>(build: (list: readonly E[]) => T): (list: readonly E[]) => T {
  const byFirst = new WeakMap<E, Array<{ list: readonly E[]; value: T }>>();
  // The last list asked and its result: the turns of a conversation ask with the same array.
  let lastList: readonly E[] | undefined;
  let lastValue: T | undefined;
  return (list) => {
    if (list === lastList) return lastValue as T;
    const first = list[0];
    if (first === undefined) return build(list);
    let known = byFirst.get(first);
    if (known === undefined) byFirst.set(first, (known = []));
    let value = known.find((k) => sameElements(k.list, list))?.value;
    if (value === undefined) {
      value = build(list);
      if (known.length >= LISTS_PER_FIRST) known.shift();
      known.push({ list: [...list], value });
    }
    lastList = list;
    lastValue = value;
    return value;
  };
}

function sameElements<E>(a: readonly E[], b: readonly E[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
