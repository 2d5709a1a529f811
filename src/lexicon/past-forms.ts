/** Past tense and past participle of a verb lemma: WordNet's irregular forms, else the regular -ed spelling rules. */
import { irregularForms } from './_irregular.js';

const VOWEL = new Set(['a', 'e', 'i', 'o', 'u']);

/** The regular -ed form: notarize → notarized, copy → copied, book → booked (no consonant doubling: WordNet lists those). */
export function regularPast(lemma: string): string {
  if (lemma.endsWith('e')) return lemma + 'd';
  const before = lemma[lemma.length - 2];
  if (lemma.endsWith('y') && before !== undefined && !VOWEL.has(before)) return lemma.slice(0, -1) + 'ied';
  return lemma + 'ed';
}

/**
 * Past forms of a verb lemma (lower case). Irregular verbs give WordNet's forms (write → wrote / written, come →
 * came / come, set → set / set); a verb whose doubled spelling WordNet lists gives both spellings (cancel →
 * cancelled and canceled); regular verbs give the -ed form for both. Multiword lemmas inflect their first word
 * ("look up" → "looked up").
 */
export function pastForms(lemma: string): { past: string[]; participle: string[] } {
  const l = lemma.trim().toLowerCase().replaceAll('_', ' ');
  const space = l.indexOf(' ');
  if (space > 0) {
    const head = pastForms(l.slice(0, space));
    const rest = l.slice(space);
    return { past: head.past.map((f) => f + rest), participle: head.participle.map((f) => f + rest) };
  }
  const irregular = irregularForms().get(l);
  const regular = regularPast(l);
  const past = [...(irregular?.past ?? [])];
  const participle = [...(irregular?.participle ?? [])];
  // A listed -lled spelling (cancelled, labelled) is the British one: add the American single-l spelling too.
  const doubledOnly = (forms: string[]): boolean => l.endsWith('l') && forms.length > 0 && forms.every((f) => f === l + 'led');
  if (past.length === 0 || doubledOnly(past)) past.push(regular);
  if (participle.length === 0 || doubledOnly(participle)) participle.push(regular);
  return { past: [...new Set(past)], participle: [...new Set(participle)] };
}
