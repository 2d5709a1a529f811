/**
 * The generated lexicon table (data/lexicon.json, built from WordNet by scripts/build-lexicon.mjs), read on
 * first use, and the indexes the query modules share, each built on first use too. Importing this module does
 * nothing else. The file holds one top-level field per line; a field is parsed the first time a query touches
 * it, so a check decodes only the parts of the table it reads.
 */
import { readFileSync } from 'node:fs';
import { LemmaTable, type LemmaBuckets } from './_lemma-table.js';

/** One verb lemma's irregular forms: [verb index, past[], participle[], third[], gerund[], base[]]. */
export type Inflection = [number, string[], string[], string[], string[], string[]];

/** The shape of data/lexicon.json (format 1). Lemmas are lower case; multiword lemmas use spaces. */
export interface LexiconTable {
  format: 1;
  /** Which WordNet release and packages the table was built from. */
  source: string;
  /** Every WordNet verb lemma, sorted. A verb's index in this list is its id elsewhere in the table. */
  verbs: string[];
  /** Per verb: flat pairs [synset id, sense tag count, …] in WordNet's sense order (commonest first). */
  verbSenses: number[][];
  /** Per verb synset id: its lexicographer file number (29 verb.body … 43 verb.weather). */
  synsetLexfile: number[];
  /** Per verb synset id: synset ids one hypernym, troponym or verb-group link away. */
  synsetLinks: number[][];
  /** Verb synset ids that are states whatever their file: copular senses (seem, look) and having (have, own). */
  synsetStative: number[];
  /** Irregular and spelling-changing forms from WordNet's verb.exc, per lemma. */
  inflections: Inflection[];
  /** Noun lemmas by first character: [front-coded lemmas, tag-count sums] (see {@link LemmaBuckets}). */
  nouns: LemmaBuckets;
  /** noun.exc: [form, lemma, …]. */
  nounExceptions: string[][];
  /** Noun lemma ('_' for spaces) -> verb ids it is derivationally related to. */
  nounVerbs: Record<string, number[]>;
  /** Adjective lemmas (with satellites) by first character, as `nouns`. */
  adjectives: LemmaBuckets;
  /** adj.exc: [form, lemma, …] (better → good). */
  adjectiveExceptions: string[][];
  /** Adjective lemma -> verb ids (participle-of and derivation pointers). */
  adjectiveVerbs: Record<string, number[]>;
  /** Adverb lemmas by first character, as `nouns`. */
  adverbs: LemmaBuckets;
}

/** Where the table is: beside this module, in src/ and in dist/ alike (the build copies data/ to dist/). */
export const LEXICON_FILE = new URL('./data/lexicon.json', import.meta.url);

let table: LexiconTable | undefined;

/**
 * The table (read once, on the first call; each field parsed on its first access).
 * @throws Error when data/lexicon.json is missing or not in the one-field-per-line layout.
 */
export function lexiconTable(): LexiconTable {
  if (table === undefined) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(LEXICON_FILE);
    } catch (error) {
      throw new Error(`The lexicon table ${LEXICON_FILE.pathname} cannot be read (npm run build copies it from src/lexicon/data): ${(error as Error).message}`);
    }
    table = readTable(bytes);
  }
  return table;
}

const NEWLINE = 10;

/**
 * A table whose fields are getters that decode and parse their own line of `bytes` on first access and keep
 * the value; a field never touched is never decoded. `bytes` hold the layout scripts/build-lexicon.mjs
 * writes: `{`, then one `"name":value` line per field (all but the last ending in `,`), then `}` and a
 * newline. The file is ASCII, read as latin1 (one byte per character).
 * @throws Error when `bytes` are not in that layout.
 */
export function readTable(bytes: Buffer): LexiconTable {
  const out = {};
  const bad = (what: string): Error => new Error(`${LEXICON_FILE.pathname}: ${what} (regenerate it with npm run lexicon)`);
  const end = bytes.length - 3; // where the closing "}\n" starts, after the last field's newline
  if (bytes.toString('latin1', 0, 2) !== '{\n' || bytes.toString('latin1', end) !== '\n}\n') throw bad('not a lexicon table');
  let line = 2;
  for (let start = 2; start <= end; line++) {
    let stop = bytes.indexOf(NEWLINE, start);
    if (stop < 0 || stop > end) stop = end;
    const head = bytes.toString('latin1', start, Math.min(stop, start + 64));
    const colon = head.indexOf('":');
    if (!head.startsWith('"') || colon < 0) throw bad(`line ${line} is not a "name":value field`);
    const from = start + colon + 2;
    const to = bytes[stop - 1] === 44 ? stop - 1 : stop; // without the trailing ','
    Object.defineProperty(out, head.slice(1, colon), { get: lazy(() => JSON.parse(bytes.toString('latin1', from, to)) as unknown), enumerable: true });
    start = stop + 1;
  }
  return out as LexiconTable;
}

/** Returns a function that computes `make()` on its first call and the same value after. */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  let done = false;
  return () => {
    if (!done) {
      value = make();
      done = true;
    }
    return value as T;
  };
}

/**
 * A verb lemma's id (its index in the table's `verbs`), or `undefined` for a word that is no verb lemma. The first
 * {@link SEARCHED_LOOKUPS} lookups go by binary search (the generator sorts `verbs` by UTF-16 code units, the order
 * of `<`), so a process that asks about a few words never builds an index of the 11,000 lemmas; later ones go
 * through a `Map` built once.
 */
export function verbId(lemma: string): number | undefined {
  if (verbIndex !== undefined) return verbIndex.get(lemma);
  if (++searched > SEARCHED_LOOKUPS) {
    verbIndex = new Map(lexiconTable().verbs.map((v, i) => [v, i]));
    return verbIndex.get(lemma);
  }
  const verbs = lexiconTable().verbs;
  let lo = 0;
  let hi = verbs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = verbs[mid] as string;
    if (v === lemma) return mid;
    if (v < lemma) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/** Lookups {@link verbId} answers by binary search before it builds its index. */
const SEARCHED_LOOKUPS = 2_000;
let searched = 0;
let verbIndex: ReadonlyMap<string, number> | undefined;

/** The sum of a verb's sense tag counts, by verb id. */
export function verbTagCount(id: number): number {
  const flat = lexiconTable().verbSenses[id] ?? [];
  let sum = 0;
  for (let i = 1; i < flat.length; i += 2) sum += flat[i] as number;
  return sum;
}

/** Verb synset ids read as states (see {@link LexiconTable.synsetStative}). */
export const stativeSynsets = lazy(() => new Set(lexiconTable().synsetStative));

const nouns = new LemmaTable(() => lexiconTable().nouns);
const adjectives = new LemmaTable(() => lexiconTable().adjectives);
const adverbs = new LemmaTable(() => lexiconTable().adverbs);
/** Noun lemma -> sum of its sense tag counts. */
export const nounTable = (): LemmaTable => nouns;
/** Adjective lemma -> sum of its sense tag counts. */
export const adjectiveTable = (): LemmaTable => adjectives;
/** Adverb lemma -> sum of its sense tag counts. */
export const adverbTable = (): LemmaTable => adverbs;

/** Exception list as a Map form -> lemmas ('_' and ' ' both read as a space). */
export function exceptionMap(rows: string[][]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [form, ...lemmas] of rows) if (form !== undefined) out.set(form, lemmas);
  return out;
}
