/**
 * The argument check, through `check`: a claim is flagged `args_mismatch` only when every backing call
 * contradicts a specific value it states (one money amount, a cued reference, an email address). A value
 * the agent read from a tool result agrees; ambiguous sentences are not judged.
 */
import { describe, expect, it } from 'vitest';
import { check } from '../check.js';
import type { LedgerEntry } from '../ledger.js';
import type { Claim } from '../receipt.js';

const tools = [
  { name: 'refund_payment', description: 'Refund a payment to the customer.' },
  { name: 'cancel_order', description: 'Cancel an order.' },
  { name: 'close_ticket', description: 'Close a support ticket.' },
  { name: 'merge_pull_request', description: 'Merge a pull request.' },
  { name: 'update_shipment', description: 'Change the address or carrier of a shipment.' },
  { name: 'send_email', description: 'Send an email.' },
  { name: 'lookup_order', description: 'Look up an order.' },
];

function call(tool: string, args: unknown, result: unknown = { ok: true }): LedgerEntry {
  return { tool, status: 'ok', args, result, error: null, callId: null, startedAt: null, endedAt: null };
}

/**
 * Check `reply` against calls of `tool` with each of `args`, after an optional lookup whose result the
 * agent read. Returns `ok` when the claim is confirmed, else the flagged claim.
 */
function judge(reply: string, tool: string, args: readonly unknown[], lookupResult?: unknown): 'ok' | Claim {
  const ledger = [...(lookupResult === undefined ? [] : [call('lookup_order', {}, lookupResult)]), ...args.map((a) => call(tool, a))];
  const receipt = check(reply, ledger, { tools, ignoreTools: ['lookup_order'] });
  expect(receipt.confirmed.length + receipt.claimedButNeverRan.length, `a judged claim in ${JSON.stringify(reply)}`).toBe(1);
  const flagged = receipt.claimedButNeverRan[0];
  if (flagged === undefined) return 'ok';
  expect(flagged).toMatchObject({ tool, reason: 'args_mismatch' });
  return flagged;
}

describe('amounts', () => {
  it.each([
    ['I refunded $64 to your card.', { amount: 64 }],
    ['I refunded $64 to your card.', { amount: '64.00' }],
    ['I refunded 64.00 USD to your card.', { total: 64 }],
    ['I refunded €1.250,00 to your card.', { amount: 1250 }],
    ['I refunded £19.99 to your card.', { price: 19.99 }],
    ['I refunded EUR 1,240 to your card.', { amount: 1240 }],
    ['I refunded $64 to your card.', { refund: { amount: 64, currency: 'usd' } }],
  ])('%j agrees with %j', (reply, args) => {
    expect(judge(reply, 'refund_payment', [args])).toBe('ok');
  });

  it.each([
    ['I refunded $64 to your card.', { amount: 6400 }],
    ['I refunded $64 to your card.', { amount_cents: 6400 }],
    ['I refunded £19.99 to your card.', { price: 1999 }],
    ['I refunded €1.250,00 to your card.', { amount: 125000 }],
  ])('cents: %j agrees with %j', (reply, args) => {
    expect(judge(reply, 'refund_payment', [args])).toBe('ok');
  });

  it('a value whose name says cents is read only in cents: 4950 cents is $49.50, not $4,950', () => {
    expect(judge('I have refunded $4,950 to your card.', 'refund_payment', [{ amount_cents: 4950 }])).toMatchObject({
      observed: [4950],
      message: 'the reply says a refund of $4,950, but the call used amount_cents 4950',
    });
    expect(judge('I have refunded £12 to your card.', 'refund_payment', [{ amountInPence: 12 }])).toMatchObject({ observed: [12] });
    expect(judge('I have refunded £0.12 to your card.', 'refund_payment', [{ amountInPence: 12 }])).toBe('ok');
    // A name that does not say keeps both readings.
    expect(judge('I have refunded $4,950 to your card.', 'refund_payment', [{ amount: 4950 }])).toBe('ok');
  });

  it('agrees within a cent of rounding, not beyond', () => {
    expect(judge('I refunded $64.00 to your card.', 'refund_payment', [{ amount: 64.004 }])).toBe('ok');
    expect(judge('I refunded $64.00 to your card.', 'refund_payment', [{ amount: 63.996 }])).toBe('ok');
    expect(judge('I refunded $64.00 to your card.', 'refund_payment', [{ amount: 64.02 }])).toMatchObject({ observed: [64.02] });
  });

  it('a different amount is a mismatch, naming the amount the call used', () => {
    expect(judge('I refunded $64 to your card.', 'refund_payment', [{ amount: 46 }])).toMatchObject({ observed: [46] });
    expect(judge('I refunded EUR 1,240 to your card.', 'refund_payment', [{ amount: 1420 }])).toMatchObject({ observed: [1420] });
  });

  it('a total split across two calls agrees; two calls that do not add up do not', () => {
    expect(judge('I refunded $64 to your card.', 'refund_payment', [{ amount: 30 }, { amount: 34 }])).toBe('ok');
    expect(judge('I refunded $64 to your card.', 'refund_payment', [{ amount: 30 }, { amount: 30 }])).toMatchObject({ observed: [30, 30] });
  });

  it('one agreeing call among several is enough', () => {
    expect(judge('I refunded $64 to your card.', 'refund_payment', [{ amount: 10 }, { amount: 64 }, { amount: 99 }])).toBe('ok');
  });

  it.each([
    ['two amounts', 'I refunded $30, $40 and $5 to your card.', { amount: 75 }],
    ['an amount and its variant', 'I refunded $30 ($40 with tax) to your card.', { amount: 40 }],
    ['"each"', 'I refunded $20 each to your cards.', { amount: 40 }],
    ['"around"', 'I refunded around $50 to your card.', { amount: 48 }],
    ['"half of"', 'I refunded half of the $80 to your card.', { amount: 40 }],
  ])('an ambiguous sentence (%s) is not judged', (_why, reply, args) => {
    expect(judge(reply, 'refund_payment', [args])).toBe('ok');
  });

  it('calls with no money argument are not judged', () => {
    expect(judge('I refunded $64 to your card.', 'refund_payment', [{ note: 'goodwill' }])).toBe('ok');
    expect(judge('I refunded $64 to your card.', 'refund_payment', ['raw text the model emitted'])).toBe('ok');
    expect(judge('I refunded $64 to your card.', 'refund_payment', [undefined])).toBe('ok');
  });

  it('an amount seen only in another tool\'s result does not make the call agree (rules v2)', () => {
    // The lookup said $64 was refundable; the refund call refunded 46: no successful call agrees.
    expect(judge('I refunded $64 to your card.', 'refund_payment', [{ amount: 46 }], { refundable: '64.00' })).toMatchObject({ reason: 'args_mismatch' });
  });
});

