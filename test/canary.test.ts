/**
 * Nothing raw at rest without capture: known secrets are written through every path that reaches the
 * ledger (a guarded call's arguments and result, an executor's error text, a verify reason, a rejected
 * call's arguments and its hash, a receipt's claims and the values they were checked against, a call
 * the reply left unreported), then the database's bytes (main file and write-ahead log) and the export
 * are scanned for them. With capture on the same run stores them, so the scan is not vacuous.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { action } from '../src/action/action.js';
import { idField } from '../src/action/action-receipt.js';
import { canonicalJson } from '../src/action/_args-hash.js';
import { guard } from '../src/action/guard.js';
import { FLAG } from '../src/action/verify-outcome.js';
import { openStore } from '../src/store/open-store.js';

const EMAIL = 'canary.user@example.org';
const PIN = '4821';
const AMOUNT = 98765;
const API_KEY = 'sk_canary_5f3e9a';
const CARD = '4111111111111111';
const SECRETS = [EMAIL, 'canary.user', String(AMOUNT), API_KEY, CARD, `PIN ${PIN}`];

const tools = [
  {
    name: 'send_email',
    description: 'Send an email to a customer.',
    parameters: { type: 'object', properties: { to: { type: 'string', format: 'email' }, body: { type: 'string' } }, required: ['to', 'body'] },
  },
  { name: 'refund', description: 'Refund a payment.', parameters: { type: 'object', properties: { amount: { type: 'number' }, card: { type: 'string' } }, required: ['amount'] } },
  { name: 'lookup', description: 'Look up a customer.', parameters: { type: 'object', properties: { email: { type: 'string' } } } },
];

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'claimcheck-canary-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Every path: returns what the ledger files and the export hold, as text. */
async function recordEverything(capture: boolean): Promise<{ bytes: string; exported: string; argsHash: string | null }> {
  const path = join(dir, `ledger-${capture}.sqlite`);
  const store = await openStore({ path, capture });
  const g = guard({
    tools,
    store,
    executors: {
      send_email: action(() => ({ message_id: 'msg_1', echo: `sent to ${EMAIL}` }), {
        receipt: idField('message_id'),
        verify: () => FLAG(`recipient ${EMAIL} is on a watch list (PIN ${PIN})`),
      }),
      refund: () => {
        throw new Error(`card ${CARD} declined for ${AMOUNT}: api_key=${API_KEY} (PIN ${PIN}, contact ${EMAIL})`);
      },
      lookup: () => ({ email: EMAIL, card: CARD }),
    },
  });
  g.execute('send_email', { to: EMAIL, body: `Your PIN ${PIN}, amount ${AMOUNT}` });
  g.execute('refund', { amount: AMOUNT, card: CARD });
  g.execute('send_email', { to: 'not an email', body: `${API_KEY} ${EMAIL} ${CARD}` }); // rejected: an interception
  g.execute('lookup', { email: EMAIL }); // ran, never mentioned: ran but unreported
  g.checkBypass(`I've emailed other.person@example.net and refunded the ${AMOUNT} to card ${CARD}.`);
  await store.flush();
  const exported: unknown[] = [];
  for await (const row of store.export()) exported.push(row);
  const detail = await store.runDetail(store.currentRunId ?? '');
  await store.close();
  const bytes = [path, `${path}-wal`].filter(existsSync).map((p) => readFileSync(p).toString('latin1')).join('\n');
  return { bytes, exported: JSON.stringify(exported), argsHash: detail?.interceptions[0]?.argsHash ?? null };
}

describe('canary: secrets written through every path', () => {
  it('capture off: none reaches the database bytes (WAL included) or the export; the args hash is keyed', async () => {
    const { bytes, exported, argsHash } = await recordEverything(false);
    for (const secret of SECRETS) {
      expect(bytes.includes(secret), `${secret} in the database bytes`).toBe(false);
      expect(exported.includes(secret), `${secret} in the export`).toBe(false);
    }
    const plain = createHash('sha256').update(canonicalJson({ to: 'not an email', body: `${API_KEY} ${EMAIL} ${CARD}` })).digest('hex');
    expect(argsHash).toMatch(/^[0-9a-f]{64}$/);
    expect(argsHash).not.toBe(plain); // not confirmable by hashing a guess
    expect(exported).toContain('[email]');
    expect(exported).toContain('hmac-sha256:'); // the observed value, as its keyed hash
    expect(exported).toMatch(/"reason":"recipient \[email\] is on a watch list/); // the verify reason, redacted
    expect(exported).toMatch(/"error":"card \[number\] declined for \[number\]: api_key=\[redacted\]/);
  });

  it('capture on: the same run stores them (so the scan above looks where they would be)', async () => {
    const { bytes, exported } = await recordEverything(true);
    for (const secret of SECRETS) expect(exported.includes(secret) || bytes.includes(secret), secret).toBe(true);
  });
});
