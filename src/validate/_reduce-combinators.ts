/**
 * Replace each failed `anyOf`/`oneOf` and the errors of all its branches with the errors of the one
 * branch the value came closest to matching, so a report says "/when must be a date-time" rather than
 * "must match a schema in anyOf" plus every branch's complaint.
 *
 * Closest branch, in order: one whose `type` accepts the value; then one with the fewest `enum`/`const`
 * errors on direct members (a discriminator such as `kind: "sms"` picks its branch); then the fewest
 * errors; then the first. When no branch's `type` accepts the value, the branches' type errors merge
 * into one ("must be integer or null"). A `oneOf` that failed because several branches passed stays as
 * it is. Innermost combinators are reduced first. A passing `anyOf` leaves no errors at all (Ajv drops
 * the failed branches' errors), and `if` errors only wrap their `then`/`else` errors, so they are dropped.
 */
import type { ErrorObject } from 'ajv';
import { isWithinPointer, pointerSegments } from './_json-pointer.js';

const isCombinator = (e: ErrorObject): boolean => e.keyword === 'anyOf' || e.keyword === 'oneOf';

/** The branch index of `e` within combinator `c`, or `undefined` when `e` is not one of its branch errors. */
function branchOf(e: ErrorObject, c: ErrorObject): number | undefined {
  if (e === c || !e.schemaPath.startsWith(`${c.schemaPath}/`) || !isWithinPointer(e.instancePath, c.instancePath)) return undefined;
  const index = Number(e.schemaPath.slice(c.schemaPath.length + 1).split('/')[0]);
  return Number.isInteger(index) ? index : undefined;
}

export function reduceCombinators(errors: readonly ErrorObject[]): ErrorObject[] {
  let list = errors.filter((e) => e.keyword !== 'if');
  const settled = new Set<ErrorObject>();
  for (;;) {
    const open = list.filter((c) => isCombinator(c) && !settled.has(c));
    // Innermost first: a combinator none of whose branch errors is another unsettled combinator.
    const combinator = open.find((c) => !open.some((d) => branchOf(d, c) !== undefined));
    if (combinator === undefined) return list;
    const branches = new Map<number, ErrorObject[]>();
    for (const e of list) {
      const b = branchOf(e, combinator);
      if (b !== undefined) branches.set(b, [...(branches.get(b) ?? []), e]);
    }
    const members = new Set([...branches.values()].flat());
    const passing = (combinator.params as { passingSchemas?: unknown }).passingSchemas;
    let replacement: ErrorObject[];
    if ((passing !== null && passing !== undefined) || branches.size === 0) {
      settled.add(combinator);
      replacement = [combinator];
    } else {
      replacement = chooseBranch(combinator, branches);
    }
    const first = list.findIndex((e) => e === combinator || members.has(e));
    const rest = list.filter((e) => e !== combinator && !members.has(e));
    rest.splice(first, 0, ...replacement);
    list = rest;
  }
}

function chooseBranch(combinator: ErrorObject, branches: Map<number, ErrorObject[]>): ErrorObject[] {
  const at = combinator.instancePath;
  const depth = pointerSegments(at).length;
  const typeRejected = (errs: ErrorObject[]): boolean => errs.some((e) => e.keyword === 'type' && e.instancePath === at);
  const discriminatorMisses = (errs: ErrorObject[]): number =>
    errs.filter((e) => (e.keyword === 'enum' || e.keyword === 'const') && pointerSegments(e.instancePath).length === depth + 1).length;

  const ranked = [...branches.entries()]
    .map(([index, errs]) => ({ index, errs, key: [typeRejected(errs) ? 1 : 0, discriminatorMisses(errs), errs.length] }))
    .sort((a, b) => compareKeys(a.key, b.key) || a.index - b.index);
  const best = ranked[0];
  if (best === undefined) return [combinator];
  if (!typeRejected(best.errs)) return best.errs;

  // No branch takes this kind of value: one type error naming every type the branches accept.
  const types = new Set<string>();
  for (const { errs } of ranked) {
    for (const e of errs) {
      if (e.keyword !== 'type' || e.instancePath !== at) continue;
      const t = (e.params as { type?: unknown }).type;
      for (const name of Array.isArray(t) ? t : String(t).split(',')) types.add(String(name));
    }
  }
  return [{ ...combinator, keyword: 'type', params: { type: [...types] }, message: `must be ${[...types].join(' or ')}` }];
}

function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
