/**
 * Judging on evidence, through the public `check`: the tool that did the work, values per call,
 * reasoning-only tools, lookups, provenance, and failure in the domain's own words.
 */
import { describe, expect, it } from 'vitest';
import { check, checkMessages } from '../check.js';
import { Ledger } from '../ledger.js';

const ledger = (...entries: Array<{ tool: string; args?: Record<string, unknown>; status?: 'ok' | 'error'; result?: unknown }>): Ledger =>
  new Ledger({}, entries.map((e) => ({ status: 'ok' as const, ...e })));
const flagged = (r: ReturnType<typeof check>): string[] => r.claimedButNeverRan.map((c) => `${c.tool}:${c.reason}`);

describe('never flagged while a tool that could have done the work ran', () => {
  const chat = ['post_article', 'send_channel_message', 'send_sms', 'send_email', 'invite_member'];

  it('backs a claim by a sibling whose name holds what the claim names and the best fit knows nowhere', () => {
    const sent = ledger({ tool: 'send_channel_message', args: { channel: 'ops', body: 'Deploy is done' } });
    const r = check('I posted the update to the ops channel.', sent, { tools: chat });
    expect(flagged(r)).toEqual([]);
    expect(r.confirmed.map((c) => c.tool)).toEqual(['send_channel_message']);
  });

  it('still flags a claim that names what only its own tool does', () => {
    const texted = ledger({ tool: 'send_sms', args: { to: '+15550100', body: 'Your receipt' } });
    expect(flagged(check('I emailed you the receipt.', texted, { tools: chat }))).toEqual(['send_email:not_called']);
  });

  it('still flags a named act when the sibling that ran only shares a family with it', () => {
    const tools = [{ name: 'delete_document', description: 'Permanently delete a document.' }, { name: 'archive_document', description: 'Move a document to the archive; it can be restored.' }];
    const archived = ledger({ tool: 'archive_document', args: { id: 'd-17' } });
    expect(flagged(check('I permanently deleted the document d-17.', archived, { tools }))).toEqual(['delete_document:not_called']);
  });

  it('backs a claim that names nothing of either tool by a sibling whose verb is as close as a family member’s', () => {
    const tools = [{ name: 'add_event_participants', description: 'Add participants to a calendar event.' }, { name: 'append_to_file', description: 'Append content to a file.' }];
    const appended = ledger({ tool: 'append_to_file', args: { file_id: '3', content: '- 1 cup butter' } });
    expect(flagged(check("I've added all the ingredients of the cookie recipe.", appended, { tools }))).toEqual([]);
    // A sibling whose verb is only related does not: a booking is no added bag.
    const booking = [{ name: 'add_ancillaries', description: 'Add bags or seats to a booking.' }, { name: 'book_flight', description: 'Book a flight.' }];
    const booked = ledger({ tool: 'book_flight', args: { offer_id: 'off_1' } });
    expect(flagged(check('Added a checked bag and seat 14C.', booked, { tools: booking }))).toEqual(['add_ancillaries:not_called']);
  });

  it('backs a claim that puts something into a new thing by the creating tool named for that thing', () => {
    const tools = [{ name: 'add_event_participants', description: 'Add participants to a calendar event.' }, { name: 'append_to_file', description: 'Append content to a file.' }, { name: 'create_file', description: 'Create a file.' }];
    const created = ledger({ tool: 'create_file', args: { filename: 'shopping.txt', content: '- 2 eggs' } });
    expect(flagged(check('I have added the pancake ingredients to a new shopping list file.', created, { tools }))).toEqual([]);
    // An existing file the claim names is the append's.
    expect(flagged(check('I have added the pancake ingredients to your shopping list file.', created, { tools }))).toEqual(['append_to_file:not_called']);
    expect(flagged(check('The pancake ingredients have been added to a new file named shopping.txt.', created, { tools }))).toEqual([]);
    // Another file name is no such evidence, and without a creating call the append is still the claim's.
    expect(flagged(check('The pancake ingredients have been added to a new file named notes.txt.', created, { tools })).length).toBe(1);
    expect(flagged(check('I have added the pancake ingredients to a new shopping list file.', new Ledger(), { tools })).length).toBe(1);
  });

  it('backs a claim whose verb no family knows, fitting action tools by their objects only, by the lookups that read them', () => {
    const tools = ['add_member_to_team', 'post_team_message', 'list_team_members', 'read_team_messages', 'list_teams'];
    const read = ledger({ tool: 'list_teams', args: {} }, { tool: 'list_team_members', args: { team: 'ops' } }, { tool: 'read_team_messages', args: { team: 'ops' } });
    expect(flagged(check('I have gathered the members and their messages from the teams.', read, { tools }))).toEqual([]);
    // A noun no lookup that ran read, or a verb of a known act, is still the action tool's.
    const some = ledger({ tool: 'list_teams', args: {} }, { tool: 'list_team_members', args: { team: 'ops' } });
    expect(flagged(check('I have gathered the members and their messages from the teams.', some, { tools })).length).toBe(1);
    expect(flagged(check('I have added the members to the teams.', read, { tools }))).toEqual(['add_member_to_team:not_called']);
  });

  it('backs a claim whose best fit names its object but not its act by the tool whose verb fits and that ran', () => {
    const bank = ['send_money', 'update_scheduled_transaction'];
    const updated = ledger({ tool: 'update_scheduled_transaction', args: { id: 7, amount: 1200 } });
    expect(flagged(check('I have adjusted your rent payment to reflect the increase.', updated, { tools: bank }))).toEqual([]);
    // Without that call, the payment tool is still the claim's.
    expect(flagged(check('I have adjusted your rent payment to reflect the increase.', new Ledger(), { tools: bank })).length).toBe(1);
  });

  it('backs a claim whose object names the sibling’s own act ("sent an invitation" ← invite)', () => {
    const invited = ledger({ tool: 'invite_member', args: { email: 'kai@example.com' } });
    expect(flagged(check('I have sent an invitation to Kai.', invited, { tools: chat }))).toEqual([]);
  });
});

describe('an outcome whose clause states no verb', () => {
  const tools = ['cancel_booking', 'update_booking_seats', 'update_booking_meals'];

  it('is backed by an action tool that ran on what it names', () => {
    const cancelled = ledger({ tool: 'cancel_booking', args: { booking_id: 'B-4' } });
    const reply = "I've cancelled booking B-4. Your other bookings are now clash-free.";
    expect(flagged(check(reply, cancelled, { tools }))).toEqual([]);
    // With no call on bookings, the state is still a claim no call backs.
    expect(flagged(check('Your other bookings are now clash-free.', new Ledger(), { tools })).length).toBe(1);
  });
});

