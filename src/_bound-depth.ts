/**
 * Internal: the depth limit on values claimcheck keeps or walks (call arguments, results), so that a
 * deeply nested value (a 10,000-deep array from a model or a tool) never overflows the stack in a
 * recursive walk (`JSON.stringify`, hashing, validation, claim matching).
 *
 * Values within {@link MAX_DEPTH} levels pass through untouched (the same object, no copy). Deeper ones
 * are copied down to the limit, and each member below it is replaced by the marker {@link DEPTH_MARK};
 * a reference back to an enclosing object becomes `"[Circular]"` (as in `argsHash`).
 */

/** Levels of containers (arrays, objects) kept: `[]` is one level, `[[]]` two, a string none. */
export const MAX_DEPTH = 256;

/** What stands in for a member nested deeper than {@link MAX_DEPTH} levels. */
export const DEPTH_MARK = `[Truncated: nested deeper than ${MAX_DEPTH} levels]`;

const CIRCULAR = '[Circular]';

/** Containers walked: arrays, and objects without `toJSON` (which `JSON.stringify` reads member by member). */
function children(value: unknown): unknown[] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) return value;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return undefined;
  return Object.values(value);
}

/**
 * How many levels of containers `value` nests (`{}` one, `{a: []}` two, a string none), up to
 * `limit + 1` (a cycle counts as deeper than any limit). First walked as a tree, which is all that
 * parsed JSON is: no map of the objects met (on 1 MB of small objects, that map cost more than the
 * validation). A value the tree walk cannot settle (deeper than `limit`, a cycle, members shared so
 * often that the walk reads {@link TREE_WALK_MEMBERS}, a member that throws) is walked again
 * iteratively, entering an object met again only when met at a greater depth than before (at most
 * `limit + 1` times), so shared members cost no more than a tree of the same nodes.
 */
export function nestingDepth(value: unknown, limit = MAX_DEPTH): number {
  const top = children(value);
  if (top === undefined) return 0;
  if (limit >= 1) {
    try {
      const depth = treeDepth(top, 1, limit, { left: TREE_WALK_MEMBERS });
      if (depth > 0) return depth;
    } catch {
      // A member that cannot be read: the walk below reads it again, and throws as it does.
    }
  }
  return sharedDepth(value, limit);
}

/**
 * Members a walk of the value as a tree may read before {@link nestingDepth} turns to its walk of shared
 * members (a tree of 1 MB of JSON has a few hundred thousand; a chain of shared members, 2^depth paths).
 */
const TREE_WALK_MEMBERS = 1 << 21;

/**
 * The deepest level under `members`, the children of a container at level `depth`, walked as a tree: no
 * map of the objects met, no record of the path. `-1` when a level passes `limit` (deep, or a cycle) or
 * the walk reads more than `budget.left` members (shared members read once per path): then only
 * {@link sharedDepth} can tell.
 */
function treeDepth(members: unknown[], depth: number, limit: number, budget: { left: number }): number {
  budget.left -= members.length;
  if (budget.left < 0) return -1;
  let deepest = depth;
  for (const member of members) {
    const inner = children(member);
    if (inner === undefined) continue;
    if (depth >= limit) return -1;
    const below = treeDepth(inner, depth + 1, limit, budget);
    if (below < 0) return -1;
    if (below > deepest) deepest = below;
  }
  return deepest;
}

/** {@link nestingDepth} by a walk that enters a shared member again only when met deeper than before. */
function sharedDepth(value: unknown, limit: number): number {
  const seenAt = new Map<object, number>();
  const onPath = new Set<object>();
  const stack: Array<{ node: object; depth: number; exit: boolean }> = [{ node: value as object, depth: 0, exit: false }];
  let deepest = 0;
  while (stack.length > 0) {
    const { node, depth, exit } = stack.pop() as { node: object; depth: number; exit: boolean };
    if (exit) {
      onPath.delete(node);
      continue;
    }
    if (onPath.has(node)) return limit + 1;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > limit) return limit + 1;
    const earlier = seenAt.get(node);
    if (earlier !== undefined && earlier >= depth) continue;
    seenAt.set(node, depth);
    onPath.add(node);
    stack.push({ node, depth, exit: true });
    for (const child of children(node) as unknown[]) {
      if (children(child) !== undefined) stack.push({ node: child as object, depth: depth + 1, exit: false });
    }
  }
  return deepest;
}

/**
 * `value` itself when it nests at most {@link MAX_DEPTH} levels, else a copy cut there (see the module
 * comment). Never throws: a value whose members cannot be read (a throwing getter) is returned as it is.
 */
export function boundDepth(value: unknown): unknown {
  try {
    if (nestingDepth(value) <= MAX_DEPTH) return value;
    return cut(value, 0, new Set(), new Map());
  } catch {
    return value;
  }
}

function cut(value: unknown, depth: number, open: Set<object>, done: Map<object, Map<number, unknown>>): unknown {
  const members = children(value);
  if (members === undefined) return value;
  if (depth >= MAX_DEPTH) return DEPTH_MARK;
  const node = value as object;
  if (open.has(node)) return CIRCULAR;
  const memo = done.get(node)?.get(depth);
  if (memo !== undefined) return memo;
  open.add(node);
  let copy: unknown;
  if (Array.isArray(node)) copy = node.map((item: unknown) => cut(item, depth + 1, open, done));
  else {
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(node)) {
      const kept = cut(member, depth + 1, open, done);
      if (key === '__proto__') Object.defineProperty(out, key, { value: kept, enumerable: true, writable: true, configurable: true });
      else out[key] = kept;
    }
    copy = out;
  }
  open.delete(node);
  let atDepth = done.get(node);
  if (atDepth === undefined) done.set(node, (atDepth = new Map()));
  atDepth.set(depth, copy);
  return copy;
}
