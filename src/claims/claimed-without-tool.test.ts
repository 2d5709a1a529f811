/**
 * `claimedWithoutTool` through `check`: a claim an acting tool that ran could have made is never "without a
 * tool"; with no such call the finding stands.
 */
import { describe, expect, it } from 'vitest';
import { check } from '../check.js';
import type { LedgerEntry } from '../ledger.js';

const tools = [
  { name: 'issue_refund', description: 'Refund an order.' },
  { name: 'send_email', description: 'Send an email to the customer.' },
  { name: 'lookup_order', description: 'Look up an order.' },
];
const ran = (tool: string): LedgerEntry => ({ tool, status: 'ok', args: {}, result: { id: 'x-1' }, error: null, callId: `c-${tool}`, startedAt: null, endedAt: null });
const reply = "I've refunded order B-2210 and dropped the receipt in your inbox.";

describe('claimedWithoutTool', () => {
  it('is empty while an acting tool ran unreported: the unmatched claim may be that call in other words (the new-user trial, --strict)', () => {
    const r = check(reply, [ran('send_email')], { tools, strict: true });
    expect(r.ranButUnreported.map((e) => e.tool)).toEqual(['send_email']);
    expect(r.claimedWithoutTool).toEqual([]);
  });

  it('stands when only a lookup ran unreported, or nothing ran', () => {
    for (const ledger of [[ran('lookup_order')], []]) {
      const r = check(reply, ledger, { tools, strict: true });
      expect(r.claimedWithoutTool.map((c) => c.verb)).toEqual(['drop']);
    }
  });
});