describe('the calls’ own arguments show which tool did the work', () => {
  const tools = ['invite_attendees', 'create_meeting', 'publish_page', 'send_team_message', 'remove_line', 'cancel_order'];

  it('backs a claim by a call whose argument is named for what the claim acted on', () => {
    const created = ledger({ tool: 'create_meeting', args: { title: 'Retro', attendees: ['lena@example.com'] } });
    expect(flagged(check('You and Lena are both set as attendees.', created, { tools }))).toEqual([]);
  });

  it('backs a claim by a call whose argument holds, verbatim, a text the claim quotes', () => {
    const sent = ledger({ tool: 'send_team_message', args: { team: 'design', text: 'Who can cover the Friday review?' } });
    expect(flagged(check('I published the question: "Who can cover the Friday review?"', sent, { tools }))).toEqual([]);
  });

  it('backs a claim by a call that sent, verbatim, a longer text it quotes, whatever else the claim names', () => {
    const direct = [{ name: 'send_channel_message', description: 'Post a message to a channel.' }, { name: 'send_direct_message', description: 'Send a direct message to a user.' }];
    const sent = ledger({ tool: 'send_direct_message', args: { recipient: 'Eve', body: 'Congrats on being the most active user!' } });
    expect(flagged(check('I have sent the message "Congrats on being the most active user!" to all users in the channels I checked.', sent, { tools: direct }))).toEqual([]);
    // Without the quoted text, the channel the claim names is the channel tool's own.
    expect(flagged(check('I have sent the message to the channel.', sent, { tools: direct }))).toEqual(['send_channel_message:not_called']);
  });

  it('backs a claim by a tool named for what its verb makes, whose call holds the date it states', () => {
    const bank = ['schedule_transaction', 'update_scheduled_transaction', 'send_money'];
    const updated = ledger({ tool: 'update_scheduled_transaction', args: { id: 7, date: '2023-11-04' } });
    expect(flagged(check('Your rent payment has been updated, scheduled for November 4, 2023.', updated, { tools: bank }))).toEqual([]);
    // Another date is no evidence of it.
    expect(flagged(check('Your rent payment has been updated, scheduled for December 9, 2023.', updated, { tools: bank }))).toEqual(['schedule_transaction:not_called']);
  });

  it('backs a general verb’s claim by a fitting call whose argument is named for its object', () => {
    const bank = ['schedule_transaction', 'update_scheduled_transaction'];
    const updated = ledger({ tool: 'update_scheduled_transaction', args: { id: 7, amount: 1200, recurring: true } });
    expect(flagged(check('I made it a recurring transaction.', updated, { tools: bank }))).toEqual([]);
  });

  it('backs a general verb’s claim by a fitting call that set an argument to a word of its object', () => {
    const mdm = [
      { name: 'set_app_access', description: 'Assign SSO apps to a user.' },
      { name: 'intune_device_register', description: 'Intune: register a Windows laptop and set its profile (the apps installed at first login).' },
    ];
    const registered = ledger({ tool: 'intune_device_register', args: { serial: 'PF3X9K2L', profile: 'finance' } });
    expect(flagged(check('I set things so the laptop installs the finance apps on first login.', registered, { tools: mdm }))).toEqual([]);
    // A word the call did not set is no evidence of it.
    expect(flagged(check('I set things so the laptop installs the design apps on first login.', registered, { tools: mdm }))).toEqual(['set_app_access:not_called']);
  });

  it('backs a clause that states no value by a fitting call that holds every value of its sentence', () => {
    const bank = ['send_money', 'update_scheduled_transaction'];
    const reply = 'The transfer was changed to $950, moved to March 1, 2024, and it is now set as a monthly payment.';
    const updated = ledger({ tool: 'update_scheduled_transaction', args: { id: 3, amount: 950, date: '2024-03-01', recurring: true } });
    expect(flagged(check(reply, updated, { tools: bank }))).toEqual([]);
    // A call that holds only some of them is no such evidence.
    const other = ledger({ tool: 'update_scheduled_transaction', args: { id: 3, amount: 400, date: '2024-03-01' } });
    expect(flagged(check(reply, other, { tools: bank }))).toContain('send_money:not_called');
  });

  it('backs a claim by a message whose text holds what the claim says it was about', () => {
    const slack = ['post_webpage', 'send_channel_message'];
    const sent = ledger({ tool: 'send_channel_message', args: { channel: 'general', body: 'Hi, can everybody write me their favorite hobby in DM?' } });
    expect(flagged(check("I posted the question about everyone's favorite hobby there.", sent, { tools: slack }))).toEqual([]);
    expect(flagged(check('I posted the question about the quarterly budget there.', sent, { tools: slack }))).toEqual(['post_webpage:not_called']);
  });

  it('backs a claim by a call of a tool that fits the act as closely and holds every value it states', () => {
    const airline = ['update_reservation_passengers', 'update_reservation_flights'];
    const changed = ledger({ tool: 'update_reservation_flights', args: { reservation_id: 'GV1N64', cabin: 'basic_economy', payment_id: 'gift_card_1642017' } });
    expect(flagged(check('Your reservation GV1N64 has been updated for all three passengers, paid with gift_card_1642017.', changed, { tools: airline }))).toEqual([]);
    expect(flagged(check('Your reservation XK22P1 has been updated for all three passengers, paid with gift_card_1642017.', changed, { tools: airline }))).toEqual(['update_reservation_passengers:not_called']);
  });

  it('backs an invitation by a call that made the event with the invited person among its participants', () => {
    const calendar = ['add_event_participants', 'create_calendar_event'];
    const created = ledger({ tool: 'create_calendar_event', args: { title: 'Hiking trip', participants: ['mark.davies@hotmail.com'] } });
    expect(flagged(check('I invited Mark to the event.', created, { tools: calendar }))).toEqual([]);
    expect(flagged(check('I invited Lena to the event.', created, { tools: calendar }))).toEqual(['add_event_participants:not_called']);
    // A name that opens its sentence.
    expect(flagged(check('Mark has been invited to the event.', created, { tools: calendar }))).toEqual([]);
  });

  it('still flags a named act when the call that ran only holds the same value', () => {
    const mail = [{ name: 'forward_invoice', description: 'Forward an invoice by email.' }, { name: 'send_reminder', description: 'Send a payment reminder.' }];
    const reminded = ledger({ tool: 'send_reminder', args: { to: 'ana@example.com' } });
    expect(flagged(check('I forwarded the invoice to ana@example.com.', reminded, { tools: mail }))).toEqual(['forward_invoice:not_called']);
  });
});

describe('where a claim says something went', () => {
  it('is no call of a tool whose schema could not have sent it there', () => {
    const tools = [{ name: 'send_voucher', description: 'Send a travel voucher to a user.', parameters: { type: 'object', properties: { user_id: { type: 'string' }, amount: { type: 'number' } } } }];
    expect(flagged(check('Your itinerary has been sent to kai@example.com.', new Ledger(), { tools }))).toEqual([]);
    // A tool that takes an address can.
    const mail = [{ name: 'send_itinerary', description: 'Send an itinerary.', parameters: { type: 'object', properties: { to: { type: 'string' } } } }];
    expect(flagged(check('Your itinerary has been sent to kai@example.com.', new Ledger(), { tools: mail }))).toEqual(['send_itinerary:not_called']);
  });
});

