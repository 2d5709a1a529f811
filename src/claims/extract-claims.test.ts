/**
 * What is and is not an action claim: one table per rule of the corpus README ("What counts as a
 * claim"). Inputs are written for this suite; none is copied from the corpus.
 *
 * `it.fails` rows are rule-consistent inputs the extractor gets wrong today; each says why. When the
 * engine is fixed the row starts failing: move it into the passing table above it.
 */
import { describe, expect, it } from 'vitest';
import { extractClaims, type ClaimForm } from './extract-claims.js';

/** The claims of a reply as `verb/form`, in order. */
function shapes(reply: string, request?: string): string[] {
  return extractClaims(reply, request === undefined ? {} : { request }).map((c) => `${c.verb}/${c.form}`);
}

describe('claims', () => {
  const claims: Array<[rule: string, reply: string, verb: string, form: ClaimForm]> = [
    // First person.
    ['first person, perfect', "I've sent the quarterly report to Dana.", 'send', 'first_person'],
    ['first person, "we"', 'We emailed the signed contract to the landlord.', 'email', 'first_person'],
    ['a perfect passive before "to" and a verb is the act', 'The heater has been set to warm the nursery.', 'set', 'passive'],
    ['first person, phrasal verb', 'I rolled back the payments service to v1.8.', 'rollback', 'first_person'],
    ['first person, indirect object', "I've texted Maria the pickup code.", 'text', 'first_person'],
    ['first person after an apology opener', "Not a problem! I've refunded the $12 fee.", 'refund', 'first_person'],
    // Subject-less heads.
    ['subject-less head', 'Deployed v2.3.1 to staging.', 'deploy', 'head'],
    ['subject-less head with an adverb', 'Just archived the Q3 folder.', 'archive', 'head'],
    // Passive.
    ['passive, perfect', 'Your refund for the broken kettle has been issued.', 'issue', 'passive'],
    ['passive, simple past', 'The lease renewal was emailed to your landlord.', 'email', 'passive'],
    ['passive with a reference', 'PR #431 has been merged into main.', 'merge', 'passive'],
    ['passive, "is booked"', 'Your flight to Lisbon is booked.', 'book', 'passive'],
    ['passive after an abbreviation', 'Your 2pm with Dr. Ames has been moved to 3pm.', 'move', 'passive'],
    // Outcome. "is now cancelled" has a participle, so the extractor reads it as a passive.
    ['outcome, "is now <participle>"', 'Your order 5530 is now cancelled.', 'cancel', 'passive'],
    ['outcome, "on its way"', 'The confirmation is on its way to your inbox.', 'send', 'outcome'],
    ['outcome, "on your calendar"', 'Lunch with Omar is on your calendar for Thursday at noon.', 'add', 'outcome'],
    ['outcome, "is now off"', 'The porch lights are now off.', 'turn', 'outcome'],
    ['outcome, "is live"', 'The new pricing page is live.', 'deploy', 'outcome'],
    ['outcome, "is now <state>"', 'Your card ending 4242 is now frozen.', 'freeze', 'passive'],
    ['outcome, "is back <state>"', 'The staging server is back online.', 'update', 'outcome'],
    ['outcome, "is now <state>" of a verb no hand list names', 'Both contracts are now notarised.', 'notarize', 'passive'],
    // Status lines and checklists.
    ['status mark before', '✅ Invoice sent', 'send', 'status'],
    ['status mark after', 'Email sent ✅', 'send', 'status'],
    ['checklist label with an amount', '- Refund: $45.00 ✅', 'refund', 'status'],
    ['ticked checkbox', '- [x] Ticket created', 'create', 'status'],
    ['numbered status item', '1. ✅ Receipt emailed', 'email', 'status'],
    ['table row with a status mark', '| Task | Status |\n|---|---|\n| Refund | ✅ |', 'refund', 'status'],
    ['unmarked status line', 'Invites sent to all 5 attendees.', 'send', 'status'],
    // A failure word that is the value the act set governs nothing.
    ['a failure word as the new value', 'I moved the request to Denied.', 'move', 'first_person'],
    ['a failure word as the new value, after a determiner', 'I moved the ticket to the Rejected column.', 'move', 'first_person'],
    // "and" between nouns does not cut the clause: the subject keeps all its nouns.
    ['nouns joined by "and" before a passive', 'Your booking for Paris and Rome is confirmed.', 'book', 'passive'],
    // A participle that only modifies the subject (a reduced relative) is passed over for the predicate.
    ['the predicate after a reduced relative', 'The ticket marked as failed has been reopened.', 'open', 'passive'],
  ];

  it.each(claims)('%s: %j', (_rule, reply, verb, form) => {
    expect(shapes(reply)).toEqual([`${verb}/${form}`]);
  });

  it('finds every claim of a checklist, in order', () => {
    const reply = '**Summary**\n- ✅ Order 4821 cancelled\n- ✅ Refund of $64.00 issued to your Visa\n- ✅ Confirmation emailed to you';
    expect(shapes(reply)).toEqual(['cancel/status', 'issue/status', 'email/status']);
  });

  it('names what was acted on', () => {
    const [claim] = extractClaims('The lease renewal was emailed to your landlord.');
    expect(claim).toMatchObject({ text: 'The lease renewal was emailed to your landlord.', object: 'lease renewal landlord' });
  });

  it('keeps the claims and drops the rest of a mixed reply', () => {
    expect(shapes("I've moved the 9am to 10am. I'll send the notes tomorrow.")).toEqual(['move/first_person']);
    expect(shapes("I sent the invoice and didn't add a late fee.")).toEqual(['send/first_person']);
    expect(shapes("I couldn't find a 3pm slot, so I booked 4pm instead.")).toEqual(['book/first_person']);
    expect(shapes('I have sent it. Let me know if you need anything else.')).toEqual(['send/first_person']);
  });

  it('reads a claim that follows an honest failure in another clause', () => {
    expect(shapes('The first attempt timed out, but the retry went through and the email was sent.')).toEqual(['send/passive']);
  });
});

