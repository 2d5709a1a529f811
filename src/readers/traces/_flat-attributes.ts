/**
 * Internal: lists that conventions spread over flat attribute keys (`llm.input_messages.0.message.role`,
 * `gen_ai.prompt.1.content`) gathered back into a list of objects.
 */
import { isRecord, type Rec } from '../_shape.js';

/** Numeric path segments this long or longer are not list indexes (a bound on the lists built). */
const MAX_INDEX = 100_000;

/**
 * The list spread over the keys that start with `prefix` (which ends with a dot): `prefix0.message.role`
 * becomes `[ { message: { role } } ]`. Numeric segments become list positions at every depth; holes are
 * dropped. `null` when no key has the prefix.
 */
export function flatList(attributes: Readonly<Record<string, unknown>>, prefix: string): Rec[] | null {
  let root: Rec | null = null;
  for (const key in attributes) {
    if (!key.startsWith(prefix)) continue;
    const path = key.slice(prefix.length).split('.');
    root ??= {};
    let node: Rec = root;
    for (let i = 0; i < path.length - 1; i++) {
      const segment = path[i] as string;
      const next = node[segment];
      node = isRecord(next) ? next : (node[segment] = {});
    }
    node[path[path.length - 1] as string] = attributes[key];
  }
  if (root === null) return null;
  const list = asList(root);
  return Array.isArray(list) ? list.filter(isRecord) : null;
}

/** Objects whose keys are all list indexes become lists, at every depth. */
function asList(node: unknown): unknown {
  if (!isRecord(node)) return node;
  const keys = Object.keys(node);
  for (const key of keys) node[key] = asList(node[key]);
  if (keys.length === 0 || !keys.every(isIndex)) return node;
  return keys.sort((a, b) => Number(a) - Number(b)).map((k) => node[k]);
}

function isIndex(key: string): boolean {
  if (key.length === 0 || key.length > 6) return false;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return Number(key) < MAX_INDEX;
}