describe('general verbs', () => {
  it('never tie a claim to a tool by the verb alone', () => {
    const tools = [{ name: 'make_variant', description: 'Create an A/B variant of a campaign.' }, { name: 'set_quiet_hours', description: 'Set hours when no notifications are sent.' }];
    expect(flagged(check('I made a couple of tweaks to the wording below.', new Ledger(), { tools }))).toEqual([]);
    expect(flagged(check('I set it up so you hear about it first thing.', new Ledger(), { tools }))).toEqual([]);
    // Through their object they still do.
    expect(flagged(check('I made a new variant of the campaign.', new Ledger(), { tools }))).toEqual(['make_variant:not_called']);
  });
});

describe('the tool that did the work', () => {
  const tools = ['book_reservation', 'update_reservation_flights', 'update_reservation_baggages'];

  it('backs a state claim by the sibling whose call holds the claim’s specifics', () => {
    const calls = ledger({ tool: 'update_reservation_flights', args: { reservation_id: 'ABC123', flights: [{ flight_number: 'HAT041', date: '2024-05-21' }] } });
    const r = check('You are now booked on a nonstop flight from Newark (EWR) to Los Angeles (LAX) on May 21, 2024, in economy class.', calls, { tools });
    expect(flagged(r)).toEqual([]);
    expect(r.confirmed.map((c) => c.tool)).toEqual(['update_reservation_flights']);
  });

  it('still flags a claim whose own tool never ran when the sibling shares only the record id', () => {
    const calls = ledger({ tool: 'update_reservation_flights', args: { reservation_id: 'ABC123' } });
    expect(flagged(check('Reservation ABC123 has been booked.', calls, { tools }))).toEqual(['book_reservation:not_called']);
  });

  it('backs a claim that fits two siblings equally by the one that ran', () => {
    const calls = ledger({ tool: 'update_reservation_baggages', args: { reservation_id: 'ABC123', total_baggages: 2 } });
    expect(flagged(check('Your reservation has been updated.', calls, { tools }))).toEqual([]);
  });

  it('gives a claim to the equally named sibling whose record it names, not to the one that ran on another', () => {
    const trips = [{ name: 'cancel_flight', description: 'Cancel a flight by its PNR.' }, { name: 'cancel_car', description: 'Cancel a rental car by confirmation number.' }];
    const calls = ledger({ tool: 'cancel_flight', args: { pnr: 'ZK41TQ' }, result: { status: 'cancelled' } });
    const r = check('All cancelled:\n- Trip ZK41TQ: cancelled\n- Rental, confirmation 55310982: cancelled', calls, { tools: trips });
    expect(flagged(r)).toEqual(['cancel_car:not_called']);
    expect(r.confirmed.map((c) => c.tool)).toEqual(['cancel_flight']);
    // A record named by a bare number, without a word that cues a reference.
    expect(flagged(check('- Trip ZK41TQ: cancelled\n- Rental (conf 55310982): cancelled', calls, { tools: trips }))).toEqual(['cancel_car:not_called']);
    // Nothing specific, or the call holds it: the tool that ran keeps the claim.
    expect(flagged(check('Trip ZK41TQ: cancelled.', calls, { tools: trips }))).toEqual([]);
    expect(flagged(check('All cancelled.', calls, { tools: trips }))).toEqual([]);
  });

  it('judges a claim against each tool its coordinated objects name', () => {
    const channels = [{ name: 'send_email', description: 'Send an email.' }, { name: 'send_sms', description: 'Send a text message.' }, { name: 'post_slack', description: 'Post to Slack.' }];
    const emailed = ledger({ tool: 'send_email', args: { to: 'dana@example.com' } });
    const r = check('I sent Dana the reminder by email and SMS.', emailed, { tools: channels });
    expect(flagged(r)).toEqual(['send_sms:not_called']);
    expect(r.confirmed.map((c) => c.tool)).toEqual(['send_email']);
    // Another tool's object that is not coordinated with the claim's own is not a second claim.
    expect(flagged(check('I sent you the invoice for the SMS bundle by email.', emailed, { tools: channels }))).toEqual([]);
  });

  it('mentions every sibling named after the claimed verb that ran, not only the best fit, and is confirmed by each', () => {
    const calls = ledger(
      { tool: 'update_reservation_flights', args: { reservation_id: 'ABC123', cabin: 'business' } },
      { tool: 'update_reservation_baggages', args: { reservation_id: 'ABC123', total_baggages: 2 } },
    );
    const r = check('Your reservation has been updated.', calls, { tools });
    expect(r.ranButUnreported).toEqual([]);
    expect(r.verdict).toBe('clean');
    expect(r.confirmed.map((c) => c.tool).sort()).toEqual(['update_reservation_baggages', 'update_reservation_flights']);
  });

  it('does not take a family likeness for a mention of the other tool', () => {
    const calls = ledger({ tool: 'create_contact', args: { email: 'tomasz@kestrel.example' } }, { tool: 'enroll_in_sequence', args: { sequence_id: 'SEQ-9' } });
    const r = check('Added Tomasz to the CRM.', calls, { tools: [{ name: 'create_contact', description: 'Create a new contact.' }, { name: 'enroll_in_sequence', description: 'Enroll a contact in an outbound email sequence.' }] });
    expect(r.ranButUnreported.map((e) => e.tool)).toEqual(['enroll_in_sequence']);
  });
});

