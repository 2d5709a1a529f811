import { describe, expect, it } from 'vitest';
import { matchesOf } from './_matches.js';

describe('matchesOf', () => {
  const same = (re: RegExp, text: string): void => {
    const ours = matchesOf(re, text).map((m) => [m.index, ...m]);
    expect(ours).toEqual([...text.matchAll(re)].map((m) => [m.index, ...m]));
    expect(re.lastIndex).toBe(0);
  };

  it('finds what matchAll finds, groups and positions included', () => {
    same(/\b(\d{1,2}):(\d{2})\b/g, 'at 9:30, then 14:05 and 25:61');
    same(/(x)?y/gi, 'Y xy xY');
    same(/a*/g, 'baaab');
    same(/\d/g, 'none');
  });

  it('needs a global expression, as matchAll does', () => {
    expect(() => matchesOf(/a/, 'a')).toThrow(TypeError);
  });
});
