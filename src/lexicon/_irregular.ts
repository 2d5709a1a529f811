/** Irregular verb forms from the table (WordNet's verb.exc, sorted into past / participle / third / gerund / base). */
import { lazy, lexiconTable } from './_table.js';
import type { VerbForm, VerbReading } from './verb-readings.js';

const SLOTS: readonly VerbForm[] = ['past', 'participle', 'third', 'gerund', 'base'];

/** Word form -> its irregular readings (lemma and form). */
export const irregularReadings = lazy(() => {
  const t = lexiconTable();
  const out = new Map<string, VerbReading[]>();
  for (const [id, ...slots] of t.inflections) {
    const lemma = t.verbs[id] as string;
    slots.forEach((forms, i) => {
      for (const f of forms) {
        const list = out.get(f) ?? [];
        list.push({ lemma, form: SLOTS[i] as VerbForm });
        out.set(f, list);
      }
    });
  }
  return out;
});

/** Verb lemma -> its irregular forms by slot. */
export const irregularForms = lazy(() => {
  const t = lexiconTable();
  const out = new Map<string, { past: string[]; participle: string[]; third: string[]; gerund: string[] }>();
  for (const [id, past, participle, third, gerund] of t.inflections) out.set(t.verbs[id] as string, { past, participle, third, gerund });
  return out;
});
