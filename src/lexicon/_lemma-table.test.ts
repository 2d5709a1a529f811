import { describe, expect, it } from 'vitest';
import { LEMMA_BLOCK, LemmaTable, type LemmaBuckets } from './_lemma-table.js';
import { lexiconTable } from './_table.js';

/** The whole set, decoded entry by entry (the reference the block lookups must agree with). */
function decodeAll(buckets: LemmaBuckets): Map<string, number> {
  const out = new Map<string, number>();
  for (const [coded, counts] of Object.values(buckets)) {
    const numbers = counts.split(',');
    let prev = '';
    coded.split(' ').forEach((e, i) => {
      prev = prev.slice(0, e.charCodeAt(0) - 48) + e.slice(1);
      out.set(prev.replaceAll('_', ' '), numbers[i] ? parseInt(numbers[i] as string, 36) : 0);
    });
  }
  return out;
}

describe('LemmaTable', () => {
  for (const part of ['nouns', 'adjectives', 'adverbs'] as const) {
    it(`finds every ${part.slice(0, -1)} lemma of the table with its tag count, and nothing between them`, () => {
      const buckets = lexiconTable()[part];
      const all = decodeAll(buckets);
      const table = new LemmaTable(() => buckets);
      let found = 0;
      for (const [lemma, count] of all) if (table.get(lemma) === count) found++;
      expect(found).toBe(all.size);
      const near = [...all.keys()].flatMap((l) => [`${l}a`, l.slice(0, -1), `${l} `]).filter((l) => !all.has(l));
      expect(near.filter((l) => table.has(l))).toEqual([]);
    });
  }

  it('reads a small hand-made set, multiword lemmas and lemmas sorting after a space included', () => {
    const words = Array.from({ length: 2 * LEMMA_BLOCK + 3 }, (_, i) => `b${String(i).padStart(2, '0')}`);
    const sorted = ['back', 'back up', 'back-up', 'backup', ...words].sort();
    let prev = '';
    const coded = sorted
      .map((w, i) => {
        const s = w.replaceAll(' ', '_');
        if (i % LEMMA_BLOCK === 0) prev = '';
        let n = 0;
        while (n < prev.length && n < s.length && prev[n] === s[n]) n++;
        prev = s;
        return String.fromCharCode(48 + n) + s.slice(n);
      })
      .join(' ');
    const table = new LemmaTable(() => ({ b: [coded, sorted.map((_, i) => (i === 1 ? '' : i.toString(36))).join(',')] }));
    sorted.forEach((w, i) => expect(table.get(w), w).toBe(i === 1 ? 0 : i));
    for (const w of ['b', 'back_up', 'backups', 'b99', 'a', '']) expect(table.has(w), w).toBe(false);
  });
});
