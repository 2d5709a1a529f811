/**
 * Graded relation between two verb lemmas from WordNet synsets: the same verb, synonyms in a frequent sense, or
 * one hypernym / troponym / verb-group step apart. Only frequent senses of act or read classes count, since
 * WordNet's rare senses link unrelated verbs (post ~ station, submit ~ resign).
 */
import { lexiconTable, verbId } from './_table.js';
import { synsetClass } from './verb-class.js';
import { verbBase } from './verb-readings.js';

/** A verb's first senses in WordNet's order (commonest by tag count first) always count as frequent. */
export const FREQUENT_SENSES = 3;
/** A later sense counts as frequent too when tagged at least this many times … */
export const FREQUENT_MIN_TAGS = 2;
/** … and at least this share of the first sense's tag count. */
export const FREQUENT_MIN_SHARE = 0.1;

/** Relation strengths returned by {@link verbRelation}. */
export const RELATION = { same: 1, synonym: 0.8, neighbour: 0.5, none: 0 } as const;

/**
 * Synset ids of the lemma's frequent act or read senses: the first {@link FREQUENT_SENSES}, and later ones
 * tagged at least {@link FREQUENT_MIN_TAGS} times and at least {@link FREQUENT_MIN_SHARE} as often as the first.
 */
function frequentSynsets(lemma: string): number[] {
  const t = lexiconTable();
  const id = verbId(lemma);
  if (id === undefined) return [];
  const flat = t.verbSenses[id] as number[];
  const top = flat[1] ?? 0;
  const out: number[] = [];
  for (let i = 0; i < flat.length; i += 2) {
    const tags = flat[i + 1] as number;
    if (i >= FREQUENT_SENSES * 2 && (tags < FREQUENT_MIN_TAGS || tags < top * FREQUENT_MIN_SHARE)) continue;
    const synset = flat[i] as number;
    const cls = synsetClass(synset);
    if (cls === 'act' || cls === 'read') out.push(synset);
  }
  return out;
}

const normalize = (lemma: string): string => lemma.trim().toLowerCase().replaceAll('_', ' ');

/**
 * 1 for the same lemma (also after {@link verbBase}: "unenroll" ~ "enroll"), 0.8 when the two share a synset among
 * their frequent senses of an act or read class ("erase" ~ "delete", "cancel" ~ "call off", "ship" ~ "send"),
 * 0.5 when such senses are one hypernym, troponym or verb-group link apart, else 0. Symmetric and deterministic;
 * lemmas that are not WordNet verbs relate only by identity.
 */
export function verbRelation(a: string, b: string): number {
  const x = normalize(a);
  const y = normalize(b);
  if (x === y || verbBase(x) === verbBase(y)) return RELATION.same;
  const sx = frequentSynsets(verbBase(x));
  const sy = frequentSynsets(verbBase(y));
  if (sx.length === 0 || sy.length === 0) return RELATION.none;
  const setY = new Set(sy);
  if (sx.some((s) => setY.has(s))) return RELATION.synonym;
  const links = lexiconTable().synsetLinks;
  const setX = new Set(sx);
  const linked = sx.some((s) => (links[s] ?? []).some((l) => setY.has(l))) || sy.some((s) => (links[s] ?? []).some((l) => setX.has(l)));
  return linked ? RELATION.neighbour : RELATION.none;
}