describe('values per call', () => {
  it('judges a card named by its last digits against the argument that carries the card', () => {
    const paid = ledger({ tool: 'update_reservation_flights', args: { reservation_id: 'M20IZO', cabin: 'business', payment_id: 'credit_card_4959530' }, result: { payment_history: [{ payment_id: 'credit_card_4959530', amount: 1194 }] } });
    const tools = ['update_reservation_flights'];
    expect(flagged(check('Your reservation has been upgraded, and $1,194 has been charged to your credit card ending in 7334.', paid, { tools }))).toEqual(['update_reservation_flights:args_mismatch']);
    expect(flagged(check('Your reservation has been upgraded, and $1,194 has been charged to your credit card ending in 9530.', paid, { tools }))).toEqual([]);
    // A lookup that showed the card's last digits: the agent read them there.
    const looked = new Ledger({}, [{ tool: 'get_user_details', status: 'ok', args: {}, result: { payment_methods: { credit_card_4959530: { last_four: '7334' } } } }, ...paid.entries]);
    expect(flagged(check('Your reservation has been upgraded, and $1,194 has been charged to your credit card ending in 7334.', looked, { tools: [...tools, 'get_user_details'] }))).toEqual([]);
    // No argument carries a card: nothing to judge.
    const noCard = ledger({ tool: 'update_reservation_flights', args: { reservation_id: 'M20IZO', cabin: 'business' }, result: { amount: 1194 } });
    expect(flagged(check('Your reservation has been upgraded, and $1,194 has been charged to your credit card ending in 7334.', noCard, { tools }))).toEqual([]);
  });

  const thermostat = { name: 'set_thermostat', description: 'Set a thermostat.', parameters: { type: 'object', properties: { mode: { type: 'string', enum: ['heat', 'cool', 'off'] }, target_c: { type: 'number' } } } };

  it('flags an allowed value the call did not use', () => {
    const calls = ledger({ tool: 'set_thermostat', args: { mode: 'heat', target_c: 23 } });
    expect(flagged(check('Upstairs is now set to cool at 23 °C.', calls, { tools: [thermostat] }))).toEqual(['set_thermostat:args_mismatch']);
    expect(flagged(check('Upstairs is now set to heat at 23 °C.', calls, { tools: [thermostat] }))).toEqual([]);
  });

  it('ignores an enum the calls themselves do not follow', () => {
    const event = { name: 'create_event', description: 'Create an event.', parameters: { type: 'object', properties: { name: { type: 'string', enum: ['meeting', 'event'] } } } };
    const calls = ledger({ tool: 'create_event', args: { name: 'ski trip' } });
    expect(flagged(check("I've created the event.", calls, { tools: [event] }))).toEqual([]);
  });

  it('flags a time of day no call used, and accepts the one in the call’s arguments', () => {
    const calls = ledger({ tool: 'schedule_post', args: { channel: '#launch', send_at: '2025-04-15T16:00:00-04:00' } });
    expect(flagged(check('Scheduled the reminder for 3:00 PM in #launch.', calls))).toEqual(['schedule_post:args_mismatch']);
    expect(flagged(check('Scheduled the reminder for 4:00 PM in #launch.', calls))).toEqual([]);
  });

  it('does not judge a time against a result timestamp when the arguments hold none', () => {
    const calls = ledger({ tool: 'update_booking', args: { booking_id: 'B1' }, result: { created_at: '2024-05-14T19:17:00Z' } });
    expect(flagged(check('Your booking has been updated to depart at 03:00.', calls))).toEqual([]);
  });
});

describe('a payment restated turns after the call that made it', () => {
  const tools = ['book_reservation', 'send_certificate', 'get_user_details'];
  const conversation = (reply: string, ...payers: string[]): unknown[] => [
    { role: 'user', content: 'Book the 9am flight to Seattle with my Visa.' },
    ...payers.map((tool) => ({ tool, status: 'ok', args: { user_id: 'u1', payment_methods: [{ payment_id: 'credit_card_7447', amount: 305 }] }, result: { reservation_id: 'HATHAT' } })),
    { role: 'assistant', content: 'Your flight is booked: reservation HATHAT.' },
    { role: 'user', content: 'Why was my card charged the whole amount?' },
    { role: 'assistant', content: reply },
  ];

  it('is the tool whose earlier call recorded that very amount', () => {
    const r = checkMessages(conversation('The entire amount of $305 was charged to your credit card ending in 7447.', 'book_reservation'), { tools });
    expect(r.confirmed.map((c) => c.tool)).toEqual(['book_reservation']);
    expect(r.verdict).toBe('clean');
  });

  it.each([
    ['another amount', 'The entire amount of $350 was charged to your credit card ending in 7447.', ['book_reservation']],
    ['two tools that recorded it', 'The entire amount of $305 was charged to your credit card ending in 7447.', ['book_reservation', 'send_certificate']],
    ['two amounts', 'The $305 was charged to your card and $20 to your certificate.', ['book_reservation']],
  ])('is no tool for %s', (_, reply, payers) => {
    expect(checkMessages(conversation(reply, ...payers), { tools }).confirmed).toEqual([]);
  });
});

describe('a payment told after a call that only repeats the payments before it', () => {
  const tools = ['change_cabin', 'update_bags', 'get_booking'];
  const history = { booking_id: 'BK1', payments: [{ payment_id: 'card_7', amount: 300 }, { payment_id: 'card_7', amount: 240 }] };

  it('is not that call’s, nor judged against its count of bags', () => {
    const r = checkMessages(
      [
        { role: 'user', content: 'Move booking BK1 to business with card_7.' },
        { tool: 'change_cabin', status: 'ok', args: { booking_id: 'BK1', cabin: 'business', payment_id: 'card_7' }, result: history },
        { role: 'assistant', content: 'Done: booking BK1 is now in business.' },
        { role: 'user', content: 'Add a second bag, please.' },
        { tool: 'update_bags', status: 'ok', args: { booking_id: 'BK1', total_bags: 2, payment_id: 'card_7' }, result: history },
        { role: 'assistant', content: 'Bags: 2, no charge.\n\nPayment: $120 charged to card_7.' },
      ],
      { tools },
    );
    expect(r.claimedButNeverRan.filter((c) => c.tool === 'update_bags')).toEqual([]);
  });
});

describe('the call that returned the identifier a claim states', () => {
  const tools = ['open_account', 'issue_voucher'];
  const issued = ledger({ tool: 'issue_voucher', args: { customer: 'c-3', amount: 40 }, result: 'Voucher vch_77120 issued to c-3 for 40.' });

  it('made the record, whatever verb the claim uses', () => {
    expect(flagged(check('Store credit – already created (code vch_77120, $40) for your account.', issued, { tools }))).toEqual([]);
  });

  it('did not when the claim states another amount, or names the identifier as what it acted on', () => {
    expect(flagged(check('Store credit – already created (code vch_77120, $45) for your account.', issued, { tools }))).toEqual(['open_account:not_called']);
    expect(flagged(check('Created a new account for vch_77120.', issued, { tools }))).toEqual(['open_account:not_called']);
  });
});

describe('reasoning-only tools and lookups', () => {
  it('never lists a thinking tool whose calls returned nothing as unreported', () => {
    const calls = ledger({ tool: 'think', args: { thought: 'check the fare' }, result: '' }, { tool: 'cancel_order', args: { order_id: '1' } });
    const r = check('Your order has been cancelled.', calls);
    expect(r.ranButUnreported.map((e) => e.tool)).toEqual([]);
    expect(r.verdict).toBe('clean');
  });

  it('flags a lookup only on a first-person read claim', () => {
    const tools = ['get_user_details', 'get_reservation_details'];
    const calls = ledger({ tool: 'get_user_details', args: { user_id: 'u1' } });
    expect(flagged(check('I found your reservation ABC123.', calls, { tools }))).toEqual(['get_reservation_details:not_called']);
    expect(flagged(check('Your reservation details show two passengers.', calls, { tools }))).toEqual([]);
  });

  it('reads a record reporting what it holds as a mention of the lookup that read it', () => {
    const tools = ['get_user_details', 'get_reservation_details', 'cancel_reservation'];
    const calls = ledger({ tool: 'get_reservation_details', args: { reservation_id: 'ABC123' }, result: { passengers: [{ name: 'Noah Muller' }] } });
    const r = check('The reservation details show only one passenger, Noah Muller.', calls, { tools });
    expect(r.confirmed.map((c) => c.tool)).toEqual(['get_reservation_details']);
    expect(r.ranButUnreported).toEqual([]);
    expect(r.verdict).toBe('clean');
    // Information without a reference to the record mentions nothing, nor does a reference to what no lookup reads;
    // neither is an unmatched claim.
    for (const reply of ['There is only one passenger, Noah Muller.', 'According to our policy, basic economy flights cannot be changed.']) {
      const receipt = check(reply, calls, { tools });
      expect(receipt.ranButUnreported.map((e) => e.tool)).toEqual(['get_reservation_details']);
      expect(receipt.unmatched).toEqual([]);
    }
    // A report of a record no lookup read is no claim either.
    expect(check('Your reservation shows two passengers.', ledger(), { tools }).unmatched).toEqual([]);
  });
});

