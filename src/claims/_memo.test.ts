/** The bounded memos of the claim pipeline: answers are remembered per key, and per set for memoPerSet. */
import { describe, expect, it } from 'vitest';
import { lastOf, memo, memoPair, memoPerList, memoPerSet } from './_memo.js';

describe('memo', () => {
  it('reads each key once, null answers included', () => {
    const asked: string[] = [];
    const f = memo((k) => (asked.push(k), k === 'none' ? null : k.length));
    expect([f('abc'), f('abc'), f('none'), f('none')]).toEqual([3, 3, null, null]);
    expect(asked).toEqual(['abc', 'none']);
  });
});

describe('memoPerSet', () => {
  it('keeps one memo per set, and one shared by undefined and an empty set', () => {
    const asked: string[] = [];
    const per = memoPerSet((k, set) => (asked.push(`${k}:${set === undefined ? '-' : [...set].join('')}`), set?.has(k) === true));
    const ab = new Set(['a', 'b']);
    expect([per(ab)('a'), per(ab)('c'), per(ab)('a')]).toEqual([true, false, true]);
    expect([per(undefined)('a'), per(new Set())('a')]).toEqual([false, false]);
    // Another set with the same members is another tool list: asked again.
    expect(per(new Set(['a']))('a')).toBe(true);
    expect(asked).toEqual(['a:ab', 'c:ab', 'a:-', 'a:a']);
  });
});

describe('memoPair', () => {
  it('reads each ordered pair once, undefined answers included', () => {
    const asked: string[] = [];
    const f = memoPair((a, b) => (asked.push(`${a}|${b}`), a === b ? undefined : a + b));
    expect([f('a', 'b'), f('b', 'a'), f('a', 'b'), f('a', 'a'), f('a', 'a')]).toEqual(['ab', 'ba', 'ab', undefined, undefined]);
    expect(asked).toEqual(['a|b', 'b|a', 'a|a']);
  });
});

describe('lastOf', () => {
  it('remembers the last key only: a text asked again after another is read again', () => {
    const asked: string[] = [];
    const f = lastOf((k) => (asked.push(k), k.length));
    expect([f('ab'), f('ab'), f('abc'), f('ab')]).toEqual([2, 2, 3, 2]);
    expect(asked).toEqual(['ab', 'abc', 'ab']);
  });
});

describe('memoPerList', () => {
  it('builds once per list of the same elements, whatever array holds them, and again for another list', () => {
    const [a, b, c] = [{ n: 'a' }, { n: 'b' }, { n: 'c' }];
    const built: string[] = [];
    const names = memoPerList((list: readonly { n: string }[]) => (built.push(list.map((x) => x.n).join('')), list.length));
    expect([names([a, b]), names([a, b]), names([a, c]), names([a, b])]).toEqual([2, 2, 2, 2]);
    expect(built).toEqual(['ab', 'ac']);
    // An empty list has no first element to be found by: built each time.
    names([]);
    names([]);
    expect(built).toEqual(['ab', 'ac', '', '']);
  });
});
