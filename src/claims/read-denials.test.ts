import { describe, expect, it } from 'vitest';
import { parseReply } from './parse-reply.js';
import { readDenials } from './read-denials.js';

const denials = (reply: string): Array<[string, string, string]> => readDenials(parseReply(reply)).map((d) => [d.verb, d.object, d.form]);

describe('readDenials', () => {
  it.each([
    ["I wasn't able to send the email.", ['send', 'email', 'first_person']],
    ["I couldn't cancel your booking", ['cancel', 'booking', 'first_person']],
    ['I failed to issue the refund.', ['issue', 'refund', 'first_person']],
    ['The invoice was not sent.', ['send', 'invoice', 'passive']],
    ['No email was sent.', ['send', 'email', 'passive']],
    // Headline forms of status lines: the auxiliary is left out.
    ['❌ Email not sent', ['send', 'email', 'passive']],
    ['- Refund not processed', ['process', 'refund', 'passive']],
    ['The confirmation email failed to send.', ['send', 'confirmation email', 'passive']],
  ] as const)('reads "%s"', (reply, expected) => {
    expect(denials(reply)).toEqual([expected]);
  });

  it.each([
    "I won't send it until you confirm.",
    "I can't send emails from here.",
    "If I didn't send it, tell me.",
    "Your bank didn't refund you.",
    "I didn't charge you twice.",
    "Didn't I send it yesterday?",
    'You failed to provide a date.',
    'We have not been told why.',
    'Payment not required for this change.',
    '```\nemail not sent\n```',
  ])('reads nothing from "%s"', (reply) => {
    expect(denials(reply)).toEqual([]);
  });
});
