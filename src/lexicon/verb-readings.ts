/**
 * Verb readings of a word form: which WordNet verb lemma(s) it inflects and how. Irregular forms come from
 * WordNet's verb.exc; regular ones are undone by suffix rules (-s/-es/-ies, -ed/-d/-ied, -ing, a doubled final
 * consonant) and kept only when the result is a WordNet verb lemma. British spellings (-ise, -yse, -our) and
 * the prefixes re-/un-/de-/pre-/dis-/co-/over-/up- (with or without a hyphen) are tried when the form itself
 * has no reading.
 */
import { irregularForms, irregularReadings } from './_irregular.js';
import { verbId, verbTagCount } from './_table.js';

/** How a word form inflects its lemma: base (also non-third present), third person -s, past, past participle, -ing. */
export type VerbForm = 'base' | 'third' | 'past' | 'participle' | 'gerund';

/** One reading of a word form as a verb. `lemma` is lower case; a prefixed lemma may not be a WordNet verb (see {@link verbBase}). */
export interface VerbReading {
  lemma: string;
  form: VerbForm;
}

/** Prefixes stripped when a form has no reading of its own, longest first so "over" is tried before "o…". */
export const VERB_PREFIXES: readonly string[] = ['over', 'pre', 'dis', 're', 'un', 'de', 'co', 'up'];

/**
 * True when `lemma` is a WordNet verb lemma: a single word, or a multiword verb written with spaces or '_'
 * ("look up", "look_up"). Case-insensitive.
 */
export function isVerb(lemma: string): boolean {
  return verbId(lemma.toLowerCase().replaceAll('_', ' ')) !== undefined;
}

const CONSONANT = /^[bcdfghjklmnpqrstvwxz]$/;
const isConsonant = (c: string | undefined): boolean => c !== undefined && CONSONANT.test(c);

/**
 * True when the lemma's listed past is a strong (vowel-changing) form such as saw/see or came/come, which rules
 * out a regular -ed reading ("seed" is not a past of "see"). Listed pasts in -t or -ed (learnt, lit, cancelled)
 * are spelling variants that leave the regular form valid (learned, lighted, canceled).
 */
function hasStrongPast(lemma: string): boolean {
  const past = irregularForms().get(lemma)?.past;
  return past !== undefined && past.length > 0 && past.every((f) => !f.endsWith('t') && !f.endsWith('ed') && f !== lemma);
}

/**
 * Regular readings: undo one inflectional suffix and keep the candidates for which `known(lemma + rest)` holds
 * (a WordNet verb; `rest` is the tail of a multiword verb, or '').
 */
function regularReadings(w: string, rest = ''): VerbReading[] {
  const out: VerbReading[] = [];
  const tryLemma = (lemma: string, form: VerbForm): void => {
    if (lemma.length < 2 || lemma.includes(' ') || verbId(lemma + rest) === undefined) return;
    if ((form === 'past' || form === 'participle') && hasStrongPast(lemma)) return;
    out.push({ lemma: lemma + rest, form });
  };
  if (w.endsWith('s') && !w.endsWith('ss')) {
    tryLemma(w.slice(0, -1), 'third');
    if (w.endsWith('es')) tryLemma(w.slice(0, -2), 'third');
    if (w.endsWith('ies')) tryLemma(w.slice(0, -3) + 'y', 'third');
  }
  const undo = (stem: string, forms: readonly VerbForm[]): void => {
    const last = stem[stem.length - 1];
    for (const form of forms) {
      tryLemma(stem, form);
      tryLemma(stem + 'e', form);
      // booked/booking; notarized/notarizing; stopped/stopping, cancelled/cancelling.
      if (isConsonant(last) && stem[stem.length - 2] === last) tryLemma(stem.slice(0, -1), form);
    }
  };
  if (w.endsWith('ied')) {
    tryLemma(w.slice(0, -3) + 'y', 'past');
    tryLemma(w.slice(0, -3) + 'y', 'participle');
  }
  if (w.endsWith('ed')) undo(w.slice(0, -2), ['past', 'participle']);
  if (w.endsWith('ing')) undo(w.slice(0, -3), ['gerund']);
  return out;
}

/** Readings of the form as it is spelled: irregular, base, regular. */
function directReadings(w: string): VerbReading[] {
  const out = [...(irregularReadings().get(w) ?? [])];
  if (verbId(w) !== undefined) out.push({ lemma: w, form: 'base' });
  out.push(...regularReadings(w));
  return out;
}

/**
 * The British stem spellings turned American in an inflected form, in the order they are tried: [British, American,
 * suffix] (-ise/-yse before e, es, ed, ing; -our before ed, ing, s or nothing).
 */
const SPELLINGS: ReadonlyArray<readonly [string, string, string]> = (
  [['is', 'iz'], ['ys', 'yz'], ['our', 'or']] as const
).flatMap(([from, to]) =>
  ['e', 'es', 'ed', 'ing', '', 's']
    .filter((suffix) => (from === 'our' ? suffix !== 'e' && suffix !== 'es' : suffix !== '' && suffix !== 's'))
    .map((suffix) => [from, to, suffix] as const),
);

/** The British spellings -ise/-yse/-our turned American (-ize/-yze/-or) in the stem of an inflected form, or null. */
function americanSpelling(w: string): string | null {
  for (const [from, to, suffix] of SPELLINGS) {
    const end = from + suffix;
    if (w.length > end.length + 2 && w.endsWith(end)) return w.slice(0, w.length - end.length) + to + suffix;
  }
  return null;
}

