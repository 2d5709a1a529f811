import { describe, expect, it } from 'vitest';
import { patternExample } from './_pattern-example.js';

describe('patternExample', () => {
  it.each([
    '^cus_[A-Za-z0-9]+$',
    '^\\+[1-9]\\d{6,14}$',
    '^[A-Z]{2}$',
    '^[\\w.-]+/[\\w.-]+$',
    '^[a-z0-9][a-z0-9_-]*$',
    '^(?:ord|inv)_[0-9]{4,}$',
    '^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$',
    '^(?<year>\\d{4})-\\d{2}$',
    'v\\d+(\\.\\d+)?',
  ])('%s', (pattern) => {
    const example = patternExample(pattern);
    expect(example).toBeDefined();
    expect(new RegExp(pattern, 'u').test(example ?? '')).toBe(true);
  });

  it('honours a length check by repeating open quantifiers', () => {
    const example = patternExample('^[a-z]+$', (s) => s.length >= 5);
    expect(example?.length).toBeGreaterThanOrEqual(5);
  });

  it('gives up on lookarounds, backreferences and invalid patterns', () => {
    expect(patternExample('^(?=.*\\d)\\w+$')).toBeUndefined();
    expect(patternExample('^(a)\\1$')).toBeUndefined();
    expect(patternExample('(?P<x>a)')).toBeUndefined();
  });
});
