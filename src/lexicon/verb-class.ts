/**
 * What kind of verb a lemma is, from WordNet's lexicographer files weighted by sense tag counts: an act
 * (changes something: verb.change, creation, communication, possession, contact, motion, social, competition,
 * consumption, body), a read (verb.perception, cognition) or a state (verb.stative, emotion, weather; also
 * copular senses such as seem/look + adjective, and verbs of having such as have/own, in whatever file).
 */
import { lazy, lexiconTable, stativeSynsets, verbId } from './_table.js';

/** A verb's kind: `act` changes something, `read` looks or finds out, `state` describes how things are. */
export type VerbClass = 'act' | 'read' | 'state';

/** Lexicographer file number (WordNet's lexnames) -> verb class. */
export const LEXFILE_CLASS: Readonly<Record<number, VerbClass>> = {
  29: 'act', // verb.body
  30: 'act', // verb.change
  31: 'read', // verb.cognition
  32: 'act', // verb.communication
  33: 'act', // verb.competition
  34: 'act', // verb.consumption
  35: 'act', // verb.contact
  36: 'act', // verb.creation
  37: 'state', // verb.emotion
  38: 'act', // verb.motion
  39: 'read', // verb.perception
  40: 'act', // verb.possession
  41: 'act', // verb.social
  42: 'state', // verb.stative
  43: 'state', // verb.weather
};

/**
 * The lexicographer files {@link commonVerbs} counts: those issue 8 names for acts and reads (not body,
 * competition, consumption), and the state files.
 */
export const CORE_LEXFILES: ReadonlySet<number> = new Set([30, 36, 32, 40, 35, 38, 41, 39, 31, 37, 42, 43]);

/** Weight of a sense with no tag count, so that untagged senses still count a little. */
export const UNTAGGED_SENSE_WEIGHT = 0.5;

const CLASS_ORDER: readonly VerbClass[] = ['act', 'read', 'state'];

/**
 * The class of one verb synset: 'state' for copular senses and verbs of having (whatever their file), else
 * by its lexicographer file.
 */
export function synsetClass(synset: number): VerbClass | undefined {
  if (stativeSynsets().has(synset)) return 'state';
  return LEXFILE_CLASS[lexiconTable().synsetLexfile[synset] as number];
}

function senses(lemma: string): number[] | undefined {
  const id = verbId(lemma.trim().toLowerCase().replaceAll('_', ' '));
  return id === undefined ? undefined : lexiconTable().verbSenses[id];
}

/** Class weights of one verb, optionally counting only the senses in `lexfiles`. */
function classWeights(flat: readonly number[], lexfiles?: ReadonlySet<number>): Map<VerbClass, number> {
  const lexfile = lexiconTable().synsetLexfile;
  const out = new Map<VerbClass, number>();
  for (let i = 0; i < flat.length; i += 2) {
    const synset = flat[i] as number;
    if (lexfiles !== undefined && !lexfiles.has(lexfile[synset] as number)) continue;
    const cls = synsetClass(synset);
    if (cls === undefined) continue;
    out.set(cls, (out.get(cls) ?? 0) + (flat[i + 1] as number) + UNTAGGED_SENSE_WEIGHT);
  }
  return out;
}

function dominant(weights: ReadonlyMap<VerbClass, number>): VerbClass | null {
  let best: VerbClass | null = null;
  for (const cls of CLASS_ORDER) if ((weights.get(cls) ?? 0) > (best === null ? 0 : (weights.get(best) ?? 0))) best = cls;
  return best;
}

/**
 * Weight of each class for a verb lemma: per sense, its tag count plus {@link UNTAGGED_SENSE_WEIGHT}, summed by
 * the class of the sense's lexicographer file. Empty for a lemma that is not a WordNet verb.
 */
export function verbClasses(lemma: string): ReadonlyMap<VerbClass, number> {
  const flat = senses(lemma);
  return flat === undefined ? new Map() : classWeights(flat);
}

/** The verb's dominant class (ties: act, then read, then state), or null for a lemma that is not a WordNet verb. */
export function verbClass(lemma: string): VerbClass | null {
  return dominant(verbClasses(lemma));
}

/** WordNet's lexicographer file of verbs of change (verb.change: change, modify, update, switch). */
export const CHANGE_LEXFILE = 30;

/**
 * Share (0–1) of a verb lemma's sense weight (tag count plus {@link UNTAGGED_SENSE_WEIGHT} per sense) in one
 * lexicographer file: `verbLexfileShare('change', CHANGE_LEXFILE)` ≈ 0.95, `('send', 30)` = 0. 0 for a lemma that is not a WordNet verb.
 */
export function verbLexfileShare(lemma: string, lexfile: number): number {
  const flat = senses(lemma);
  if (flat === undefined) return 0;
  const files = lexiconTable().synsetLexfile;
  let inFile = 0;
  let all = 0;
  for (let i = 0; i < flat.length; i += 2) {
    const weight = (flat[i + 1] as number) + UNTAGGED_SENSE_WEIGHT;
    all += weight;
    if (files[flat[i] as number] === lexfile) inFile += weight;
  }
  return all === 0 ? 0 : inFile / all;
}

/** How common a verb lemma is: the sum of its senses' tag counts in WordNet's tagged corpora; 0 when unknown. */
export function verbFrequency(lemma: string): number {
  const flat = senses(lemma);
  let sum = 0;
  if (flat !== undefined) for (let i = 1; i < flat.length; i += 2) sum += flat[i] as number;
  return sum;
}

/** Single-word verbs with their frequency and their dominant class over the core lexicographer files, commonest first. */
const ranked = lazy(() => {
  const t = lexiconTable();
  return t.verbs
    .map((lemma, id) => {
      const flat = t.verbSenses[id] as number[];
      let freq = 0;
      for (let i = 1; i < flat.length; i += 2) freq += flat[i] as number;
      return { lemma, freq, cls: dominant(classWeights(flat, CORE_LEXFILES)), all: dominant(classWeights(flat)) };
    })
    .filter((v) => !v.lemma.includes(' ') && !v.lemma.includes('-'))
    .sort((a, b) => b.freq - a.freq || (a.lemma < b.lemma ? -1 : a.lemma > b.lemma ? 1 : 0));
});

/**
 * The `n` commonest single-word verb lemmas (by {@link verbFrequency}, ties by lemma) whose dominant class is in
 * `classes`. Acts and reads are counted over the lexicographer files issue 8 names (change, creation,
 * communication, possession, contact, motion, social; perception, cognition), and the verb's overall dominant
 * class must agree. Fewer than `n` when there are not that many.
 */
export function commonVerbs(n: number, classes: ReadonlyArray<VerbClass>): string[] {
  const wanted = new Set(classes);
  const out: string[] = [];
  for (const v of ranked()) {
    if (out.length >= n) break;
    if (v.cls !== null && wanted.has(v.cls) && v.all === v.cls) out.push(v.lemma);
  }
  return out;
}
