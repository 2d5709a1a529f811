/**
 * Validation stays near-linear in the size of the arguments, and compiling a schema stays bounded in the
 * size of the schema (issue 34, item 2). The timeouts are hang guards, not timing assertions: before,
 * `uniqueItems` compared every pair of items (an array of 20,000 small objects, 243 KB: 8.6 s), and a
 * schema of 50,000 properties overflowed the stack after minutes of compiling.
 */
import { describe, expect, it } from 'vitest';
import { ClaimcheckError } from '../errors.js';
import { createValidator } from './create-validator.js';
import { validateToolCall } from './validate-tool-call.js';

const tool = (parameters: Record<string, unknown>) => ({ name: 'tool', parameters });
const listOf = (items?: Record<string, unknown>) =>
  tool({ type: 'object', properties: { list: { type: 'array', uniqueItems: true, ...(items === undefined ? {} : { items }) } } });

describe('uniqueItems in linear time', () => {
  it('a 1 MB array of small objects is checked in one pass, and its one repeat is found', { timeout: 60_000 }, () => {
    const list = Array.from({ length: 80_000 }, (_, i) => ({ id: i, tag: 'ab' }));
    expect(JSON.stringify(list).length).toBeGreaterThan(1_000_000);
    const validator = createValidator({ tools: [listOf()] });
    expect(validator.validate('tool', { list }).ok).toBe(true);
    list.push({ tag: 'ab', id: 40_000 });
    expect(validator.validate('tool', { list })).toMatchObject({
      ok: false,
      failures: [{ category: 'constraint_violation', path: '/list', keyword: 'uniqueItems', message: '/list must not repeat items: items 40000 and 80000 are equal.' }],
    });
  });

  it('200,000 strings under a schema that gives the items no type', { timeout: 60_000 }, () => {
    const list = Array.from({ length: 200_000 }, (_, i) => `s${i}`);
    const validator = createValidator({ tools: [listOf()] });
    expect(validator.validate('tool', { list }).ok).toBe(true);
    expect(validator.validate('tool', { list: [...list, 's7'] })).toMatchObject({ ok: false, failures: [{ keyword: 'uniqueItems' }] });
  });

  it('equal means equal as JSON: member order does not count, types do', () => {
    const check = (list: unknown[]) => validateToolCall({ tool: listOf(), args: { list } }).ok;
    expect(check([{ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 }])).toBe(false);
    expect(check([[1, 2], [1, 2]])).toBe(false);
    expect(check([1, 1.0])).toBe(false);
    expect(check([0, -0])).toBe(false);
    expect(check([1, '1'])).toBe(true);
    expect(check([null, 'null'])).toBe(true);
    expect(check([true, 'true'])).toBe(true);
    expect(check([[1, 2], [2, 1]])).toBe(true);
    expect(check([{ a: 1 }, { a: 1, b: 2 }])).toBe(true);
    expect(check([{ a: '1' }, { a: 1 }])).toBe(true);
    expect(check([{ 'a,"b":1': 1 }, { a: 1, b: 1 }])).toBe(true);
    expect(check([[], {}, ''])).toBe(true);
  });

  it('applies where the schema puts it, and only there', () => {
    const nested = tool({
      type: 'object',
      properties: {
        pairs: { type: 'array', items: { type: 'array', uniqueItems: true } },
        free: { type: 'array', uniqueItems: false },
        either: { anyOf: [{ type: 'array', uniqueItems: true }, { type: 'string' }] },
      },
    });
    expect(validateToolCall({ tool: nested, args: { pairs: [[1, 2], [1, 2]], free: [1, 1] } }).ok).toBe(true);
    expect(validateToolCall({ tool: nested, args: { pairs: [[1, 2], [3, 3]] } })).toMatchObject({ ok: false, failures: [{ path: '/pairs/1', keyword: 'uniqueItems' }] });
    expect(validateToolCall({ tool: nested, args: { either: [{ x: 1 }, { x: 1 }] } }).ok).toBe(false);
    expect(validateToolCall({ tool: nested, args: { either: [{ x: 1 }, { x: 2 }] } }).ok).toBe(true);
    const draft7 = tool({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { t: { items: [{ type: 'string' }], uniqueItems: true } } });
    expect(validateToolCall({ tool: draft7, args: { t: ['a', 'a'] } }).ok).toBe(false);
  });

  it('a uniqueItems that is not a boolean still makes the schema invalid', () => {
    const bad = tool({ type: 'object', properties: { list: { type: 'array', uniqueItems: 'yes' } } });
    expect(() => validateToolCall({ tool: bad, args: { list: [] } })).toThrow(expect.objectContaining({ code: 'invalid_tool' }));
  });
});

describe('many failures are reported in near-linear time', () => {
  it('100,000 items that each fail an anyOf are reported without comparing every combinator with every error', { timeout: 60_000 }, () => {
    // Before, 4,000 such items took 6 s and the time grew with the cube of the count.
    const schema = tool({ type: 'object', properties: { list: { type: 'array', items: { anyOf: [{ type: 'integer' }, { type: 'boolean' }] } } } });
    const list = Array.from({ length: 100_000 }, (_, i) => `s${i}`);
    const result = validateToolCall({ tool: schema, args: { list } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.failures).toHaveLength(100_000);
    expect(result.failures[0]).toMatchObject({ category: 'type_mismatch', path: '/list/0', message: '/list/0 must be an integer or a boolean, got string "s0".' });
    expect(result.failures[99_999]?.path).toBe('/list/99999');
  });
});

describe('schema size is bounded before compiling', () => {
  const properties = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, { type: 'string' }]));

  const refusal = (parameters: Record<string, unknown>): ClaimcheckError => {
    try {
      validateToolCall({ tool: tool(parameters), args: { p1: 'x' } });
    } catch (error) {
      if (ClaimcheckError.isInstance(error)) return error;
      throw error;
    }
    throw new Error('expected the schema to be refused');
  };

  it('a 50,000-property schema is refused with a typed error that says why, not compiled', { timeout: 60_000 }, () => {
    const error = refusal({ type: 'object', properties: properties(50_000) });
    expect(error.code).toBe('invalid_tool');
    expect(error.data).toMatchObject({ tool: 'tool', reason: 'schema_too_large', limit: 5_000 });
    expect(error.message).toMatch(/more than 5,000 subschemas/);
  });

  it('10,000 allOf members, and a schema nested 10,000 deep, are refused the same way', { timeout: 60_000 }, () => {
    const allOf = Array.from({ length: 10_000 }, (_, i) => ({ properties: { [`p${i}`]: { type: 'string' } } }));
    expect(refusal({ type: 'object', allOf }).data).toMatchObject({ reason: 'schema_too_large' });
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 10_000; i++) deep = { type: 'object', properties: { a: deep } };
    const error = refusal(deep);
    expect(error.data).toMatchObject({ reason: 'schema_too_deep', limit: 256 });
    expect(error.message).toMatch(/nested deeper than 256 levels/);
  });

  it('a schema just under the bounds compiles and checks', { timeout: 60_000 }, () => {
    const wide = tool({ type: 'object', properties: properties(4_000), required: ['p1'] });
    expect(validateToolCall({ tool: wide, args: { p1: 'x' } }).ok).toBe(true);
    expect(validateToolCall({ tool: wide, args: { p1: 3 } })).toMatchObject({ ok: false, failures: [{ category: 'type_mismatch', path: '/p1' }] });
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 200; i++) deep = { type: 'object', properties: { a: deep } };
    expect(validateToolCall({ tool: tool(deep), args: {} }).ok).toBe(true);
  });
});