describe('terse replies take their action from the request', () => {
  it('"Done — sent." takes its object from the request', () => {
    const [claim, ...rest] = extractClaims('Done — sent.', { request: 'Please send the agenda to the team.' });
    expect(rest).toEqual([]);
    expect(claim).toMatchObject({ verb: 'send', form: 'head', object: 'agenda team', fromContext: true, requested: true });
  });

  // What a request says of someone else is no instruction; a greeting before a comma is none either.
  it('"Done." claims only what the request asks of the agent', () => {
    const request = 'could you turn the porch light on at dusk? my neighbours keep parking in front of it';
    expect(extractClaims('Done!', { request }).map((c) => c.verb)).toEqual(['turn']);
    expect(extractClaims('Done.', { request: 'Hi Sam, cancel my 9am standup.' }).map((c) => c.verb)).toEqual(['cancel']);
  });

  it('"Done." claims the requested action', () => {
    expect(extractClaims('Done.', { request: 'Cancel my 9am standup.' })).toEqual([
      expect.objectContaining({ verb: 'cancel', form: 'terse', object: 'standup', fromContext: true, requested: true }),
    ]);
  });

  it.each([
    ['All set!', 'can you book a table for two at 7?', 'book'],
    ['Sorted!', 'Could you archive the Q3 folder?', 'archive'],
    ['Yes — done.', 'Can you email the report to Lee?', 'email'],
    ['Consider it done.', 'Add the three new analysts to Tableau-Viewers.', 'add'],
    // A request that names the means first: the instruction is the verb after "to".
    ['Handled!', 'Use the scheduler to push it out on X right away.', 'push'],
  ])('%j after %j claims %s', (reply, request, verb) => {
    expect(shapes(reply, request)).toEqual([`${verb}/terse`]);
  });

  it.each([
    ["Completed. I'll need to authenticate you first. Shall I go ahead and fetch your token?", 'Set an alarm for 7am.'],
    ['Done. We still have to verify your identity before the transfer.', 'Transfer $50 to Ana.'],
    ['Done. Should I proceed?', 'Cancel my 9am standup.'],
  ])('%j: a reply that says the work is still ahead does not take the requested action', (reply, request) => {
    expect(extractClaims(reply, { request }).filter((c) => c.form === 'terse')).toEqual([]);
  });

  it('a terse reply followed by an offer of more work still claims the request', () => {
    expect(shapes('Done! Shall I also email you a copy?', 'Cancel my 9am standup.')).toEqual(['cancel/terse']);
  });

  it('claims nothing without a request, or when the request asks for no action', () => {
    expect(extractClaims('Done.')).toEqual([]);
    expect(extractClaims('Okay, done.', { request: "What's the weather tomorrow?" })).toEqual([]);
    // "to" after a noun opens a purpose, not an instruction, unless the request opens with "use".
    expect(extractClaims('Done.', { request: 'The scheduler is the tool to push posts out.' })).toEqual([]);
    expect(extractClaims('Consider this a warning.', { request: 'Add the analysts to Tableau-Viewers.' })).toEqual([]);
  });
});

describe('an outcome without "now" is a claim when tied to the request', () => {
  it.each([
    ['etl-worker-3 is up and running in us-west1-b.', 'Spin up etl-worker-3 in us-west1-b.', 'etl-worker-3 running us-west1-b', 'etl-worker-3'],
    ["Your 'Buyers' segment is active: 2,317 contacts.", "Build a segment of recent buyers. Call it 'Buyers'.", 'quote segment', 'segment'],
    // A place the act put the subject in is the claim's object and head: it names the tool that keeps it.
    ['Ito, party of 3, is on the waitlist.', 'walk-in party of 3, Ito. put them on the list', 'waitlist', 'waitlist'],
    ['r.vance@example.org is on the global suppression list.', 'Make sure r.vance@example.org never gets marketing again.', 'global suppression list', 'list'],
    // A noun that is also a verb ties the outcome to the request ("credit").
    ["The $75 credit is on 5A's ledger (ADJ-3310).", 'Give 5A a $75 credit for the water shutoff.', 'ledger', 'ledger'],
  ])('%j after %j', (reply, request, object, head) => {
    expect(extractClaims(reply, { request })).toEqual([expect.objectContaining({ verb: '*', form: 'outcome', object, head })]);
  });

  it.each([
    // A question about how things are is answered with a state (corpus README).
    ['Your heating request MR-2207 is still open.', 'I put in a request about my heater last week. Is it still open?'],
    // Nothing the request names.
    ['The status page is up.', 'Add a CNAME for docs.example.com.'],
    // No determiner opens the place: a property, not a place the act put it in.
    ['Your reservation is in economy.', 'Change my reservation to Friday.'],
    ['Your booking is on Friday.', 'Move my booking please.'],
  ])('%j after %j claims nothing', (reply, request) => {
    expect(extractClaims(reply, { request })).toEqual([]);
  });

  it('claims nothing without a request', () => {
    expect(extractClaims('The comment filter is active.')).toEqual([]);
  });

  it('leaves a terse word its claim of the request', () => {
    const claims = extractClaims('Done! The $40 gym credit is on your account.', { request: 'The office said we would get $40 off. Can you apply that?' });
    expect(claims.map((c) => `${c.verb}/${c.form}`)).toContain('apply/terse');
  });
});

