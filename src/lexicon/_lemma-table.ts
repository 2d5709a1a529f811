/**
 * Lookups in a lemma set stored front-coded in blocks (the nouns, adjectives and adverbs of the lexicon
 * table), without decoding the set: a lookup binary-searches the block heads of one bucket and decodes one
 * block of at most {@link LEMMA_BLOCK} entries.
 */

/**
 * A lemma set split by first character. Each bucket is [lemmas, counts]. Lemmas are sorted (with spaces in
 * multiword lemmas, code unit order) and front-coded: entries joined by ' ', each one character (48 + the
 * length of the prefix it shares with the previous entry) followed by the rest of the entry, '_' standing for a
 * space; every {@link LEMMA_BLOCK}-th entry (0, 16, 32, …) shares no prefix, so it is written whole. Counts
 * are the per-lemma sums of sense tag counts in base 36 ('' for 0), comma-separated, in the same order.
 */
export type LemmaBuckets = Record<string, [string, string]>;

/** Entries per front-coded block (scripts/build-lexicon.mjs writes the same number). */
export const LEMMA_BLOCK = 16;

/** One bucket's block index: the head lemma of each block, where its entry and its count start. */
interface Blocks {
  coded: string;
  counts: string;
  heads: string[];
  entryAt: Uint32Array;
  countAt: Uint32Array;
}

/** Lemma -> tag-count lookups over a {@link LemmaBuckets}, indexing a bucket's blocks the first time it is needed. */
export class LemmaTable {
  readonly #buckets: () => LemmaBuckets;
  readonly #indexed = new Map<string, Blocks | null>();

  constructor(buckets: () => LemmaBuckets) {
    this.#buckets = buckets;
  }

  /** True when the lemma (lower case, spaces in multiword lemmas) is in the set. */
  has(lemma: string): boolean {
    return this.get(lemma) !== undefined;
  }

  /** The lemma's tag-count sum, or undefined when it is not in the set. */
  get(lemma: string): number | undefined {
    const blocks = this.#blocks(lemma.charAt(0));
    if (blocks === null || lemma === '') return undefined;
    // The last block whose head is at most the lemma.
    let lo = 0;
    let hi = blocks.heads.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((blocks.heads[mid] as string) <= lemma) lo = mid;
      else hi = mid - 1;
    }
    if ((blocks.heads[lo] as string) > lemma) return undefined;
    const { coded } = blocks;
    let at = blocks.entryAt[lo] as number;
    let prev = '';
    for (let k = 0; k < LEMMA_BLOCK && at < coded.length; k++) {
      let end = coded.indexOf(' ', at);
      if (end < 0) end = coded.length;
      const stored = prev.slice(0, coded.charCodeAt(at) - 48) + coded.slice(at + 1, end);
      const entry = stored.includes('_') ? stored.replaceAll('_', ' ') : stored;
      if (entry === lemma) return countAt(blocks, lo, k);
      if (entry > lemma) return undefined;
      prev = stored;
      at = end + 1;
    }
    return undefined;
  }

  #blocks(key: string): Blocks | null {
    let blocks = this.#indexed.get(key);
    if (blocks === undefined) {
      const buckets = this.#buckets();
      const bucket = Object.hasOwn(buckets, key) ? buckets[key] : undefined;
      blocks = bucket === undefined ? null : indexBlocks(bucket[0], bucket[1]);
      this.#indexed.set(key, blocks);
    }
    return blocks;
  }
}

/** Finds where each block starts in the entries and in the counts, and decodes the block heads. */
function indexBlocks(coded: string, counts: string): Blocks {
  const entryAt = starts(coded, ' ');
  const countAt = starts(counts, ',');
  const heads: string[] = [];
  for (const at of entryAt) {
    let end = coded.indexOf(' ', at);
    if (end < 0) end = coded.length;
    heads.push(coded.slice(at + 1, end).replaceAll('_', ' '));
  }
  return { coded, counts, heads, entryAt, countAt };
}

/** Offsets of items 0, LEMMA_BLOCK, 2·LEMMA_BLOCK, … of a `separator`-joined list. */
function starts(list: string, separator: string): Uint32Array {
  const out: number[] = [0];
  let at = 0;
  let item = 0;
  for (;;) {
    at = list.indexOf(separator, at);
    if (at < 0) break;
    at++;
    if (++item % LEMMA_BLOCK === 0) out.push(at);
  }
  return Uint32Array.from(out);
}

/** The tag count of entry `k` of block `block`. */
function countAt(blocks: Blocks, block: number, k: number): number {
  const { counts } = blocks;
  let at = blocks.countAt[block] as number;
  for (let i = 0; i < k; i++) at = counts.indexOf(',', at) + 1;
  let end = counts.indexOf(',', at);
  if (end < 0) end = counts.length;
  return end === at ? 0 : parseInt(counts.slice(at, end), 36);
}
