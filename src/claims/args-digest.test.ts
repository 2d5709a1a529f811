/**
 * The argument digest reads each facet of its calls when first asked for: what a facet lists must not
 * depend on when it was asked (before or after later calls were added).
 */
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../ledger.js';
import { ArgsDigest, isMoneyKey } from './args-digest.js';

function call(args: unknown, result: unknown = null): LedgerEntry {
  return { tool: 'book', status: 'ok', args, result, error: null, callId: null, startedAt: null, endedAt: null };
}

const calls = [
  call({ reservation_id: 'ZFA04Y', date: '2024-05-21', amount: 120, email: 'a@b.co' }, { total: 120, departs: '2024-05-21T16:00:00' }),
  call({ reservation_id: 'A-0042', status: 'closed_won', time: '15:30' }, { price: [50, 70] }),
  call({ payment_id: 'credit_card_4959530', amount: '64.50', note: 'moved to May 23' }, 'done'),
];

/** Every facet of a digest, as plain data. */
function facets(d: ArgsDigest): unknown {
  return {
    calls: d.calls,
    words: [...d.words],
    money: [...d.money],
    moneyCalls: d.moneyCalls,
    callSums: [...d.callSums],
    moneySum: d.moneySum,
    emails: [...d.emails],
    callsWithEmail: d.callsWithEmail,
    shapes: [...d.shapes],
    specifics: [...d.specifics],
    keyed: [...d.keyed].map(([k, v]) => [k, [...v]]),
    callsWithTime: d.callsWithTime,
    callsWithDate: d.callsWithDate,
    recent: d.recent,
    resultMoney: [...d.resultMoney],
    resultMoneyCalls: d.resultMoneyCalls,
    times: [...d.times],
    dates: [...d.dates],
  };
}

describe('ArgsDigest', () => {
  it('lists the same values whether a facet is read before or after later calls are added', () => {
    const atOnce = new ArgsDigest();
    for (const c of calls) atOnce.add(c);
    const inSteps = new ArgsDigest();
    for (const c of calls) {
      inSteps.add(c);
      facets(inSteps);
    }
    expect(facets(inSteps)).toEqual(facets(atOnce));
  });

  it('reads the arguments and results of its calls', () => {
    const d = new ArgsDigest();
    for (const c of calls) d.add(c);
    expect(d.calls).toBe(3);
    expect(d.words.has('zfa04y') && d.words.has('a-42') && d.words.has('a-0042')).toBe(true);
    expect([...d.money]).toEqual([12000, 6450]);
    expect(d.moneyCalls).toBe(2);
    expect(d.callsWithEmail).toBe(1);
    expect(d.shapes.get('credit:7')).toBe(1);
    expect(d.keyed.get('status')?.has('closed won')).toBe(true);
    expect(d.callsWithTime).toBe(1);
    expect(d.callsWithDate).toBe(2);
    expect([...d.dates]).toEqual(['05-21', '05-23']);
    expect([...d.times]).toEqual([960, 930]);
    expect([...d.resultMoney]).toEqual([12000, 5000, 7000]);
    expect(d.recent).toHaveLength(3);
    expect([d.recordsDate('05-23'), d.recordsDate('06-01'), d.recordsTime(960), d.recordsTime(600)]).toEqual([true, false, true, false]);
  });

  it('answers whether a date or time is recorded from the arguments before it reads the results', () => {
    const d = new ArgsDigest();
    for (const c of calls) d.add(c);
    expect(d.recordsDate('05-21') && d.recordsTime(930)).toBe(true);
    // The results are read at the first value the arguments lack, and then list every value in call order.
    expect(d.recordsTime(960)).toBe(true);
    expect([...d.times]).toEqual([960, 930]);
  });
});

describe('isMoneyKey', () => {
  it.each([
    ['amount', true],
    ['total', true],
    ['order_total', true],
    ['total_price', true],
    ['totalUsd', true],
    ['total_baggages', false],
    ['total_items', false],
    ['passenger_count', false],
  ])('%s holds money: %s', (key, money) => {
    expect(isMoneyKey(key)).toBe(money);
  });
});