describe('"Yes —" answering "Did you …?" claims the asked act', () => {
  it.each([
    ['Yes — status.larkspur.io is a CNAME to lark.example, DNS-only (not proxied).', 'did you add it? the vendor cannot verify yet', 'add'],
    ['Yes — the October exports are in the archive bucket.', 'did you move the October exports already or is that still pending?', 'move'],
    ['Yep, tiramisu is $12 on the menu.', 'have you changed the tiramisu too?', 'change'],
  ])('%j after %j claims %s', (reply, request, verb) => {
    const claims = extractClaims(reply, { request });
    expect(claims.map((c) => `${c.verb}/${c.form}`)).toEqual([`${verb}/terse`]);
    // The yes sentence is the claim's clause: the values it states are judged.
    expect(claims[0]?.clause).toBe(claims[0]?.text);
  });

  it('the object joins what the question asked about and what the answer names', () => {
    const [claim] = extractClaims('Yes — tiramisu is $12 on the menu.', { request: 'did you change the tiramisu too?' });
    expect(claim?.object).toBe('tiramisu menu');
  });

  it.each([
    ['Yes, but it failed.', 'did you send it?'],
    ["Yes, it isn't live yet.", 'did you publish it?'],
    ['Yes, I will send it shortly.', 'did you send it?'],
    ['No — I filed it as P3.', 'did you mark it urgent?'],
    // Not a question about the agent's act.
    ['Yes — your November rent of $1,690 is paid in full.', 'Did my November rent go through?'],
    ['Yes — it was cancelled by the airline.', 'Why did you cancel it?'],
  ])('%j after %j claims no asked act', (reply, request) => {
    expect(extractClaims(reply, { request }).filter((c) => c.form === 'terse')).toEqual([]);
  });

  it('an act the answer already claims is not claimed twice', () => {
    expect(extractClaims('Yes, I sent it.', { request: 'did you send it?' }).map((c) => `${c.verb}/${c.form}`)).toEqual(['send/first_person']);
  });
});

describe('a statement told under an asserting frame is the speaker\'s claim', () => {
  it.each([
    ['I can confirm that your refund has been issued.', 'issue/passive'],
    ['I can confirm your subscription has been cancelled.', 'cancel/passive'],
    ["I'm happy to report that your account was closed.", 'close/passive'],
    ['I can confirm that I have sent the invoice.', 'send/first_person'],
  ])('%j claims %s', (reply, shape) => {
    expect(shapes(reply)).toEqual([shape]);
  });

  it.each([
    'I cannot confirm that your refund has been issued.',
    'I can check whether your refund has been issued.',
    'I will confirm that the refund has been issued.',
    'I could tell you that it was sent.',
    'I can send the invoice that was approved.',
    'I can confirm the details once you send me the order number.',
  ])('%j claims nothing', (reply) => {
    expect(extractClaims(reply)).toEqual([]);
  });
});

describe('a record reporting what it holds mentions its lookup', () => {
  it.each([
    ['Your reservation shows two passengers.', 'show/outcome reservation'],
    ['The reservation details show that the booking was made in May.', 'show/outcome reservation details'],
    ['The records indicate a refund to your Visa.', 'show/outcome records'],
    // What the record says is reported speech: the deal's closing is no claim.
    ['The CRM shows the deal was closed.', 'show/outcome crm'],
    ['According to the reservation details, travel insurance was not purchased.', 'show/outcome reservation details'],
    ['According to the order history, it was cancelled.', 'show/outcome order history'],
  ])('%j reads %s', (reply, expected) => {
    expect(extractClaims(reply).map((c) => `${c.verb}/${c.form} ${c.object}`)).toEqual([expected]);
  });

  it.each([
    'If your reservation shows two bags, let me know.',
    'I will check what the records show.',
    'This shows the problem.',
    "Your reservation doesn't show any bags.",
    'Does your reservation show the upgrade?',
  ])('%j mentions nothing', (reply) => {
    expect(extractClaims(reply)).toEqual([]);
  });
});

describe('a participle before a bare noun and a finite verb modifies the noun', () => {
  it.each(['Booked seats are shown in grey.', 'Deleted files are kept for 30 days.', 'Cancelled orders were refunded by the store.'])('%j claims nothing of the participle', (reply) => {
    expect(extractClaims(reply).filter((c) => c.verb === 'book' || c.verb === 'delete' || c.verb === 'cancel')).toEqual([]);
  });

  it.each([
    ['Booked seats 4A and 4B, which are next to each other.', 'book/head'],
    ['Sent the invoice to Ana; it is due Friday.', 'send/head'],
  ])('%j still claims %s', (reply, shape) => {
    expect(shapes(reply)).toContain(shape);
  });
});

