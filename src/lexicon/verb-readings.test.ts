import { describe, expect, it } from 'vitest';
import { isVerb, pastEndings, VERB_PREFIXES, verbBase, verbReadings } from './verb-readings.js';
import { irregularReadings } from './_irregular.js';
import { pastForms } from './past-forms.js';
import { lexiconTable } from './_table.js';

const read = (form: string): string[] => verbReadings(form).map((r) => `${r.lemma}:${r.form}`);

describe('verbReadings', () => {
  it('reads irregular forms from WordNet, telling past from participle', () => {
    expect(read('sent')).toEqual(['send:past', 'send:participle']);
    expect(read('wrote')).toEqual(['write:past']);
    expect(read('written')).toEqual(['write:participle']);
    expect(read('paid')).toEqual(['pay:past', 'pay:participle']);
    expect(read('held')).toEqual(['hold:past', 'hold:participle']);
    expect(read('left')).toEqual(['leave:past', 'leave:participle']);
    expect(read('forgot')).toEqual(['forget:past', 'forget:participle']); // "had forgot" is an accepted participle
    expect(read('forgotten')).toEqual(['forget:participle']);
    expect(read('undid')).toEqual(['undo:past']);
    expect(read('undone')).toEqual(['undo:participle']);
    expect(read('rebuilt')).toEqual(['rebuild:past', 'rebuild:participle']);
    expect(read('overrode')).toEqual(['override:past']);
    expect(read('came')).toEqual(['come:past']);
    expect(read('overwrote')).toEqual(['overwrite:past']);
  });

  it('reads set, put, shut, split, read and cost as base, past and participle', () => {
    for (const w of ['set', 'put', 'shut', 'split', 'read', 'cost']) {
      expect(read(w).sort()).toEqual([`${w}:base`, `${w}:participle`, `${w}:past`]);
    }
  });

  it('reads regular inflections: -ed, -s, -ing, doubled consonants', () => {
    expect(read('booking')).toEqual(['book:gerund']);
    expect(read('sends')).toEqual(['send:third']);
    expect(read('emails')).toEqual(['email:third']);
    expect(read('displayed')).toEqual(['display:past', 'display:participle']);
    expect(read('described')).toEqual(['describe:past', 'describe:participle']);
    expect(read('copied')).toEqual(['copy:past', 'copy:participle']);
    expect(read('stopping')).toEqual(['stop:gerund']);
    expect(read('notarizing')).toEqual(['notarize:gerund']);
  });

  it('reads British and American spellings to one lemma', () => {
    expect(read('notarised')).toEqual(['notarize:past', 'notarize:participle']);
    expect(read('notarized')).toEqual(['notarize:past', 'notarize:participle']);
    expect(read('cancelled')).toEqual(['cancel:past', 'cancel:participle']);
    expect(read('canceled')).toEqual(['cancel:past', 'cancel:participle']);
    expect(read('labelled')).toEqual(['label:past', 'label:participle']);
    expect(read('labeled')).toEqual(['label:past', 'label:participle']);
    expect(read('prioritised')).toEqual(['prioritize:past', 'prioritize:participle']);
    expect(read('analysed')).toEqual(['analyze:past', 'analyze:participle']);
  });

  it('strips re-/un-/de-/pre- prefixes, with or without a hyphen', () => {
    expect(read('re-issued')).toEqual(['reissue:past', 'reissue:participle']);
    expect(read('reissued')).toEqual(['reissue:past', 'reissue:participle']);
    expect(read('unenrolled').map((r) => r.split(':')[0])).toContain('unenroll');
    expect(read('unpinned')).toEqual(['unpin:past', 'unpin:participle']);
    expect(read('deactivated')).toEqual(['deactivate:past', 'deactivate:participle']);
    expect(read('pre-approved')).toEqual(['preapprove:past', 'preapprove:participle']);
  });

  it('reads inflected multiword verbs', () => {
    expect(read('carried out')).toEqual(['carry out:past', 'carry out:participle']);
    expect(read('looked_up')).toEqual(['look up:past', 'look up:participle']);
    expect(read('called off')).toEqual(['call off:past', 'call off:participle']);
    expect(read('set up').sort()).toEqual(['set up:base', 'set up:participle', 'set up:past']);
    expect(read('look up')).toEqual(['look up:base']);
    expect(read('sent quickly')).toEqual([]);
  });

  it('does not read a strong verb through a regular ending, nor WordNet morphy blockers', () => {
    expect(read('seed')).toEqual(['seed:base']);
  });

  it('returns [] for words that are not verbs', () => {
    expect(verbReadings('the')).toEqual([]);
    expect(verbReadings('quickly')).toEqual([]);
    expect(verbReadings('')).toEqual([]);
    expect(verbReadings('zzzzed')).toEqual([]);
  });
});

describe('verbBase and isVerb', () => {
  it('strips a prefix only when the prefixed lemma is not a WordNet verb', () => {
    expect(verbBase('unenroll')).toBe('enroll');
    expect(verbBase('preapprove')).toBe('approve');
    expect(verbBase('reissue')).toBe('reissue'); // WordNet has reissue
    expect(verbBase('deactivate')).toBe('deactivate');
    expect(verbBase('notarise')).toBe('notarize');
  });

  it('knows single and multiword verbs, with spaces or underscores', () => {
    expect(isVerb('send')).toBe(true);
    expect(isVerb('look up')).toBe(true);
    expect(isVerb('look_up')).toBe(true);
    expect(isVerb('sent')).toBe(false);
    expect(isVerb('table lamp')).toBe(false);
  });
});

describe('pastEndings', () => {
  it('holds the ending of every form read as a past that does not end in "ed": irregular, prefixed, British', () => {
    const endings = pastEndings(4);
    const forms = new Set<string>([...irregularReadings().keys()].filter((f) => !f.includes(' ')));
    for (const lemma of lexiconTable().verbs) {
      if (lemma.includes(' ')) continue;
      const { past, participle } = pastForms(lemma);
      for (const f of [lemma, ...past, ...participle]) forms.add(f);
    }
    const british = (f: string): string[] => [f.replace(/iz(?=e|ed|es|ing$)/, 'is'), f.replace(/yz(?=e|ed|es|ing$)/, 'ys'), f.replace(/or(?=ed$|ing$|s$|$)/, 'our')];
    const words = new Set<string>();
    for (const f of forms) for (const w of [f, ...british(f)]) for (const p of ['', ...VERB_PREFIXES, ...VERB_PREFIXES.map((x) => `${x}-`)]) words.add(p + w);
    const missed = [...words].filter((w) => !w.endsWith('ed') && !endings.has(w.slice(-4)) && verbReadings(w).some((r) => r.form === 'past' || r.form === 'participle'));
    expect(words.size).toBeGreaterThan(100_000);
    expect(missed).toEqual([]);
    expect(endings.has('sent')).toBe(true);
    expect(endings.has('pset')).toBe(true); // upset
    expect(endings.has('the')).toBe(false);
  });
});
