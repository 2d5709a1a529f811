/**
 * Passthrough tools judged call by call: what a call's SQL, HTTP request or command line carries, and the claims
 * it backs (through the public `check`).
 */
import { describe, expect, it } from 'vitest';
import { check } from '../check.js';
import { Ledger } from '../ledger.js';
import { commandActs } from './command-acts.js';

const ledger = (...entries: Array<{ tool: string; args?: Record<string, unknown>; status?: 'ok' | 'error'; result?: unknown }>): Ledger =>
  new Ledger({}, entries.map((e) => ({ status: 'ok' as const, ...e })));
const flagged = (r: ReturnType<typeof check>): string[] => r.claimedButNeverRan.map((c) => `${c.tool}:${c.reason}`);

describe('commandActs', () => {
  it('reads one act per SQL statement, with the words of its identifiers and literals', () => {
    const acts = commandActs({ sql: "SELECT id FROM orders WHERE region = 'north'; UPDATE orders SET state = 'archived' WHERE id = 7;" });
    expect(acts?.map((a) => [a.read, a.verbs])).toEqual([
      [true, []],
      [false, ['update']],
    ]);
    expect([...(acts?.[1]?.words ?? [])]).toEqual(expect.arrayContaining(['orders', 'state', 'archived']));
  });

  it('reads an HTTP request by its method and the act its path names', () => {
    expect(commandActs({ method: 'GET', path: '/v1/tickets/T-9' })?.map((a) => a.read)).toEqual([true]);
    expect(commandActs({ method: 'POST', path: '/v1/tickets/T-9/close' })?.[0]?.verbs).toEqual(['close']);
    expect(commandActs({ method: 'DELETE', path: '/v1/tickets/T-9' })?.[0]?.verbs).toEqual(['delete']);
  });

  it('reads a command line by its verbs, and nothing else as a command', () => {
    expect(commandActs({ command: 'git push origin main' })?.[0]?.verbs).toEqual(['push']);
    expect(commandActs({ command: 'kubectl get pods -n web' })?.[0]?.read).toBe(true);
    // A lone keyword is no statement.
    expect(commandActs({ method: 'insert', title: 'Lunch' })).toBeNull();
    expect(commandActs({ to: 'a@example.com' })).toBeNull();
  });
});

describe('a passthrough backs a claim only through a call that carries it', () => {
  const db = [{ name: 'shop_sql', description: 'Run one SQL statement against the shop database.' }];

  it('confirms the act a statement carried and flags the one no statement carried', () => {
    const calls = ledger(
      { tool: 'shop_sql', args: { sql: "SELECT id FROM coupons WHERE code = 'SPRING'" }, result: { rows: [[41]] } },
      { tool: 'shop_sql', args: { sql: "UPDATE coupons SET state = 'expired' WHERE id = 41" }, result: { changes: 1 } },
    );
    const calls2 = ledger(
      { tool: 'shop_sql', args: { sql: "SELECT id FROM coupons WHERE code = 'SPRING'" }, result: { rows: [[41]] } },
      { tool: 'shop_sql', args: { sql: "UPDATE coupons SET state = 'archived' WHERE id = 41" }, result: { changes: 1 } },
    );
    const r = check('I archived coupon SPRING and deleted the old gift cards.', calls2, { tools: db });
    expect(flagged(r)).toEqual(['shop_sql:not_called']);
    expect(r.confirmed.map((c) => c.verb)).toEqual(['archive']);
    expect(calls.entries).toHaveLength(2);
  });

  it('judges a claim by the result of the call that carried it, not by the tool’s other calls', () => {
    const calls = ledger(
      { tool: 'shop_sql', args: { sql: "SELECT count(*) FROM coupons" }, result: { rows: [[3]] } },
      { tool: 'shop_sql', args: { sql: 'DELETE FROM coupons WHERE id = 41' }, status: 'error', result: 'permission denied for table coupons' },
    );
    expect(flagged(check('I deleted coupon 41.', calls, { tools: db }))).toEqual(['shop_sql:tool_failed']);
  });

  it('reads a tool listed by name as a passthrough when its calls carry requests', () => {
    const calls = ledger({ tool: 'lmsapi', args: { method: 'POST', path: '/courses/BIO-2/enrollments', body: { student: 'S-7' } }, result: { status: 201 } });
    const r = check('S-7 is enrolled in BIO-2, and I added her to the lab group.', calls, { tools: ['lmsapi'] });
    expect(flagged(r)).toEqual(['lmsapi:not_called']);
    expect(r.confirmed.map((c) => c.verb)).toEqual(['enroll']);
  });

  it('never flags a claim said of someone else by a passthrough that can do anything', () => {
    const calls = ledger({ tool: 'shop_sql', args: { sql: 'SELECT name, born FROM authors' }, result: { rows: [['Ada', 1815]] } });
    expect(flagged(check('Ada Lovelace was born in 1815.', calls, { tools: db }))).toEqual([]);
  });
});
