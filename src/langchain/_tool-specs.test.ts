// LangChain tools as the core's tool entries: the JSON Schema LangChain itself derives, for zod v3, zod v4 and JSON schemas.
import { DynamicTool, tool } from '@langchain/core/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { normalizeTools } from '../tools.js';
import { toolEntries } from './_tool-specs.js';

describe('toolEntries', () => {
  it('reads zod v4, zod v3 and JSON Schema tools, and passes other shapes through', () => {
    const v4 = tool(() => '', { name: 'a', description: 'A.', schema: z.object({ n: z.number().int().min(1) }) });
    // zod v3's declared types clash with exactOptionalPropertyTypes; LangChain reads it at run time all the same.
    const v3 = tool(() => '', { name: 'b', description: 'B.', schema: z3.object({ s: z3.string().email() }) as never });
    const json = tool(() => '', { name: 'c', description: 'C.', schema: { type: 'object', properties: { k: { type: 'string' } }, required: ['k'] } });
    const specs = normalizeTools(toolEntries([v4, v3, json, { type: 'function', function: { name: 'd', parameters: { type: 'object' } } }, 'e']));
    expect(specs.map((s) => [s.name, s.description])).toEqual([['a', 'A.'], ['b', 'B.'], ['c', 'C.'], ['d', ''], ['e', '']]);
    expect(specs[0]?.parameters).toMatchObject({ type: 'object', properties: { n: { type: 'integer', minimum: 1 } }, required: ['n'], additionalProperties: false });
    expect(specs[1]?.parameters).toMatchObject({ properties: { s: { type: 'string', format: 'email' } } });
    expect(specs[2]?.parameters).toEqual({ type: 'object', properties: { k: { type: 'string' } }, required: ['k'] });
  });

  it('keeps a tool whose schema has no JSON Schema form, with no parameters (any arguments pass)', () => {
    const dynamic = new DynamicTool({ name: 'shout', description: 'Shout the input.', func: async (input) => input.toUpperCase() });
    const [spec] = normalizeTools(toolEntries([dynamic]));
    expect(spec?.name).toBe('shout');
  });
});
