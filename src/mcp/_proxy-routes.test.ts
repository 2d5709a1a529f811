import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { routeTools } from './_proxy-routes.js';

const tool = (name: string): Tool => ({ name, inputSchema: { type: 'object' } });

describe('routeTools', () => {
  it('advertises unique names as they are and prefixes names more than one upstream lists', () => {
    const { tools, routes } = routeTools([
      { prefix: 'shop', tools: [tool('search'), tool('refund'), tool('search')] },
      { prefix: 'crm', tools: [tool('search'), tool('note')] },
    ]);
    expect(tools.map((t) => t.name)).toEqual(['shop__search', 'refund', 'crm__search', 'note']);
    expect(Object.fromEntries(routes)).toEqual({
      shop__search: { upstream: 0, tool: 'search' },
      refund: { upstream: 0, tool: 'refund' },
      crm__search: { upstream: 1, tool: 'search' },
      note: { upstream: 1, tool: 'note' },
    });
  });

  it('keeps the first of two advertised names that collide after prefixing', () => {
    const { tools } = routeTools([
      { prefix: 'a', tools: [tool('x'), tool('a__x')] },
      { prefix: 'b', tools: [tool('x')] },
    ]);
    expect(tools.map((t) => t.name)).toEqual(['a__x', 'b__x']);
  });
});