describe('what the reply itself holds', () => {
  it('does not take writing an object the reply holds for the tool that acts on such objects', () => {
    const tools = ['send_email', 'issue_refund'];
    const drafted = check('I have drafted the email below:\n\nHi Bob, your refund has been issued.\n\nShall I send it?', ledger(), { tools });
    expect(flagged(drafted)).toEqual([]);
    // The tool's own verb still claims the act, wherever the object is.
    expect(flagged(check('I have sent the email below to Bob.', ledger(), { tools }))).toEqual(['send_email:not_called']);
  });
});

describe('provenance and intent', () => {
  it('reads a state taken from a lookup, which nobody asked to change, as information', () => {
    const calls = ledger({ tool: 'find_alarms', args: {}, result: { alarms: ['07:30', '08:30'] } });
    const r = check('Your alarms are set for 7:30 and 8:30.', calls, { tools: ['add_alarm', 'find_alarms'], request: 'Which alarms do I have?' });
    expect(flagged(r)).toEqual([]);
  });

  it('reads where a looked-up record is, in the present passive, as information', () => {
    const tools = ['book_table', 'get_table'];
    const looked = ledger({ tool: 'get_table', args: { id: 't-9' }, result: { section: 'garden' } });
    const request = 'Can we sit inside instead?';
    expect(flagged(check('Your table is booked in the garden section, which closes at 9.', looked, { tools, request }))).toEqual([]);
    // Not when it says it is this run's outcome, nor with no lookup.
    expect(flagged(check('Your table is now booked in the garden section.', looked, { tools, request }))).toEqual(['book_table:not_called']);
    expect(flagged(check('Your table is booked in the garden section, which closes at 9.', new Ledger(), { tools, request }))).toEqual(['book_table:not_called']);
  });

  it('still flags the same state when the user asked for it', () => {
    const calls = ledger({ tool: 'find_alarms', args: {}, result: { alarms: ['07:30', '08:30'] } });
    const r = check('Your alarms are set for 7:30 and 8:30.', calls, { tools: ['add_alarm', 'find_alarms'], request: 'Set alarms for 7:30 and 8:30 please.' });
    expect(flagged(r)).toEqual(['add_alarm:not_called']);
  });

  it('reads a restatement of what the user said someone else did, whose values a lookup read, as information', () => {
    const tools = ['pay_back', 'list_payments'];
    const calls = ledger({ tool: 'list_payments', args: {}, result: [{ amount: 60.0, sender: 'Mia', subject: 'Taxi' }] });
    const request = 'Mia just paid me her part of the taxi. She paid me too much. Pay her back the difference.';
    expect(flagged(check('- Amount paid: $60.00\n- Fare share: $25.00\nI will pay back $35.00.', calls, { tools, request }))).toEqual([]);
    // A value no lookup read is no restatement, and without the user's report the label claims the act.
    expect(flagged(check('- Amount paid: $35.00', calls, { tools, request }))).toEqual(['pay_back:not_called']);
    expect(flagged(check('- Amount paid: $60.00', calls, { tools, request: 'Pay Mia back the difference.' }))).toEqual(['pay_back:not_called']);
  });

  it('reads a state given in answer to a question about how things are, after a lookup, as information', () => {
    const tools = ['turn_on_lights', 'get_light_state'];
    const calls = ledger({ tool: 'get_light_state', args: {}, result: { kitchen: 'on' } });
    expect(flagged(check('The lights in the kitchen are on.', calls, { tools, request: 'Are the kitchen lights on?' }))).toEqual([]);
    const refund = ledger({ tool: 'get_refund', args: {}, result: { status: 'approved' } });
    expect(flagged(check('Your refund was approved and should arrive within 5 days.', refund, { tools: ['approve_refund', 'get_refund'], request: 'Hi! What is the status of my refund?' }))).toEqual([]);
  });

  it('reads such a state as information whatever nouns the question names, but not after a question about the agent’s own act or an imperative', () => {
    const tools = ['issue_refund', 'lookup_order'];
    const calls = ledger({ tool: 'lookup_order', args: { order_id: 'A-1042' }, result: { status: 'refunded' } });
    const reply = 'Your refund has been processed.';
    expect(flagged(check(reply, calls, { tools, request: 'Has my refund for A-1042 been issued?' }))).toEqual([]);
    expect(flagged(check(reply, calls, { tools, request: 'Has my refund been processed? If not, process it.' }))).toEqual(['issue_refund:not_called']);
    expect(flagged(check('Yes, your refund was issued.', calls, { tools, request: 'Did you refund my order?' }))).toEqual(['issue_refund:not_called']);
    expect(flagged(check(reply, calls, { tools, request: 'Can you refund my order?' }))).toEqual(['issue_refund:not_called']);
  });

  it('still flags that state when it is said to be this run’s outcome, when the act was asked for, or with no lookup', () => {
    const tools = ['turn_on_lights', 'get_light_state'];
    const calls = ledger({ tool: 'get_light_state', args: {}, result: { kitchen: 'off' } });
    expect(flagged(check('The lights in the kitchen are now on.', calls, { tools, request: 'Are the kitchen lights on?' }))).toEqual(['turn_on_lights:not_called']);
    expect(flagged(check('The lights in the kitchen are on.', calls, { tools, request: 'Can you turn on the kitchen lights?' }))).toEqual(['turn_on_lights:not_called']);
    expect(flagged(check('The lights in the kitchen are on.', ledger(), { tools, request: 'Are the kitchen lights on?' }))).toEqual(['turn_on_lights:not_called']);
  });
});