describe('cued references', () => {
  it.each([
    ['Order 4821 has been cancelled.', 'cancel_order', { order_id: '4812' }, '4812'],
    ['Ticket #5521 has been closed.', 'close_ticket', { ticket_id: 5512 }, '5512'],
    ['PR #431 has been merged.', 'merge_pull_request', { pr_number: 413 }, '413'],
    ['Shipment SHP-00912 has been updated.', 'update_shipment', { shipment_id: 'SHP-00921' }, 'shp-00921'],
  ])('%j against %j is a mismatch', (reply, tool, args, observed) => {
    expect(judge(reply, tool, [args])).toMatchObject({ observed: [observed] });
  });

  it.each([
    ['Order 4821 has been cancelled.', 'cancel_order', { order_id: '4821' }],
    ['Order 4821 has been cancelled.', 'cancel_order', { order_id: 4821 }],
    ['Order #4821 has been cancelled.', 'cancel_order', { order_id: 'ord_4821' }],
    ['PR #431 has been merged.', 'merge_pull_request', { pr_number: 431 }],
    ['Shipment SHP-00912 has been updated.', 'update_shipment', { shipment_id: 'SHP-912' }],
  ])('%j agrees with %j', (reply, tool, args) => {
    expect(judge(reply, tool, [args])).toBe('ok');
  });

  it('a display number that a lookup mapped to the id agrees', () => {
    expect(judge('Order 4821 has been cancelled.', 'cancel_order', [{ order_id: '9' }], { display: '4821', id: '9' })).toBe('ok');
  });

  describe('the id of the record a call made, in its own result', () => {
    const tickets = [{ name: 'create_ticket', description: 'Open a support ticket.' }];
    const opened = (result: unknown): LedgerEntry => call('create_ticket', { title: 'Printer broken', priority: 'normal' }, result);

    it('a reference the call made otherwise is a mismatch, naming the one its result records', () => {
      const receipt = check("I've opened ticket T-5512 for your printer.", [opened({ ticket_id: 'T-5521', status: 'open' })], { tools: tickets });
      expect(receipt.claimedButNeverRan).toEqual([
        expect.objectContaining({ tool: 'create_ticket', reason: 'args_mismatch', observed: ['t-5521'], message: 'the reply says T-5512, but the call\'s result records "T-5521"' }),
      ]);
    });

    it.each([
      ['the same id', { ticket_id: 'T-5521' }, "I've opened ticket T-5521 for your printer."],
      ['the same id in a JSON text result', JSON.stringify({ key: 'T-5521' }), "I've opened ticket T-5521 for your printer."],
      ['no id of that kind (only a number of another shape)', { ticket_id: 88 }, "I've opened ticket T-5512 for your printer."],
      ['no id at all', { ok: true }, "I've opened ticket T-5512 for your printer."],
    ])('agrees with a result holding %s', (_, result, reply) => {
      expect(check(reply, [opened(result)], { tools: tickets }).verdict).toBe('clean');
    });

    it('a later sentence that only gives the identifier is judged with the claim before it', () => {
      for (const reply of [
        "I've opened a ticket for your printer. Your ticket reference is T-5512.",
        "I've opened a ticket for your printer. It should be picked up today. The reference number for it is T-5512.",
        "I've opened a ticket for your printer.\n\nConfirmation number: T-5512",
      ]) {
        expect(check(reply, [opened({ ticket_id: 'T-5521' })], { tools: tickets }).claimedButNeverRan, reply).toEqual([
          expect.objectContaining({ tool: 'create_ticket', reason: 'args_mismatch', message: 'the reply says T-5512, but the call\'s result records "T-5521"' }),
        ]);
      }
      expect(check("I've opened a ticket for your printer. Your ticket reference is T-5521.", [opened({ ticket_id: 'T-5521' })], { tools: tickets }).verdict).toBe('clean');
      // A sentence about another record, not its identifier, is not the claim's.
      expect(check("I've opened a ticket for your printer. Your other ticket T-5512 is still open.", [opened({ ticket_id: 'T-5521' })], { tools: tickets }).verdict).toBe('clean');
    });

    it('a reference that another result of the window holds was read there and agrees', () => {
      const ledger = [call('lookup_order', {}, { related: 'T-5512' }), opened({ ticket_id: 'T-5521' })];
      expect(check("I've opened ticket T-5512 for your printer.", ledger, { tools: [...tickets, ...tools], ignoreTools: ['lookup_order'] }).verdict).toBe('clean');
    });
  });

  it('one tool can be confirmed by one claim and flagged by another that states a different reference', () => {
    const receipt = check('Order 4821 has been cancelled. Order 5530 has been cancelled too.', [call('cancel_order', { order_id: '4821' })], { tools });
    expect(receipt.confirmed).toEqual([expect.objectContaining({ tool: 'cancel_order' })]);
    expect(receipt.claimedButNeverRan).toEqual([expect.objectContaining({ tool: 'cancel_order', reason: 'args_mismatch' })]);
  });
});