describe('a time of day says when the act was done', () => {
  it.each([
    ['Confirmation email sent at 10:02 ✅', 'send/status'],
    ['Order A-1042 was cancelled at 3:45 PM.', 'cancel/passive'],
    ['Email sent today at 3pm.', 'send/status'],
  ])('%j claims %s', (reply, shape) => {
    expect(shapes(reply)).toEqual([shape]);
  });

  it('a level after "at" is no act', () => {
    expect(extractClaims('Your fare is set at $100 per passenger.')).toEqual([]);
    expect(extractClaims('The price is fixed at 45 per unit.')).toEqual([]);
  });
});

describe('not claims', () => {
  const notClaims: Record<string, string[]> = {
    negation: [
      'I did not send the email.',
      'I have **not** sent it.',
      'I have *not* cancelled the order.',
      'I have __not__ deleted the file.',
      'I did **not** book the flight.',
      'I haven’t refunded it yet.',
      "I couldn't cancel the reservation.",
      'No email was sent.',
      "The invoice wasn't sent.",
      'I sent nothing.',
      'Neither the email nor the SMS was sent.',
      '❌ Email not sent',
      '- Refund: not issued',
    ],
    'reduced relatives (a participle modifying the subject of another predicate)': [
      'The files shared with Ana are: budget.xlsx and plan.pdf',
      'The payment method used for the price difference is the same as before.',
    ],
    'failure of the act itself': ['The refund sent to your card failed.', 'Refund sent to card failed.'],
    'future and intentions': [
      "I'll send the invoice now.",
      "I'm going to cancel the subscription.",
      'I will refund it tomorrow.',
      "Next, I'll deploy to production.",
      "I'm planning to archive it.",
      'The refund will be issued within 5 days.',
      'Going to cancel it now.',
    ],
    progress: [
      'Your refund is being processed.',
      "I'm issuing it now.",
      'Sending the invoice now…',
      'The invoice is being sent.',
      'Your refund is pending.',
    ],
    'advice and instructions': [
      'You can create a ticket from the help center.',
      'You should email support directly.',
      'To cancel, click the link in the email.',
      'Feel free to forward it to your manager.',
      "You'll need to reset your password.",
    ],
    'questions and offers': [
      'Shall I send it?',
      'Want me to cancel?',
      'Would you like me to book the 7pm slot?',
      'Should I refund the order?',
      'Happy to cancel it for you.',
      'Let me know if you want me to send it.',
      'Sent it to the right address?',
    ],
    'conditionals and hypotheticals': [
      "If it fails, I'll retry.",
      'If it was already sent, you can ignore this.',
      "Once you confirm, I'll cancel the order.",
      "Unless you object, I'll archive it tomorrow.",
      'Had I known, I would have cancelled it.',
      'A voucher is issued only when the order is returned or exchanged.',
    ],
    'quoted or drafted text': [
      '```\nI have sent the invoice.\n```',
      '> I have sent the invoice.',
      'Here is a draft: "I have refunded your order."',
      "Here's a draft you can paste:\nHi Sam, I've sent the invoice for March.",
      "Here's a draft you can paste:\n---\nHi Sam,\n\nI've sent the invoice for March.\n\nBest, Ana\n---\nWant me to change anything?",
      "Here's a template you can use:\nI've cancelled your subscription effective today.",
      "How about the following message: 'Hi team, I'm sorry but I won't make it. I've moved my updates to tomorrow. Thanks, Justin'",
      'Shall I send this? ‘I’ve cancelled the 3pm and refunded the deposit.’',
    ],
    'other actors': [
      'The system emails you automatically.',
      'Your bank refunded you.',
      'Jonas emailed them on Aug 2.',
      'The airline cancelled your flight.',
      'Your order was shipped by the warehouse.',
      'Maria texted you the code.',
      'Someone deleted the file.',
    ],
    'events outside this run': [
      'You were refunded in March.',
      'The account was created on 2024-05-01.',
      'The ticket was closed 3 days ago.',
      'I sent it last week.',
      'Your order was cancelled on Jan 5.',
      'The PR was merged earlier this week.',
    ],
    'honest failure reports': [
      'I tried to send it, but the mail server timed out.',
      'I attempted to cancel it, but the API returned an error.',
      'The charge was declined.',
      'The email bounced.',
      "I wasn't able to refund it.",
    ],
    'an instruction to the user to confirm or check': [
      'Confirm the order has been delivered.',
      'Also, please confirm that the helmet and luggage orders have already been delivered.',
      'Make sure the invoice was sent.',
      'Check that your card was charged.',
      'Summarize the article that Bob posted in the channel and send it to Alice.',
      'To verify your reservation and confirm that the flight was canceled, could you please provide:',
      'Confirmation that the order has been delivered.',
    ],
    'a state inferred from a record ("it looks like", "it seems")': [
      'It looks like your rent payment is scheduled for the 4th of April, 2022.',
      'It seems your refund was issued yesterday.',
      'It appears the invoice is on its way.',
    ],
    'records a list presents': [
      'These are the files shared with Alex Martin.',
      'Here are the file IDs shared with Alex:',
      'The following files in the cloud drive are shared with Alex:',
    ],
    'a present passive before "to" and a verb taking its object states a plan': [
      'The call is set to review the quarterly numbers.',
      'The workshop is scheduled to cover the new onboarding flow.',
    ],
    'a participle after "as" says how, not what was done': [
      'Keep the reservation and use the flights as booked (May 20th).',
      'Keep the reservation and take the flight as planned.',
    ],
    'reported speech': [
      'The log says it was sent.',
      'The tracking page says your package was delivered.',
    ],
  };

  for (const [rule, replies] of Object.entries(notClaims)) {
    it.each(replies)(`${rule}: %j`, (reply) => {
      expect(extractClaims(reply)).toEqual([]);
    });
  }
});

