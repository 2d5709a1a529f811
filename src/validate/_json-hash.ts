/**
 * JSON equality, as `uniqueItems` reads it, and a numeric hash consistent with it, for finding repeats
 * among the items of one array without building a string per item.
 *
 * Equal means: strings, booleans and bigints of the same value; numbers of the same value (`0` and `-0`
 * are equal, as `0 === -0` in Ajv's comparison, and `NaN` equals `NaN`); arrays of the same length with
 * equal items in the same order (a hole reads as `undefined`); plain objects (prototype `Object.prototype`
 * or `null`) with the same own enumerable member names, in any order, and equal values; `undefined` and
 * `null` each equal to themselves. Anything else (functions, symbols, class instances such as `Date`) is
 * equal only to itself. Equal values get equal hashes; unequal values mostly get different ones.
 *
 * Values are walked recursively: callers pass values already bounded in depth (`_bound-depth.ts`).
 */

/** A 32-bit multiplicative mix of `h` and `x` (Murmur3's constants). */
function mix(h: number, x: number): number {
  const m = Math.imul(h ^ x, 0xcc9e2d51);
  return Math.imul((m << 15) | (m >>> 17), 0x1b873593);
}

/** FNV-1a over the UTF-16 code units of `text`, seeded by its length. */
function textHash(text: string): number {
  let h = 0x811c9dc5 ^ text.length;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}

// Seeds that keep a string, a number, an array and an object of the same content apart.
const STRING = 0x2545f491;
const NUMBER = 0x3c6ef372;
const BIGINT = 0x7f4a7c15;
const ARRAY = 0x5851f42d;
const OBJECT = 0x4c957f2d;
const TRUE = 0x68e31da4;
const FALSE = 0x1b56c4e9;
const NULL = 0x0e7c2b3d;
const UNDEFINED = 0x2f9a41c7;
const NAN = 0x61c88647;
const IDENTITY = 0x3a8f05c5;

const float = new Float64Array(1);
const words = new Int32Array(float.buffer);

/** A hash of the number `n`: `-0` hashes as `0`, every `NaN` alike. */
function numberHash(n: number): number {
  if ((n | 0) === n) return mix(NUMBER, n | 0);
  if (n !== n) return NAN;
  float[0] = n;
  return mix(mix(NUMBER, words[0] as number), words[1] as number);
}

/** A plain object: its members are its content (prototype `Object.prototype` or `null`, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Hashes and compares JSON values (see the module comment). One instance serves one array: values that
 * are equal only to themselves get a number each, kept for the instance's life. {@link hashed} and
 * {@link compared} count the work each has done (nodes walked, characters hashed), so that a caller can
 * bound the comparisons by the hashing.
 */
export class JsonHasher {
  /** Nodes (and characters of strings and member names) walked so far by {@link hash}. */
  hashed = 0;
  /** Nodes walked so far by {@link equal}. */
  compared = 0;
  #identities: Map<unknown, number> | undefined;

  /** A 32-bit hash of `value`, equal for equal values. */
  hash(value: unknown): number {
    this.hashed++;
    switch (typeof value) {
      case 'string':
        this.hashed += value.length;
        return mix(STRING, textHash(value));
      case 'number':
        return numberHash(value);
      case 'boolean':
        return value ? TRUE : FALSE;
      case 'bigint':
        return mix(BIGINT, textHash(value.toString()));
      case 'undefined':
        return UNDEFINED;
      default:
        break;
    }
    if (value === null) return NULL;
    if (Array.isArray(value)) {
      let h = mix(ARRAY, value.length);
      for (let i = 0; i < value.length; i++) h = mix(h, this.hash(value[i] as unknown));
      return h;
    }
    if (isPlainObject(value)) {
      // A sum of one mix per member: the same whatever the members' order.
      const names = Object.keys(value);
      let sum = 0;
      for (const name of names) {
        this.hashed += name.length;
        sum = (sum + mix(textHash(name), this.hash(value[name]))) | 0;
      }
      return mix(mix(OBJECT, names.length), sum);
    }
    this.#identities ??= new Map();
    let id = this.#identities.get(value);
    if (id === undefined) {
      id = this.#identities.size;
      this.#identities.set(value, id);
    }
    return mix(IDENTITY, id);
  }

  /** Whether `a` and `b` are equal JSON values (see the module comment). */
  equal(a: unknown, b: unknown): boolean {
    this.compared++;
    if (a === b) return true;
    if (typeof a === 'number') return typeof b === 'number' && a !== a && b !== b;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    if (Array.isArray(a)) {
      if (!Array.isArray(b) || a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) if (!this.equal(a[i] as unknown, b[i] as unknown)) return false;
      return true;
    }
    if (!isPlainObject(a) || !isPlainObject(b)) return false;
    const names = Object.keys(a);
    if (names.length !== Object.keys(b).length) return false;
    for (const name of names) {
      if (!Object.prototype.propertyIsEnumerable.call(b, name) || !this.equal(a[name], b[name])) return false;
    }
    return true;
  }
}
