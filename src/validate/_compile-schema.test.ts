import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileSchema } from './_compile-schema.js';
import { createValidator } from './create-validator.js';
import type { ValidationResult } from './validation-failure.js';

function first(result: ValidationResult): { category: string; path: string; hint?: string } {
  if (result.ok) throw new Error('expected a failure');
  const f = result.failures[0];
  if (f === undefined) throw new Error('expected at least one failure');
  return f;
}

describe('compileSchema: drafts', () => {
  it('draft-07: tuple items, additionalItems, definitions and dependencies', () => {
    const tool = {
      name: 'd7',
      parameters: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        definitions: { point: { type: 'array', items: [{ type: 'number' }, { type: 'number' }], additionalItems: false } },
        properties: { at: { $ref: '#/definitions/point' }, card: { type: 'string' }, cvc: { type: 'string' } },
        dependencies: { card: ['cvc'] },
      },
    };
    const v = createValidator({ tools: [tool] });
    expect(v.validate('d7', { at: [1, 2] }).ok).toBe(true);
    expect(first(v.validate('d7', { at: [1, 'x'] }))).toMatchObject({ category: 'type_mismatch', path: '/at/1' });
    expect(first(v.validate('d7', { at: [1, 2, 3] }))).toMatchObject({ category: 'constraint_violation', path: '/at' });
    expect(first(v.validate('d7', { card: '4242' }))).toMatchObject({ category: 'missing_required', path: '/cvc' });
  });

  it('draft-07 keywords without $schema fall back to draft-07 when 2020-12 rejects the schema', () => {
    const tool = { name: 'tuple', parameters: { type: 'object', properties: { at: { type: 'array', items: [{ type: 'number' }] } } } };
    expect(first(createValidator({ tools: [tool] }).validate('tuple', { at: ['x'] }))).toMatchObject({ category: 'type_mismatch', path: '/at/0' });
  });

  it('2020-12: prefixItems, items false, $defs, dependentRequired, unevaluatedProperties', () => {
    const tool = {
      name: 'd2020',
      parameters: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        $defs: { point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false } },
        properties: { at: { $ref: '#/$defs/point' }, card: { type: 'string' } },
        dependentRequired: { card: ['cvc'] },
        allOf: [{ properties: { cvc: { type: 'string' } } }],
        unevaluatedProperties: false,
      },
    };
    const v = createValidator({ tools: [tool] });
    expect(v.validate('d2020', { at: [1, 2], card: '4242', cvc: '123' }).ok).toBe(true);
    expect(first(v.validate('d2020', { at: [1, 2, 3] }))).toMatchObject({ category: 'constraint_violation', path: '/at' });
    expect(first(v.validate('d2020', { card: '4242' }))).toMatchObject({ category: 'missing_required', path: '/cvc' });
    expect(first(v.validate('d2020', { zip: '1' }))).toMatchObject({ category: 'extra_field', path: '/zip' });
  });

  it('counts string lengths in code points, not UTF-16 units', () => {
    const tool = { name: 'note', parameters: { type: 'object', properties: { title: { type: 'string', maxLength: 3 } } } };
    expect(createValidator({ tools: [tool] }).validate('note', { title: '🗼🍣🍜' }).ok).toBe(true);
  });
});

describe('compileSchema: caching', () => {
  afterEach(() => vi.restoreAllMocks());

  it('compiles each schema once, across calls and validators built from the same tool objects', () => {
    const tool = { name: 'cached', parameters: { type: 'object', properties: { n: { type: 'integer' } } } };
    const compile = vi.spyOn(Ajv2020.prototype, 'compile');
    const v = createValidator({ tools: [tool] });
    for (let i = 0; i < 5; i++) v.validate('cached', { n: i });
    v.validate('cached', { n: 'x' });
    createValidator({ tools: [tool] }).validate('cached', { n: 1 });
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it('compiles nothing for a tool that is never called', () => {
    const compile = vi.spyOn(Ajv2020.prototype, 'compile');
    createValidator({ tools: [{ name: 'idle', parameters: { type: 'object' } }] });
    expect(compile).not.toHaveBeenCalled();
  });
});

describe('compileSchema', () => {
  it('returns the cached compiled schema for the same object, separately for strictProperties', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const open = compileSchema(schema, { toolName: 't', strictProperties: false });
    expect(compileSchema(schema, { toolName: 't', strictProperties: false })).toBe(open);
    const closed = compileSchema(schema, { toolName: 't', strictProperties: true });
    expect(closed).not.toBe(open);
    expect(open.validate({ a: 'x', b: 1 })).toEqual([]);
    expect(closed.validate({ a: 'x', b: 1 })).toHaveLength(1);
  });

  it('picks the draft from $schema, 2020-12 by default', () => {
    expect(compileSchema({ type: 'object' }, { toolName: 't', strictProperties: false }).draft).toBe('2020-12');
    expect(compileSchema({ $schema: 'http://json-schema.org/draft-07/schema#' }, { toolName: 't', strictProperties: false }).draft).toBe('draft-07');
    expect(compileSchema({ $schema: 'https://json-schema.org/draft/2019-09/schema' }, { toolName: 't', strictProperties: false }).draft).toBe('2019-09');
  });

  it('ignores unknown keywords and unknown formats', () => {
    const schema = { type: 'object', 'x-internal': true, properties: { id: { type: 'string', format: 'snowflake', examples: ['1'] } } };
    expect(compileSchema(schema, { toolName: 't', strictProperties: false }).validate({ id: 'abc' })).toEqual([]);
  });

  it('throws invalid_tool naming the tool when the schema cannot compile', () => {
    expect(() => compileSchema({ type: 'object', properties: { a: { type: 'strng' } } }, { toolName: 'bad_tool', strictProperties: false })).toThrow(
      expect.objectContaining({ code: 'invalid_tool', message: expect.stringContaining('"bad_tool"') }),
    );
  });
});
