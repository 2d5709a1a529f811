/**
 * The open vocabulary of claimed verbs: any past tense or participle of an English verb of acting or
 * reading, from the WordNet-generated lexical table (src/lexicon). The hand lexicon (`lexicon.ts`) is
 * layered on top: its forms are read first and its verb families relate lemmas; this module answers for
 * every other word ("notarised", "re-issued", "waived", "covered").
 */
import { partsOfSpeech, RELATION, verbBase, verbClass, verbReadings, verbRelation, type VerbClass } from '../lexicon/index.js';
import { READ_FAMILIES, VERB_FAMILIES } from './lexicon.js';
import { memo, memoPair, memoPerSet } from './_memo.js';

let lookupLemmas: readonly string[] | undefined;
/** The lemmas of the lexicon's read families. */
const LOOKUP_LEMMAS = (): readonly string[] => (lookupLemmas ??= [...READ_FAMILIES].flatMap((f) => VERB_FAMILIES[f] ?? []));

/** A past form the table knows. */
export interface OpenPast {
  lemma: string;
  /** The form is also the base form ("set", "quit"): it may be present tense or an imperative. */
  ambiguous: boolean;
}

/**
 * Auxiliaries and verbs that serve as auxiliaries ("did send", "had been", "got sent", "went through",
 * "came back"): they build a verb group or an aspect around an action; they claim nothing themselves.
 */
const AUXILIARY_LEMMAS: ReadonlySet<string> = new Set(['be', 'have', 'do', 'get', 'go', 'come']);
/** Class of a verb lemma, through its unprefixed base when the prefixed lemma has none ("rebook" → book). */
export function openVerbClass(lemma: string): VerbClass | null {
  return verbClass(lemma) ?? verbClass(verbBase(lemma));
}

/**
 * The verb a past tense or participle form stands for, when it is a verb of acting or reading and the
 * word is not mainly an adjective or a noun ("detailed", "advanced" are adjectives first), or when a
 * listed tool is named after it (`toolVerbs`, lemmas). `null` else. Answers are remembered per word and per
 * `toolVerbs` set, which is read as fixed (a tool list's verbs, built once per tool list).
 */
export function openPast(word: string, toolVerbs?: ReadonlySet<string>): OpenPast | null {
  return pastFor(toolVerbs)(word);
}

/** Per tool list's verbs (a conversation's turns share one set), {@link openPast} remembered per word. */
const pastFor = memoPerSet((w, toolVerbs): OpenPast | null => generalPast(w) ?? (toolVerbs === undefined ? null : toolPast(w, toolVerbs)));

/** The past form of a verb a listed tool is named after (`toolVerbs`, lemmas), or null. */
function toolPast(word: string, toolVerbs: ReadonlySet<string>): OpenPast | null {
  if (!/^[a-z][a-z'-]{2,}$/.test(word)) return null;
  // A verb a listed tool is named after is an action for this agent, whatever its class ("I decided" ←
  // `decide_appeal`).
  const readings = readingsOf(word);
  const own = readings.find((r) => (r.form === 'past' || r.form === 'participle') && (toolVerbs.has(r.lemma) || toolVerbs.has(verbBase(r.lemma))));
  if (own === undefined || AUXILIARY_LEMMAS.has(own.lemma)) return null;
  return { lemma: own.lemma, ambiguous: readings.some((r) => r.form === 'base') };
}

const generalPast = memo((word: string): OpenPast | null => {
  let out: OpenPast | null = null;
  if (/^[a-z][a-z'-]{2,}$/.test(word)) {
    const readings = verbReadings(word);
    const past = readings.find((r) => r.form === 'past' || r.form === 'participle');
    if (past !== undefined && !AUXILIARY_LEMMAS.has(past.lemma)) {
      const cls = openVerbClass(past.lemma);
      const pos = partsOfSpeech(word);
      const mainlyOther = pos.length > 0 && pos[0] !== 'v';
      // A verb of reading claims a lookup only when the read families name it ("checked", "looked up",
      // "verified"); knowing, understanding and remembering are not acts of a tool (WordNet's synonyms of
      // the families' lemmas are too broad here: "understood" ~ "see").
      const reads = cls === 'read' && LOOKUP_LEMMAS().includes(past.lemma);
      if ((cls === 'act' || reads) && !mainlyOther) out = { lemma: past.lemma, ambiguous: readings.some((r) => r.form === 'base') };
    }
  }
  return out;
});

/**
 * How closely two verb lemmas relate in WordNet (1 same, 0.8 synonyms, 0.5 neighbours, 0 none),
 * trying their unprefixed bases too ("rebook" ~ "book").
 */
export function openRelation(a: string, b: string): number {
  return a === b ? 1 : relationOfPair(a, b);
}

const relationOfPair = memoPair((a, b): number => Math.max(verbRelation(a, b), verbRelation(verbBase(a), verbBase(b))));

/** {@link verbReadings}, remembered per word (bounded). */
export const readingsOf = memo(verbReadings);

/**
 * The verb lemma a word of a tool's name stands for, from the WordNet table: a base form or a past form
 * ("reissue", "notarize", "think", "archived"). With `lead` (the first word of a longer name) any verb
 * reading will do (`book_flight`, `order_pizza`); otherwise the word must be mainly a verb.
 */
export function openToolVerb(word: string, lead: boolean): string | null {
  if (!/^[a-z]{2,}$/.test(word)) return null;
  const reading = verbReadings(word).find((r) => r.form === 'base' || r.form === 'past' || r.form === 'participle');
  if (reading === undefined || AUXILIARY_LEMMAS.has(reading.lemma)) return null;
  if (!lead && partsOfSpeech(word)[0] !== 'v') return null;
  return reading.lemma;
}

/** A verb of thinking: WordNet reads it as mental, and it is not one of looking something up ("think", "reflect"). */
export const isThinkingVerb = memo(
  (lemma: string): boolean => openVerbClass(lemma) === 'read' && !LOOKUP_LEMMAS().includes(lemma) && !LOOKUP_LEMMAS().some((l) => verbRelation(lemma, l) >= RELATION.synonym),
);
