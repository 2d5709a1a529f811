/**
 * Lookups over the lexicon: which token is a claimed verb, which families a lemma belongs to, and
 * which base-form verbs a request names.
 */
import { STOPWORDS, VERB_FAMILIES } from './lexicon.js';
import { ambiguousPast, pastForms, phrasal as PHRASAL_MAP } from './_lookup.js';
import { openPast, readingsOf } from './_open-verbs.js';
import { memo, memoPerSet } from './_memo.js';
import { mayBeVerbForm } from './_trigger.js';
import { isVerb, partsOfSpeech, verbClass, verbFrequency, verbsOfNoun } from '../lexicon/index.js';

/** lemma → families it belongs to. */
const FAMILIES_OF: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const [family, lemmas] of Object.entries(VERB_FAMILIES)) {
    for (const lemma of lemmas) {
      const list = map.get(lemma) ?? [];
      list.push(family);
      map.set(lemma, list);
    }
  }
  return map;
})();

/** Families of a lemma; `[]` when the lexicon does not know it. */
export function familiesOf(lemma: string): readonly string[] {
  return FAMILIES_OF.get(lemma) ?? [];
}

/** True when `word` is a lemma of any family (a base-form verb). */
export function isLemma(word: string): boolean {
  return FAMILIES_OF.has(word);
}

const SPLIT_OBJECTS = new Set(['it', 'them', 'this', 'that', 'him', 'her', 'everything', 'both']);

/** A claimed verb found in a token list. */
export interface VerbHit {
  lemma: string;
  /** Index of the verb token. */
  index: number;
  /** Index after the verb (and its particle, for phrasal verbs). */
  end: number;
  /** The form is also a present or base form ("set", "put"). */
  ambiguous: boolean;
}

/** What the lexicon knows of one word as a claimed verb: the phrasal verbs it opens and the verb it is a past form of. */
interface WordVerb {
  /** Particle → lemma of the phrasal verbs the word opens ("looked" → up → lookup). */
  phrasal: ReadonlyMap<string, string> | undefined;
  /** The word is also a present or base form ("set", "put"). */
  ambiguous: boolean;
  /** The verb the word is a past form of, hand lexicon first, then the WordNet table (`openPast`). */
  past: { lemma: string; ambiguous: boolean } | null;
}

function readWordVerb(w: string, toolVerbs: ReadonlySet<string> | undefined): WordVerb {
  const lemma = pastForms.get(w);
  const amb = ambiguousPast.get(w);
  const past = lemma !== undefined ? { lemma, ambiguous: false } : amb !== undefined ? { lemma: amb, ambiguous: true } : openPast(w, toolVerbs);
  return { phrasal: PHRASAL_MAP.get(w), ambiguous: amb !== undefined, past };
}

/** {@link readWordVerb} remembered per word and per tool-verb set (a conversation's turns share one set): a word costs one lookup. */
const wordVerbs = memoPerSet(readWordVerb);

