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
import { pointerSegments } from './_json-pointer.js';

const isCombinator = (e: ErrorObject): boolean => e.keyword === 'anyOf' || e.keyword === 'oneOf';

/** The branch index of `e` within combinator `c` (`e.schemaPath` is under `c.schemaPath`), or `undefined`. */
function branchIndex(e: ErrorObject, c: ErrorObject): number | undefined {
  const index = Number(e.schemaPath.slice(c.schemaPath.length + 1).split('/')[0]);
  return Number.isInteger(index) ? index : undefined;
}

/** Where an error sits in the reduced list: by `primary` (an index in Ajv's list), then `secondary`. */
interface Entry {
  error: ErrorObject;
  primary: number;
  secondary: number;
  alive: boolean;
}

/** `pointer` and every pointer it is within: `''`, `/a`, `/a/0` for `/a/0`. */
function pointerPrefixes(pointer: string): string[] {
  const prefixes: string[] = [];
  for (let at = pointer.indexOf('/'); at !== -1; at = pointer.indexOf('/', at + 1)) prefixes.push(pointer.slice(0, at));
  prefixes.push(pointer);
  return prefixes;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

const byPosition = (a: Entry, b: Entry): number => a.primary - b.primary || a.secondary - b.secondary;

/**
 * Reduce every failed combinator, innermost first, in time near-linear in the number of errors (times
 * the nesting of combinators): each combinator is reduced once, over the errors of its branches found
 * through an index of the combinators by schema path and instance path (one argument of 100,000 items
 * failing an `anyOf` each took hours when every combinator was compared with every error).
 */
export function reduceCombinators(errors: readonly ErrorObject[]): ErrorObject[] {
  const entries: Entry[] = errors.filter((e) => e.keyword !== 'if').map((error, primary) => ({ error, primary, secondary: 0, alive: true }));
  const combinators = entries.filter((entry) => isCombinator(entry.error));
  if (combinators.length === 0) return entries.map((entry) => entry.error);
  // Combinators by schema path, then by instance path.
  const index = new Map<string, Map<string, Entry[]>>();
  for (const c of combinators) {
    const byInstance = index.get(c.error.schemaPath) ?? new Map<string, Entry[]>();
    index.set(c.error.schemaPath, byInstance);
    pushTo(byInstance, c.error.instancePath, c);
  }
  // Each combinator's members: the errors of its branches, nested combinators included.
  const members = new Map<Entry, Entry[]>();
  const ownersOf = (error: ErrorObject): Entry[] => {
    const found: Entry[] = [];
    const { schemaPath, instancePath } = error;
    for (let cut = schemaPath.indexOf('/'); cut !== -1; cut = schemaPath.indexOf('/', cut + 1)) {
      const byInstance = index.get(schemaPath.slice(0, cut));
      if (byInstance === undefined) continue;
      for (const prefix of pointerPrefixes(instancePath)) {
        for (const c of byInstance.get(prefix) ?? []) if (c.error !== error && branchIndex(error, c.error) !== undefined) found.push(c);
      }
    }
    return found;
  };
  const owners = new Map<ErrorObject, Entry[]>();
  const merged: Entry[] = [];
  for (const entry of entries) {
    const found = ownersOf(entry.error);
    owners.set(entry.error, found);
    for (const c of found) pushTo(members, c, entry);
  }
  // Innermost first: a nested combinator's schema path is longer than that of every combinator it is in.
  const order = [...combinators].sort((a, b) => b.error.schemaPath.length - a.error.schemaPath.length || a.primary - b.primary);
  for (const c of order) {
    if (!c.alive) continue;
    const alive = (members.get(c) ?? []).filter((m) => m.alive).sort(byPosition);
    const branches = new Map<number, ErrorObject[]>();
    for (const m of alive) {
      const b = branchIndex(m.error, c.error);
      if (b !== undefined) pushTo(branches, b, m.error);
    }
    const passing = (c.error.params as { passingSchemas?: unknown }).passingSchemas;
    const replacement = (passing !== null && passing !== undefined) || branches.size === 0 ? [c.error] : chooseBranch(c.error, branches);
    const group = [c, ...alive];
    const first = group.reduce((min, entry) => (byPosition(entry, min) < 0 ? entry : min));
    const kept = new Map(group.map((entry) => [entry.error, entry]));
    for (const entry of group) entry.alive = false;
    replacement.forEach((error, rank) => {
      let entry = kept.get(error);
      if (entry === undefined) {
        // A merged type error stands where the combinator stood: in every combinator the combinator is in.
        entry = { error, primary: 0, secondary: 0, alive: true };
        merged.push(entry);
        for (const outer of owners.get(c.error) ?? []) members.get(outer)?.push(entry);
        owners.set(error, owners.get(c.error) ?? []);
      }
      entry.alive = true;
      entry.primary = first.primary;
      entry.secondary = rank;
    });
  }
  return [...entries, ...merged]
    .filter((entry) => entry.alive)
    .sort(byPosition)
    .map((entry) => entry.error);
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