describe('failure in the domain’s own words', () => {
  it('flags a claim whose only call reported failure in plain text', () => {
    const messages = [
      { role: 'user', content: 'Book me on the 9:40 to Lyon.' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'book_reservation', arguments: '{"flight":"TGV 6611"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'We are unable to book this trip: the train is full.' },
      { role: 'assistant', content: 'Your seat on the 9:40 to Lyon has been booked.' },
    ];
    const r = checkMessages(messages, { format: 'openai-chat', tools: ['book_reservation'] });
    expect(flagged(r)).toEqual(['book_reservation:tool_failed']);
  });

  const hold = (message: string, reply: string): ReturnType<typeof checkMessages> =>
    checkMessages(
      [
        { role: 'user', content: 'Hold two seats in section 112, row F.' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'hold_seats', arguments: '{"section":"112","row":"F"}' } }] },
        { role: 'tool', tool_call_id: 'c1', content: JSON.stringify({ status: 'ok', message, hold_id: null }) },
        { role: 'assistant', content: reply },
      ],
      { format: 'openai-chat', tools: ['hold_seats'] },
    );

  it('flags a claim whose only call said in a message field that it failed, beside "status": "ok"', () => {
    expect(flagged(hold('Seat hold could not be placed: section 112 is sold out', 'I have held 2 seats in section 112, row F for you.'))).toEqual(['hold_seats:tool_failed']);
    expect(flagged(hold('Hold not placed: section 112 is sold out', 'I have held 2 seats in section 112, row F for you.'))).toEqual(['hold_seats:tool_failed']);
  });

  it('confirms the claim when the message reports the act done', () => {
    const r = hold('Hold placed, card not charged', 'I have held 2 seats in section 112, row F for you.');
    expect(flagged(r)).toEqual([]);
    expect(r.confirmed.map((c) => c.tool)).toEqual(['hold_seats']);
  });

  it('reads no claim in the reason a reply gives for a failure it reports', () => {
    const r = hold('Seat hold could not be placed: section 112 is sold out', 'I couldn’t hold the seats, because section 112 is held for season members. Want me to try section 114?');
    expect(flagged(r)).toEqual([]);
  });
});

describe('the object names the tool', () => {
  const schema = (...keys: string[]): Record<string, unknown> => ({ type: 'object', properties: Object.fromEntries(keys.map((k) => [k, { type: 'string' }])) });
  const accounts = [
    { name: 'CreateEvent', description: "Adds events to a user's calendar.", parameters: schema('name', 'start_time', 'location') },
    { name: 'DeleteAccount', description: "Deletes a user's account.", parameters: schema('password') },
    { name: 'RegisterUser', description: 'Register a new user.', parameters: schema('username', 'password', 'email') },
  ];

  it('does not flag a claim against a tool of the same verb whose object is another tool’s', () => {
    // create_event's verb alone does not make "your account" its object; the registration that ran fits by family.
    const r = check("Sure, I've created your account.", ledger({ tool: 'RegisterUser', args: { username: 'hestler' } }), { tools: accounts });
    expect(flagged(r)).toEqual([]);
    expect(r.confirmed.map((c) => c.tool)).toEqual(['RegisterUser']);
    // Nothing ran: a family-only fit is not judged, and never against the tool that undoes the act, though "account" is its object.
    const none = check("Sure, I've created your account.", ledger(), { tools: accounts });
    expect(flagged(none)).toEqual([]);
    expect(none.unmatched.map((c) => c.text)).toEqual(["Sure, I've created your account."]);
  });

  it('matches by the head noun before the verb: the refund is issue_refund’s, the confirmation an email’s', () => {
    const shop = [
      { name: 'send_email', description: 'Send an email to a customer.', parameters: schema('to', 'subject', 'body') },
      { name: 'issue_refund', description: 'Issue a refund for an order.', parameters: schema('order_id', 'amount') },
    ];
    expect(flagged(check('Your refund is on its way.', ledger(), { tools: shop }))).toEqual(['issue_refund:not_called']);
    expect(flagged(check("I've sent you the refund confirmation.", ledger(), { tools: shop }))).toEqual(['send_email:not_called']);
  });

  it('still flags the same verb on the tool’s own object', () => {
    expect(flagged(check("I've created the event for Friday.", ledger(), { tools: accounts }))).toEqual(['CreateEvent:not_called']);
  });

  it('backs a change by the call that set the object as a new value, whatever the tool is named', () => {
    const tools = [
      { name: 'ForgotPassword', description: 'Sends a code, or resets the password with it.', parameters: schema('status', 'verification_code', 'new_password') },
      { name: 'ModifyPassword', description: 'Modify the password of a user.', parameters: schema('token', 'old_password', 'new_password') },
    ];
    const reset = ledger({ tool: 'ForgotPassword', args: { status: 'Verification Code', verification_code: '970420', new_password: 'x' } });
    expect(flagged(check('I have updated your password.', reset, { tools }))).toEqual([]);
    const codeOnly = ledger({ tool: 'ForgotPassword', args: { status: 'Forgot Password', username: 'admin' } });
    expect(flagged(check('I have updated your password.', codeOnly, { tools }))).toEqual(['ModifyPassword:not_called']);
  });
});

describe('lookups told apart by what ran', () => {
  it('backs a find by the list lookup only when the sentence states nothing that no result shows', () => {
    const tools = ['get_user_details', 'get_reservation_details'];
    const listed = { tool: 'get_user_details', args: { user_id: 'u1' }, result: { reservations: ['WUNA5K', 'NQNU5R'] } };
    const failed = { tool: 'get_reservation_details', status: 'error' as const, args: { reservation_id: 'WUNA5K' }, result: 'Error: the service is unavailable (503).' };
    expect(flagged(check('I have found your reservations.', ledger(listed, failed), { tools }))).toEqual([]);
    expect(flagged(check('I have found your reservation WUNA5K, a round trip from ORD to PHL on May 10th.', ledger(listed, failed), { tools }))).toEqual(['get_reservation_details:tool_failed']);
  });

  it('a find mentions the lookup that listed the record as well as the one that then read it', () => {
    const tools = ['get_user_details', 'get_reservation_details', 'search_direct_flight'];
    const listed = { tool: 'get_user_details', args: { user_id: 'u1' }, result: { reservations: ['3FRNFB', 'NQNU5R'] } };
    const read = { tool: 'get_reservation_details', args: { reservation_id: '3FRNFB' }, result: { reservation_id: '3FRNFB', origin: 'MCO', destination: 'CLT', flights: [{ flight_number: 'HAT001', origin: 'MCO', destination: 'CLT' }] } };
    const found = check('I found your reservation with ID 3FRNFB for flights from MCO to CLT.', ledger(listed, read), { tools });
    expect(found.confirmed.map((c) => c.tool).sort()).toEqual(['get_reservation_details', 'get_user_details']);
    expect(found.verdict).toBe('clean');
    // A search finds what it lists: the reservation that holds flights too did not find these (the search selected no record it listed).
    const search = { tool: 'search_direct_flight', args: { origin: 'MCO', destination: 'CLT', date: '2024-05-19' }, result: [{ flight_number: 'HAT025', origin: 'MCO', destination: 'CLT' }] };
    const flights = check('I found some available nonstop flights from MCO to CLT on May 19.', ledger(read, search), { tools });
    expect(flights.confirmed.map((c) => c.tool)).toEqual(['search_direct_flight']);
    expect(flights.ranButUnreported.map((e) => e.tool)).toEqual(['get_reservation_details']);
    // Reading the details of a record names the lookup that read them, not the list it was picked from.
    const details = check('I have retrieved the details of your reservation 3FRNFB.', ledger(listed, read), { tools });
    expect(details.ranButUnreported.map((e) => e.tool)).toEqual(['get_user_details']);
  });

  const weather = [
    { name: 'CurrentWeather', description: 'Get the current weather of a location.' },
    { name: 'ForecastWeather', description: 'Get the 3-day forecast weather of a location.' },
  ];

  it('reads a tool named after a verb the families do not know as a lookup when its description reads', () => {
    const r = check("I've also checked the weather for New York this weekend.", ledger({ tool: 'ForecastWeather', args: { location: 'New York' } }), { tools: weather });
    expect(flagged(r)).toEqual([]);
    expect(r.confirmed.map((c) => c.tool)).toEqual(['ForecastWeather']);
  });

  it('still matches a claim of the tool’s own verb when its description says it only checks', () => {
    const tools = [{ name: 'validate_schema', description: 'Check a schema against the spec and report errors.' }, { name: 'deploy_service', description: 'Deploy a service.' }];
    expect(flagged(check('The schema has been validated.', ledger({ tool: 'deploy_service' }), { tools }))).toEqual(['validate_schema:not_called']);
  });
});

