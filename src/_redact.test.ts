import { describe, expect, it } from 'vitest';
import { hashValue, redactText } from './_redact.js';

describe('redactText: the documented rule for error text without capture', () => {
  it('removes emails, numbers of 4+ digits and secrets named in key=value or after a secret name', () => {
    expect(redactText('SMTP 550: mailbox bob.smith@example.com unavailable (PIN 4821)')).toBe('SMTP 550: mailbox [email] unavailable (PIN [redacted])');
    expect(redactText('Authorization: Bearer sk-abc123 failed')).toBe('Authorization: [redacted] [redacted] failed');
    expect(redactText('charge of $1,234.56 declined; card 4111 1111 1111 1111; api_key=sk_live_xyz retry in 30s')).toBe(
      'charge of $[number] declined; card [number] [number] [number] [number]; api_key=[redacted] retry in 30s',
    );
    expect(redactText('password: hunter2 wrong')).toBe('password: [redacted] wrong');
  });

  it('redacts the secret shapes error text commonly holds: JSON members, name:value, values in brackets, header names, linking words', () => {
    expect(redactText('upstream said {"api_key":"sk_live_51Hx9Qz","user":"anon"}')).toBe('upstream said {"api_key":"[redacted]","user":"anon"}');
    expect(redactText('bad body {"password": "hunter2"}')).toBe('bad body {"password": "[redacted]"}');
    expect(redactText('bad body {"password": "correct horse battery"} rejected')).toBe('bad body {"password": "[redacted] [redacted] [redacted]"} rejected');
    expect(redactText('login secret:hunter2 refused')).toBe('login secret:[redacted] refused');
    expect(redactText('GET /v1/items (api_key=abc123) failed')).toBe('GET /v1/items (api_key=[redacted]) failed');
    expect(redactText('GET https://api.example.com/v1?q=shoes&token=abc123 gave 401')).toBe('GET https://api.example.com/v1?q=[redacted]&token=[redacted] gave 401');
    expect(redactText('header x-api-key: abc123 is not valid')).toBe('header x-api-key: [redacted] is not valid');
    expect(redactText('the password is hunter2, try again')).toBe('the password is [redacted], try again');
    expect(redactText('clientSecret = s3cr3t; DB_PASSWORD was set to hunter2')).toBe('clientSecret = [redacted]; DB_PASSWORD was set to [redacted]');
    expect(redactText('Authorization: Basic dXNlcjpwYXNz denied')).toBe('Authorization: [redacted] [redacted] denied');
    expect(redactText('Set-Cookie: sid=abc; Path=/')).toBe('Set-Cookie: [redacted]; Path=[redacted]');
  });

  it('redacts credentials of known shapes wherever they stand, and leaves words that only contain a prefix', () => {
    expect(redactText('key sk-proj-AbC123xYz789 was revoked')).toBe('key [redacted] was revoked');
    expect(redactText('using ghp_16C7e42F292c6912E7710c838347Ae178B4a and AKIAIOSFODNN7EXAMPLE')).toBe('using [redacted] and [redacted]');
    expect(redactText('jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc expired')).toBe('jwt [redacted] expired');
    expect(redactText('{"key":"xoxb-1234-abcdefgh"}')).toBe('{"key":"[redacted]"}');
    expect(redactText('task_manager risk-assessment ASIA sk-')).toBe('task_manager risk-assessment ASIA sk-');
  });

  it('keeps what carries no value: short numbers, words, names of pairs', () => {
    expect(redactText('timeout after 500 ms (HTTP 503), user=anon')).toBe('timeout after 500 ms (HTTP 503), user=[redacted]');
    expect(redactText('')).toBe('');
  });

  it('keeps JSON-RPC error codes readable: they are the protocol\'s, not user data', () => {
    expect(redactText('MCP error -32602: Invalid arguments for order 48213')).toBe('MCP error -32602: Invalid arguments for order [number]');
    expect(redactText('MCP error -32001: Request timed out (-32000)')).toBe('MCP error -32001: Request timed out (-32000)');
    // Outside the reserved range, a number is redacted as before.
    expect(redactText('code -31999 and -33000 and 32602')).toBe('code -[number] and -[number] and [number]');
  });

  it('is linear: a megabyte of digits, @ signs or one long word finishes', () => {
    const shapes = ['1'.repeat(1e6), '@'.repeat(1e6), 'a='.repeat(5e5), 'x'.repeat(1e6), '1-'.repeat(5e5), 'a:'.repeat(5e5), 'sk_'.repeat(4e5), 'password '.repeat(1e5), '"'.repeat(1e6), 'a.b-c_'.repeat(2e5)];
    for (const text of [...shapes, `password "${'x '.repeat(5e5)}`]) expect(typeof redactText(text)).toBe('string');
  }, 20_000);
});

describe('hashValue', () => {
  it('is the keyed hash of the value’s JSON: equal values agree, nothing of the value shows', () => {
    const hmac = (t: string): string => `h(${t.length})`;
    expect(hashValue('ana@example.com', hmac)).toBe('hmac-sha256:h(17)');
    expect(hashValue(42, hmac)).toBe(hashValue(42, hmac));
  });
});
