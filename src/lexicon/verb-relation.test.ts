import { describe, expect, it } from 'vitest';
import { verbRelation } from './verb-relation.js';

describe('verbRelation', () => {
  it('is 1 for the same verb, also through a prefix WordNet lacks', () => {
    expect(verbRelation('send', 'send')).toBe(1);
    expect(verbRelation('unenroll', 'enroll')).toBe(1);
    expect(verbRelation('notarise', 'notarize')).toBe(1);
  });

  it('is 0.8 for synonyms in a frequent act or read sense', () => {
    expect(verbRelation('erase', 'delete')).toBe(0.8);
    expect(verbRelation('cancel', 'call off')).toBe(0.8);
    expect(verbRelation('mend', 'repair')).toBe(0.8);
    expect(verbRelation('repair', 'fix')).toBe(0.8);
    expect(verbRelation('mend', 'fix')).toBe(0.8);
    expect(verbRelation('ship', 'send')).toBe(0.8); // a later sense of send, tagged often enough
    expect(verbRelation('issue', 'release')).toBe(0.8);
    expect(verbRelation('refund', 'repay')).toBe(0.8);
  });

  it('is 0.5 one hypernym/troponym step apart', () => {
    expect(verbRelation('book', 'reserve')).toBe(0.5);
    expect(verbRelation('reissue', 'issue')).toBe(0.5);
    expect(verbRelation('remove', 'delete')).toBe(0.5);
    expect(verbRelation('update', 'modify')).toBe(0.5);
  });

  it('is 0 for unrelated verbs and for the rare senses WordNet links (post ~ station, submit ~ resign)', () => {
    expect(verbRelation('delete', 'send')).toBe(0);
    // WordNet has no frequent shared or adjacent sense for send and email: 0.
    expect(verbRelation('send', 'email')).toBe(0);
    expect(verbRelation('post', 'station')).toBe(0);
    expect(verbRelation('submit', 'resign')).toBe(0);
    expect(verbRelation('delete', 'table lamp')).toBe(0);
  });

  it('is symmetric', () => {
    const verbs = ['erase', 'delete', 'cancel', 'call off', 'book', 'reserve', 'send', 'mail', 'fix', 'repair', 'issue', 'reissue', 'get', 'ship'];
    for (const a of verbs) for (const b of verbs) expect(verbRelation(a, b), `${a}/${b}`).toBe(verbRelation(b, a));
  });
});
