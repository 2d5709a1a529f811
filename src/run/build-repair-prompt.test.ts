/**
 * buildRepairPrompt(): what the model reads when its arguments were rejected, built from real
 * validation failures.
 */
import { describe, expect, it } from 'vitest';
import { validateToolCall } from '../validate/validate-tool-call.js';
import type { ValidationFailure } from '../validate/validation-failure.js';
import { buildRepairPrompt, REPAIR_PROMPT_LIMITS } from './build-repair-prompt.js';

const schema = {
  type: 'object',
  properties: {
    to: { type: 'string', format: 'email' },
    subject: { type: 'string', maxLength: 80 },
    body: { type: 'string' },
    cc: { type: 'array', items: { type: 'string', format: 'email' } },
  },
  required: ['to', 'subject', 'body'],
  additionalProperties: false,
};
const tools = [{ name: 'send_email', description: 'Send an email.', input_schema: schema }];

function failuresOf(args: unknown): ValidationFailure[] {
  const result = validateToolCall({ tool: 'send_email', args, tools });
  if (result.ok) throw new Error('expected a rejection');
  return result.failures;
}

describe('buildRepairPrompt', () => {
  it('names the tool, each path, category and message, the failing schema parts and the arguments sent', () => {
    const args = { to: 'dana at example.com', subject: 'Refund', cc: ['ops@example.com', 'nope'], priority: 'high' };
    expect(buildRepairPrompt({ tool: 'send_email', failures: failuresOf(args), schema }, args)).toMatchInlineSnapshot(`
      "Your call to send_email was rejected and did not run: its arguments do not match the tool's schema.
      Problems:
      - /body (missing_required): Missing required field "body" at /body.
      - /to (format_violation): /to must be a valid email, got "dana at example.com". Use the form name@example.com.
      - /cc/1 (format_violation): /cc/1 must be a valid email, got "nope". Use the form name@example.com.
      - /priority (extra_field): Unexpected field "priority" at /priority; allowed fields: "to", "subject", "body" and "cc".
      Schema:
      - /body: {"type":"string"}
      - /to: {"type":"string","format":"email"}
      - /cc/1: {"type":"string","format":"email"}
      Arguments you sent: {"to":"dana at example.com","subject":"Refund","cc":["ops@example.com","nope"],"priority":"high"}
      Call send_email again with corrected arguments. Fix only the problems listed and keep every other value as it was."
    `);
  });

  it('quotes raw arguments text as it is, and the whole schema for text that is not JSON', () => {
    const raw = "{'to': 'dana@example.com'}";
    const prompt = buildRepairPrompt({ tool: 'send_email', failures: failuresOf(raw), schema }, raw);
    expect(prompt).toContain('- (arguments) (invalid_json): ');
    expect(prompt).toContain(`- (arguments): ${JSON.stringify(schema)}`);
    expect(prompt).toContain(`Arguments you sent: ${raw}`);
  });

  it('stays short: at most five findings, clipped excerpts and arguments; no schema, no excerpt', () => {
    const failures: ValidationFailure[] = Array.from({ length: 8 }, (_, i) => ({ category: 'type_mismatch', path: `/f${i}`, message: `bad ${i}` }));
    const args = { text: 'x'.repeat(5_000) };
    const prompt = buildRepairPrompt({ tool: 't', failures }, args);
    expect(prompt.split('\n').filter((l) => l.startsWith('- /f'))).toHaveLength(REPAIR_PROMPT_LIMITS.failures);
    expect(prompt).toContain('- and 3 more.');
    expect(prompt).not.toContain('Schema:');
    const sent = prompt.split('\n').find((l) => l.startsWith('Arguments you sent: ')) ?? '';
    expect(sent.length).toBe('Arguments you sent: '.length + REPAIR_PROMPT_LIMITS.args);
    expect(sent.endsWith('…')).toBe(true);
  });

  it('asks for the same value when a decimal string was sent to an integer field, not a rescaled one', () => {
    const refund = { type: 'object', properties: { amount_cents: { type: 'integer', minimum: 1 } }, required: ['amount_cents'] };
    const args = { amount_cents: '42.00' };
    const result = validateToolCall({ tool: 'issue_refund', args, tools: [{ name: 'issue_refund', parameters: refund }] });
    if (result.ok) throw new Error('expected a rejection');
    expect(buildRepairPrompt({ tool: 'issue_refund', failures: result.failures, schema: refund }, args)).toMatchInlineSnapshot(`
      "Your call to issue_refund was rejected and did not run: its arguments do not match the tool's schema.
      Problems:
      - /amount_cents (type_mismatch): /amount_cents must be an integer, got string "42.00". Send a JSON number, not the string "42.00": the same value as a number is 42. An integer field has no decimal places: if "42.00" is in a larger unit than the field's, convert it to the field's unit instead.
      Schema:
      - /amount_cents: {"type":"integer","minimum":1}
      Arguments you sent: {"amount_cents":"42.00"}
      Call issue_refund again with corrected arguments. Fix only the problems listed and keep every other value as it was."
    `);
  });

  it('never throws on odd schemas or arguments', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const failures: ValidationFailure[] = [{ category: 'type_mismatch', path: '/a/0/b', message: 'bad' }];
    expect(() => buildRepairPrompt({ tool: 't', failures, schema: { properties: { a: true } } }, cyclic)).not.toThrow();
    expect(() => buildRepairPrompt({ tool: 't', failures, schema: cyclic }, undefined)).not.toThrow();
  });
});
