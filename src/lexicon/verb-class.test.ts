import { describe, expect, it } from 'vitest';
import { commonVerbs, verbClass, verbClasses, verbFrequency } from './verb-class.js';
import { isVerb } from './verb-readings.js';

describe('verbClass', () => {
  it('reads acts, reads and states from WordNet lexicographer files', () => {
    for (const v of ['send', 'email', 'refund', 'delete', 'book', 'cancel', 'create', 'notarize', 'pay']) expect(verbClass(v), v).toBe('act');
    for (const v of ['check', 'verify', 'look', 'see']) expect(verbClass(v), v).toBe('read');
    for (const v of ['have', 'be', 'seem', 'own']) expect(verbClass(v), v).toBe('state');
  });

  it('follows WordNet where it files read-like verbs elsewhere: find#1 "encounter" is possession, search#1 "look for" contact', () => {
    // The read senses carry real weight, so a caller can look at verbClasses when it needs them.
    expect(verbClass('find')).toBe('act');
    expect(verbClasses('find').get('read')).toBeGreaterThan(200);
    expect(verbClass('search')).toBe('act');
    expect(verbClasses('search').get('read')).toBeGreaterThan(10);
  });

  it('is null for non-verbs and weighs untagged senses a little', () => {
    expect(verbClass('table lamp')).toBeNull();
    expect(verbClasses('quickly').size).toBe(0);
    expect(verbFrequency('email')).toBe(0);
    expect(verbClasses('email').get('act')).toBe(0.5);
    expect(verbFrequency('send')).toBeGreaterThan(verbFrequency('email'));
  });
});

describe('commonVerbs', () => {
  it('returns the 1,000 commonest act and read verbs: distinct single-word WordNet lemmas, deterministic', () => {
    const verbs = commonVerbs(1000, ['act', 'read']);
    expect(verbs).toHaveLength(1000);
    expect(new Set(verbs).size).toBe(1000);
    for (const v of verbs) {
      expect(v).not.toContain(' ');
      expect(isVerb(v)).toBe(true);
      expect(['act', 'read']).toContain(verbClass(v));
    }
    expect(verbs.slice(0, 5)).toEqual(commonVerbs(5, ['act', 'read']));
    expect(verbs).toEqual(expect.arrayContaining(['make', 'give', 'send', 'pay', 'write', 'check']));
    expect(verbs).not.toContain('be');
    expect(verbs).not.toContain('seem');
    for (let i = 1; i < verbs.length; i++) expect(verbFrequency(verbs[i - 1] as string)).toBeGreaterThanOrEqual(verbFrequency(verbs[i] as string));
  });

  it('gives only states when asked for states', () => {
    const states = commonVerbs(20, ['state']);
    expect(states).toContain('be');
    for (const v of states) expect(verbClass(v)).toBe('state');
  });
});
