/**
 * "Did you mean": the candidate closest to a misspelled name (tool names, field names, enum values).
 */
import { distance } from 'fastest-levenshtein';

/** Lowercase, without `_`, `-`, spaces and dots, so `getWeather`, `get_weather` and `Get-Weather` agree. */
const fold = (name: string): string => name.toLowerCase().replace(/[\s_.-]/g, '');

/** Names longer than this (in UTF-16 code units) get no guess: the edit distance would cost their product. */
export const MAX_GUESS_CHARS = 256;

/**
 * The candidate closest to `name` once case and separators are folded away, when it is close: an edit
 * distance of at most a third of the longer name, and at most 3. `undefined` when none is, and when
 * `name` is longer than {@link MAX_GUESS_CHARS}. Linear in the candidates' total length: candidates
 * whose length alone rules them out, or longer than the limit, are skipped without a distance.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  if (name.length > MAX_GUESS_CHARS) return undefined;
  const folded = fold(name);
  let best: { candidate: string; d: number } | undefined;
  for (const candidate of candidates) {
    if (candidate === name || candidate.length > MAX_GUESS_CHARS) continue;
    const other = fold(candidate);
    const limit = Math.min(3, Math.floor(Math.max(folded.length, other.length) / 3));
    if (Math.abs(folded.length - other.length) > limit) continue;
    const d = distance(folded, other);
    if (d <= limit && (best === undefined || d < best.d)) best = { candidate, d };
  }
  return best?.candidate;
}
