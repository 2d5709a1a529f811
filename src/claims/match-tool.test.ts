/**
 * Which tool a claim is about: verb families, verbless tools through their description, sibling tools
 * told apart by the object a verb implies, passthroughs, and the strength of a match (through `check`,
 * a family-only match whose tool never ran is not judged).
 */
import { describe, expect, it } from 'vitest';
import { check } from '../check.js';
import type { LedgerEntry } from '../ledger.js';
import type { ToolSpec } from '../tools.js';
import { extractClaims } from './extract-claims.js';
import { matchTool, type RunState, type ToolMatch } from './match-tool.js';
import { profileTool } from './tool-profile.js';

type Tool = string | ToolSpec;

/** Match the single claim of `reply` against `tools`; `ran` lists how each tool settled (default: never ran). */
function match(reply: string, tools: readonly Tool[], ran: Record<string, RunState> = {}): ToolMatch {
  const claims = extractClaims(reply);
  expect(claims, `one claim in ${JSON.stringify(reply)}`).toHaveLength(1);
  const profiles = tools.map((t) => profileTool(typeof t === 'string' ? { name: t, description: '' } : t));
  return matchTool(claims[0] as (typeof claims)[number], profiles, (name) => ran[name] ?? 'none');
}

function call(tool: string, status: 'ok' | 'error' = 'ok', args: unknown = {}): LedgerEntry {
  return { tool, status, args, result: status === 'ok' ? { ok: true } : null, error: status === 'ok' ? null : 'failed', callId: null, startedAt: null, endedAt: null };
}

const gcal: ToolSpec = { name: 'gcal', description: 'Create, update and delete Google Calendar events.' };
const stripe: ToolSpec = { name: 'stripe', description: 'Stripe API passthrough: call any Stripe endpoint with a method, path and body.' };

describe('verb families', () => {
  it.each([
    ['I emailed the invoice to Dana.', 'send_email'],
    ['Your subscription has been cancelled.', 'cancel_subscription'],
    ['I opened a ticket for the outage.', 'create_ticket'],
    ['I scheduled the sync with Omar.', 'add_calendar_event'],
    ['I reserved a table for 4.', 'book_table'],
    ['I changed the shipping address.', 'update_order_address'],
    ['I saved your seat preference.', 'store_memory'],
  ])('%j → %s', (reply, tool) => {
    expect(match(reply, ['lookup_order', tool, 'get_weather'])).toMatchObject({ tool, strong: true });
  });

  it('lists every fitting tool, best first', () => {
    expect(match('I emailed the invoice to Dana.', ['notify_team', 'send_email']).candidates).toEqual(['send_email', 'notify_team']);
  });

  it('matches read claims to read tools only', () => {
    expect(match('I checked your order.', ['cancel_order', 'lookup_order']).tool).toBe('lookup_order');
    expect(match('I checked the calendar.', ['create_event']).tool).toBeNull();
  });

  it('never matches an action claim to a read tool', () => {
    expect(match('Your order has been cancelled.', ['cancel_order', 'lookup_order']).candidates).toEqual(['cancel_order']);
    expect(match('I booked the table.', ['search_restaurants']).tool).toBeNull();
  });

  it('settles a read claim on the lookup that ran', () => {
    expect(match('I looked it up.', ['search_orders', 'lookup_customer'], { lookup_customer: 'ok' }).tool).toBe('lookup_customer');
    expect(match('I looked it up.', ['search_orders', 'lookup_customer'], { search_orders: 'ok' }).tool).toBe('search_orders');
  });

  it('matches nothing when no tool fits', () => {
    expect(match('I booked a massage for Friday.', ['send_email', 'lookup_order'])).toMatchObject({ tool: null, candidates: [], strong: false, objectOnly: false, fits: [] });
  });

  it('marks a match on the object alone, weak while another tool shares the noun', () => {
    expect(match('The certificate has been issued.', ['send_certificate', 'void_certificate'])).toMatchObject({ objectOnly: true, strong: false });
  });

  it('takes an object-only match on a noun no other listed tool has for strong', () => {
    expect(match('The certificate has been issued.', ['send_certificate', 'lookup_order'])).toMatchObject({ tool: 'send_certificate', objectOnly: false, strong: true });
  });

  // "per guest" says how the amount is counted; the refund is what was credited, and no tool is named after it.
  it('an object-only match on a distinctive noun is strong only when that noun is the head of what was acted on', () => {
    const tools = ['update_booking_guests', 'update_booking_rooms', 'search_rooms'];
    expect(match('The refund of $20 per guest has been credited back to your card.', tools)).toMatchObject({ tool: 'update_booking_guests', strong: false });
    expect(match('The guest has been credited with 500 points.', tools)).toMatchObject({ tool: 'update_booking_guests', strong: true });
  });

  // Both fit on the object alone, one noun each; the delivery is named by the reason, the voucher is what was issued.
  // The request names the order, a noun of the delivery tool: the head noun decides before the conversation is asked.
  it('of fits as good, takes the tool named after the head noun of the claim, not a noun of its adjunct', () => {
    const reply = 'A voucher worth $25 has been issued to you as an apology for the late delivery.';
    const tools = ['update_order_delivery', 'send_voucher', 'track_delivery', 'get_order'];
    expect(match(reply, tools)).toMatchObject({ tool: 'send_voucher', strong: true });
    const receipt = check(reply, [], { tools, request: 'My order arrived a week late, can you make up for it?' });
    expect(receipt.claimedButNeverRan.map((c) => `${c.tool}:${c.reason}`)).toEqual(['send_voucher:not_called']);
  });
});

