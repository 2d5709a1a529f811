import { describe, expect, it } from 'vitest';
import { causeSentence, endSentence } from './_sentence.js';

describe('endSentence', () => {
  it('adds a full stop once', () => {
    expect(endSentence('no such file')).toBe('no such file.');
    expect(endSentence('tools[0] is an object; expected a provider tool object.')).toBe('tools[0] is an object; expected a provider tool object.');
    expect(endSentence('Unexpected end of JSON input  ')).toBe('Unexpected end of JSON input.');
    expect(endSentence('is it?')).toBe('is it?');
    expect(causeSentence(new Error('boom.'))).toBe('boom.');
    expect(causeSentence('x')).toBe('x.');
  });
});
