import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dropEmphasis, quotedSpans, replaceAllLiteral, scanEmails, squeezeSpaces } from './_scan.js';

describe('squeezeSpaces', () => {
  it('is text.replace(/\\s+/g, " ").trim(), whether or not there is anything to squeeze', () => {
    const texts = ['', ' ', 'a', 'a b', ' a', 'a ', 'a  b', 'a\tb', 'a\nb', 'a\u00a0b', '\u3000a', 'Done ✅ ✅', 'x \n y  z ', 'one two three'];
    for (const t of texts) expect(squeezeSpaces(t), JSON.stringify(t)).toBe(t.replace(/\s+/g, ' ').trim());
  });

  it('is the same on texts longer than one piece of its buffer (8,192 code units)', () => {
    const texts = [' ✅  ✅ '.repeat(5000), `${'a'.repeat(8191)}  b`, `${'a'.repeat(8192)} \t`, `x\u00a0${'é'.repeat(20_000)}\ud800 y`];
    for (const t of texts) expect(squeezeSpaces(t)).toBe(t.replace(/\s+/g, ' ').trim());
  });
});

describe('dropEmphasis', () => {
  const piece = fc.constantFrom('*', '_', '~', '**', '__', '~~', 'a', ' ', 'é', '✅', '\ud800', '\udc00');
  const text = fc.array(piece, { maxLength: 24 }).map((ps) => ps.join(''));
  const replaced = (t: string): string => t.replace(/(\*\*|__|~~|\*)/g, '');

  it('is text.replace(/(\\*\\*|__|~~|\\*)/g, "")', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(dropEmphasis(t), JSON.stringify(t)).toBe(replaced(t));
      }),
      { numRuns: 20_000 },
    );
  });

  it('is the same replace on a text long enough to be scanned into a buffer', () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        const t = `${a}${'x'.repeat(8192)}${b}`;
        expect(dropEmphasis(t), JSON.stringify([a, b])).toBe(replaced(t));
      }),
      { numRuns: 2_000 },
    );
    for (const t of ['*_'.repeat(20_000), '*_a~~é'.repeat(5000), '_'.repeat(9999), '~'.repeat(8192)]) expect(dropEmphasis(t)).toBe(replaced(t));
  });
});

describe('replaceAllLiteral', () => {
  const marks = /✅|✔️|✔|☑️|☑|🟢|\[x\]|\[X\]/g;
  const piece = fc.constantFrom('✅', '✔️', '✔', '☑', '️', '🟢', '[x]', '[X]', '[', 'x', ']', 'a', ' ', '\ud83d', '\udfe2');
  const text = fc.array(piece, { maxLength: 24 }).map((ps) => ps.join(''));

  it('is text.replace(pattern, replacement), short or scanned into a buffer', () => {
    fc.assert(
      fc.property(text, text, fc.boolean(), (a, b, long) => {
        const t = long ? `${a}${'y'.repeat(8192)}${b}` : a + b;
        expect(replaceAllLiteral(t, marks, ' ✅ '), JSON.stringify([a, b])).toBe(t.replace(marks, ' ✅ '));
      }),
      { numRuns: 5_000 },
    );
    for (const t of ['✅ '.repeat(20_000), '[x]✔️'.repeat(5000)]) expect(replaceAllLiteral(t, marks, ' ✅ ')).toBe(t.replace(marks, ' ✅ '));
  });

  it('takes a global pattern and a replacement without "$" only', () => {
    expect(() => replaceAllLiteral('a', /a/, 'b')).toThrow(TypeError);
    expect(() => replaceAllLiteral('a', /a/g, '$&')).toThrow(TypeError);
  });
});

describe('quotedSpans', () => {
  it('finds double, curly, back and single quotes on one line, not apostrophes', () => {
    expect(quotedSpans('Posted "Q3 plan" and `deploy.sh`; titled “Weekly sync”.')).toEqual(['Q3 plan', 'deploy.sh', 'Weekly sync']);
    expect(quotedSpans("I've renamed it to 'Budget 2027' as the user's note asked")).toEqual(['Budget 2027']);
    expect(quotedSpans('an open "quote\non two lines" is none')).toEqual([]);
    expect(quotedSpans('"ab" is too short, "abc" is not')).toEqual(['abc']);
    expect(quotedSpans(`"${'x'.repeat(401)}"`)).toEqual([]);
  });

  it('is linear on runs of openers without closers', () => {
    const attack = '“`"'.repeat(100_000) + '\n';
    expect(quotedSpans(attack)).toEqual([]);
    expect(quotedSpans("'a".repeat(100_000))).toEqual([]);
  });
});

describe('scanEmails', () => {
  it('finds addresses, lower case, each once', () => {
    expect(scanEmails('Sent to Ana.Lee@Example.com and ana.lee@example.com, cc ops@corp.co.uk.')).toEqual(['ana.lee@example.com', 'ops@corp.co.uk']);
    expect(scanEmails('at @ or a@b')).toEqual([]);
  });
});