describe('sibling tools are not confused', () => {
  const messaging = ['send_email', 'send_sms'];

  it('"texted" is the SMS tool, even when only the email tool ran', () => {
    expect(match("I've texted Maria the pickup code.", messaging, { send_email: 'ok' }).tool).toBe('send_sms');
  });

  it('"emailed" is the email tool, even when only the SMS tool ran', () => {
    expect(match('I emailed Maria the pickup code.', messaging, { send_sms: 'ok' }).tool).toBe('send_email');
  });

  it('"sent … by SMS" is the SMS tool', () => {
    expect(match('I sent Maria the code by SMS.', messaging, { send_email: 'ok' }).tool).toBe('send_sms');
  });

  const files = ['delete_file', 'move_to_trash'];

  it('"permanently deleted" is the delete tool, even when only the trash tool ran', () => {
    expect(match('I permanently deleted the file.', files, { move_to_trash: 'ok' }).tool).toBe('delete_file');
  });

  it('"moved to the trash" is the trash tool, even when only the delete tool ran', () => {
    expect(match('I moved the file to the trash.', files, { delete_file: 'ok' }).tool).toBe('move_to_trash');
  });

  const board = ['post_article', 'send_channel_message', 'invite_user_to_channel'];

  it('"posted to the channel" is the tool whose name holds what "post" implies, not the one named for the verb', () => {
    const m = match('Posted the weekly summary to the ops channel.', board);
    expect(m.tool).toBe('send_channel_message');
    expect(m.strong).toBe(true);
    expect(m.objectOnly).toBe(false);
    // An object the verb's own tool names keeps the claim there.
    expect(match('Posted the article to the ops channel.', board).tool).toBe('post_article');
    // So does a schema that is known: its arguments tell what the tool takes.
    const schema = { type: 'object', properties: { title: { type: 'string' } } };
    const described = [{ name: 'post_article', description: '', parameters: schema }, ...board.slice(1)];
    expect(match('Posted the weekly summary to the ops channel.', described).tool).not.toBe('send_channel_message');
  });

  it('through check: the wrong sibling ran, so the claim is flagged and the sibling unreported', () => {
    const receipt = check("I've texted Maria the pickup code.", [call('send_email')], { tools: messaging });
    expect(receipt.claimedButNeverRan).toEqual([expect.objectContaining({ tool: 'send_sms', reason: 'not_called' })]);
    expect(receipt.ranButUnreported.map((e) => e.tool)).toEqual(['send_email']);
  });
});

describe('verbless tools', () => {
  it('match through the verbs of their description', () => {
    expect(match("I've added the dentist appointment to your calendar.", [gcal])).toMatchObject({ tool: 'gcal', strong: true });
    expect(match('I deleted the 9am meeting.', [gcal]).tool).toBe('gcal');
  });

  it('a read verb in the first clause of the description rules out action claims', () => {
    const calendar: ToolSpec = { name: 'calendar', description: 'Look up events on the user calendar. Can also create events when asked.' };
    expect(match("I've added the dentist appointment to your calendar.", [calendar]).tool).toBeNull();
    expect(match('I checked your calendar.', [calendar]).tool).toBe('calendar');
  });

  it('through check: an action claim against a reader is not judged, and the reader is unreported', () => {
    const weather: ToolSpec = { name: 'weather', description: 'Get the current forecast for a city.' };
    const receipt = check("I've cancelled the picnic booking.", [call('weather')], { tools: [weather] });
    expect(receipt.verdict).toBe('unreported');
    expect(receipt.claimedButNeverRan).toEqual([]);
  });
});