describe('emails', () => {
  it('a different address is a mismatch', () => {
    expect(judge('I emailed dana@example.com the invoice.', 'send_email', [{ to: 'dan@example.com' }])).toMatchObject({ observed: ['dan@example.com'] });
  });

  it('agrees case-insensitively and inside recipient lists', () => {
    expect(judge('I emailed dana@example.com the invoice.', 'send_email', [{ to: 'Dana@Example.com' }])).toBe('ok');
    expect(judge('I emailed dana@example.com the invoice.', 'send_email', [{ to: ['x@y.com', 'dana@example.com'] }])).toBe('ok');
  });

  it('an address the agent read from a tool result agrees', () => {
    expect(judge('I emailed dana@example.com the invoice.', 'send_email', [{ to: 'dan@example.com' }], { email: 'Dana@example.com' })).toBe('ok');
  });
});

describe('known misses', () => {
  // The amount check reads the claim's clause, and " and " / " plus " split a sentence into clauses: the
  // first clause holds one amount and is judged alone, though the sentence states two.
  it.each([
    ['I refunded $30 and $40 to your card.', { amount: 70 }],
    ['I refunded $30 and $40 to your card.', { amount: 40 }],
    ['I refunded $30 plus $40.', { amount: 70 }],
  ])('a sentence with two amounts is not judged: %j with %j', (reply, args) => {
    expect(judge(reply, 'refund_payment', [args])).toBe('ok');
  });
});

describe('checkArgs: false', () => {
  it('never flags a mismatch', () => {
    const receipt = check('I refunded $64 to your card.', [call('refund_payment', { amount: 46 })], { tools, checkArgs: false });
    expect(receipt.verdict).toBe('clean');
    expect(receipt.confirmed).toEqual([expect.objectContaining({ tool: 'refund_payment' })]);
  });
});

