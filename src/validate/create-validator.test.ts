import { describe, expect, it } from 'vitest';
import { createValidator } from './create-validator.js';
import type { ValidationResult } from './validation-failure.js';

const refund = {
  name: 'issue_refund',
  description: 'Refund an order',
  parameters: {
    type: 'object',
    properties: {
      order_id: { type: 'string', pattern: '^[A-Z]-\\d+$' },
      amount_cents: { type: 'integer', minimum: 1, maximum: 100_000 },
      reason: { type: 'string', enum: ['damaged', 'not_received', 'other'] },
      email: { type: 'string', format: 'email' },
      address: {
        type: 'object',
        properties: { city: { type: 'string' }, postal_code: { type: 'string' } },
        required: ['city', 'postal_code'],
        additionalProperties: false,
      },
      items: { type: 'array', items: { type: 'integer' } },
    },
    required: ['order_id', 'amount_cents'],
    additionalProperties: false,
  },
};

const validator = createValidator({ tools: [refund] });
const valid = { order_id: 'A-30417', amount_cents: 8999 };

function first(result: ValidationResult): { category: string; path: string; hint?: string } {
  if (result.ok) throw new Error('expected a failure');
  const f = result.failures[0];
  if (f === undefined) throw new Error('expected at least one failure');
  return f;
}

describe('createValidator: one failure per category', () => {
  it.each([
    ['missing_required', { amount_cents: 5 }, '/order_id'],
    ['missing_required', { ...valid, address: { city: 'Oslo' } }, '/address/postal_code'],
    ['type_mismatch', { ...valid, amount_cents: 'ten' }, '/amount_cents'],
    ['type_mismatch', { ...valid, amount_cents: null }, '/amount_cents'],
    ['type_mismatch', { ...valid, amount_cents: 2.5 }, '/amount_cents'],
    ['enum_violation', { ...valid, reason: 'Damaged' }, '/reason'],
    ['format_violation', { ...valid, email: 'ana at example.com' }, '/email'],
    ['format_violation', { ...valid, order_id: 'a30417' }, '/order_id'],
    ['constraint_violation', { ...valid, amount_cents: 150_000 }, '/amount_cents'],
    ['extra_field', { ...valid, priority: 'high' }, '/priority'],
    ['extra_field', { ...valid, address: { city: 'Oslo', postal_code: '0150', country: 'NO' } }, '/address/country'],
    ['type_mismatch', { ...valid, items: [1, 'two'] }, '/items/1'],
  ])('%s at %s', (category, args, path) => {
    expect(first(validator.validate('issue_refund', args))).toMatchObject({ category, path });
  });

  it('unknown_tool lists the registered names and suggests a close one', () => {
    const result = validator.validate('issue_refunds', valid);
    expect(first(result)).toMatchObject({ category: 'unknown_tool', path: '', hint: 'Did you mean "issue_refund"?' });
    expect(result.ok || result.failures[0]?.message).toContain('"issue_refund"');
  });

  it('invalid_json says where truncated text stops', () => {
    const result = validator.validate('issue_refund', '{"order_id": "A-30417", "amount_cents": 89');
    expect(first(result)).toMatchObject({ category: 'invalid_json', path: '' });
    expect(result.ok || result.failures[0]?.message).toMatch(/ends after 42 characters.*truncated/);
  });

  it('passes valid objects and valid text, returning the parsed object', () => {
    expect(validator.validate('issue_refund', valid)).toEqual({ ok: true, args: valid });
    expect(validator.validate('issue_refund', '{"order_id": "A-1", "amount_cents": 5.0}')).toEqual({
      ok: true,
      args: { order_id: 'A-1', amount_cents: 5 },
    });
  });

  it('reads arguments text that parses to a non-object as a type_mismatch at the root', () => {
    expect(first(validator.validate('issue_refund', '[1, 2]'))).toMatchObject({ category: 'type_mismatch', path: '' });
    expect(first(validator.validate('issue_refund', 'null'))).toMatchObject({ category: 'type_mismatch', path: '' });
  });

  it('orders failures by category, then schema order', () => {
    const result = validator.validate('issue_refund', { amount_cents: 'x', reason: 'nope', extra: 1 });
    expect(result.ok ? [] : result.failures.map((f) => f.category)).toEqual(['missing_required', 'type_mismatch', 'enum_violation', 'extra_field']);
  });

  it('hints at a misspelled member when a required one is missing and a near twin was sent', () => {
    const result = validator.validate('issue_refund', { order_id: 'A-1', amount_cent: 5 });
    expect(first(result)).toMatchObject({ category: 'missing_required', path: '/amount_cents' });
    expect(first(result).hint).toContain('"amount_cent"');
    const open = createValidator({ tools: [{ name: 'o', parameters: { type: 'object', properties: { user_id: {} }, required: ['user_id'] } }] });
    expect(first(open.validate('o', { userId: 'u1' })).hint).toBe('The call has "userId"; did you mean "user_id"?');
  });
});

