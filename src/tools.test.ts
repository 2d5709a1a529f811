import { describe, it, expect } from 'vitest';
import { ClaimcheckError } from './errors.js';
import { normalizeTools } from './tools.js';

const schema = { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] };

describe('normalizeTools', () => {
  it('treats undefined, null and [] as no tools', () => {
    expect(normalizeTools(undefined)).toEqual([]);
    expect(normalizeTools(null)).toEqual([]);
    expect(normalizeTools([])).toEqual([]);
  });

  it('reads every provider shape', () => {
    const tools = normalizeTools([
      'lookup_order',
      { name: 'issue_refund', description: 'Refund an order' },
      { type: 'function', function: { name: 'send_email', description: 'Send mail', parameters: schema, strict: true } },
      { type: 'function', name: 'create_event', description: 'Create an event', parameters: schema, strict: false },
      { name: 'emit_signal', description: 'Signal', input_schema: schema },
      { name: 'read_file', description: 'Read a file', inputSchema: schema, annotations: { readOnlyHint: true } },
      { type: 'custom', custom: { name: 'apply_patch', description: 'Freeform patch' } },
    ]);
    expect(tools).toEqual([
      { name: 'lookup_order', description: '' },
      { name: 'issue_refund', description: 'Refund an order' },
      { name: 'send_email', description: 'Send mail', parameters: schema },
      { name: 'create_event', description: 'Create an event', parameters: schema },
      { name: 'emit_signal', description: 'Signal', parameters: schema },
      { name: 'read_file', description: 'Read a file', parameters: schema },
      { name: 'apply_patch', description: 'Freeform patch' },
    ]);
  });

  it('skips nameless hosted tools and keeps named server tools', () => {
    const tools = normalizeTools([
      { type: 'web_search' },
      { type: 'file_search', vector_store_ids: ['vs_1'] },
      { type: 'code_interpreter', container: { type: 'auto' } },
      { type: 'web_search_20250305', name: 'web_search', max_uses: 3 },
      { type: 'bash_20250124', name: 'bash' },
    ]);
    expect(tools.map((t) => t.name)).toEqual(['web_search', 'bash']);
  });

  it('dedupes by name, first wins', () => {
    const tools = normalizeTools(['send_email', { name: 'send_email', description: 'second' }]);
    expect(tools).toEqual([{ name: 'send_email', description: '' }]);
  });

  it('reads SDK-like class instances by property access', () => {
    class FunctionTool {
      readonly type = 'function';
      get function() {
        return { name: 'lookup', description: 'Look up', parameters: schema };
      }
    }
    expect(normalizeTools([new FunctionTool()])).toEqual([{ name: 'lookup', description: 'Look up', parameters: schema }]);
  });

  it.each([
    [[42], 'tools[0] is a number; expected a tool name, {name, description}, or a provider tool object.'],
    [['ok', ''], 'tools[1] is an empty string; expected a tool name, {name, description}, or a provider tool object.'],
    [['a', 'b', 'c', null], 'tools[3] is null;'],
    [[{ description: 'no name' }], 'tools[0] is an object with keys description;'],
    [[{ type: 'function', function: { description: 'x' } }], 'tools[0] is an object of type "function" with keys type, function;'],
    [[{ type: 'function' }], 'tools[0] is an object of type "function" with keys type;'],
    [[['nested']], 'tools[0] is an array of 1;'],
  ])('rejects %j with invalid_tool', (tools, message) => {
    let error: unknown;
    try {
      normalizeTools(tools);
    } catch (e) {
      error = e;
    }
    expect(ClaimcheckError.isInstance(error)).toBe(true);
    expect((error as ClaimcheckError).code).toBe('invalid_tool');
    expect((error as ClaimcheckError).message).toContain(message);
  });

  it('rejects a tool list that is not an array', () => {
    expect(() => normalizeTools({ send_email: {} })).toThrow(/tools is an object with keys send_email; expected an array/);
    expect(() => normalizeTools('send_email')).toThrow(expect.objectContaining({ code: 'invalid_tool' }));
  });
});
