/** How the dashboard's header shows the ledger: from the project folder, from home, or as it is. */
import { describe, expect, it } from 'vitest';
import { ledgerLabel } from '../../src/web/dashboard.js';

describe('ledgerLabel', () => {
  it('shows a ledger inside the working folder relative to it', () => {
    expect(ledgerLabel('/home/ana/shop/.claimcheck/ledger.sqlite', '/home/ana/shop', '/home/ana')).toBe('.claimcheck/ledger.sqlite');
    expect(ledgerLabel('/home/ana/shop/.claimcheck/ledger.sqlite', '/home/ana/shop/', '/home/ana')).toBe('.claimcheck/ledger.sqlite');
  });

  it('shows one elsewhere under home from ~, and any other one as it is', () => {
    expect(ledgerLabel('/home/ana/other/.claimcheck/ledger.sqlite', '/home/ana/shop', '/home/ana')).toBe('~/other/.claimcheck/ledger.sqlite');
    expect(ledgerLabel('/home/anabel/ledger.sqlite', '/srv', '/home/ana')).toBe('/home/anabel/ledger.sqlite');
    expect(ledgerLabel('/var/lib/claimcheck/ledger.sqlite', '/home/ana/shop', '/home/ana')).toBe('/var/lib/claimcheck/ledger.sqlite');
    expect(ledgerLabel('/srv/ledger.sqlite', '/', '/')).toBe('srv/ledger.sqlite');
  });

  it('leaves a PostgreSQL URL and an in-memory store as they are', () => {
    expect(ledgerLabel('postgres://claimcheck@db.internal:5432/ledger', '/home/ana/shop', '/home/ana')).toBe('postgres://claimcheck@db.internal:5432/ledger');
    expect(ledgerLabel(':memory:', '/home/ana/shop', '/home/ana')).toBe(':memory:');
  });
});
