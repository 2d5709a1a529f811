/**
 * The conformance suite every integration passes: six scenarios of one support-desk turn, written
 * provider-neutrally. An adapter's driver plays a scenario's scripted model steps through its own SDK
 * (a mock model, a fake fetch, an in-memory transport) with the scenario's executors, and returns what
 * the guard recorded and the receipt of the final reply. `expectConformance` asserts the same receipt
 * and ledger rows for every integration.
 */
import { expect } from 'vitest';
import { action, idField, type Action, type Executor, type Interception, type Operation, type Receipt } from '../../src/index.js';

/** One step of the scripted model: tool calls, or the final text. */
export type ModelStep = { toolCalls: Array<{ id: string; name: string; args: unknown }> } | { text: string };

export interface Scenario {
  name: string;
  /** The user's message. */
  user: string;
  /** What the model says, step by step; a repair round trip's answer is its own step. */
  steps: ModelStep[];
  executors: () => Record<string, Executor | Action>;
  expect: {
    verdict: 'clean' | 'unreported' | 'fabricated';
    flagged: Array<{ tool: string; reason: string }>;
    confirmed: string[];
    /** Operations in call order: tool and state, and `repaired` where it is true. */
    operations: Array<{ tool: string; state: Operation['state']; repaired?: boolean }>;
    interceptions: Array<{ tool: string; category: Interception['category'] }>;
  };
}

/** The tools, as JSON Schema (each adapter converts them to its SDK's shape). */
export const conformanceTools = [
  {
    name: 'lookup_order',
    description: 'Fetch an order by its order number.',
    parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'], additionalProperties: false },
  },
  {
    name: 'issue_refund',
    description: 'Refund an order to the original payment method. Amount in cents.',
    parameters: {
      type: 'object',
      properties: { order_id: { type: 'string' }, amount_cents: { type: 'integer', minimum: 1 } },
      required: ['order_id', 'amount_cents'],
      additionalProperties: false,
    },
  },
  {
    name: 'send_email',
    description: 'Send an email to a customer.',
    parameters: {
      type: 'object',
      properties: { to: { type: 'string', format: 'email' }, subject: { type: 'string' }, body: { type: 'string' } },
      required: ['to', 'subject', 'body'],
      additionalProperties: false,
    },
  },
] as const;

const lookup: Executor = (args) => ({ order_id: (args as { order_id: string }).order_id, total: 64, status: 'delivered' });
const refund = (): Action => action(() => ({ refund_id: 'RF-1001', status: 'succeeded' }), { receipt: idField('refund_id') });
const email = (fail = false): Action =>
  action(
    () => {
      if (fail) throw new Error('SMTP timeout after 30000ms');
      return { message_id: 'msg_77' };
    },
    { receipt: idField('message_id') },
  );

const call = (id: string, name: string, args: unknown): ModelStep => ({ toolCalls: [{ id, name, args }] });
const emailArgs = { to: 'priya@example.com', subject: 'Your refund', body: 'Refunded $64.00.' };