/** The past-tense or participle verb at `tokens[i]`, if any; `toolVerbs` are the lemmas the listed tools are named after. */
export function pastVerbAt(tokens: readonly string[], i: number, toolVerbs?: ReadonlySet<string>): VerbHit | null {
  const w = tokens[i];
  // Most words are no verb form at all: told by their ending, without a lookup.
  if (w === undefined || !mayBeVerbForm(w)) return null;
  const known = wordVerbs(toolVerbs)(w);
  const particle = tokens[i + 1];
  const phrasal = known.phrasal;
  if (phrasal !== undefined) {
    const near = particle === undefined ? undefined : phrasal.get(particle);
    if (near !== undefined) return { lemma: near, index: i, end: i + 2, ambiguous: known.ambiguous };
    // A split phrasal verb: "looked it up", "rolled them back".
    const split = tokens[i + 2];
    const far = split === undefined ? undefined : phrasal.get(split);
    if (far !== undefined && SPLIT_OBJECTS.has(particle ?? '')) return { lemma: far, index: i, end: i + 3, ambiguous: known.ambiguous };
  }
  if (w === 'did' || w === 'done') {
    const light = lightVerbAt(tokens, i);
    if (light !== null) return light;
    // "I did a quick spam check": the head of a longer phrase. A clause's first "did" may ask ("Did the refund go through").
    const lemma = i > 0 ? lightActionAt(tokens, i + 1) : null;
    if (lemma !== null) return { lemma, index: i, end: i + 1, ambiguous: false };
    if (w === 'did') return null;
  }
  if ((w === 'took' || w === 'taken') && tokens[i + 1] === 'care' && tokens[i + 2] === 'of') {
    const lemma = caredFor(tokens, i + 3);
    if (lemma !== null) return { lemma, index: i, end: i + 3, ambiguous: false };
  }
  if (LIGHT_VERBS.has(w) && (w !== 'run' || HAVE.has(tokens[i - 1] ?? ''))) {
    const lemma = lightActionAt(tokens, i + 1);
    if (lemma !== null) return { lemma, index: i, end: i + 1, ambiguous: known.ambiguous };
  }
  if (w === 'let') {
    // "let them know", "let the audit lead know": a notification. "let me know" is a request.
    const window = tokens.slice(i + 1, i + 6);
    const k = window.indexOf('know');
    if (k > 0 && window[0] !== 'me' && window[0] !== 'us') return { lemma: 'notify', index: i, end: i + 2 + k, ambiguous: true };
    return null;
  }
  const past = known.past;
  return past === null ? null : { lemma: past.lemma, index: i, end: i + 1, ambiguous: past.ambiguous };
}

/**
 * `word` on its own is a past-tense or participle verb: `pastVerbAt([word], 0) !== null`, asked without a list.
 * Alone, "did" has no noun of action after it and "let" no "know": neither is then a verb.
 */
export function isPastVerb(word: string): boolean {
  if (!mayBeVerbForm(word) || word === 'did' || word === 'let') return false;
  return wordVerbs(undefined)(word).past !== null;
}

const LIGHT_DETERMINERS: ReadonlySet<string> = new Set(['a', 'an', 'the', 'your', 'my', 'our', 'their', 'this', 'that', 'these', 'those', 'another', 'some']);

/**
 * "did a backup of the table", "I've done the refund": a form of "do" before a determiner and, within two
 * words, a noun of action (WordNet's derivation links, `verbsOfNoun`) is that action. The verb is written as
 * the lexicon writes it ("back up" → "backup" when that is a lemma of the families). `null` when no such noun follows.
 */
function lightVerbAt(tokens: readonly string[], i: number): VerbHit | null {
  if (!LIGHT_DETERMINERS.has(tokens[i + 1] ?? '')) return null;
  for (let k = i + 2; k <= i + 3 && k < tokens.length; k++) {
    const lemma = actionOfNoun(tokens[k] ?? '');
    if (lemma === null) continue;
    // "Did the refund go through": "did" supports the verb after the noun; it is no light verb.
    const next = tokens[k + 1] ?? '';
    if (isVerb(next) && partsOfSpeech(next)[0] === 'v') return null;
    return { lemma, index: i, end: k + 1, ambiguous: false };
  }
  return null;
}

/**
 * Past forms of verbs that lend their clause to the noun after them ("ran a security scan", "put a hold on the
 * card", "made the booking", "performed a quick check"): the act is the noun's. "run" counts after "have" only
 * ("I've run a scan"): on its own it is the base form of an instruction. "did"/"done" are read by {@link lightVerbAt}
 * first.
 */
const LIGHT_VERBS: ReadonlySet<string> = new Set(['ran', 'run', 'put', 'made', 'performed', 'conducted', 'took', 'taken']);
/** Forms of "have" before a participle. */
const HAVE: ReadonlySet<string> = new Set(['have', 'has', 'had']);
/** How many words a light verb's noun phrase may hold after its determiner ("a quick security scan"). */
const LIGHT_PHRASE = 4;

/**
 * The act named by the noun phrase at `tokens[from]` when it opens with a determiner: its head (the last word
 * of the run of plain words after the determiner, before a preposition or function word, at most
 * {@link LIGHT_PHRASE} words) is a noun of action ({@link actionOfNoun}), or a noun the verb families hold as a
 * verb ("rollback"). "did a quick spam check" → check, "ran a security scan on bastion-2" → scan, "made a
 * mistake" → null (no act). `null` when no determiner opens the phrase or its head names no act.
 */