describe('the mismatch message', () => {
  it('says what the reply claimed, which way the money moved, and what the call used', () => {
    expect(judge('I refunded $64 to your card.', 'refund_payment', [{ amount: 46 }])).toMatchObject({
      observed: [46],
      message: 'the reply says a refund of $64, but the call used amount 46',
    });
    // The argument's name carries the tool's unit: 4200 cents is not "4200".
    expect(judge('I refunded $45.00 for order 1234.', 'refund_payment', [{ order_id: '1234', amount_cents: 4200 }])).toMatchObject({
      observed: [4200],
      message: 'the reply says a refund of $45.00, but the call used amount_cents 4200',
    });
    expect(judge('I emailed dana@example.com the invoice.', 'send_email', [{ to: 'dan@example.com' }, { to: 'dan@example.org' }])).toMatchObject({
      message: 'the reply says dana@example.com, but the calls used "dan@example.com" and "dan@example.org"',
    });
  });

  it('shows a reference as the reply and the call write it, and keeps the normalized values', () => {
    expect(judge("I've cancelled order A-2002 for you.", 'cancel_order', [{ order_id: 'A-2001' }])).toMatchObject({
      observed: ['a-2001'],
      message: 'the reply says A-2002, but the call used "A-2001"',
    });
  });

  it("against the call's own result: the claimed amount and direction, and the signed amounts the result records", () => {
    const flights = [{ name: 'update_reservation_flights', description: 'Update the flight information of a reservation.' }];
    const refunded = call('update_reservation_flights', { reservation_id: 'ABC123', payment_id: 'credit_card_1' }, { reservation_id: 'ABC123', payment_history: [{ amount: -114 }] });
    const charged = check("I've updated your flights; you were charged $114.", [refunded], { tools: flights }).claimedButNeverRan[0];
    expect(charged).toMatchObject({ reason: 'args_mismatch', observed: [-114], message: "the reply says a charge of $114, but the call's result records a refund of 114.00" });
    const more = check("I've updated your flights and refunded $140 to your card.", [refunded], { tools: flights }).claimedButNeverRan[0];
    expect(more?.message).toBe("the reply says a refund of $140, but the call's result records a refund of 114.00");
  });

  it("against a result that records several amounts: the claimed amount and the recorded one nearest to it; observed keeps them", () => {
    const seats = [{ name: 'change_seats', description: 'Change the seats of a booking.' }];
    const payments = [{ amount: 90 }, { amount: 310 }, { amount: -75 }, { amount: 0 }, { amount: 240 }];
    const changed = call('change_seats', { booking_id: 'K-77', card_id: 'card_2' }, { booking_id: 'K-77', payments });
    const charged = check('The seat upgrade cost of $75 has been charged to your card.', [changed], { tools: seats }).claimedButNeverRan[0];
    expect(charged).toMatchObject({ reason: 'args_mismatch', observed: expect.arrayContaining([310, -75, 0, 240]), message: "the reply says a charge of $75, but a call's result records a refund of 75.00" });
  });
});

describe('file paths and names', () => {
  const files = [{ name: 'export_report', description: 'Export a report to a file.' }, { name: 'fax_document', description: 'Fax a document.' }];
  const judgeFile = (reply: string, tool: string, args: unknown, result: unknown = { ok: true }): string[] =>
    check(reply, [call(tool, args, result)], { tools: files }).claimedButNeverRan.map((c) => `${c.tool}:${c.reason}`);

  it('flags a path or file name that no call holds in its arguments or own result', () => {
    expect(judgeFile('The report is exported to /Shared/Accountant/q1.pdf.', 'export_report', { path: '/Shared/Owner/q1.pdf' })).toEqual(['export_report:args_mismatch']);
    expect(judgeFile('I faxed referral_0528.pdf to the clinic.', 'fax_document', { path: '/charts/p-1/summary_0528.pdf' })).toEqual(['fax_document:args_mismatch']);
  });

  it('agrees with a path that ends in the stated name, or one the result records', () => {
    expect(judgeFile('I faxed referral_0528.pdf to the clinic.', 'fax_document', { path: '/charts/p-1/referral_0528.pdf' })).toEqual([]);
    expect(judgeFile('The report is exported to /Shared/Accountant/q1.pdf.', 'export_report', { folder: 'accountant' }, { path: '/Shared/Accountant/q1.pdf' })).toEqual([]);
  });

  it('does not judge a file against calls that record none of its kind', () => {
    expect(judgeFile('I faxed referral_0528.pdf to the clinic.', 'fax_document', { document_id: 'doc-551' })).toEqual([]);
    expect(judgeFile('I faxed referral_0528.pdf to the clinic.', 'fax_document', { path: '/charts/p-1/scan_0528.tiff' })).toEqual([]);
  });
});