/** Every form {@link americanSpelling} may turn into `american` (a superset: the first rule that fits is the one applied). */
function britishSpellings(american: string): string[] {
  const out: string[] = [];
  for (const [from, to, suffix] of SPELLINGS) {
    const end = to + suffix;
    if (american.endsWith(end)) out.push(american.slice(0, american.length - end.length) + from + suffix);
  }
  return out;
}

/**
 * The endings (the last `length` characters, or the whole form when it is shorter) of the one-word forms that
 * {@link verbReadings} may read as a past tense or participle without ending in "ed": WordNet's irregular past and
 * participle forms, the British spellings of them, and each of these after a prefix of {@link VERB_PREFIXES} (with
 * or without a hyphen). Regular past forms end in "ed" ("-ed", "-ied", doubled consonants), and a prefix or a
 * British spelling only changes a form's start or its stem: so a word that neither ends in "ed" nor in one of these
 * endings has no past reading, and a gate may skip it unread. A new set on each call.
 */
export function pastEndings(length: number): Set<string> {
  const forms = new Set<string>();
  for (const [form, readings] of irregularReadings()) {
    if (form.includes(' ') || !readings.some((r) => r.form === 'past' || r.form === 'participle')) continue;
    forms.add(form);
    for (const british of britishSpellings(form)) forms.add(british);
  }
  const out = new Set<string>();
  for (const form of forms) {
    out.add(form.slice(-length));
    for (const prefix of VERB_PREFIXES) for (const joined of [prefix + form, `${prefix}-${form}`]) out.add(joined.slice(-length));
  }
  return out;
}

/**
 * The American spelling of a British verb lemma when that is a WordNet verb too and at least as common by tag
 * counts (notarise → notarize, analyse → analyze, honour → honor; but advertise stays: advertize is rarer),
 * else the lemma.
 */
export function americanLemma(lemma: string): string {
  const american = americanSpelling(lemma);
  if (american === null) return lemma;
  const id = verbId(american);
  const own = verbId(lemma);
  if (id === undefined) return lemma;
  return own === undefined || verbTagCount(id) >= verbTagCount(own) ? american : lemma;
}

/** Readings without prefix stripping: as spelled (British lemmas in American spelling), else in American spelling. */
function unprefixedReadings(w: string): VerbReading[] {
  const direct = directReadings(w);
  if (direct.length > 0) return direct.map((r) => ({ lemma: americanLemma(r.lemma), form: r.form }));
  const american = americanSpelling(w);
  return american === null ? [] : directReadings(american);
}

/**
 * Every verb reading of a word form, in a stable order (irregular, base, regular; duplicates removed).
 *
 * "sent" → send past and participle; "notarised" → notarize; "re-issued" and "reissued" → reissue (a prefixed
 * lemma is kept as one word even when WordNet lacks it: {@link verbBase} gives "issue"); "set" → set base,
 * past and participle; "booking" → book gerund; "carried out" → carry out past and participle (a form with
 * spaces or '_' inflects its first word, and reads only as a WordNet multiword verb). Returns [] for a form with
 * no verb reading. The form is lower-cased.
 */
export function verbReadings(form: string): VerbReading[] {
  const w = form.trim().toLowerCase().replaceAll('_', ' ');
  if (w.length === 0) return [];
  const space = w.indexOf(' ');
  if (space > 0) return multiwordReadings(w, space);
  let readings = unprefixedReadings(w);
  if (readings.length === 0) {
    for (const prefix of VERB_PREFIXES) {
      if (!w.startsWith(prefix)) continue;
      const rest = w.startsWith('-', prefix.length) ? w.slice(prefix.length + 1) : w.slice(prefix.length);
      if (rest.length < 3) continue;
      readings = unprefixedReadings(rest).map((r) => ({ lemma: prefix + r.lemma, form: r.form }));
      if (readings.length > 0) break;
    }
  }
  const seen = new Set<string>();
  return readings.filter((r) => {
    const key = `${r.lemma}|${r.form}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A multiword form ("carried out", "bricked up"): the first word's readings, kept when they make a WordNet multiword verb. */
function multiwordReadings(w: string, space: number): VerbReading[] {
  const rest = ' ' + w.slice(space + 1).split(' ').filter((p) => p !== '').join(' ');
  const head = w.slice(0, space);
  const out: VerbReading[] = [];
  const add = (r: VerbReading): void => {
    if (verbId(r.lemma) === undefined) return;
    const lemma = americanLemma(r.lemma);
    if (!out.some((o) => o.lemma === lemma && o.form === r.form)) out.push({ lemma, form: r.form });
  };
  for (const r of unprefixedReadings(head)) add({ lemma: r.lemma + rest, form: r.form });
  if (verbId(head + rest) !== undefined) add({ lemma: head + rest, form: 'base' });
  // A head that is no verb on its own (brick up, cordon off, chicken out).
  for (const r of regularReadings(head, rest)) add(r);
  return out;
}

/**
 * The verb a lemma is built on: a lemma with a re-/un-/de-/pre-/dis-/co-/over-/up- prefix that is not itself a
 * WordNet verb gives the rest when that is one ("reissue" → "issue" if WordNet lacks "reissue", "unenroll" →
 * "enroll"); any other lemma is returned unchanged (lower-cased).
 */
export function verbBase(lemma: string): string {
  const l = lemma.trim().toLowerCase().replaceAll('_', ' ');
  if (isVerb(l)) return americanLemma(l);
  for (const prefix of VERB_PREFIXES) {
    if (!l.startsWith(prefix)) continue;
    const rest = l.startsWith('-', prefix.length) ? l.slice(prefix.length + 1) : l.slice(prefix.length);
    if (rest.length >= 3 && isVerb(rest)) return americanLemma(rest);
  }
  return l;
}
