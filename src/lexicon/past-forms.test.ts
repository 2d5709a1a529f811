import { describe, expect, it } from 'vitest';
import { pastForms } from './past-forms.js';

describe('pastForms', () => {
  it('inflects irregular verbs from WordNet', () => {
    expect(pastForms('send')).toEqual({ past: ['sent'], participle: ['sent'] });
    expect(pastForms('write')).toEqual({ past: ['wrote'], participle: ['written'] });
    expect(pastForms('come')).toEqual({ past: ['came'], participle: ['come'] });
    expect(pastForms('set')).toEqual({ past: ['set'], participle: ['set'] });
    expect(pastForms('be')).toEqual({ past: ['was', 'were'], participle: ['been'] });
    expect(pastForms('show')).toEqual({ past: ['showed'], participle: ['shown'] });
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
