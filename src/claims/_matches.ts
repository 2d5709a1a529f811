/**
 * Internal: the matches of a global regular expression, for the value finders that run on every claim.
 */

/**
 * The matches of `re` (which must have the `g` flag) in `text`, in order: what `text.matchAll(re)`
 * yields, without the copy of the expression `matchAll` makes on every call. `re.lastIndex` is 0 after.
 * @throws TypeError when `re` is not global (as `matchAll` does).
 */
export function matchesOf(re: RegExp, text: string): RegExpExecArray[] {
  if (!re.global) throw new TypeError(`matchesOf needs a global regular expression, got ${String(re)}`);
  const out: RegExpExecArray[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push(m);
    // An empty match would be found again at the same place: step over it, as matchAll does.
    if (m[0] === '') re.lastIndex++;
  }
  return out;
}
