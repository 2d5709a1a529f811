import { describe, it, expect } from 'vitest';
import { joinTextParts, stripThinking } from './_text.js';

describe('stripThinking', () => {
  it.each([
    ['<thinking>check the order first</thinking>Your refund is issued.', 'Your refund is issued.'],
    ['Sure. <thinking>maybe call lookup</thinking> Done!', 'Sure.  Done!'],
    ['<THINKING a="1">x</Thinking >Hi', 'Hi'],
    ['<think>r1 style</think>\n\nAnswer', 'Answer'],
    ['a<thinking>1</thinking>b<thinking>2</thinking>c', 'abc'],
    ['Answer first <thinking>never closed', 'Answer first'],
    ['reasoning without an opening tag</think>The answer', 'The answer'],
    ['<thinking>only thinking</thinking>', ''],
    ['No tags, just < and > signs: 3 < 4 > 2', 'No tags, just < and > signs: 3 < 4 > 2'],
    ['I was <thinker> about it', 'I was <thinker> about it'],
  ])('%j → %j', (text, expected) => {
    expect(stripThinking(text)).toBe(expected);
  });

  it('is fast on many unclosed tags', () => {
    const start = performance.now();
    stripThinking('<thinking>'.repeat(20_000));
    stripThinking('<thinking '.repeat(20_000));
    expect(performance.now() - start).toBeLessThan(500);
  });
});

describe('joinTextParts', () => {
  it('concatenates cited pieces as written and separates plain blocks', () => {
    expect(joinTextParts([
      { text: 'According to the doc, ', cited: false },
      { text: 'the grass is green', cited: true },
      { text: '.', cited: false },
    ])).toBe('According to the doc, the grass is green.');
    expect(joinTextParts([{ text: 'Done.', cited: false }, { text: 'Anything else?', cited: false }])).toBe('Done.\nAnything else?');
    expect(joinTextParts([])).toBe('');
  });
});
