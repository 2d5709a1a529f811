import { describe, expect, it } from 'vitest';
import { boundDepth, DEPTH_MARK, MAX_DEPTH, nestingDepth } from './_bound-depth.js';

const nest = (levels: number, leaf: unknown = 'leaf'): unknown => {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

describe('boundDepth', () => {
  it('returns a value within the limit itself, uncopied', () => {
    const value = { a: nest(MAX_DEPTH - 1) };
    expect(nestingDepth(value)).toBe(MAX_DEPTH);
    expect(boundDepth(value)).toBe(value);
    expect(boundDepth('text')).toBe('text');
  });

  it('cuts a 100,000-deep array at the limit, with a marker, and the copy serializes', () => {
    const deep = nest(100_000);
    const cut = boundDepth(deep);
    expect(nestingDepth(cut)).toBe(MAX_DEPTH);
    const text = JSON.stringify(cut);
    expect(text).toBe(`${'['.repeat(MAX_DEPTH)}${JSON.stringify(DEPTH_MARK)}${']'.repeat(MAX_DEPTH)}`);
  });

  it('marks a reference back to an enclosing object, keeps shared members and __proto__ keys', () => {
    const shared = { n: 1 };
    const loop: Record<string, unknown> = { shared, again: shared };
    loop.self = loop;
    Object.defineProperty(loop, '__proto__', { value: 'x', enumerable: true });
    expect(JSON.stringify(boundDepth(loop))).toBe('{"shared":{"n":1},"again":{"n":1},"self":"[Circular]","__proto__":"x"}');
  });

  it('walks a shared-member chain (2^300 paths) in time linear in its nodes', { timeout: 30_000 }, () => {
    let node: unknown = 'leaf';
    for (let i = 0; i < 300; i++) node = [node, node];
    expect(nestingDepth(node)).toBe(MAX_DEPTH + 1);
    const cut = boundDepth(node) as unknown[];
    expect(nestingDepth(cut)).toBe(MAX_DEPTH);
  });

  it('a tree, shared members, a cycle and a throwing member: the tree walk and the shared walk agree', () => {
    const leafy = { a: [1, { b: [] }], c: 'x', d: { e: { f: [[]] } } };
    expect(nestingDepth(leafy)).toBe(5);
    expect(nestingDepth(leafy, 4)).toBe(5);
    expect(nestingDepth(leafy, 5)).toBe(5);
    expect(nestingDepth([], 0)).toBe(1);
    const shared = { n: [] };
    expect(nestingDepth([shared, { deeper: shared }])).toBe(4);
    const loop: unknown[] = [[]];
    loop.push(loop);
    expect(nestingDepth(loop)).toBe(MAX_DEPTH + 1);
    const throwing = { ok: [], get bad(): unknown { throw new Error('unreadable'); } };
    expect(() => nestingDepth([throwing])).toThrow('unreadable');
  });

  it('a tree of more members than the tree walk reads is measured by the shared walk', { timeout: 30_000 }, () => {
    const wide = { list: Array.from({ length: 3_000_000 }, (_, i) => (i === 123 ? [[1]] : i)) };
    expect(nestingDepth(wide)).toBe(4);
  });
});