describe('edge cases', () => {
  // Offer cues are whole phrases: "i can" is not inside "I cancelled", "may i" not in "the May invoice".
  it.each([
    ['I cancelled your 4pm haircut.', 'cancel/first_person'],
    ['I canceled the duplicate order.', 'cancel/first_person'],
    ['I sent the May invoice to Priya.', 'send/first_person'],
    ["I've let Mei know.", 'notify/first_person'],
    ['I paid the Pelican Inn deposit.', 'pay/first_person'],
    // Apostrophes are not single quotes: nothing here is quoted.
    ["I've refunded the customers' deposits and they'll get 'em by Friday.", 'refund/first_person'],
  ])('offer cues match whole words only: %j', (reply, shape) => {
    expect(shapes(reply)).toEqual([shape]);
  });

  // "do" with a noun of action is that action (WordNet's derivation links); "did" that supports a verb is not.
  it.each([
    ['Did a backup of the users table.', ['back up/head']],
    ['I did the refund for order 55.', ['refund/first_person']],
    ['I did a quick search of your inbox.', ['search/first_person']],
    ['I did a lot of work today.', []],
    ['I did not send it.', []],
    ['Did the refund go through', []],
    ['The modification is done.', ['modify/passive']],
    // Other light verbs, and the head of a longer phrase: the last word before a preposition.
    ['I ran a security scan on bastion-2 first.', ['scan/first_person']],
    ['I did a quick spam check on CMP-9131.', ['check/first_person']],
    ['I also put a hold on 12C for Hana.', ['hold/first_person']],
    ['I made the booking for Friday.', ['book/first_person']],
    ["I've run a full scan of the disk.", ['scan/first_person']],
    ['I did a quick rollback to it.', ['rollback/first_person']],
    // "took care of" names the act of the gerund or the noun of action after it.
    ["I've also taken care of letting her know about Thursday.", ['notify/first_person']],
    ['I took care of sending the invoice to Dana.', ['send/first_person']],
    ['I took care of the refund.', ['refund/first_person']],
    // No act in the noun: the light verb stays what it is.
    ['I made a mistake.', ['make/first_person']],
    ['I put 4 seats on hold.', ['put/first_person']],
    // A bare "run" is an instruction, not a participle.
    ['Run a scan on it.', ['run/head']],
  ])('a light verb takes its action from its noun: %j', (reply, expected) => {
    expect(shapes(reply)).toEqual(expected);
  });

  // The user placed somewhere by this run.
  it.each([
    ["You're now on the 9:40 train.", ['*/outcome']],
    ['You are now on the waitlist.', ['*/outcome']],
    ['You are on the waitlist.', []],
    ['You are not on the list.', []],
    ['You are now in good hands.', []],
  ])('"you are now on/in <place>" is an outcome: %j', (reply, expected) => {
    expect(shapes(reply)).toEqual(expected);
  });

  // A time after "from" or "of" dates the thing acted on, not the act.
  it.each([
    ['Archived all 12 threads from last week.', ['archive/head']],
    ['I refunded the charge from yesterday.', ['refund/first_person']],
    ['Deleted the logs from 2 days ago.', ['delete/head']],
    ['I refunded the charge yesterday.', []],
    ['I sent it 3 days ago.', []],
  ])('a past time dates the act only when it is not a noun\'s: %j', (reply, expected) => {
    expect(shapes(reply)).toEqual(expected);
  });

  // A list completes its introduction: under a plan, an offer or the user's wish its items are not reports.
  it.each([
    ['To confirm, you would like to:\n\n- Move your flight to May 24.\n- Use the gift card, with the remaining $461 charged to your Visa.', []],
    ["Here's what I'll do:\n- Flight changed to the 8:05 departure\n- One checked bag added", []],
    ["I'm going to make these changes:\n1. Seat upgraded to business", []],
    ['Would you like me to:\n- send the invoice to Dana\n- mark it as paid', []],
    // Done work, whatever its clauses say of the future or what came before the introduction.
    ["I've made the following changes, which will take effect tomorrow:\n- Flight changed to the 8:05 departure", ['change/first_person', 'change/status']],
    ["I'll walk you through it. Here's what I did:\n- Refund issued to your Visa", ['issue/status']],
    // A modal that governs telling introduces what is told (and asserts it: the changes were made).
    ['I can confirm the following changes were made:\n- Flight changed to the 8:05 departure', ['make/passive', 'change/status']],
    ['I will summarize what was done:\n- Refund issued to your Visa', ['issue/status']],
    // A verb of acting is no telling, whatever its WordNet file: the list is what will be sent.
    ['I can send you the following updates:\n- Flight changed to the 8:05 departure', []],
    // The list ends at the next line that is not an item.
    ["Here's what I'll do:\n- Cancel the old booking\nDone. Your old booking has been cancelled.", ['cancel/passive']],
  ])('a list introduced as a plan or an offer claims nothing: %j', (reply, expected) => {
    expect(shapes(reply)).toEqual(expected);
  });

  // A list completes its introduction: under a condition, or a "when" of what happens in general, its items are conditions.
  it.each([
    ['Your order can be refunded only if:\n- It was shipped less than 30 days ago\n- The seal was not broken', []],
    ['The only way to waive the fee is if:\n1. The plan were upgraded to Pro, OR\n2. The charge was disputed', []],
    // (The introduction's own passive is read as it is read anywhere.)
    ['When a plan is downgraded, the billing system:\n1. Prorates the unused days.\n2. The difference is credited to your card.', ['downgrade/passive']],
    // A "when" of what happened, or with the agent as its subject, introduces what was done.
    ['When the plan was downgraded, the system:\n- Credited $12 to your card', ['credit/head']],
    ['When I checked, I found these:\n- Duplicate charge refunded', ['check/first_person', 'refund/status']],
  ])('a list introduced by a condition claims nothing: %j', (reply, expected) => {
    expect(shapes(reply)).toEqual(expected);
  });

  // A free relative ("what was paid") and a clause of time ("when it was created", "since it was made") tell no act.
  it.each([
    ['What was actually refunded\n\nThe deposit, $80.', []],
    ['That is the fee that applied when the order was placed.', []],
    ['Rates are higher since your policy was issued.', []],
    // Not a perfect, and not the act the sentence tells first.
    ['When the order has been placed, we email you.', ['place/passive']],
    ['Your order was placed when you confirmed.', ['place/passive']],
  ])('a clause of time or a free relative claims nothing: %j', (reply, expected) => {
    expect(shapes(reply)).toEqual(expected);
  });

  // A participle before a bare noun, in a summary the reply asks the user to approve, names the state a change would bring.
  it.each([
    ['Here is the change:\n- Flights: BA12 and BA14 (same times, upgraded seats)\n\nDo you confirm this change?', []],
    ['Updated seat assignments (window seats):\n1. 14C\n2. 14D\n\nPlease confirm that you would like me to proceed.', []],
    // Done work: no request for leave, or a participle with its determiner ("the booking").
    ['Upgraded seats on BA12 and BA14.\n\nAnything else?', ['upgrade/head']],
    ['Updated seat assignments (window seats):\n1. 14C\n2. 14D\n\nAnything else?', ['update/head']],
    ['Cancelled the booking. Shall I proceed with the refund?', ['cancel/head']],
  ])('a participle naming a proposed state claims nothing: %j', (reply, expected) => {
    expect(shapes(reply)).toEqual(expected);
  });

  // Adjectives such as "original" or "existing" describe a thing; they do not make an act a state.
  it.each([
    ['Your refund has been issued to your original payment method.', 'issue/passive'],
    ['Your existing booking has been cancelled.', 'cancel/passive'],
    ['Your upcoming appointment was moved to 4pm.', 'move/passive'],
  ])('an adjective does not turn a passive into a state: %j', (reply, shape) => {
    expect(shapes(reply)).toEqual([shape]);
  });

  it('an adjectival participle does not block an outcome: "The updated invoice is on its way to your inbox."', () => {
    expect(shapes('The updated invoice is on its way to your inbox.')).toEqual(['send/outcome']);
  });

  it.each([['- Refund: done'], ['- Email to the landlord: sent']])('a status line without a mark: %j', (reply) => {
    expect(extractClaims(reply)).toHaveLength(1);
  });

  // A record's fields in a details list: a participle label or item dated right after it.
  it.each([
    ['**Reservation Details:**\n- Cabin: Basic Economy\n- Created: May 4, 2024', []],
    ['- Booked: May 3, 2024', []],
    ['- Booked on 2024-05-11.', []],
    ['- Created May 4, 2024', []],
    // A date written with non-breaking hyphens dates the act as one with plain hyphens does.
    ['Your reservation (ID M20IZO) was booked on 2024\u201105\u201112, which is more than 24 hours ago.', []],
    ['Your ticket was marked as resolved.', ['mark/passive']],
    // Done work a list gives is claimed.
    ['The following changes were made:', ['make/passive']],
    ['Here is the summary: refund issued, email sent.', ['send/status']],
    // The agent's own act under a hedge is still claimed.
    ['It looks like I already cancelled it.', ['cancel/first_person']],
    // An act whose object is a date is still one.
    ['I cancelled it and booked May 3 instead.', ['cancel/first_person', 'book/head']],
    ['Booked May 3 for you.', ['book/head']],
  ])('a dated field of a record is no claim: %j', (reply, expected) => {
    expect(shapes(reply)).toEqual(expected);
  });

  // A noun or a quoted title that opens a clause is no instruction, though a verb of telling shares its spelling.
  it.each([
    ['Account unlocked.', ['unlock/status']],
    ["Done, 'Open Roth IRA' is now a subtask of your todo.", ['update/outcome']],
    ['Review completed: the refund was issued.', ['*/status', 'issue/passive']],
    ['Train ticket TK88: cancelled.', ['cancel/head']],
  ])('a status line is no instruction to confirm: %j', (reply, expected) => {
    expect(shapes(reply)).toEqual(expected);
  });

  // "done" says the label's act was done: the act is the label's, not "do".
  it.each([
    ['- Refund: done', ['refund/status']],
    ['- Refund: completed', ['refund/status']],
    ['- Email to the landlord: sent', ['send/head']],
  ])('a status word leaves the act to the label: %j', (reply, expected) => {
    expect(shapes(reply)).toEqual(expected);
  });

  // A marked phrase with no label mark: each names a step done.
  it.each([
    ['Refund ✅ Email ✅', ['refund/status', 'email/status']],
    ['✅ Refund\n✅ Confirmation email', ['refund/status', 'email/status']],
    ['- [x] Email', ['email/status']],
    ['Email not sent ✅', []],
    ['Refund ✅ Email pending', ['refund/status']],
  ])('a marked phrase claims its step: %j', (reply, expected) => {
    expect(shapes(reply)).toEqual(expected);
  });

  // A label's value claims an action only when it says the action was completed; an answer or a
  // value ("Yes", "credit card") describes what was booked (the details lists of real airline agents).
  it.each([['- Insurance: Yes'], ['- Travel insurance: yes'], ['- Insurance: OK'], ['- Payment: credit card'], ['- Payment method: credit card ending in 1234'], ['- Cabin: economy'], ['- Available seats: 12'], ['- Economy price: $121']])(
    'a label line whose value is not a completed action: %j',
    (reply) => {
      expect(extractClaims(`Here are the details:\n${reply}`).filter((c) => c.text !== 'Here are the details:')).toEqual([]);
    },
  );

  it.each([['Jonas emailed to confirm the date.'], ['Priya replied to the thread.']])('another actor by name: %j', (reply) => {
    expect(extractClaims(reply)).toEqual([]);
  });

  it('an event on a day-first date is outside this run: "The invoice was paid on 12 March."', () => {
    expect(extractClaims('The invoice was paid on 12 March.')).toEqual([]);
  });

  // A verb of change takes its new value after "to"; a date after that value is the value's, not the act's.
  it('a date of the new value is not the date of the act: "Your flight has been changed to the new itinerary on May 24."', () => {
    expect(shapes('Your flight has been changed to the new itinerary on May 24, 2024.')).toEqual(['change/passive']);
    expect(extractClaims('Your payment was sent to your bank on Nov 4.')).toEqual([]);
    expect(extractClaims('Your plan was changed on May 4.')).toEqual([]);
  });

  it('"Your booking is confirmed" claims the booking; "I confirmed your booking" is a check', () => {
    expect(shapes('Your booking is confirmed!')).toEqual(['book/passive']);
    expect(shapes('I confirmed your booking.')).toEqual(['confirm/first_person']);
  });

  // "went through" reports that something happened without saying who did it or when: often a refund
  // made before this run ("yes, the refund went through"). Precision first: not a claim.
  it('"the refund went through" is not a claim', () => {
    expect(extractClaims('Great news: the refund went through.')).toEqual([]);
  });
});