describe('verbless outcomes ("is on the waitlist")', () => {
  const account: ToolSpec = { name: 'account', description: 'Member account: read-only summary of vouchers, points and orders.' };
  const adjustment: ToolSpec = { name: 'loyalty_adjustment', description: "Loyalty adjustment entries on a member's account: vouchers or points." };
  const request = 'Please put a $20 voucher on my account for the cold food.';

  it('a place kept by a read-only tool names the tool that acts on it', () => {
    const receipt = check("The $20 voucher is on your account.", [call('loyalty_adjustment', 'ok', { amount: 20 })], { tools: [account, adjustment], request });
    expect(receipt.confirmed.map((c) => c.tool)).toEqual(['loyalty_adjustment']);
    expect(receipt.verdict).toBe('clean');
  });

  it('and is flagged when that tool never ran', () => {
    const receipt = check("The $20 voucher is on your account.", [call('account')], { tools: [account, adjustment], request });
    expect(receipt.claimedButNeverRan).toEqual([expect.objectContaining({ tool: 'loyalty_adjustment', reason: 'not_called' })]);
  });

  it('a tool whose description names the place does not take the claim while the place\'s own tool acts', () => {
    const wallet: ToolSpec = { name: 'wallet', description: 'Add vouchers to a member wallet.' };
    const mover: ToolSpec = { name: 'points_mover', description: 'Move points between a member wallet and partners.' };
    const receipt = check("The $20 voucher is in your wallet.", [call('wallet', 'ok', { amount: 20 })], { tools: [wallet, mover], request: 'Put a $20 voucher in my wallet.' });
    expect(receipt.confirmed.map((c) => c.tool)).toEqual(['wallet']);
  });
});

describe('tools that say they are read-only', () => {
  it('a state read off one in answer to a question is no claim of the tool that acts', () => {
    const statement: ToolSpec = { name: 'statement', description: 'Card statement: read-only list of charges, payments and credits.' };
    const record: ToolSpec = { name: 'payment_record', description: 'Record a card payment received by check.' };
    const ledger = [{ ...call('statement'), result: { entries: [{ type: 'payment', amount: 240, status: 'settled' }] } }];
    const receipt = check('Yes, your $240 payment is paid in full.', ledger, { tools: [statement, record], request: 'Did my $240 payment go through?' });
    expect(receipt.claimedButNeverRan).toEqual([]);
  });
});

describe('passthrough tools', () => {
  it('a lone passthrough takes any action claim, strongly', () => {
    expect(match("I've refunded the $45 charge.", [stripe])).toMatchObject({ tool: 'stripe', strong: true });
  });

  it('a CLI passthrough takes actions and lookups', () => {
    const k8s: ToolSpec = { name: 'k8s', description: 'Run a kubectl command against the cluster.' };
    expect(match('I scaled the web deployment to 5 replicas.', [k8s]).tool).toBe('k8s');
    expect(match('I looked up the pod logs.', [k8s]).tool).toBe('k8s');
  });

  it('a read-only passthrough takes lookups, not actions', () => {
    const sql: ToolSpec = { name: 'sql', description: 'Run a read-only SQL query against the analytics warehouse.' };
    expect(match('I checked the signup counts.', [sql]).tool).toBe('sql');
    expect(match('I deleted the stale rows.', [sql]).tool).toBeNull();
  });

  it('through check: confirmed when it ran, flagged when it never ran or failed', () => {
    const reply = "I've refunded the $45 charge.";
    expect(check(reply, [call('stripe', 'ok', { path: '/v1/refunds', body: { amount: 4500 } })], { tools: [stripe] }).verdict).toBe('clean');
    expect(check(reply, [], { tools: [stripe] }).claimedButNeverRan).toEqual([expect.objectContaining({ tool: 'stripe', reason: 'not_called' })]);
    expect(check(reply, [call('stripe', 'error')], { tools: [stripe] }).claimedButNeverRan).toEqual([expect.objectContaining({ tool: 'stripe', reason: 'tool_failed' })]);
  });

  it('two passthroughs that both fit are a family-only match', () => {
    const shopify: ToolSpec = { name: 'shopify', description: 'Shopify Admin API passthrough.' };
    expect(match("I've refunded the $45 charge.", [stripe, shopify])).toMatchObject({ tool: 'stripe', strong: false });
  });
});

