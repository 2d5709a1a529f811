import { describe, expect, it } from 'vitest';
import { pastForms } from './past-forms.js';

describe('pastForms', () => {
  it('inflects irregular verbs from WordNet', () => {
    expect(pastForms('send')).toEqual({ past: ['sent'], participle: ['sent'] });
    expect(pastForms('write')).toEqual({ past: ['wrote'], participle: ['written'] });
    expect(pastForms('come')).toEqual({ past: ['came'], participle: ['come'] });
    expect(pastForms('set')).toEqual({ past: ['set'], participle: ['set'] });
    expect(pastForms('be')).toEqual({ past: ['was', 'were'], participle: ['been'] });
    expect(pastForms('show')).toEqual({ past: ['showed'], participle: ['shown', 'showed'] });
    expect(pastForms('read')).toEqual({ past: ['read'], participle: ['read'] });
    expect(pastForms('run')).toEqual({ past: ['ran'], participle: ['run'] });
    expect(pastForms('forget')).toEqual({ past: ['forgot'], participle: ['forgotten', 'forgot'] });
    expect(pastForms('learn')).toEqual({ past: ['learned', 'learnt'], participle: ['learned', 'learnt'] });
  });

  it('gives both spellings of -l verbs and regular forms otherwise', () => {
    expect(pastForms('cancel')).toEqual({ past: ['cancelled', 'canceled'], participle: ['cancelled', 'canceled'] });
    expect(pastForms('label').past).toEqual(['labelled', 'labeled']);
    expect(pastForms('stop')).toEqual({ past: ['stopped'], participle: ['stopped'] });
    expect(pastForms('notarize')).toEqual({ past: ['notarized'], participle: ['notarized'] });
    expect(pastForms('copy').past).toEqual(['copied']);
    expect(pastForms('look up')).toEqual({ past: ['looked up'], participle: ['looked up'] });
  });
});

describe('pastForms and verbReadings agree', () => {
  it('reads every past form of every WordNet verb, single or multiword, back to that verb', async () => {
    const { lexiconTable } = await import('./_table.js');
    const { verbBase, verbReadings } = await import('./verb-readings.js');
    const misses: string[] = [];
    const verbs = lexiconTable().verbs;
    for (const v of verbs) {
      for (const [form, spellings] of Object.entries(pastForms(v))) {
        for (const s of spellings) if (!verbReadings(s).some((r) => r.lemma === verbBase(v) && r.form === form)) misses.push(`${v} ${form} ${s}`);
      }
    }
    expect(verbs.length).toBeGreaterThan(11_000);
    expect(misses).toEqual([]);
  });
});
