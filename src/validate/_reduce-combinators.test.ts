import { describe, expect, it } from 'vitest';
import { createValidator } from './create-validator.js';
import type { ValidationResult } from './validation-failure.js';

function first(result: ValidationResult): { category: string; path: string; hint?: string } {
  if (result.ok) throw new Error('expected a failure');
  const f = result.failures[0];
  if (f === undefined) throw new Error('expected at least one failure');
  return f;
}

describe('reduceCombinators: anyOf and oneOf', () => {
  const tool = {
    name: 'Read',
    parameters: {
      type: 'object',
      $defs: { Range: { type: 'object', properties: { from: { type: 'integer' }, to: { type: 'integer' } }, required: ['from'] } },
      properties: {
        line_offset: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'integer', minimum: -1000, maximum: -1 }] },
        since: { anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }] },
        range: { anyOf: [{ $ref: '#/$defs/Range' }, { type: 'null' }] },
        notify: {
          oneOf: [
            { type: 'object', properties: { kind: { const: 'email' }, to: { type: 'string', format: 'email' } }, required: ['kind', 'to'] },
            { type: 'object', properties: { kind: { const: 'sms' }, phone: { type: 'string', pattern: '^\\+\\d+$' } }, required: ['kind', 'phone'] },
          ],
        },
      },
    },
  };
  const v = createValidator({ tools: [tool] });

  it('passes a value that matches any branch', () => {
    expect(v.validate('Read', { line_offset: 3, since: null, range: null }).ok).toBe(true);
    expect(v.validate('Read', { line_offset: -3, since: '2024-01-02', range: { from: 1 } }).ok).toBe(true);
  });

  it.each([
    [{ line_offset: 0 }, 'constraint_violation', '/line_offset'],
    [{ line_offset: 'three' }, 'type_mismatch', '/line_offset'],
    [{ since: 'yesterday' }, 'format_violation', '/since'],
    [{ since: 5 }, 'type_mismatch', '/since'],
    [{ range: { to: 3 } }, 'missing_required', '/range/from'],
    [{ range: { from: 'x' } }, 'type_mismatch', '/range/from'],
    [{ notify: { kind: 'sms', phone: 'abc' } }, 'format_violation', '/notify/phone'],
    [{ notify: { kind: 'sms' } }, 'missing_required', '/notify/phone'],
  ])('%j → %s at %s', (args, category, path) => {
    const result = v.validate('Read', args);
    expect(first(result)).toMatchObject({ category, path });
    expect(result.ok ? [] : result.failures.map((f) => f.message).join(' ')).not.toMatch(/anyOf|oneOf/);
  });

  it('names every accepted type when no branch takes the value', () => {
    const result = v.validate('Read', { since: 5 });
    expect(result.ok || result.failures[0]?.message).toBe('/since must be a string or null, got 5.');
  });
});
