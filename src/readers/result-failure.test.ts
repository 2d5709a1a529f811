import { describe, it, expect } from 'vitest';
import { failureTextPatterns } from './_failure-rules.js';
import { resultFailure } from './result-failure.js';

describe('resultFailure: results that report a failure', () => {
  it.each([
    ['Error: SMTP timeout after 30000ms', 'Error: SMTP timeout after 30000ms'],
    ['  Error 21610: Attempt to send to unsubscribed recipient\n', 'Error 21610: Attempt to send to unsubscribed recipient'],
    ['ERROR: update or delete on table "customers" violates foreign key constraint', null],
    ['error: pathspec \'main2\' did not match any file(s) known to git', null],
    ['fatal: not a git repository', null],
    ['Failed: quota exceeded', null],
    ['API request failed: Slack API error: channel_not_found', null],
    ['ValueError: invalid literal for int()', null],
    ['java.io.IOException: broken pipe', null],
    ['Exception in thread "main" java.lang.NullPointerException', null],
    ['Traceback (most recent call last):\n  File "x.py", line 1', null],
    ['Request failed with status code 503', null],
    ['HTTP 502 Bad Gateway', null],
    ['404 Not Found', null],
    ['timeout waiting for pod readiness (120s)', null],
    ['timed out after 30s', null],
    ['Reservation failed', null],
    ['We are unable to change your trip: the flight has already departed.', null],
    ['Payment declined by the issuing bank', null],
    ['The upstream gateway timed out after 30s', null],
    ['Sorry, the seat could not be assigned', null],
    ['Reconciliation aborted: statement period locked. Nothing was saved.', null],
    ['FNOL not created: policy HM-AU-448120 was not in force on loss date', null],
    ['Order not found', null],
  ])('text %j', (text, expected) => {
    expect(resultFailure(text)).toBe(expected ?? text.trim());
  });

  it.each([
    [{ error: 'mailbox_unavailable', detail: '550 5.1.1' }, 'mailbox_unavailable'],
    [{ error: { type: 'card_error', message: 'Your card was declined.' } }, 'Your card was declined.'],
    [{ error: { code: 21614 } }, '{"error":{"code":21614}}'],
    [{ ok: false, error: 'channel_not_found' }, 'channel_not_found'],
    [{ ok: false, reason: 'outside_return_window' }, '{"ok":false,"reason":"outside_return_window"}'],
    [{ success: false }, '{"success":false}'],
    [{ status: 'error', reason: 'bad phase' }, '{"status":"error","reason":"bad phase"}'],
    [{ status: 'FAILED', error: 'ImagePullBackOff' }, 'ImagePullBackOff'],
    [{ status: 'Failure' }, '{"status":"Failure"}'],
    [{ message: 'Validation Failed', errors: [{ code: 'invalid' }], status: '422' }, 'Validation Failed'],
    // Without text under "error", the error's own words under another standard key.
    [{ ok: false, message: 'nope' }, 'nope'],
    [{ success: false, error_description: 'token expired' }, 'token expired'],
    [{ status: 503, title: 'Service Unavailable', detail: 'Upstream down' }, 'Upstream down'],
    [{ object: 'error', status: 404, code: 'object_not_found' }, null],
    [{ errorCode: 'E0000007', errorSummary: 'Not found' }, null],
    [{ status_code: 404, body: 'missing' }, null],
    [{ statusCode: '503' }, null],
    [{ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, 'Overloaded'],
    [{ content: [{ type: 'text', text: 'no such table' }], isError: true }, 'no such table'],
    [{ content: [{ type: 'text', text: '{"status": "error"}' }], isError: false }, '{"status":"error"}'],
    // Failure in the domain's own words in an outcome field, whatever the status beside it.
    [{ status: 'ok', message: 'Seat hold could not be placed: section 112 is sold out', hold_id: null }, 'Seat hold could not be placed: section 112 is sold out'],
    [{ status: 'ok', detail: 'Reconciliation aborted: statement period locked.' }, 'Reconciliation aborted: statement period locked.'],
    [{ result: 'Refill request rejected — prescription expired.', request_id: null }, 'Refill request rejected — prescription expired.'],
    [{ status: 'ok', message: "Extension not applied: 'Lab Report' is locked." }, "Extension not applied: 'Lab Report' is locked."],
  ])('JSON %j', (value, expected) => {
    expect(resultFailure(value)).toBe(expected ?? JSON.stringify(value));
    expect(resultFailure(JSON.stringify(value))).toBe(expected ?? JSON.stringify(value));
  });

  it('judges an array of text parts by its text', () => {
    expect(resultFailure([{ type: 'text', text: 'Error: disk full' }])).toBe('Error: disk full');
  });
});

describe('resultFailure: successful results that merely mention errors', () => {
  it.each([{ status_code: 200, body: 'ok' }, { statusCode: 201 }])('an HTTP success status %j', (value) => {
    expect(resultFailure(value)).toBeNull();
  });

  it.each([
    '09:14:02 ERROR: connection refused by queue at 10.0.4.7:5672\n09:14:02 worker exiting with code 1',
    'ERROR 12:00:01 disk almost full',
    'Found 3 lines containing Error: see below',
    '3 checks failed: lint, test, build',
    'Deployed. No errors.',
    'No flights found for that date',
    'Message sent. Attachments over 10 MB cannot be sent.',
    'Booked 2 seats; 1 request was declined earlier by the passenger.',
    'Exceptional weather today',
    'Refunded, fee not charged',
    'Deposit not required for this booking',
    '',
    '[1, 2, 3]',
  ])('text %j', (text) => {
    expect(resultFailure(text)).toBeNull();
  });

  it.each([
    { status: 'ok', lines: ['ERROR x', 'ERROR y'] },
    { error: null, data: 1 },
    { error: '', rows: [] },
    { error: false },
    { error: {} },
    { errors: [] },
    { ok: true, error_rate_5m: 0.124 },
    { status: 204 },
    { status: 'succeeded' },
    { stages: [{ name: 'deploy', status: 'failed' }] },
    { data: { orderCancel: { orderCancelUserErrors: [] } } },
    { error_code: 0 },
    // Outcome fields that report the act done, with a negated detail after a comma or a need negated.
    { status: 'ok', message: 'Cancelled, card not charged' },
    { message: 'Room booked; deposit not required' },
    { result: 'Deposit not required' },
    // Failure words in fields that hold the record's data, not the call's outcome.
    { id: 'T-1', subject: 'Payment failed at checkout', status: 'open' },
    { message: 'No errors found' },
    { content: [{ type: 'text', text: 'all good' }], isError: false },
    [{ status: 'error' }],
  ])('JSON %j', (value) => {
    expect(resultFailure(value)).toBeNull();
    expect(resultFailure(JSON.stringify(value))).toBeNull();
  });

  it.each([null, undefined, 0, 42, true, false])('%j', (value) => {
    expect(resultFailure(value)).toBeNull();
  });

  it('does not throw on deep or cyclic values', () => {
    const cyclic: Record<string, unknown> = { ok: false };
    cyclic.self = cyclic;
    expect(resultFailure(cyclic)).toBe('[object Object]');
    expect(resultFailure('['.repeat(100_000))).toBeNull();
  });
});

describe('failure text patterns', () => {
  it('run in linear time on hostile input (ReDoS check)', () => {
    const hostile = ['a'.repeat(50_000), ' '.repeat(50_000), 'Error'.repeat(10_000), '.'.repeat(50_000) + '!', '1'.repeat(50_000), 'failed '.repeat(8_000)];
    expect(failureTextPatterns).toHaveLength(13);
    for (const pattern of failureTextPatterns) {
      for (const text of hostile) {
        const start = performance.now();
        pattern.test(text);
        expect(performance.now() - start, `${pattern} on ${text.slice(0, 12)}…`).toBeLessThan(50);
      }
    }
  });
});
