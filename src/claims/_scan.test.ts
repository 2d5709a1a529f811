import { describe, expect, it } from 'vitest';
import { squeezeSpaces } from './_scan.js';

describe('squeezeSpaces', () => {
  it('is text.replace(/\\s+/g, " ").trim(), whether or not there is anything to squeeze', () => {
    const texts = ['', ' ', 'a', 'a b', ' a', 'a ', 'a  b', 'a\tb', 'a\nb', 'a\u00a0b', '\u3000a', 'Done ✅ ✅', 'x \n y  z ', 'one two three'];
    for (const t of texts) expect(squeezeSpaces(t), JSON.stringify(t)).toBe(t.replace(/\s+/g, ' ').trim());
  });
});