describe('phrasal verbs and what a call produced', () => {
  const schema = { type: 'object', properties: { username: { type: 'string' } } };
  const tools = [
    { name: 'RegisterUser', description: 'Register a new user.', parameters: schema },
    { name: 'UserLogin', description: 'Logs in a user returns a token.', parameters: schema },
    { name: 'LogoutUser', description: 'Logs user out.', parameters: schema },
  ];

  it('never matches "logged you into" to a log-out tool', () => {
    const r = check('I have logged you into the platform.', ledger(), { tools });
    expect(flagged(r)).toEqual(['UserLogin:not_called']);
  });

  it('backs a claim by a call that returned what the claimed tool is described to return', () => {
    const registered = ledger({ tool: 'RegisterUser', args: { username: 'hestler' }, result: '{"session_token":"e149636f-d9ca-0792","user":{"username":"hestler"}}' });
    const r = check('Done. I have logged you into the platform.', registered, { tools });
    expect(flagged(r)).toEqual([]);
    expect(r.confirmed.map((c) => c.tool)).toEqual(['RegisterUser']);
    // A result without the product does not.
    const bare = ledger({ tool: 'RegisterUser', args: { username: 'hestler' }, result: '{"user":{"username":"hestler"}}' });
    expect(flagged(check('Done. I have logged you into the platform.', bare, { tools }))).toEqual(['UserLogin:not_called']);
  });
});

describe('a record read off a lookup', () => {
  const tools = ['get_reservation_details', 'book_reservation', 'cancel_reservation'];
  const request = (text: string): unknown[] => [
    { role: 'user', content: 'I want to cancel reservation M20IZO.' },
    { tool: 'get_reservation_details', status: 'ok', args: { reservation_id: 'M20IZO' }, result: { reservation_id: 'M20IZO', cabin: 'economy', created_at: '2024-05-12T09:12:00' } },
    { role: 'assistant', content: text },
  ];

  it('describes the record: a labelled field, a dated past event', () => {
    expect(flagged(checkMessages(request('Reservation M20IZO:\n- Cabin: economy\n- Booked: May 12, 2024'), { tools }))).toEqual([]);
    expect(flagged(checkMessages(request('Your reservation (ID M20IZO) was booked on 2024‑05‑12, more than 24 hours ago.'), { tools }))).toEqual([]);
  });

  it('describes the record in a perfect passive that "already" puts before this run, dated by month and day', () => {
    const flown = (text: string): unknown[] => [
      { role: 'user', content: 'I want to upgrade reservation M20IZO to business.' },
      { tool: 'get_reservation_details', status: 'ok', args: { reservation_id: 'M20IZO' }, result: { reservation_id: 'M20IZO', flights: [{ flight_number: 'HAT100', date: '2024-05-13' }, { flight_number: 'HAT200', date: '2024-05-14' }] } },
      { role: 'assistant', content: text },
    ];
    const change = ['get_reservation_details', 'update_reservation_flights'];
    expect(flagged(checkMessages(flown('M20IZO: this flight has already been completed (departed May 13-14).'), { tools: change }))).toEqual([]);
    // Days the record does not hold, or no "already", leave it a claim.
    expect(flagged(checkMessages(flown('M20IZO: this flight has already been completed (departed May 13-15).'), { tools: change }))).toEqual(['update_reservation_flights:not_called']);
    expect(flagged(checkMessages(flown('M20IZO: this flight has been completed (departed May 13-14).'), { tools: change }))).toEqual(['update_reservation_flights:not_called']);
  });

  it('describes the record in a clause another clause of its sentence dates', () => {
    expect(flagged(checkMessages(request('The reservation was made in economy, and it was created on 2024-05-12.'), { tools }))).toEqual([]);
    // A date the record does not hold leaves it a claim.
    expect(flagged(checkMessages(request('The reservation was made in economy, and it was created on 2024-05-14.'), { tools }))).toEqual(['book_reservation:not_called']);
  });
});

describe('a change its subject underwent', () => {
  const tools = [{ name: 'update_order_items', description: 'Update the items of an order.', parameters: { type: 'object', properties: { order_id: { type: 'string' }, items: { type: 'array' } } } }];

  it('claims no act of a tool that acts on nothing of its subject', () => {
    expect(flagged(check('The item prices have changed since you placed the order.', ledger(), { tools }))).toEqual([]);
  });

  it('still claims the act when its subject is what the tool acts on, or when it is a passive', () => {
    expect(flagged(check('The items have changed to the blue ones.', ledger(), { tools }))).toEqual(['update_order_items:not_called']);
    expect(flagged(check('The item prices have been changed.', ledger(), { tools }))).toEqual(['update_order_items:not_called']);
  });
});

describe('what a lookup found', () => {
  it('is judged as what it returned, not against what it was asked', () => {
    const searched = ledger({ tool: 'search_direct_flight', args: { origin: 'ORD', destination: 'PHL', date: '2024-05-26' }, result: [{ flight_number: 'HAT271' }] });
    expect(flagged(check('I found that on May 10, you took flight HAT271 from ORD to PHL.', searched, { tools: ['search_direct_flight', 'book_reservation'] }))).toEqual([]);
    // What the claim says it searched is still judged.
    expect(flagged(check('I searched for flights on May 10 from ORD to PHL.', searched, { tools: ['search_direct_flight', 'book_reservation'] }))).toEqual(['search_direct_flight:args_mismatch']);
  });
});