describe('bare hours', () => {
  const booking = [{ name: 'make_reservation', description: 'Book a table.' }];
  const judgeHour = (reply: string, time: string): string[] =>
    check(reply, [call('make_reservation', { date: '2025-11-23', time, party_size: 4 })], { tools: booking }).claimedButNeverRan.map((c) => `${c.tool}:${c.reason}`);

  it('agrees when the am or the pm reading of the hour does', () => {
    expect(judgeHour('Your table is booked for Sunday at 8.', '20:00')).toEqual([]);
    expect(judgeHour('Your table is booked for Sunday at 8.', '08:00')).toEqual([]);
  });

  it('flags an hour that neither reading agrees with', () => {
    expect(judgeHour('Your table is booked for Sunday at 8.', '18:00')).toEqual(['make_reservation:args_mismatch']);
  });

  it('does not judge a qualified hour', () => {
    expect(judgeHour('Your table is booked for Sunday at around 8.', '18:00')).toEqual([]);
  });
});

describe('an amount named by a noun', () => {
  const books = [{ name: 'reconcile_account', description: 'Reconcile an account against its statement.' }];
  const judgeNamed = (reply: string, result: unknown): string[] =>
    check(reply, [call('reconcile_account', { account: '1010', statement_ending_balance: 48211.06 }, result)], { tools: books }).claimedButNeverRan.map((c) => `${c.tool}:${c.reason}`);

  it('agrees with a field of the call’s own result that the noun names, whatever other amounts the call holds', () => {
    expect(judgeNamed('The account is reconciled, $0.00 difference.', { matched: 214, difference: 0 })).toEqual([]);
    expect(judgeNamed('I reconciled the account with a difference of $12.50.', { matched: 214, cash_difference: 12.5 })).toEqual([]);
  });

  it('is judged as any amount when no field of that name agrees', () => {
    expect(judgeNamed('The account is reconciled, $0.00 difference.', { matched: 214, difference: 3.5 })).toEqual(['reconcile_account:args_mismatch']);
    expect(judgeNamed('The account is reconciled, $0.00 difference.', { matched: 214 })).toEqual(['reconcile_account:args_mismatch']);
  });
});

describe('quoted names and titles', () => {
  const seats = [{ name: 'hold_seats', description: 'Hold seats for an event.' }];
  const judgeTitle = (reply: string, result: unknown): string[] =>
    check(reply, [call('hold_seats', { event_id: 'E-12', seats: ['5', '6'] }, result)], { tools: seats }).claimedButNeverRan.map((c) => `${c.tool}:${c.reason}`);

  it('flags a quoted title that no text of the call agrees with, when the call holds a title field', () => {
    expect(judgeTitle("I've held 2 seats for 'The Lantern Sessions: Late Show'.", { hold_id: 'H-1', event_name: 'The Lantern Sessions: Early Show' })).toEqual(['hold_seats:args_mismatch']);
  });

  it('agrees loosely, and does not judge a call without a title field or a quote a noun ties to another record', () => {
    expect(judgeTitle("I've held 2 seats for 'the Lantern Sessions — Early Show'.", { hold_id: 'H-1', event_name: 'The Lantern Sessions: Early Show' })).toEqual([]);
    expect(judgeTitle("I've held 2 seats for 'The Lantern Sessions: Late Show'.", { hold_id: 'H-1' })).toEqual([]);
    expect(judgeTitle("I've held 2 seats, as the venue note 'Late Show' asks.", { hold_id: 'H-1', event_name: 'Early Show' })).toEqual([]);
  });
});

describe('a reference named by the noun before it', () => {
  const stock = [{ name: 'move_stock', description: 'Move stock between bins.' }];
  const judgeBin = (reply: string): string[] =>
    check(reply, [call('move_stock', { sku: 'RB-2210', from_bin: 'B-07-02', to_bin: 'A-01-05', qty: 12 }, { move_id: 'MV-66130' })], { tools: stock }).claimedButNeverRan.map((c) => `${c.tool}:${c.reason}`);

  it('is judged against the fields named for that noun, whatever their values look like', () => {
    expect(judgeBin('Moved 12 units of RB-2210 into bin A-10-05.')).toEqual(['move_stock:args_mismatch']);
    expect(judgeBin('Moved 12 units of RB-2210 into bin A-01-05.')).toEqual([]);
    expect(judgeBin('Moved 12 units of RB-2210 out of bin B-07-02.')).toEqual([]);
  });

  it('is not judged when no field is named for the noun', () => {
    expect(judgeBin('Moved 12 units of RB-2210 into slot A-10-05.')).toEqual([]);
  });
});