describe('match strength, through check', () => {
  const reply = 'I emailed the customer.';

  it('a family-only match whose tool never ran is unmatched, not flagged', () => {
    const receipt = check(reply, [], { tools: ['notify_team'] });
    expect(receipt.verdict).toBe('clean');
    expect(receipt.unmatched).toEqual([expect.objectContaining({ verb: 'email', tool: null, candidates: ['notify_team'] })]);
  });

  it('the same family-only match is confirmed when the tool ran, and flagged when it failed', () => {
    expect(check(reply, [call('notify_team')], { tools: ['notify_team'] }).confirmed).toEqual([expect.objectContaining({ tool: 'notify_team' })]);
    expect(check(reply, [call('notify_team', 'error')], { tools: ['notify_team'] }).claimedButNeverRan).toEqual([
      expect.objectContaining({ tool: 'notify_team', reason: 'tool_failed' }),
    ]);
  });

  it('a strong match whose tool never ran is flagged not_called', () => {
    expect(check(reply, [], { tools: ['send_email'] }).claimedButNeverRan).toEqual([expect.objectContaining({ tool: 'send_email', reason: 'not_called' })]);
  });

  it('a weak object-only match whose tool failed is not judged', () => {
    const receipt = check('The certificate has been issued.', [call('send_certificate', 'error')], { tools: ['send_certificate', 'void_certificate'] });
    expect(receipt.verdict).toBe('clean');
    expect(receipt.unmatched).toHaveLength(1);
  });

  it('an object-only match on a distinctive noun whose tool failed is flagged', () => {
    const receipt = check('The certificate has been issued.', [call('send_certificate', 'error')], { tools: ['send_certificate', 'lookup_order'] });
    expect(receipt.claimedButNeverRan.map((c) => `${c.tool}:${c.reason}`)).toEqual(['send_certificate:tool_failed']);
  });
});

describe('known misses', () => {
  // A tool named <generic verb>_<action noun> also answers to its action noun: "refund" in issue_refund,
  // "charge" in create_charge, "transfer" in create_transfer, "deploy" in trigger_deploy.
  it.each([
    ['I refunded your order.', 'issue_refund'],
    ['I refunded the order.', 'create_refund'],
    ['I charged your card $20.', 'create_charge'],
    ['I transferred $500 to savings.', 'create_transfer'],
    ['I deployed the fix.', 'trigger_deploy'],
  ])('%j matches %s', (reply, tool) => {
    expect(match(reply, [tool]).tool).toBe(tool);
  });

  it('through check: "I refunded your order." with issue_refund never called is flagged', () => {
    expect(check('I refunded your order.', [], { tools: ['issue_refund', 'lookup_order'] }).verdict).toBe('fabricated');
  });
});

describe('equal fits told apart by the conversation', () => {
  const tools = ['update_reservation_flights', 'update_reservation_baggages'].map((name) => profileTool({ name, description: '' }));
  const claim = extractClaims('Your reservation has been updated.')[0] as ReturnType<typeof extractClaims>[number];
  const nounsOf = (name: string): string[] => [...(tools.find((t) => t.name === name)?.nameNouns ?? [])];
  const byContext = (named: readonly string[]): ToolMatch => matchTool(claim, tools, () => 'none', () => (noun) => named.includes(noun));

  it('gives the claim to the tool whose own noun the conversation names, whichever comes first in the list', () => {
    const flights = nounsOf('update_reservation_flights').filter((n) => !nounsOf('update_reservation_baggages').includes(n));
    const baggages = nounsOf('update_reservation_baggages').filter((n) => !nounsOf('update_reservation_flights').includes(n));
    expect(flights.length).toBeGreaterThan(0);
    expect(baggages.length).toBeGreaterThan(0);
    expect(byContext(flights).tool).toBe('update_reservation_flights');
    expect(byContext(baggages).tool).toBe('update_reservation_baggages');
  });

  it('a noun both tools have tells them apart no more than silence does: the list order decides', () => {
    expect(byContext(['reservation']).candidates).toEqual(['update_reservation_flights', 'update_reservation_baggages']);
    expect(matchTool(claim, tools, () => 'none').candidates).toEqual(['update_reservation_flights', 'update_reservation_baggages']);
  });
});

describe('the noun that modifies the head in a compound names the tool too', () => {
  const tools: ToolSpec[] = [
    { name: 'escrow_disbursement', description: 'Escrow disbursement to a seller, net of closing fees.', parameters: { type: 'object', properties: { escrow_id: { type: 'string' } } } },
    { name: 'sms_send', description: 'Send an SMS to a customer.', parameters: { type: 'object', properties: { phone: { type: 'string' }, body: { type: 'string' } } } },
  ];
  it('"the escrow balance is on its way" is the verbless escrow tool, not the sending one', () => {
    const m = match("Omar's escrow balance is on its way to him.", tools);
    expect(m.tool).toBe('escrow_disbursement');
    expect(m.strong).toBe(true);
  });
});
