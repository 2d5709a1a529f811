/**
 * `uniqueItems` in time linear in the size of the array. Ajv compares every pair of items when it cannot
 * tell from the schema that they are scalars (an array of 20,000 small objects: 8.6 s; 165 KB of strings
 * under a schema that gives the items no type: 1.35 s). Here each item is hashed by walking it
 * (`_json-hash.ts`) into a table of indices; items of equal hash are compared member by member, and one
 * pass finds the first repeat without building a string per item.
 *
 * Hashes can collide, by chance or on purpose. The comparisons and probes may do at most as much work as
 * the hashing did (plus a constant); past that the array is checked again by canonical keys (each item's
 * JSON with object members sorted by name, in a set), which is linear whatever the items.
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

/** Work (nodes, characters, probes) the comparisons of one array may do beyond its hashing's, before canonical keys take over. */
const COMPARISON_SLACK = 4096;

/**
 * The first repeat in `items`: `i` the later index, `j` the earlier equal one; `undefined` when all differ.
 * `hasher` is for tests (one whose hashes all collide).
 */
export function firstRepeat(items: readonly unknown[], hasher = new JsonHasher()): { i: number; j: number } | undefined {
  const n = items.length;
  if (n < 2) return undefined;
  // An open-addressing table in a typed array, at most two thirds full, each slot an item's index plus one (0:
  // empty) beside its hash, read together: no map entry, key string or boxed hash per item for the
  // garbage collector to trace (a Map of 14,000 strings cost 20 times one of 1,400).
  let size = 16;
  while (size < n + (n >> 1)) size *= 2;
  const mask = size - 1;
  const table = new Int32Array(2 * size);
  for (let i = 0; i < n; i++) {
    const item = items[i];
    const h = hasher.hash(item) | 0;
    for (let slot = spread(h) & mask; ; slot = (slot + 1) & mask) {
      const held = table[2 * slot] as number;
      if (held === 0) {
        table[2 * slot] = i + 1;
        table[2 * slot + 1] = h;
        break;
      }
      if (table[2 * slot + 1] === h) {
        const j = held - 1;
        if (typeof item === 'string') hasher.compared += item.length;
        if (hasher.equal(items[j], item)) return { i, j };
      }
      if (++hasher.compared > hasher.hashed + COMPARISON_SLACK) return firstRepeatByKeys(items);
    }
  }
  return undefined;
}

/** `h` with every bit mixed into the low ones (Murmur3's finalizer), which pick the slot. */
function spread(h: number): number {
  let x = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return x ^ (x >>> 16);
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