function lightActionAt(tokens: readonly string[], from: number): string | null {
  if (!LIGHT_DETERMINERS.has(tokens[from] ?? '')) return null;
  let head: string | undefined;
  for (let k = from + 1; k <= from + LIGHT_PHRASE && k < tokens.length; k++) {
    const w = tokens[k] ?? '';
    if (!/^[a-z][a-z-]*$/.test(w) || STOPWORDS.has(w)) break;
    head = w;
  }
  if (head === undefined) return null;
  return actionOfNoun(head) ?? (FAMILIES_OF.has(head) && partsOfSpeech(head).includes('n') ? head : null);
}

/**
 * The act that "took care of" names by what follows it: a gerund ("taken care of sending the invoice" → send; "of
 * letting her know" → notify) or a noun of action after a determiner ("took care of the refund" → refund). `null`
 * for anything else ("took care of the rest", "of it"): the phrase then names no act.
 */
function caredFor(tokens: readonly string[], at: number): string | null {
  const w = tokens[at] ?? '';
  if (w.endsWith('ing')) {
    const lemma = readingsOf(w).find((r) => r.form === 'gerund')?.lemma;
    if (lemma === 'let') return tokens.slice(at + 1, at + 5).includes('know') ? 'notify' : null;
    if (lemma !== undefined && isVerb(lemma)) return lemma;
  }
  return lightActionAt(tokens, at);
}

/** The verb a noun of action names ("backup" → backup, "refund" → refund, "migration" → migrate), when WordNet reads it as acting or looking up; else null. */
const actionOfNoun = memo((noun: string): string | null => {
  if (!/^[a-z][a-z-]{2,}$/.test(noun) || STOPWORDS.has(noun) || !partsOfSpeech(noun).includes('n')) return null;
  for (const verb of verbsOfNoun(noun)) {
    // A verb WordNet's tagged texts never use ("lot", "job") is no action the noun names.
    if (verbFrequency(verb) === 0) continue;
    const solid = verb.replaceAll(' ', '');
    const lemma = FAMILIES_OF.has(solid) ? solid : verb;
    const cls = verbClass(verb);
    if (cls === 'act' || (cls === 'read' && FAMILIES_OF.has(lemma))) return lemma;
  }
  return null;
});

/** Lemma of a base or third-person form ("send", "sends", "approves", "cancels"), else null. */
export function baseVerb(word: string): string | null {
  if (FAMILIES_OF.has(word)) return word;
  if (word.endsWith('ies') && FAMILIES_OF.has(`${word.slice(0, -3)}y`)) return `${word.slice(0, -3)}y`;
  if (word.endsWith('es') && FAMILIES_OF.has(word.slice(0, -2))) return word.slice(0, -2);
  if (word.endsWith('s') && FAMILIES_OF.has(word.slice(0, -1))) return word.slice(0, -1);
  return null;
}

/** Lemma of a tool-name word, including nouns that name their action ("rollback", "lookup", "setup"). */
export function toolVerb(word: string): string | null {
  if (FAMILIES_OF.has(word)) return word;
  const past = pastForms.get(word);
  return past ?? null;
}

/**
 * The words of a claim's object: no function words, past forms, numbers or times. Nouns that are also
 * verbs stay ("email", "invoice"): after the claimed verb they name what was acted on.
 */
export function objectWords(tokens: readonly string[]): string[] {
  return tokens.filter((w) => !STOPWORDS.has(w) && !isPastVerb(w) && /[a-z]/.test(w) && w !== 'am' && w !== 'pm');
}

/** Words that can name what a tool acts on in a request: no function words, verbs (of any form), numbers or times. */
export function contentWords(tokens: readonly string[]): string[] {
  return tokens.filter((t) => !STOPWORDS.has(t) && baseVerb(t) === null && !isPastVerb(t) && /[a-z]/.test(t) && !/^\d/.test(t) && t !== 'am' && t !== 'pm');
}
