import { describe, expect, it } from 'vitest';
import { McpToolError, resultText, toolOutput } from './_tool-output.js';

describe('toolOutput', () => {
  it('is structuredContent, else the text parsed when it is JSON, else the text', () => {
    expect(toolOutput({ content: [{ type: 'text', text: '{"a":1}' }], structuredContent: { b: 2 } })).toEqual({ b: 2 });
    expect(toolOutput({ content: [{ type: 'text', text: '{"a":1}' }] })).toEqual({ a: 1 });
    expect(toolOutput({ content: [{ type: 'text', text: 'Sent.' }, { type: 'text', text: 'id msg_1' }] })).toBe('Sent.\nid msg_1');
    const image = { type: 'image' as const, data: 'AA==', mimeType: 'image/png' };
    expect(toolOutput({ content: [image] })).toEqual([image]);
    expect(toolOutput({ content: [] })).toBe('');
  });

  it('throws McpToolError with the text for an isError result', () => {
    expect(() => toolOutput({ content: [{ type: 'text', text: 'SMTP timeout' }], isError: true })).toThrow(new McpToolError('SMTP timeout'));
    expect(() => toolOutput({ content: [], isError: true })).toThrow(/reported an error \(isError\) with no text/);
  });

  it('reads text blocks only, and a result without content', () => {
    expect(resultText({ content: [{ type: 'text', text: 'a' }, { type: 'image', data: '', mimeType: 'image/png' }] })).toBe('a');
    expect(resultText({ toolResult: 'x' } as never)).toBe('');
  });
});
