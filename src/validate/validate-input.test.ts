import { describe, expect, it } from 'vitest';
import { validateInput } from './validate-input.js';

const tool = {
  type: 'function',
  function: {
    name: 'update_ticket',
    description: 'Update a ticket',
    parameters: {
      type: 'object',
      properties: { ticket_id: { type: 'string' }, status: { type: 'string', enum: ['open', 'closed'] } },
      required: ['ticket_id', 'status'],
    },
  },
};

describe('validateInput', () => {
  it('returns an ok verdict with no failures', () => {
    expect(validateInput({ tool, args: { ticket_id: 'T-1', status: 'open' } }, 'r1')).toEqual({ id: 'r1', ok: true, failures: [] });
  });

  it('returns failures most relevant first, with category, path, message and any hint', () => {
    expect(validateInput({ tool, args: '{"status": "Closed"}' }, 'r2')).toEqual({
      id: 'r2',
      ok: false,
      failures: [
        { category: 'missing_required', path: '/ticket_id', message: 'Missing required field "ticket_id" at /ticket_id.' },
        {
          category: 'enum_violation',
          path: '/status',
          message: '/status must be one of "open" or "closed", got "Closed".',
          hint: 'Did you mean "closed"? Values must match exactly.',
        },
      ],
    });
  });

  it('checks the called name against the registered tools', () => {
    const verdict = validateInput({ tool: { name: 'close_ticket' }, args: {}, tools: [tool] }, 'r3');
    expect(verdict).toMatchObject({ ok: false, failures: [{ category: 'unknown_tool', path: '' }] });
    expect(verdict.failures[0]?.message).toBe('Unknown tool "close_ticket"; registered tools: "update_ticket".');
  });

  it.each([[null], ['text'], [[]], [{ args: {} }], [{ tool: 'x' }]])('throws invalid_input for %j', (input) => {
    expect(() => validateInput(input, 'bad')).toThrow(expect.objectContaining({ code: 'invalid_input' }));
  });
});

describe('validateInput skipped', () => {
  it('names the parts of the schema it could not check', () => {
    const lookahead = { name: 'grant', parameters: { type: 'object', properties: { user: { type: 'string', pattern: '^(?!root$)' } } } };
    expect(validateInput({ tool: lookahead, args: { user: 'root' } }, 'r9')).toEqual({
      id: 'r9',
      ok: true,
      failures: [],
      skipped: [expect.stringMatching(/^pattern "\^\(\?!root\$\)" \(not supported by the linear-time engine/)],
    });
  });
});
