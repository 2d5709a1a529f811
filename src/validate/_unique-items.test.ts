import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { JsonHasher } from './_json-hash.js';
import { firstRepeat, firstRepeatByKeys } from './_unique-items.js';

/** A hasher whose hashes all collide: every item lands in one bucket and is compared member by member. */
class Colliding extends JsonHasher {
  override hash(value: unknown): number {
    super.hash(value);
    return 7;
  }
}

/** Every way the module finds a repeat: hashes, hashes that all collide, canonical keys. */
const ways = (items: unknown[]) => [firstRepeat(items), firstRepeat(items, new Colliding()), firstRepeatByKeys(items)];

const ajvUnique = new Ajv2020({ strict: false }).compile({ uniqueItems: true });

/** The first repeat by comparing every pair with Ajv's own `uniqueItems`. */
function pairwise(items: unknown[]): { i: number; j: number } | undefined {
  for (let i = 1; i < items.length; i++) {
    for (let j = 0; j < i; j++) if (!ajvUnique([items[j], items[i]])) return { i, j };
  }
  return undefined;
}

describe('firstRepeat: equality', () => {
  const date = new Date(0);
  const hidden = Object.defineProperty({ a: 1 }, 'b', { value: 2, enumerable: false });
  const nullProto = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 });
  // [a, b, equal]
  const pairs: Array<[unknown, unknown, boolean]> = [
    [{ a: 1, b: { c: [1, 2], d: 'x' } }, { b: { d: 'x', c: [1, 2] }, a: 1 }, true],
    [[[1, [2, [3]]]], [[1, [2, [3]]]], true],
    [[[1, [2, [3]]]], [[1, [2, [4]]]], false],
    [[1, [2]], [[1], 2], false],
    [0, -0, true],
    [[0], [-0], true],
    [{ a: -0 }, { a: 0 }, true],
    [Number.NaN, Number.NaN, true],
    [1, 1.0, true],
    [0.1 + 0.2, 0.3, false],
    [2 ** 31, -(2 ** 31), false],
    [2 ** 53, 2 ** 53 + 2, false],
    [1, '1', false],
    [1, 1n, false],
    [1n, 1n, true],
    [true, 'true', false],
    [null, 'null', false],
    [null, undefined, false],
    [[], {}, false],
    [['a'], { 0: 'a' }, false],
    [{ a: undefined }, {}, false],
    [{ a: undefined }, { b: undefined }, false],
    // eslint-disable-next-line no-sparse-arrays
    [[, 1], [undefined, 1], true],
    [{ a: 1 }, { a: 1, b: 2 }, false],
    [{ a: 1, b: 2 }, { a: 2, b: 1 }, false],
    [{ ab: 1 }, { a: 1, b: 1 }, false],
    [nullProto, { a: 1 }, true],
    [hidden, { a: 1 }, true],
    [hidden, { a: 1, b: 2 }, false],
    [{ a: 1, c: 2 }, Object.defineProperty({ a: 1, c: 2 }, 'c', { enumerable: false }), false],
    [date, date, true],
    [new Date(0), new Date(0), false],
    [{ d: date }, { d: date }, true],
    [[1, 2], [2, 1], false],
    ['\ud800', '\udc00', false],
  ];

  it.each(pairs.map(([a, b, equal], k) => ({ k, a, b, equal })))('pair $k: equal is $equal', ({ a, b, equal }) => {
    const expected = equal ? { i: 1, j: 0 } : undefined;
    expect(ways([a, b])).toEqual([expected, expected, expected]);
    const hasher = new JsonHasher();
    if (equal) expect(hasher.hash(a)).toBe(hasher.hash(b));
  });

  it('finds the first repeat and its earlier equal item, also among colliding hashes', () => {
    const items = [{ x: 1 }, [1], 'a', { x: 2 }, 3, { y: 1 }, [1.0], { x: 1 }];
    expect(ways(items)).toEqual([{ i: 6, j: 1 }, { i: 6, j: 1 }, { i: 6, j: 1 }]);
  });

  it('agrees with Ajv\'s pairwise comparison on random JSON', () => {
    let seed = 12345;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const value = (depth: number): unknown => {
      const kind = random(depth > 2 ? 4 : 6);
      if (kind === 0) return random(3) - 1;
      if (kind === 1) return ['a', 'b', ''][random(3)];
      if (kind === 2) return [true, false, null][random(3)];
      if (kind === 3) return [0.5, -0, 1e21][random(3)];
      if (kind === 4) return Array.from({ length: random(3) }, () => value(depth + 1));
      const names = ['p', 'q', 'r'].filter(() => random(2) === 0);
      return Object.fromEntries(names.map((name) => [name, value(depth + 1)]));
    };
    let repeats = 0;
    for (let round = 0; round < 300; round++) {
      // Through JSON text, as arguments arrive (and as Ajv's equality reads them: no -0, no prototypes).
      const items = JSON.parse(JSON.stringify(Array.from({ length: 1 + random(8) }, () => value(0)))) as unknown[];
      const expected = pairwise(items);
      if (expected !== undefined) repeats++;
      expect(ways(items)).toEqual([expected, expected, expected]);
    }
    expect(repeats).toBeGreaterThan(50);
    expect(repeats).toBeLessThan(280);
  });
});

describe('firstRepeat: colliding hashes', () => {
  it('comparisons stop at the hashing\'s work and canonical keys finish, with the same answer', { timeout: 60_000 }, () => {
    const items = Array.from({ length: 20_000 }, (_, i) => ({ id: i, tags: ['a', i % 7] }));
    const hasher = new Colliding();
    expect(firstRepeat(items, hasher)).toBeUndefined();
    expect(hasher.compared).toBeLessThanOrEqual(hasher.hashed + 4096 + 10);
    items.push({ tags: ['a', 12_345 % 7], id: 12_345 });
    expect(firstRepeat(items, new Colliding())).toEqual({ i: 20_000, j: 12_345 });
    expect(firstRepeat(items)).toEqual({ i: 20_000, j: 12_345 });
  });
});
