/**
 * The receipt: verdict rules, `ok`, the one-line summary, and the versioned JSON form.
 */
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from './ledger.js';
import { RECEIPT_VERSION, Receipt, type Claim, type ReceiptParts } from './receipt.js';

function claim(tool: string | null, extra: Partial<Claim> = {}): Claim {
  return { text: `I used ${tool ?? 'something'}.`, verb: 'send', object: 'email', tool, candidates: tool === null ? [] : [tool], source: 'rules', ...extra };
}

function entry(tool: string, extra: Partial<LedgerEntry> = {}): LedgerEntry {
  return { tool, status: 'ok', args: { to: 'a@b.co' }, result: { id: 1 }, error: null, callId: null, startedAt: null, endedAt: null, ...extra };
}

const empty: ReceiptParts = { confirmed: [], claimedButNeverRan: [], unmatched: [], ranButUnreported: [] };

describe('verdict', () => {
  it('is clean when nothing is flagged and nothing ran unreported', () => {
    const r = new Receipt({ ...empty, confirmed: [claim('send_email')], unmatched: [claim(null)] });
    expect(r.verdict).toBe('clean');
    expect(r.ok).toBe(true);
  });

  it('is unreported when a call ran and the reply never mentions it', () => {
    const r = new Receipt({ ...empty, ranButUnreported: [entry('lookup_order')] });
    expect(r.verdict).toBe('unreported');
    expect(r.ok).toBe(true);
  });

  it('is fabricated when anything is flagged, whatever else holds', () => {
    const r = new Receipt({
      confirmed: [claim('lookup_order')],
      claimedButNeverRan: [claim('send_email', { reason: 'tool_failed' })],
      unmatched: [],
      ranButUnreported: [entry('issue_refund')],
    });
    expect(r.verdict).toBe('fabricated');
    expect(r.ok).toBe(false);
  });

  it('has no suspected claims unless given some', () => {
    expect(new Receipt(empty).suspected).toEqual([]);
  });
});

describe('summary', () => {
  it('says when the claims it found matched no tool', () => {
    const claim = { text: 'I forwarded it.', verb: 'forward', object: '', tool: null, candidates: [], source: 'rules' as const };
    expect(new Receipt({ ...empty, unmatched: [claim] }).summary).toBe('clean: no claim matched to a tool (1 unmatched)');
  });

  it('says when there were no action claims', () => {
    expect(new Receipt(empty).summary).toBe('clean: no action claims');
  });

  it('names each flagged tool and reason, the confirmed count and the unreported tools once each', () => {
    const r = new Receipt({
      confirmed: [claim('lookup_order')],
      claimedButNeverRan: [claim('send_email', { reason: 'tool_failed' }), claim('issue_refund', { reason: 'args_mismatch' })],
      unmatched: [],
      ranButUnreported: [entry('tag_order'), entry('tag_order')],
    });
    expect(r.summary).toBe('fabricated: send_email claimed but tool_failed, issue_refund claimed but args_mismatch; 1 confirmed; ran but unreported: tag_order');
  });

  it('reads an unreported receipt', () => {
    expect(new Receipt({ ...empty, ranButUnreported: [entry('lookup_order')] }).summary).toBe('unreported: ran but unreported: lookup_order');
  });
});

describe('toJSON', () => {
  it('is versioned and carries the verdict, ok and summary', () => {
    const json = new Receipt({ ...empty, claimedButNeverRan: [claim('send_email', { reason: 'not_called' })] }).toJSON();
    expect(RECEIPT_VERSION).toBe(1);
    expect(json).toMatchObject({ version: RECEIPT_VERSION, verdict: 'fabricated', ok: false, summary: 'fabricated: send_email claimed but not_called' });
    expect(Object.keys(json)).toEqual(['version', 'verdict', 'ok', 'summary', 'confirmed', 'claimedButNeverRan', 'unmatched', 'suspected', 'ranButUnreported', 'claimedWithoutTool', 'deniedButRan', 'strict', 'llmBlocks']);
  });

  it('round-trips through JSON.stringify and JSON.parse', () => {
    const r = new Receipt({
      confirmed: [claim('lookup_order', { count: 2 })],
      claimedButNeverRan: [claim('issue_refund', { reason: 'args_mismatch', observed: [46] })],
      unmatched: [claim(null)],
      ranButUnreported: [entry('tag_order', { callId: 'call_1', startedAt: 1, endedAt: 2 })],
    });
    expect(JSON.parse(JSON.stringify(r))).toEqual(r.toJSON());
  });

  it('does not throw on bigint, undefined or circular arguments and results', () => {
    const circular: Record<string, unknown> = { name: 'loop' };
    circular.self = circular;
    const r = new Receipt({
      ...empty,
      ranButUnreported: [
        entry('a', { args: { amount: 10n, note: undefined }, result: undefined }),
        entry('b', { args: circular, result: 5n }),
        entry('c', { args: undefined, result: [undefined, 1n] }),
      ],
    });
    const text = JSON.stringify(r);
    expect(JSON.parse(text)).toEqual(r.toJSON());
    expect(r.toJSON().ranButUnreported.map((e) => [e.args, e.result])).toEqual([
      [{ amount: '10' }, null],
      ['[object Object]', '5'],
      [null, [null, '1']],
    ]);
  });

  it('copies its lists: changing the JSON does not change the receipt', () => {
    const r = new Receipt({ ...empty, confirmed: [claim('send_email')] });
    r.toJSON().confirmed.pop();
    expect(r.confirmed).toHaveLength(1);
  });
});

describe('findings beyond flagged claims', () => {
  const withoutTool = claim(null, { verb: 'email', text: "I've emailed you the receipt." });
  const denied = claim('send_email', { text: "I wasn't able to send it.", contradictedBy: entry('send_email') });

  it('reports claimedWithoutTool and deniedButRan without changing the verdict by default', () => {
    const r = new Receipt({ ...empty, claimedWithoutTool: [withoutTool], deniedButRan: [denied] });
    expect(r.verdict).toBe('clean');
    expect(r.ok).toBe(true);
    expect(r.summary).toBe('clean: claimed without a tool: email; denied but ran: send_email');
    expect(r.toJSON()).toMatchObject({ claimedWithoutTool: [withoutTool], deniedButRan: [{ tool: 'send_email', contradictedBy: { tool: 'send_email' } }], strict: false, llmBlocks: false });
  });

  it('makes either list blocking under strict', () => {
    expect(new Receipt({ ...empty, claimedWithoutTool: [withoutTool], strict: true }).verdict).toBe('fabricated');
    expect(new Receipt({ ...empty, deniedButRan: [denied], strict: true }).ok).toBe(false);
    expect(new Receipt({ ...empty, strict: true }).verdict).toBe('clean');
  });

  it('makes suspected claims blocking only with llmBlocks', () => {
    const suspected = [claim('send_email', { source: 'llm' })];
    expect(new Receipt({ ...empty, suspected }).ok).toBe(true);
    expect(new Receipt({ ...empty, suspected, strict: true }).ok).toBe(true);
    expect(new Receipt({ ...empty, suspected, llmBlocks: true }).verdict).toBe('fabricated');
  });
});
