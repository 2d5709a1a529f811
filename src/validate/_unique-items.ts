/**
 * `uniqueItems` in time linear in the size of the array. Ajv compares every pair of items when it cannot
 * tell from the schema that they are scalars (an array of 20,000 small objects: 8.6 s; 165 KB of strings
 * under a schema that gives the items no type: 1.35 s). Here strings are their own key in a map, and every
 * other item is hashed by walking it (`_json-hash.ts`): items of equal hash are compared member by member,
 * and one pass finds the first repeat without building a string per item.
 *
 * Hashes can collide, by chance or on purpose. The comparisons may walk at most as many nodes as the
 * hashing did (plus a constant); past that the array is checked again by canonical keys (each item's JSON
 * with object members sorted by name, in a set), which is linear whatever the items.
 *
 * The schema copy that Ajv compiles has `uniqueItems: true` renamed to {@link UNIQUE_ITEMS_KEYWORD}, a
 * keyword defined here that reports the same error Ajv would (keyword `uniqueItems`, params `{ i, j }`).
 * Equality is JSON equality, as Ajv's: `1` and `1.0` are equal, as are `0` and `-0`; `1` and `"1"` are
 * not, member order does not count. Values JSON has no form for (functions, symbols, class instances such
 * as `Date`) are equal only to themselves.
 */
import type { ErrorObject, KeywordDefinition } from 'ajv';
import { JsonHasher } from './_json-hash.js';
import { isJsonObject, mapSubschemas } from './_map-subschemas.js';

type Json = Record<string, unknown>;

/** The keyword `uniqueItems: true` becomes in the compiled copy. */
export const UNIQUE_ITEMS_KEYWORD = 'claimcheckUniqueItems';

/** A copy of `schema` in which each `uniqueItems: true` is {@link UNIQUE_ITEMS_KEYWORD} (`false` is dropped; any other value is left for Ajv to refuse). */
export function replaceUniqueItems(schema: Json): Json {
  const out = mapSubschemas(schema, (sub) => (isJsonObject(sub) ? replaceUniqueItems(sub) : sub));
  // A schema's own use of the internal name is an unknown keyword: it must not switch the check on.
  delete out[UNIQUE_ITEMS_KEYWORD];
  if (out.uniqueItems === true || out.uniqueItems === false) {
    if (out.uniqueItems) out[UNIQUE_ITEMS_KEYWORD] = true;
    delete out.uniqueItems;
  }
  return out;
}

/** Nodes the comparisons of one array may walk beyond those its hashing walked, before canonical keys take over. */
const COMPARISON_SLACK = 4096;

/**
 * The first repeat in `items`: `i` the later index, `j` the earlier equal one; `undefined` when all differ.
 * `hasher` is for tests (one whose hashes all collide).
 */
export function firstRepeat(items: readonly unknown[], hasher = new JsonHasher()): { i: number; j: number } | undefined {
  // Strings are their own key (V8 keeps a string's hash); every other value by its hash, to the indices
  // of the earlier items of that hash (one index, or a list of them after a collision).
  const strings = new Map<string, number>();
  const buckets = new Map<number, number | number[]>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (typeof item === 'string') {
      const j = strings.get(item);
      if (j !== undefined) return { i, j };
      strings.set(item, i);
      continue;
    }
    // Kept in 30 bits: a small integer key, never a boxed number.
    const h = hasher.hash(item) & 0x3fffffff;
    const bucket = buckets.get(h);
    if (bucket === undefined) {
      buckets.set(h, i);
      continue;
    }
    const earlier = typeof bucket === 'number' ? [bucket] : bucket;
    for (const j of earlier) {
      if (hasher.equal(items[j], item)) return { i, j };
      if (hasher.compared > hasher.hashed + COMPARISON_SLACK) return firstRepeatByKeys(items);
    }
    earlier.push(i);
    if (earlier !== bucket) buckets.set(h, earlier);
  }
  return undefined;
}

/** {@link firstRepeat} by canonical keys: linear in the size of `items` whatever their hashes. */
export function firstRepeatByKeys(items: readonly unknown[]): { i: number; j: number } | undefined {
  const keys = new CanonicalKeys();
  const strings = new Map<string, number>();
  const others = new Map<string, number>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const [seen, key] = typeof item === 'string' ? [strings, item] : [others, keys.of(item)];
    const j = seen.get(key);
    if (j !== undefined) return { i, j };
    seen.set(key, i);
  }
  return undefined;
}

/** The Ajv definition of {@link UNIQUE_ITEMS_KEYWORD}. */
export const uniqueItemsKeyword: KeywordDefinition = {
  keyword: UNIQUE_ITEMS_KEYWORD,
  type: 'array',
  schemaType: 'boolean',
  errors: true,
  validate: function validateUnique(this: unknown, _schema: boolean, data: unknown[], parentSchema?: Json): boolean {
    const repeat = firstRepeat(data);
    const self = validateUnique as { errors?: Partial<ErrorObject>[] };
    if (repeat === undefined) {
      self.errors = [];
      return true;
    }
    const error: Partial<ErrorObject> = {
      keyword: 'uniqueItems',
      params: repeat,
      message: `must NOT have duplicate items (items ## ${repeat.j} and ${repeat.i} are identical)`,
    };
    if (parentSchema !== undefined) error.parentSchema = parentSchema;
    self.errors = [error];
    return false;
  },
};

/** Canonical keys: equal JSON values get equal keys; a value JSON cannot write is keyed by its identity. */
class CanonicalKeys {
  readonly #identities = new Map<unknown, number>();
  /** Member names as JSON text: the items of one array mostly share their names. */
  readonly #names = new Map<string, string>();

  #quoted(name: string): string {
    let quoted = this.#names.get(name);
    if (quoted === undefined) {
      quoted = JSON.stringify(name);
      if (this.#names.size < 10_000) this.#names.set(name, quoted);
    }
    return quoted;
  }

  of(value: unknown): string {
    switch (typeof value) {
      case 'string':
        return JSON.stringify(value);
      case 'number':
      case 'boolean':
        // String(-0) is "0", as -0 === 0; NaN (not JSON) equals NaN, as in Ajv's comparison.
        return String(value);
      case 'bigint':
        return `${value}n`;
      case 'undefined':
        return 'undefined';
      default:
        break;
    }
    if (value === null) return 'null';
    if (Array.isArray(value)) {
      let key = '[';
      for (let i = 0; i < value.length; i++) key += (i === 0 ? '' : ',') + this.of(value[i] as unknown);
      return `${key}]`;
    }
    const proto: unknown = typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
    if (typeof value === 'object' && (proto === Object.prototype || proto === null)) {
      const members = value as Json;
      const names = Object.keys(members).sort();
      let key = '{';
      for (let i = 0; i < names.length; i++) {
        const name = names[i] as string;
        key += `${i === 0 ? '' : ','}${this.#quoted(name)}:${this.of(members[name])}`;
      }
      return `${key}}`;
    }
    let id = this.#identities.get(value);
    if (id === undefined) {
      id = this.#identities.size;
      this.#identities.set(value, id);
    }
    return `#${id}`;
  }
}