describe('createValidator: JSON-encoded values and numeric strings', () => {
  it('hints that a nested object or array was sent as a JSON string', () => {
    const address = first(validator.validate('issue_refund', { ...valid, address: '{"city": "Oslo", "postal_code": "0150"}' }));
    expect(address).toMatchObject({ category: 'type_mismatch', path: '/address' });
    expect(address.hint).toMatch(/JSON-encoded string; send the object itself/);
    const items = first(validator.validate('issue_refund', { ...valid, items: '[1,2]' }));
    expect(items).toMatchObject({ category: 'type_mismatch', path: '/items' });
    expect(items.hint).toMatch(/send the array itself/);
  });

  it('hints when the whole arguments object was JSON-encoded twice', () => {
    const f = first(validator.validate('issue_refund', JSON.stringify(JSON.stringify(valid))));
    expect(f).toMatchObject({ category: 'type_mismatch', path: '' });
    expect(f.hint).toMatch(/JSON-encoded string/);
  });

  it('reports a numeric string as a type_mismatch with a hint', () => {
    const f = first(validator.validate('issue_refund', { ...valid, amount_cents: '8999' }));
    expect(f).toMatchObject({ category: 'type_mismatch', path: '/amount_cents' });
    expect(f.hint).toBe('Send 8999 as a JSON number, not the string "8999".');
  });

  const hintFor = (amount: string): string | undefined => first(validator.validate('issue_refund', { ...valid, amount_cents: amount })).hint;

  it('gives a decimal string for an integer field as the same value, and warns that its unit may be larger than the field\'s', () => {
    // "42.00" in amount_cents is 42 cents, or 42 dollars written in the wrong unit: the hint must not read as "send 42".
    const hint = hintFor('42.00');
    expect(hint).toBe(
      'Send a JSON number, not the string "42.00": the same value as a number is 42. An integer field has no decimal places: ' +
        'if "42.00" is in a larger unit than the field\'s, convert it to the field\'s unit instead.',
    );
    expect(hint).not.toMatch(/^Send 42 /);
    // An exponent is not a unit: only the same value.
    expect(hintFor('4.2e1')).toBe('Send a JSON number, not the string "4.2e1": the same value as a number is 42.');
  });

  it('proposes no rounded number for a decimal string that is not whole, sent to an integer field', () => {
    const hint = hintFor('42.50');
    expect(hint).toBe(
      'Send a JSON integer, not a string; but "42.50" is 42.5, not a whole number, so no integer has its value: ' +
        "do not round it, send the whole number the field means in the field's unit.",
    );
    expect(hint).not.toMatch(/(?<![\d.])4[23](?![\d.])/); // neither rounding of 42.5
    // Decided on the digits, not on the double: 42.0000000000000001 parses to 42 but is not whole.
    expect(hintFor('42.0000000000000001')).toMatch(/does not keep its value as a number \(it would be read as 42\)/);
  });

  it('says when a numeric string has no number of the same value instead of proposing the rounded one', () => {
    expect(hintFor('12345678901234567890')).toBe(
      'Send a JSON number, not a string; but "12345678901234567890" does not keep its value as a number ' +
        '(it would be read as 12345678901234567000), so send a value the field can hold exactly.',
    );
    expect(hintFor('1e400')).toContain('(it would be read as Infinity)');
  });

  it('gives a decimal string for a number field as the same value, without a unit warning', () => {
    const v = createValidator({ tools: [{ name: 'pay', description: '', parameters: { type: 'object', properties: { amount: { type: 'number' } } } }] });
    expect(first(v.validate('pay', { amount: '42.50' })).hint).toBe('Send a JSON number, not the string "42.50": the same value as a number is 42.5.');
    expect(first(v.validate('pay', { amount: '42.5' })).hint).toBe('Send 42.5 as a JSON number, not the string "42.5".');
  });
});