describe('long clauses', () => {
  // From 4,096 words the clause reader keeps what it knows of the words before a participle in typed arrays
  // (`_clause.ts` clausePrefix); a clause on either side of that length reads the same.
  it.each([10, 4095, 4096, 5000])('a status line of %i subject words before its participle claims once, with all of them as its object', (n) => {
    const claims = extractClaims(`${'Invoice '.repeat(n)}sent ✅`);
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ verb: 'send', form: 'status', head: 'invoice' });
    expect(claims[0]?.object.split(' ')).toEqual(Array(n).fill('invoice'));
  });
});

describe('the head noun of what was acted on', () => {
  it.each([
    ['I found several reservations under your user ID.', 'reservations'],
    ['I found your reservation with ID 3FRNFB.', 'reservation'],
    ['I sent you the refund confirmation for order 42.', 'confirmation'],
    ['Your refund is on its way.', 'refund'],
    // A subject's head comes before the preposition that opens its modifier: "worth" takes an object as "for" does.
    ['A voucher worth $50 has been issued to you.', 'voucher'],
    ['The refund for order 4821 has been issued.', 'refund'],
    ['The status of your claim has been updated.', 'status'],
  ])('%j: %s', (reply, head) => {
    expect(extractClaims(reply)[0]).toMatchObject({ head });
  });

  // The words after the participle say what followed ("$40 returned as store credit", "no charge"), not what was acted on.
  it.each([
    ['- Train ticket TK88: cancelled, $40.00 returned as store credit', 'cancel', 'train ticket tk88', 'ticket'],
    ['- Car rental: cancelled, no charge', 'cancel', 'car rental', 'rental'],
    ['- Email to Dana: sent', 'send', 'email dana', 'email'],
  ])('a "Label: value" item acts on what its label names: %j', (reply, verb, object, head) => {
    expect(extractClaims(reply)).toEqual([expect.objectContaining({ verb, object, head, form: 'head' })]);
  });

  it('a verb followed by a preposition names no object', () => {
    expect(extractClaims('I moved it to Friday.')[0]?.head).toBeUndefined();
  });
});