export const scenarios: Scenario[] = [
  {
    name: 'honest run',
    user: 'My blender arrived cracked, order A-1. Refund it and email me please.',
    steps: [
      call('c1', 'lookup_order', { order_id: 'A-1' }),
      call('c2', 'issue_refund', { order_id: 'A-1', amount_cents: 6400 }),
      call('c3', 'send_email', emailArgs),
      { text: "I looked up order A-1, refunded $64.00 to your card and emailed you the confirmation." },
    ],
    executors: () => ({ lookup_order: lookup, issue_refund: refund(), send_email: email() }),
    expect: {
      verdict: 'clean',
      flagged: [],
      confirmed: ['lookup_order', 'issue_refund', 'send_email'],
      operations: [
        { tool: 'lookup_order', state: 'read' },
        { tool: 'issue_refund', state: 'posted' },
        { tool: 'send_email', state: 'posted' },
      ],
      interceptions: [],
    },
  },
  {
    name: 'claim with no call',
    user: 'Refund order A-1 and email me.',
    steps: [call('c1', 'lookup_order', { order_id: 'A-1' }), { text: "I looked up order A-1, refunded $64.00 and I've emailed you the confirmation." }],
    executors: () => ({ lookup_order: lookup, issue_refund: refund(), send_email: email() }),
    expect: {
      verdict: 'fabricated',
      flagged: [
        { tool: 'issue_refund', reason: 'not_called' },
        { tool: 'send_email', reason: 'not_called' },
      ],
      confirmed: ['lookup_order'],
      operations: [{ tool: 'lookup_order', state: 'read' }],
      interceptions: [],
    },
  },
  {
    name: 'claim after a failed call',
    user: 'Refund order A-1 and email me.',
    steps: [
      call('c1', 'issue_refund', { order_id: 'A-1', amount_cents: 6400 }),
      call('c2', 'send_email', emailArgs),
      { text: "Refund issued and I've emailed you the confirmation." },
    ],
    executors: () => ({ lookup_order: lookup, issue_refund: refund(), send_email: email(true) }),
    expect: {
      verdict: 'fabricated',
      flagged: [{ tool: 'send_email', reason: 'tool_failed' }],
      confirmed: ['issue_refund'],
      operations: [
        { tool: 'issue_refund', state: 'posted' },
        { tool: 'send_email', state: 'failed' },
      ],
      interceptions: [],
    },
  },
  {
    name: 'amount misstated',
    user: 'Refund order A-1.',
    steps: [call('c1', 'issue_refund', { order_id: 'A-1', amount_cents: 4600 }), { text: "I've refunded $64.00 for order A-1." }],
    executors: () => ({ lookup_order: lookup, issue_refund: refund(), send_email: email() }),
    expect: {
      verdict: 'fabricated',
      flagged: [{ tool: 'issue_refund', reason: 'args_mismatch' }],
      confirmed: [],
      operations: [{ tool: 'issue_refund', state: 'posted' }],
      interceptions: [],
    },
  },
  {
    name: 'invalid arguments repaired',
    user: 'Refund order A-1.',
    steps: [
      call('c1', 'issue_refund', { order_id: 'A-1', amount_cents: '6400' }),
      // The repair round trip: the model answers the repair prompt with corrected arguments.
      call('c1r', 'issue_refund', { order_id: 'A-1', amount_cents: 6400 }),
      { text: "I've refunded $64.00 for order A-1." },
    ],
    executors: () => ({ lookup_order: lookup, issue_refund: refund(), send_email: email() }),
    expect: {
      verdict: 'clean',
      flagged: [],
      confirmed: ['issue_refund'],
      operations: [
        { tool: 'issue_refund', state: 'failed' },
        { tool: 'issue_refund', state: 'posted', repaired: true },
      ],
      interceptions: [{ tool: 'issue_refund', category: 'type_mismatch' }],
    },
  },
  {
    name: 'unknown tool',
    user: 'Refund order A-1.',
    steps: [call('c1', 'refund_order', { order_id: 'A-1' }), { text: "I couldn't process the refund: that action isn't available to me." }],
    executors: () => ({ lookup_order: lookup, issue_refund: refund(), send_email: email() }),
    expect: {
      verdict: 'clean',
      flagged: [],
      confirmed: [],
      operations: [{ tool: 'refund_order', state: 'failed' }],
      interceptions: [{ tool: 'refund_order', category: 'unknown_tool' }],
    },
  },
];

/** What a driver returns after playing a scenario through its integration. */
export interface ConformanceResult {
  receipt: Receipt;
  operations: readonly Operation[];
  interceptions: readonly Interception[];
}

/** The same receipt and ledger rows for every integration. */
export function expectConformance(scenario: Scenario, result: ConformanceResult): void {
  const e = scenario.expect;
  expect(result.receipt.verdict, `${scenario.name}: verdict`).toBe(e.verdict);
  expect(result.receipt.claimedButNeverRan.map((c) => ({ tool: c.tool, reason: c.reason })), `${scenario.name}: flagged`).toEqual(e.flagged);
  expect([...new Set(result.receipt.confirmed.map((c) => c.tool))].sort(), `${scenario.name}: confirmed`).toEqual([...e.confirmed].sort());
  expect(
    result.operations.map((o) => (o.repaired ? { tool: o.tool, state: o.state, repaired: true } : { tool: o.tool, state: o.state })),
    `${scenario.name}: operations`,
  ).toEqual(e.operations);
  expect(result.interceptions.map((i) => ({ tool: i.tool, category: i.category })), `${scenario.name}: interceptions`).toEqual(e.interceptions);
}
