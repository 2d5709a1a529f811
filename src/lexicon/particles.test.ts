import { describe, expect, it } from 'vitest';
import { multiwordVerbCount, particlesOf } from './particles.js';

describe('particlesOf', () => {
  it('maps a head verb to its WordNet multiword verbs', () => {
    expect(particlesOf('look').get('up')).toBe('look up');
    expect(particlesOf('look').get('into')).toBe('look into');
    expect(particlesOf('set').get('up')).toBe('set up');
    expect(particlesOf('carry').get('out')).toBe('carry out');
    expect(particlesOf('call').get('off')).toBe('call off');
    expect(particlesOf('roll').get('back')).toBeUndefined(); // not in WordNet 3.1
    expect(particlesOf('notarize').size).toBe(0);
  });

  it('holds all of WordNet 3.1 multiword verbs', () => {
    expect(multiwordVerbCount()).toBe(2838);
  });
});
