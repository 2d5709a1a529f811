/**
 * Internal: sorting the short lists of the claim pipeline (the tools that fit one claim).
 */

/** Lists up to this long are sorted in place by insertion; longer ones by `Array.prototype.sort`. */
export const SHORT_LIST = 16;

/**
 * `list.sort(compare)`, in place, for a list that is usually short: V8's `Array.prototype.sort` allocates its
 * merge state (a few kilobytes) on every call, which outweighs sorting a handful of items; a list of at most
 * {@link SHORT_LIST} items is sorted by insertion instead (stable, as `Array.prototype.sort` is since ES2019).
 * @returns `list`.
 */
export function sortShort<T>(list: T[], compare: (a: T, b: T) => number): T[] {
  if (list.length > SHORT_LIST) return list.sort(compare);
  for (let i = 1; i < list.length; i++) {
    const item = list[i] as T;
    let j = i - 1;
    while (j >= 0 && compare(list[j] as T, item) > 0) {
      list[j + 1] = list[j] as T;
      j--;
    }
    list[j + 1] = item;
  }
  return list;
}