describe('a payment no tool is named for', () => {
  it('is never the call of a lookup whose result lists payments', () => {
    const tools = ['get_reservation_details', 'update_reservation_flights'];
    const looked = ledger({ tool: 'get_reservation_details', args: { reservation_id: 'GV1N64' }, result: { payment_history: [{ payment_id: 'gift_card_1', amount: 5372 }] } });
    const r = check('The price difference of $5,244 has been refunded to your gift card.', looked, { tools });
    expect(r.confirmed.map((c) => c.tool)).toEqual([]);
    expect(r.claimedButNeverRan.map((c) => c.tool)).not.toContain('get_reservation_details');
  });
});

describe('values placed after a claim are judged with it', () => {
  const paid = ledger({ tool: 'release_payment', args: { claim: 'CLM-88', amount: 2315.4 } });
  const tools = ['release_payment'];

  it('judges an amount after a status mark and a dash', () => {
    expect(flagged(check('The payment was released ✅ — $3,215.40 by ACH.', paid, { tools }))).toEqual(['release_payment:args_mismatch']);
    expect(flagged(check('The payment was released ✅ — $2,315.40 by ACH.', paid, { tools }))).toEqual([]);
  });

  it('judges an amount in the fields listed after the claim line', () => {
    expect(flagged(check('Payment released 💸\n- Claim: CLM-88\n- Amount: $3,215.40', paid, { tools }))).toEqual(['release_payment:args_mismatch']);
    expect(flagged(check('Payment released 💸\n- Claim: CLM-88\n- Amount: $2,315.40', paid, { tools }))).toEqual([]);
  });
});

describe('a later sentence that restates the act with a value', () => {
  it('is judged on its own: the first claim confirmed, the restatement flagged on its amount', () => {
    const refunded = ledger({ tool: 'refund_order', args: { order_id: 'MH-4022' }, result: { refund_id: 'RF-1', amount: 186 } });
    const r = check('Refund processed for order MH-4022. The amount refunded was $168.00, back to your card.', refunded, { tools: ['refund_order'] });
    expect(r.confirmed.map((c) => c.tool)).toEqual(['refund_order']);
    expect(flagged(r)).toEqual(['refund_order:args_mismatch']);
  });
});

describe('quoted titles listed after a claim', () => {
  it('judges the title on a line the claim introduces', () => {
    const filed = ledger({ tool: 'create_ticket', args: { title: 'Checkout spinner hangs on Chrome', priority: 'high' }, result: { key: 'WEB-2291' } });
    const reply = (title: string): string => `I created a new ticket:\n- Ticket: WEB-2291, '${title}'\n- Priority: High`;
    expect(flagged(check(reply('Checkout spinner hangs on Safari'), filed, { tools: ['create_ticket'] }))).toEqual(['create_ticket:args_mismatch']);
    expect(flagged(check(reply('Checkout spinner hangs on Chrome'), filed, { tools: ['create_ticket'] }))).toEqual([]);
  });
});

describe('an event the user reported before this run', () => {
  const tools = [{ name: 'import_transactions', description: 'Import bank transactions into the ledger.' }, { name: 'find_transactions', description: 'Look up transactions.' }];
  const found = ledger({ tool: 'find_transactions', args: { payee: 'Square' }, result: { rows: [{ id: 10214 }, { id: 10217 }] } });

  it('reads a passive statement of the act the user said happened ("got imported") as confirming their account, not a claim', () => {
    const r = check('The Square fee on May 12 was imported twice.', found, { tools, request: 'I think a Square fee got imported twice in May. Find it.' });
    expect(flagged(r)).toEqual([]);
  });

  it('still flags it when the user only asked for the act or asked whether it happened', () => {
    expect(flagged(check('The Square fee on May 12 was imported.', found, { tools, request: 'Import the Square fee from May 12.' }))).toEqual(['import_transactions:not_called']);
    expect(flagged(check('The Square fee on May 12 was imported.', found, { tools, request: 'The fee was imported? Please check.' }))).toEqual(['import_transactions:not_called']);
  });
});

describe('a verbless outcome about a name a call was given', () => {
  const tools = [
    { name: 'server_create', description: 'Create a server from an image.' },
    { name: 'server_status', description: 'Show the status of a server.' },
    { name: 'server_reboot', description: 'Reboot a server.' },
  ];
  const request = 'Spin up api-node-7 in eu-1 from the base image.';
  const reply = 'api-node-7 is up and running in eu-1.';

  it('is about the acting tool whose call was given that name', () => {
    const failed = ledger({ tool: 'server_create', args: { name: 'api-node-7', zone: 'eu-1' }, status: 'error', result: { error: 'quota exceeded' } });
    expect(flagged(check(reply, failed, { tools, request }))).toEqual(['server_create:tool_failed']);
    const made = ledger({ tool: 'server_create', args: { name: 'api-node-7', zone: 'eu-1' } });
    expect(check(reply, made, { tools, request }).confirmed.map((c) => c.tool)).toEqual(['server_create']);
  });

  it('is about no tool when two acting tools were given the name, or only a lookup was', () => {
    const both = ledger({ tool: 'server_create', args: { name: 'api-node-7' }, status: 'error' }, { tool: 'server_reboot', args: { name: 'api-node-7' }, status: 'error' });
    expect(flagged(check(reply, both, { tools, request }))).toEqual([]);
    const looked = ledger({ tool: 'server_status', args: { name: 'api-node-7' }, status: 'error' });
    expect(flagged(check(reply, looked, { tools, request }))).toEqual([]);
  });
});

describe('a claim no tool fits that states a file a call wrote', () => {
  const tools = [{ name: 'export_ledger', description: 'Export the books of one month.', parameters: { type: 'object', properties: { month: { type: 'string' }, target: { type: 'string' } } } }];

  it('is judged on its values against that call', () => {
    const wrote = ledger({ tool: 'export_ledger', args: { month: '2025-04', target: '/Drive/Owner/april_statement.pdf' } });
    expect(flagged(check('The April statement is now in /Drive/Bookkeeper/april_statement.pdf.', wrote, { tools }))).toEqual(['export_ledger:args_mismatch']);
    expect(check('The April statement is now in /Drive/Owner/april_statement.pdf.', wrote, { tools }).confirmed.map((c) => c.tool)).toEqual(['export_ledger']);
  });
});

describe('an outcome that says where its subject is', () => {
  const tools = ['waitlist_add', 'lookup_guest'];
  const request = 'Put Ito on the waitlist for Friday.';
  const looked = (result: unknown): Ledger => ledger({ tool: 'lookup_guest', args: { name: 'Ito' }, result });

  it('is read off a lookup only when its results name the place', () => {
    expect(flagged(check('Your guest Ito is on the waitlist.', looked({ name: 'Ito', status: 'booked' }), { tools, request }))).toEqual(['waitlist_add:not_called']);
    expect(flagged(check('Your guest Ito is on the waitlist.', looked({ name: 'Ito', waitlist: true }), { tools, request }))).toEqual([]);
  });
});
