/**
 * Schemas come from MCP servers and users, arguments from the model: neither may block a valid call,
 * hang validation, or be refused when Ajv can check it (issue 10, items 3 to 5 and 9).
 */
import { describe, expect, it } from 'vitest';
import { createValidator } from './create-validator.js';
import { validateToolCall } from './validate-tool-call.js';
import { violationPayloads } from './violation-payloads.js';

const tool = (parameters: Record<string, unknown>) => ({ name: 'tool', parameters });
const INHERITED = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__proto__'];

describe('members Object.prototype lends', () => {
  it.each(INHERITED)('an optional property %s is absent from {}', (name) => {
    const schema = JSON.parse(`{"type":"object","properties":{"${name}":{"type":"string"}}}`) as Record<string, unknown>;
    expect(validateToolCall({ tool: tool(schema), args: {} })).toEqual({ ok: true, args: {} });
    expect(validateToolCall({ tool: tool(schema), args: '{}' })).toEqual({ ok: true, args: {} });
    expect(validateToolCall({ tool: tool(schema), args: `{"${name}":"x"}` }).ok).toBe(true);
  });

  // Ajv never checks a property named __proto__ (a guard against prototype pollution), so it is left out here.
  it.each(INHERITED.slice(0, -1))('an optional property %s is checked when sent', (name) => {
    const schema = JSON.parse(`{"type":"object","properties":{"${name}":{"type":"string"}}}`) as Record<string, unknown>;
    expect(validateToolCall({ tool: tool(schema), args: `{"${name}":3}` })).toMatchObject({
      ok: false,
      failures: [{ category: 'type_mismatch', path: `/${name}` }],
    });
  });

  it.each(INHERITED)('a required property %s must be sent', (name) => {
    const schema = JSON.parse(`{"type":"object","properties":{"${name}":{"type":"string"}},"required":["${name}"]}`) as Record<string, unknown>;
    expect(validateToolCall({ tool: tool(schema), args: {} })).toMatchObject({ ok: false, failures: [{ category: 'missing_required', path: `/${name}` }] });
    expect(validateToolCall({ tool: tool(schema), args: `{"${name}":"x"}` }).ok).toBe(true);
  });

  it('synthesized payloads keep members named after Object.prototype, __proto__ included', () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"string"}},"required":["__proto__","constructor"]}',
    ) as Record<string, unknown>;
    const missing = violationPayloads(schema).find((p) => p.category === 'missing_required');
    expect(missing).toMatchObject({ path: '/__proto__' });
    expect(Object.keys(missing?.args as object)).toEqual(['constructor']);
  });
});