describe('createValidator: JSON Pointer escaping', () => {
  const tool = {
    name: 't',
    description: '',
    parameters: {
      type: 'object',
      properties: { 'a/b': { type: 'integer' }, 'c~d': { type: 'object', properties: {}, required: ['e/f~g'] } },
      additionalProperties: false,
    },
  };
  const v = createValidator({ tools: [tool] });
  it.each([
    [{ 'a/b': 'x' }, 'type_mismatch', '/a~1b'],
    [{ 'c~d': {} }, 'missing_required', '/c~0d/e~1f~0g'],
    [{ 'x/y~z': 1 }, 'extra_field', '/x~1y~0z'],
  ])('%j → %s at %s', (args, category, path) => {
    expect(first(v.validate('t', args))).toMatchObject({ category, path });
  });
});

describe('createValidator: strictProperties', () => {
  const open = { name: 'contact', parameters: { type: 'object', properties: { name: { type: 'string' }, meta: { type: 'object' } } } };

  it('allows extra members where additionalProperties is not false', () => {
    expect(createValidator({ tools: [open] }).validate('contact', { name: 'Ana', linkedin: 'x' }).ok).toBe(true);
  });

  it('closes object schemas that declare properties, but not free-form objects', () => {
    const v = createValidator({ tools: [open], strictProperties: true });
    expect(first(v.validate('contact', { name: 'Ana', linkedin: 'x' }))).toMatchObject({ category: 'extra_field', path: '/linkedin' });
    expect(v.validate('contact', { name: 'Ana', meta: { anything: 1 } }).ok).toBe(true);
  });

  it('closes objects reached through $ref inside an optional anyOf (Pydantic / MCP style)', () => {
    const tool = {
      name: 'ship',
      inputSchema: {
        type: 'object',
        $defs: { Address: { type: 'object', title: 'Address', properties: { city: { type: 'string' } }, required: ['city'] } },
        properties: { to: { anyOf: [{ $ref: '#/$defs/Address' }, { type: 'null' }], default: null } },
      },
    };
    expect(createValidator({ tools: [tool] }).validate('ship', { to: { city: 'Oslo', zip: '0150' } }).ok).toBe(true);
    const strict = createValidator({ tools: [tool], strictProperties: true });
    expect(first(strict.validate('ship', { to: { city: 'Oslo', zip: '0150' } }))).toMatchObject({ category: 'extra_field', path: '/to/zip' });
    expect(strict.validate('ship', { to: null }).ok).toBe(true);
  });

  it('keeps allOf compositions open, so members declared by a sibling are allowed', () => {
    const tool = { name: 'c', parameters: { allOf: [{ properties: { a: { type: 'string' } } }, { properties: { b: { type: 'string' } } }] } };
    expect(createValidator({ tools: [tool], strictProperties: true }).validate('c', { a: 'x', b: 'y' }).ok).toBe(true);
  });
});