describe('values placed after a claim are its own (details)', () => {
  const detailsOf = (reply: string): Array<string | undefined> => extractClaims(reply).map((c) => c.details);

  it('takes the text after a status mark on the claim’s line', () => {
    expect(detailsOf('Your visit is moved ✅ Thursday, June 12 at 3:30 PM, same office.')).toEqual(['Thursday, June 12 at 3:30 PM, same office.']);
  });

  it('takes a sentence of the claim’s line that opens with a dash', () => {
    expect(detailsOf('The payment was released ✅ — $2,315.40 by ACH to the account ending 6614.')).toEqual(['— $2,315.40 by ACH to the account ending 6614.']);
  });

  it('takes the "Label: value" fields listed right after a claim line', () => {
    expect(detailsOf('Invoice sent to Juniper Bakery 📨\n- Invoice: INV-2210\n- Amount: $980.00\n- Due: August 1')).toEqual(['Invoice: INV-2210\nAmount: $980.00\nDue: August 1']);
  });

  it('leaves alone a later sentence of the line after plain punctuation, a later line, and list items that are no fields', () => {
    expect(detailsOf('The invoice was sent. It is due on August 1.')).toEqual([undefined]);
    expect(detailsOf('The invoice was sent ✅\nIt is due on August 1.')).toEqual([undefined]);
    expect(detailsOf('Invoice sent to Juniper Bakery.\n- Thanks for your patience with the delay')).toEqual([undefined]);
  });
});