describe('schema patterns run in linear time', () => {
  const evil = tool({ type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$' } } });

  it('a nested quantifier against a near miss is rejected, not backtracked', { timeout: 10_000 }, () => {
    // 2^40 steps for a backtracking engine; milliseconds for RE2.
    expect(validateToolCall({ tool: evil, args: { a: `${'a'.repeat(40)}!` } })).toMatchObject({
      ok: false,
      failures: [{ category: 'format_violation', path: '/a', keyword: 'pattern' }],
    });
    expect(validateToolCall({ tool: evil, args: { a: 'a'.repeat(100_000) } }).ok).toBe(true);
  });

  it('patternProperties keys run on the same engine', { timeout: 10_000 }, () => {
    const keyed = tool({ type: 'object', patternProperties: { '^(a|aa)+$': { type: 'number' } } });
    expect(validateToolCall({ tool: keyed, args: { [`${'a'.repeat(60)}`]: 'x' } })).toMatchObject({ ok: false, failures: [{ category: 'type_mismatch' }] });
    expect(validateToolCall({ tool: keyed, args: { [`${'a'.repeat(60)}!`]: 'x' } }).ok).toBe(true);
  });

  it('JavaScript syntax the engine translates still works: \\u escapes, named groups, classes', () => {
    const schema = tool({
      type: 'object',
      properties: { e: { type: 'string', pattern: '^\\u00e9+$' }, y: { type: 'string', pattern: '^(?<year>\\d{4})-\\d{2}$' }, p: { type: 'string', pattern: '^a\\/b$' } },
    });
    expect(validateToolCall({ tool: schema, args: { e: 'éé', y: '2024-05', p: 'a/b' } })).toEqual({ ok: true, args: { e: 'éé', y: '2024-05', p: 'a/b' } });
    expect(validateToolCall({ tool: schema, args: { e: 'e', y: '24-05', p: 'ab' } })).toMatchObject({ ok: false });
    expect((validateToolCall({ tool: schema, args: { e: 'e', y: '24-05', p: 'ab' } }) as { failures: unknown[] }).failures).toHaveLength(3);
  });

  it('an unsupported pattern (lookahead, backreference) fails open and says so in skipped', () => {
    const schema = tool({ type: 'object', properties: { a: { type: 'string', pattern: '^(?!admin)' }, b: { type: 'string', pattern: '^(x)\\1$' }, c: { type: 'string', pattern: '^c$' } } });
    const result = validateToolCall({ tool: schema, args: { a: 'admin', b: 'xy', c: 'd' } });
    expect(result).toMatchObject({ ok: false, failures: [{ category: 'format_violation', path: '/c' }] });
    expect((result as { failures: unknown[] }).failures).toHaveLength(1);
    expect(result.skipped).toEqual([expect.stringMatching(/^pattern "\^\(\?!admin\)" \(not supported/), expect.stringMatching(/^pattern "\^\(x\)\\\\1\$" \(not supported/)]);
    expect(validateToolCall({ tool: schema, args: { c: 'c' } })).toMatchObject({ ok: true, skipped: result.skipped });
  });

  it('a pattern that is no JavaScript regular expression still makes the schema invalid', () => {
    expect(() => validateToolCall({ tool: tool({ type: 'object', properties: { a: { type: 'string', pattern: '(' } } }), args: {} })).toThrow(/cannot be compiled/);
  });

  it('a fully checked schema has no skipped field', () => {
    expect(validateToolCall({ tool: tool({ type: 'object', properties: { a: { type: 'string', pattern: '^a+$' } } }), args: { a: 'aa' } })).toEqual({ ok: true, args: { a: 'aa' } });
  });
});

describe('root-recursive schemas', () => {
  const tree = {
    type: 'object',
    properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } },
    required: ['name'],
  };

  it.each([false, true])('compile and check every level (strictProperties %s)', (strictProperties) => {
    const ok = { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] };
    expect(validateToolCall({ tool: tool(tree), args: ok, strictProperties })).toEqual({ ok: true, args: ok });
    expect(validateToolCall({ tool: tool(tree), args: { name: 'a', children: [{ children: [{ name: 3 }] }] }, strictProperties })).toMatchObject({
      ok: false,
      failures: [
        { category: 'missing_required', path: '/children/0/name' },
        { category: 'type_mismatch', path: '/children/0/children/0/name' },
      ],
    });
  });

  it('also under a declared draft, and beside a $defs recursion', () => {
    const drafted = { $schema: 'http://json-schema.org/draft-07/schema#', ...tree };
    expect(validateToolCall({ tool: tool(drafted), args: { name: 'a', children: [{}] } })).toMatchObject({ ok: false, failures: [{ path: '/children/0/name' }] });
    const defs = { type: 'object', properties: { root: { $ref: '#/$defs/node' } }, $defs: { node: { type: 'object', properties: { next: { $ref: '#/$defs/node' }, up: { $ref: '#' } } } } };
    expect(validateToolCall({ tool: tool(defs), args: { root: { next: { next: 4 } } } })).toMatchObject({ ok: false, failures: [{ path: '/root/next/next' }] });
    expect(validateToolCall({ tool: tool(defs), args: { root: { up: { root: 5 } } } })).toMatchObject({ ok: false, failures: [{ path: '/root/up/root' }] });
  });

  it('a schema with its own $id keeps it', () => {
    const own = { $id: 'https://example.com/tree.json', ...tree };
    const validator = createValidator({ tools: [tool(own)] });
    expect(validator.validate('tool', { name: 'a', children: [{ name: 1 }] })).toMatchObject({ ok: false, failures: [{ path: '/children/0/name' }] });
  });
});

describe('rejections stay cheap on huge schemas and values', () => {
  it('a value missing from a 1,000,000-value enum is rejected without a guess', { timeout: 30_000 }, () => {
    // A hang guard, not a timing assertion: 25 rejections took 5.6 s each before (edit distance to every value).
    const values = Array.from({ length: 1_000_000 }, (_, i) => `value_${i}`);
    const validator = createValidator({ tools: [tool({ type: 'object', properties: { a: { enum: values } } })] });
    for (let i = 0; i < 25; i++) {
      const result = validator.validate('tool', { a: `value_${i}x` });
      expect(result).toMatchObject({ ok: false, failures: [{ category: 'enum_violation', path: '/a' }] });
      if (!result.ok) {
        expect(result.failures[0]?.hint).toBeUndefined();
        expect(result.failures[0]?.message).toMatch(/or 999980 more, got "value_\d+x"\.$/);
      }
    }
    expect(validator.validate('tool', { a: 'value_999999' }).ok).toBe(true);
  });

  it('a small enum still gets its guess', () => {
    const result = validateToolCall({ tool: tool({ type: 'object', properties: { a: { enum: ['open', 'closed'] } } }), args: { a: 'Closed' } });
    expect(result).toMatchObject({ ok: false, failures: [{ hint: 'Did you mean "closed"? Values must match exactly.' }] });
  });

  it('a 1 MB misspelled name against long candidates gets no guess, and no quadratic edit distance', { timeout: 30_000 }, () => {
    const long = 'x'.repeat(1_000_000);
    const values = [long.slice(1), `${long}y`];
    const result = validateToolCall({ tool: tool({ type: 'object', properties: { a: { enum: values } } }), args: { a: long } });
    expect(result).toMatchObject({ ok: false, failures: [{ category: 'enum_violation' }] });
    expect(result.ok === false && result.failures[0]?.hint).toBeUndefined();
    const validator = createValidator({ tools: [{ name: long.slice(2) }, { name: 'send_email' }] });
    expect(validator.validate(long, {})).toMatchObject({ ok: false, failures: [{ category: 'unknown_tool', hint: 'Call one of the registered tools, by its exact name.' }] });
    expect(validator.validate('send_emial', {})).toMatchObject({ ok: false, failures: [{ hint: 'Did you mean "send_email"?' }] });
  });
});
