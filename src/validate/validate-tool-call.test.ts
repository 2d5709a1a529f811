import { describe, expect, it } from 'vitest';
import { ClaimcheckError } from '../errors.js';
import { validateToolCall } from './validate-tool-call.js';

const schema = {
  type: 'object',
  properties: { to: { type: 'string', format: 'email' }, body: { type: 'string' } },
  required: ['to', 'body'],
  additionalProperties: false,
};
const args = '{"to": "ana@example.com"}';

describe('validateToolCall', () => {
  it.each([
    ['OpenAI Chat Completions', { type: 'function', function: { name: 'send_email', description: '', parameters: schema } }],
    ['OpenAI Responses', { type: 'function', name: 'send_email', description: '', parameters: schema }],
    ['Anthropic', { name: 'send_email', description: '', input_schema: schema }],
    ['MCP', { name: 'send_email', description: '', inputSchema: schema }],
  ])('reads the schema of a %s tool', (_shape, tool) => {
    const result = validateToolCall({ tool, args });
    expect(result).toMatchObject({ ok: false, failures: [{ category: 'missing_required', path: '/body', keyword: 'required' }] });
  });

  it('looks a bare name up in the registered tools', () => {
    const tools = [{ name: 'send_email', description: '', input_schema: schema }];
    expect(validateToolCall({ tool: 'send_email', args: { to: 'ana@example.com', body: 'hi' }, tools })).toEqual({
      ok: true,
      args: { to: 'ana@example.com', body: 'hi' },
    });
    expect(validateToolCall({ tool: 'send_mail', args: {}, tools })).toMatchObject({
      ok: false,
      failures: [{ category: 'unknown_tool', path: '', hint: 'Did you mean "send_email"?' }],
    });
  });

  it('accepts any object for a tool without a schema, and still checks the text', () => {
    expect(validateToolCall({ tool: 'ping', args: { anything: 1 } }).ok).toBe(true);
    expect(validateToolCall({ tool: 'ping', args: '' })).toEqual({ ok: true, args: {} });
    expect(validateToolCall({ tool: 'ping', args: "{'a': 1}" })).toMatchObject({ ok: false, failures: [{ category: 'invalid_json' }] });
  });

  it('applies strictProperties', () => {
    const open = { name: 'note', parameters: { type: 'object', properties: { text: { type: 'string' } } } };
    expect(validateToolCall({ tool: open, args: { text: 'x', tag: 'y' } }).ok).toBe(true);
    expect(validateToolCall({ tool: open, args: { text: 'x', tag: 'y' }, strictProperties: true })).toMatchObject({
      ok: false,
      failures: [{ category: 'extra_field', path: '/tag' }],
    });
  });

  it('throws invalid_tool for a tool in no known shape, or a schema Ajv cannot compile', () => {
    const shape = (): unknown => validateToolCall({ tool: 42, args: {} });
    expect(shape).toThrow(/^tool is/);
    const broken = (): unknown => validateToolCall({ tool: { name: 'x', parameters: { type: 'object', properties: { a: { $ref: 'https://example.com/s.json' } } } }, args: {} });
    expect(broken).toThrow(ClaimcheckError);
    try {
      broken();
    } catch (error) {
      expect(ClaimcheckError.isInstance(error) && error.code).toBe('invalid_tool');
    }
  });
});
