import { describe, expect, it } from 'vitest';
import { partsOfSpeech } from './parts-of-speech.js';

describe('partsOfSpeech', () => {
  it('lists WordNet parts of speech, commonest first', () => {
    expect(partsOfSpeech('book')).toEqual(['n', 'v']);
    expect(partsOfSpeech('send')).toEqual(['v']);
    expect(partsOfSpeech('quickly')).toEqual(['r']);
    expect(partsOfSpeech('closed')[0]).toBe('v');
    expect(partsOfSpeech('closed')).toContain('a');
    expect(partsOfSpeech('notarised')).toEqual(['v']);
    expect(partsOfSpeech('better')).toContain('a');
  });

  it('is [] for closed-class words and unknown words', () => {
    for (const w of ['the', 'a', 'in', 'we', 'who', 'and', 'would']) expect(partsOfSpeech(w), w).toEqual([]);
    expect(partsOfSpeech('zzzz')).toEqual([]);
  });
});
