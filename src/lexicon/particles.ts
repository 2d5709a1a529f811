/** Multiword verbs by their first word, from WordNet's multiword verb lemmas. */
import { lazy, lexiconTable } from './_table.js';

const byHead = lazy(() => {
  const out = new Map<string, Map<string, string>>();
  for (const lemma of lexiconTable().verbs) {
    const space = lemma.indexOf(' ');
    if (space < 0) continue;
    const head = lemma.slice(0, space);
    const rest = lemma.slice(space + 1);
    let map = out.get(head);
    if (map === undefined) out.set(head, (map = new Map()));
    map.set(rest, lemma);
  }
  return out;
});

const EMPTY: ReadonlyMap<string, string> = new Map();

/**
 * WordNet's multiword verbs that start with `head`, keyed by the words after it: "look" → {"up" → "look up",
 * "into" → "look into", …}; "carry" → {"out" → "carry out", …}. Keys are in sorted order; empty when none.
 */
export function particlesOf(head: string): ReadonlyMap<string, string> {
  return byHead().get(head.trim().toLowerCase()) ?? EMPTY;
}

/** How many multiword verb lemmas the table holds. */
export function multiwordVerbCount(): number {
  let n = 0;
  for (const map of byHead().values()) n += map.size;
  return n;
}
