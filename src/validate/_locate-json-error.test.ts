import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locateJsonError } from './_locate-json-error.js';

describe('locateJsonError', () => {
  it('agrees with JSON.parse on what is JSON', () => {
    const jsonish = fc.oneof(
      fc.json(),
      fc.json().map((t) => t.slice(0, Math.max(0, t.length - 1))),
      fc.tuple(fc.json(), fc.string()).map(([t, s]) => t + s),
      fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', ':', ',', ' ', '1', '-', '.', 'e', 't', 'n', '\\', 'u', 'a', "'") }),
    );
    fc.assert(
      fc.property(jsonish, (text) => {
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          parses = false;
        }
        expect(locateJsonError(text) === undefined).toBe(parses);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['{"a": "x', 'truncated', 8],
    ['{"a": 1,}', 'trailing_comma', 8],
    ['{"a": 1}\n\nmore', 'trailing_text', 10],
    ["{'a': 1}", 'unexpected', 1],
    ['{"a": True}', 'unexpected', 6],
  ])('%j → %s at %i', (text, kind, position) => {
    expect(locateJsonError(text)).toMatchObject({ kind, position });
  });

  it('gives line and column', () => {
    expect(locateJsonError('{\n  "a": 1\n  "b": 2\n}')).toMatchObject({ line: 3, column: 3, expected: "',' or '}' after a property value" });
  });
});
