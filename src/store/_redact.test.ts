import { describe, expect, it } from 'vitest';
import { hashValue, redactText } from './_redact.js';

describe('redactText: the documented rule for error text without capture', () => {
  it('removes emails, numbers of 4+ digits and secrets named in key=value or after a secret name', () => {
    expect(redactText('SMTP 550: mailbox bob.smith@example.com unavailable (PIN 4821)')).toBe('SMTP 550: mailbox [email] unavailable (PIN [redacted]');
    expect(redactText('Authorization: Bearer sk-abc123 failed')).toBe('Authorization: [redacted] [redacted] failed');
    expect(redactText('charge of $1,234.56 declined; card 4111 1111 1111 1111; api_key=sk_live_xyz retry in 30s')).toBe(
      'charge of $[number] declined; card [number] [number] [number] [number]; api_key=[redacted] retry in 30s',
    );
    expect(redactText('password: hunter2 wrong')).toBe('password: [redacted] wrong');
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
    for (const text of ['1'.repeat(1e6), '@'.repeat(1e6), 'a='.repeat(5e5), 'x'.repeat(1e6), '1-'.repeat(5e5)]) expect(typeof redactText(text)).toBe('string');
  }, 20_000);
});

describe('hashValue', () => {
  it('is the keyed hash of the value’s JSON: equal values agree, nothing of the value shows', () => {
    const hmac = (t: string): string => `h(${t.length})`;
    expect(hashValue('ana@example.com', hmac)).toBe('hmac-sha256:h(17)');
    expect(hashValue(42, hmac)).toBe(hashValue(42, hmac));
  });
});
