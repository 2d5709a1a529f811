/**
 * The words of a tool result read off its parsed value: the same words as its JSON text, lower case.
 */
import { describe, expect, it } from 'vitest';
import { addJsonWords } from './_json-words.js';
import { eachWord, jsonText } from './_values.js';

describe('addJsonWords', () => {
  const jsonWordSet = (value: unknown): string[] => {
    const out = new Set<string>();
    addJsonWords(value, out);
    return [...out].sort();
  };
  /** What it reads: the words of the value's JSON text, lower case. */
  const ofText = (value: unknown): string[] => {
    const out = new Set<string>();
    eachWord(jsonText(value).toLowerCase(), (w) => out.add(w));
    return [...out].sort();
  };
  const cyclic: Record<string, unknown> = { id: 'A-7' };
  cyclic.self = cyclic;
  let deep: unknown = 'Bottom-9';
  for (let i = 0; i < 100; i++) deep = { [`k${i}`]: deep };
  const holes: unknown[] = ['One'];
  holes[2] = 'Two';

  it.each([
    ['text', 'Order RF-88213, see NOTE.'],
    ['an object', { Order_ID: 'RF-88213', total: 89.99, tags: ['VIP', true, false, null], note: 'Line one\nline two', shy: 'x\u0000y' }],
    ['numbers JSON writes its own way', [1e21, -0, 0.1, NaN, Infinity, -5.5e-7]],
    ['members JSON leaves out or writes null', { a: undefined, b: () => 1, c: [undefined, () => 1, Symbol('s')], d: 'kept' }],
    ['an array with holes', holes],
    ['lone surrogates and a pair', { '\ud800key': 'v\udc00w', pair: 'x😀y' }],
    ['keys with capitals and escapes', { 'Mixed\tKey': 1, 'İstanbul': 'K' }],
    ['toJSON', { when: new Date(Date.UTC(2024, 4, 21, 16)), custom: { toJSON: () => 'Replaced-1' } }],
    ['a class instance and boxed values', { map: new Map([['a', 1]]), num: new Number(42), str: new String('Boxed') }],
    ['a BigInt', { big: 10n, other: 'x' }],
    ['a cycle', cyclic],
    ['deep nesting', deep],
    ['null', null],
    ['undefined', undefined],
  ])('reads the words of the JSON text of %s', (_, value) => {
    expect(jsonWordSet(value)).toEqual(ofText(value));
  });

  it('records the month and day of a date or a timestamp beside its words', () => {
    expect(jsonWordSet({ date: '2024-05-13', at: '2024-05-14T09:00:00', n: '2024-5-1' })).toEqual([...ofText({ date: '2024-05-13', at: '2024-05-14T09:00:00', n: '2024-5-1' }), '05-13', '05-14', '2024-05-14'].sort());
    expect(jsonWordSet('left 2024-05-13')).toContain('05-13');
  });

  it('adds the words of a key or value met before to every set', () => {
    const first = new Set<string>();
    addJsonWords({ id: 'RF-1', note: 'RF-1' }, first);
    const second = new Set<string>(['x']);
    addJsonWords([{ id: 'RF-1' }], second);
    expect([...first].sort()).toEqual(['id', 'note', 'rf-1']);
    expect([...second].sort()).toEqual(['id', 'rf-1', 'x']);
  });
});
