import { describe, expect, it } from 'vitest';
import { validateToolCall } from './validate-tool-call.js';
import { violationPayloads } from './violation-payloads.js';

const schemas: Record<string, { schema: Record<string, unknown>; categories: string[] }> = {
  'closed, every category': {
    schema: {
      type: 'object',
      properties: {
        customer_id: { type: 'string', pattern: '^cus_[A-Za-z0-9]+$' },
        currency: { type: 'string', enum: ['usd', 'eur'] },
        due: { type: 'string', format: 'date' },
        amount: { type: 'integer', minimum: 1, maximum: 100_000 },
      },
      required: ['customer_id', 'amount'],
      additionalProperties: false,
    },
    categories: ['missing_required', 'type_mismatch', 'enum_violation', 'format_violation', 'constraint_violation', 'extra_field', 'invalid_json'],
  },
  'open, no enum or format': {
    schema: { type: 'object', properties: { command: { type: 'string' }, tail: { type: 'number' } }, required: ['command'] },
    categories: ['missing_required', 'type_mismatch', 'extra_field', 'invalid_json'],
  },
  'nested objects and arrays, draft 2020-12 $defs': {
    schema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: {
        Passenger: {
          type: 'object',
          properties: { name: { type: 'string', minLength: 1 }, born_on: { type: 'string', format: 'date' }, type: { enum: ['adult', 'child'] } },
          required: ['name', 'born_on'],
          additionalProperties: false,
        },
      },
      properties: { phone: { type: 'string', pattern: '^\\+[1-9]\\d{6,14}$' }, passengers: { type: 'array', items: { $ref: '#/$defs/Passenger' }, minItems: 1, maxItems: 9 } },
      required: ['passengers'],
    },
    categories: ['missing_required', 'type_mismatch', 'enum_violation', 'format_violation', 'constraint_violation', 'extra_field', 'invalid_json'],
  },
  'draft-07 with an optional union': {
    schema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        memo: { type: ['string', 'null'], maxLength: 140 },
        offset: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] },
        tags: { type: 'array', items: { type: 'string' }, uniqueItems: true, minItems: 2 },
      },
      required: ['memo', 'tags'],
    },
    categories: ['missing_required', 'type_mismatch', 'constraint_violation', 'extra_field', 'invalid_json'],
  },
  'no properties at all': {
    schema: { type: 'object' },
    categories: ['invalid_json'],
  },
};

describe('violationPayloads', () => {
  it.each(Object.entries(schemas))('%s: one payload per expressible category', (_name, { schema, categories }) => {
    const payloads = violationPayloads(schema);
    expect(payloads.map((p) => p.category)).toEqual(categories);
    for (const payload of payloads) {
      const result = validateToolCall({ tool: { name: 't', parameters: schema }, args: payload.args, strictProperties: payload.strictProperties });
      expect(result.ok, `${payload.category} payload should fail`).toBe(false);
      if (result.ok) continue;
      expect(result.failures[0]).toMatchObject({ category: payload.category, path: payload.path });
      // Exactly one thing is broken: every failure is of that category (bounds may fail twice on one value).
      expect(new Set(result.failures.map((f) => f.category))).toEqual(new Set([payload.category]));
    }
  });

  it('marks extra_field as needing strictProperties when the schema closes no object', () => {
    const extra = violationPayloads(schemas['open, no enum or format']?.schema ?? {}).find((p) => p.category === 'extra_field');
    expect(extra).toMatchObject({ strictProperties: true, path: '/unexpected_field' });
    const closed = violationPayloads(schemas['closed, every category']?.schema ?? {}).find((p) => p.category === 'extra_field');
    expect(closed?.strictProperties).toBe(false);
  });

  it('refuses a schema past the size bounds of compiling before walking it, with the reason in data', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 2_000; i++) deep = { type: 'object', properties: { a: deep }, required: ['a'] };
    const wide = { type: 'object', allOf: Array.from({ length: 5_000 }, (_, i) => ({ properties: { [`q${i}`]: { type: 'string' } } })) };
    for (const [schema, reason] of [[deep, 'schema_too_deep'], [wide, 'schema_too_large']] as const) {
      expect(() => violationPayloads(schema)).toThrow(expect.objectContaining({ code: 'invalid_tool', data: expect.objectContaining({ reason }) }));
    }
  });

  it('folds allOf parts as JSON Schema reads them: later keywords win, properties united, required joined', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
      allOf: [
        { properties: { b: { type: 'integer', minimum: 1 } }, required: ['b'] },
        { properties: { c: { type: 'string', enum: ['x', 'y'] } }, required: ['a', 'c'] },
      ],
    };
    const payloads = violationPayloads(schema);
    expect(payloads.map((p) => [p.category, p.path])).toEqual([['missing_required', '/a'], ['type_mismatch', '/a'], ['enum_violation', '/c'], ['constraint_violation', '/b'], ['invalid_json', '']]);
    const valid = JSON.parse(`${String(payloads.at(-1)?.args)}}`) as Record<string, unknown>;
    expect(Object.keys(valid).sort()).toEqual(['a', 'b', 'c']);
    expect(validateToolCall({ tool: { name: 't', parameters: schema }, args: valid }).ok).toBe(true);
  });

  it('gives invalid_json as truncated text of an otherwise valid object', () => {
    const json = violationPayloads(schemas['closed, every category']?.schema ?? {}).at(-1);
    expect(typeof json?.args).toBe('string');
    expect(() => JSON.parse(`${String(json?.args)}}`)).not.toThrow();
  });
});