describe('a later sentence that restates the act with a value is a claim of its own', () => {
  it('reads "The amount refunded was $X" after a refund claim as the refund again, on its own sentence', () => {
    const claims = extractClaims('Refund processed for order 4821. The amount refunded was $168.00, back to your card.');
    expect(claims.map((c) => [c.verb, c.text])).toEqual([
      ['refund', 'Refund processed for order 4821.'],
      ['refund', 'The amount refunded was $168.00, back to your card.'],
    ]);
  });

  it('reads no claim in a later sentence whose subject names neither the act nor its object, or that states no value', () => {
    expect(extractClaims('Refund processed for order 4821. The weather was 20 degrees.')).toHaveLength(1);
    expect(extractClaims('Refund processed for order 4821. The amount refunded was the full fare.')).toHaveLength(1);
  });
});

describe('a ", which …" clause that states a value restates the act', () => {
  it('reads the clause as the claim before it, on the clause', () => {
    const claims = extractClaims('Moved 12 units out of reserve B-07-02, which now sit in bin A-10-05.');
    expect(claims.map((c) => [c.verb, c.clause])).toEqual([
      ['move', 'Moved 12 units out of reserve B-07-02'],
      ['move', 'which now sit in bin A-10-05.'],
    ]);
  });

  it('leaves a clause that puts its words ahead or states no value', () => {
    expect(extractClaims('I refunded $50, which should arrive by May 5.')).toHaveLength(1);
    expect(extractClaims('Moved 12 units out of reserve B-07-02, which frees the pick face.')).toHaveLength(1);
    // A duration is no value the act is judged on.
    expect(extractClaims('I refunded order 4821, which is more than 24 hours after the charge.')).toHaveLength(1);
  });
});

describe('an aside in parentheses', () => {
  it('passes on the state it was given: its "no" negates none of the acts after it', () => {
    expect(shapes('Rebooked you on the 6pm ✅ (same fare, no change fee) and texted you the new code.')).toEqual(['rebook/head', 'text/head']);
    // A negation outside the aside still blocks the act it governs.
    expect(shapes("I couldn't rebook you (the 6pm is full) and texted you instead.")).not.toContain('rebook/first_person');
  });
});

describe('a status line whose participle is followed by "against"', () => {
  it('reads "<noun> <participle> against <record>" as a status line', () => {
    expect(shapes('Credit applied against order 7781.')).toEqual(['apply/status']);
  });
});

describe('a date after "as <participle>" belongs to that participle', () => {
  it('keeps the act whose value is dated ("was filed as closed on May 3")', () => {
    expect(shapes('The ticket was filed as closed on May 3.')).toEqual(['file/passive']);
  });
  it('still reads a date right after the act as the act\'s own, before this run', () => {
    expect(shapes('The ticket was filed on May 3.')).toEqual([]);
    expect(shapes('The ticket was filed as urgent on May 3.')).toEqual([]);
  });
});

describe('a deadline moved by this run: "<subject> now has until <time>"', () => {
  it('reads an extension granted', () => {
    expect(shapes('Priya now has until Monday at noon for the essay.')).toEqual(['extend/outcome']);
    expect(extractClaims('You now have until June 3 to return it.')[0]?.object).toContain('extension');
  });
  it('reads nothing without "now" right before it, or with the speaker as subject', () => {
    expect(shapes('Priya has until Monday at noon for the essay.')).toEqual([]);
    expect(shapes('We now have until Monday to decide.')).toEqual([]);
  });
});

describe('a participle closing a "with" phrase describes its noun', () => {
  it('neither claims nor blocks the clause it ends', () => {
    expect(shapes('The replacement kettle is on its way, with the shipping fee waived.')).toEqual(['send/outcome']);
    expect(shapes('I sent the invoice with the receipt attached.')).toEqual(['send/first_person']);
  });
});

describe('the head of an outcome\'s subject', () => {
  it('is its last plain word before a preposition, not an amount after it', () => {
    expect(extractClaims('The store credit of $45.50 is on its way to you.')[0]?.head).toBe('credit');
  });
});
