import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHORT_LIST, sortShort } from './_sort.js';

describe('sortShort', () => {
  it('orders a list as Array.prototype.sort does, keeping equal items in their order, short or long', () => {
    const item = fc.record({ key: fc.integer({ min: 0, max: 5 }), id: fc.nat() });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 3 * SHORT_LIST }), (items) => {
        const compare = (a: { key: number }, b: { key: number }): number => a.key - b.key;
        const expected = [...items].sort(compare);
        const list = [...items];
        expect(sortShort(list, compare)).toBe(list);
        expect(list).toEqual(expected);
      }),
      { numRuns: 2_000 },
    );
  });
});
