/**
 * Nothing raw at rest without capture: known secrets are written through every path that reaches the
 * ledger (a guarded call's arguments and result, an executor's error text, a verify reason, a rejected
 * call's arguments and its hash, a receipt's claims and the values they were checked against, a call
 * the reply left unreported), then the database's bytes (main file and write-ahead log) and the export
 * are scanned for them. So are secrets of common shapes in error text (a JSON member, `name:value`, a
 * header, `password is …`), a canary argument with no shape at all echoed in a verify reason, an
 * executor's error text and a claim sentence, and the key of an extra field. With capture on the same
 * run stores them, so the scan is not vacuous.
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
/** An argument value no rule recognises by its shape: only knowing the arguments finds it. */
const CANARY = 'QuokkaZanzibar';
/** The key of a field the schema does not allow. */
const CANARY_KEY = 'WombatLedgerField';
/** Secrets of common shapes in an executor's error text (none is an argument). */
const SHAPED = ['sk_live_51Hx9Qz7', 'correct horse', 'hunter3', 'zq81xvb', 'zz93kqd', 'hunter4'];
const SHAPED_ERROR = `upstream said {"api_key":"${SHAPED[0]}"} for {"password": "${SHAPED[1]}"}; secret:${SHAPED[2]} (api_key=${SHAPED[3]}) x-api-key: ${SHAPED[4]}, and the password is ${SHAPED[5]}`;
const SECRETS = [EMAIL, 'canary.user', String(AMOUNT), API_KEY, CARD, `PIN ${PIN}`, CANARY, CANARY_KEY, ...SHAPED];

const tools = [
  {
    name: 'send_email',
    description: 'Send an email to a customer.',
    parameters: { type: 'object', properties: { to: { type: 'string', format: 'email' }, body: { type: 'string' } }, required: ['to', 'body'] },
  },
  { name: 'refund', description: 'Refund a payment.', parameters: { type: 'object', properties: { amount: { type: 'number' }, card: { type: 'string' } }, required: ['amount'] } },
  { name: 'lookup', description: 'Look up a customer.', parameters: { type: 'object', properties: { email: { type: 'string' } } } },
  {
    name: 'tag_order',
    description: 'Tag an order with a label.',
    parameters: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'], additionalProperties: false },
  },
  { name: 'sync_crm', description: 'Sync the CRM.', parameters: { type: 'object', properties: {} } },
  { name: 'rename_order', description: 'Rename an order.', parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
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
    captureArgs: capture,
    executors: {
      send_email: action(() => ({ message_id: 'msg_1', echo: `sent to ${EMAIL}` }), {
        receipt: idField('message_id'),
        verify: () => FLAG(`recipient ${EMAIL} is on a watch list (PIN ${PIN})`),
      }),
      refund: () => {
        throw new Error(`card ${CARD} declined for ${AMOUNT}: api_key=${API_KEY} (PIN ${PIN}, contact ${EMAIL})`);
      },
      lookup: () => ({ email: EMAIL, card: CARD }),
      tag_order: action((args: { label: string }) => ({ tag_id: 'tag_1', label: args.label }), {
        receipt: idField('tag_id'),
        verify: (args) => FLAG(`label ${String(args.label)} needs a second look`),
      }),
      sync_crm: () => {
        throw new Error(SHAPED_ERROR);
      },
      rename_order: (args: { name: string }) => {
        throw new Error(`no order may be named ${args.name}`);
      },
    },
  });
  g.execute('send_email', { to: EMAIL, body: `Your PIN ${PIN}, amount ${AMOUNT}` });
  g.execute('refund', { amount: AMOUNT, card: CARD });
  g.execute('send_email', { to: 'not an email', body: `${API_KEY} ${EMAIL} ${CARD}` }); // rejected: an interception
  g.execute('lookup', { email: EMAIL }); // ran, never mentioned: ran but unreported
  g.execute('tag_order', { label: CANARY }); // the verify reason echoes the argument
  g.execute('tag_order', { label: 'vip', [CANARY_KEY]: true }); // rejected: extra_field at the canary key
  g.execute('sync_crm', {}); // error text with secrets of common shapes
  g.execute('rename_order', { name: CANARY }); // the executor's error text echoes the argument
  g.checkBypass(`I've emailed other.person@example.net, tagged the order ${CANARY} and refunded the ${AMOUNT} to card ${CARD}.`);
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
    expect(exported).toMatch(/"reason":"recipient \[argument\] is on a watch list \(PIN \[redacted\]\)"/); // the verify reason: the argument masked, the rest redacted
    expect(exported).toMatch(/"error":"card \[argument\] declined for \[number\]: api_key=\[redacted\] \(PIN \[redacted\], contact \[email\]\)"/);
    expect(exported).toContain('"reason":"label [argument] needs a second look"');
    expect(exported).toContain('"error":"no order may be named [argument]"');
    expect(exported).toContain('"path":"/[key]"'); // the extra field, by a placeholder for its key
    expect(exported).toContain('"error":"extra_field at /[key]"');
    expect(exported).toContain('tagged the order [argument] and refunded the [number] to card [argument]'); // the claim sentence
    expect(exported).toContain(
      '"error":"upstream said {\\"api_key\\":\\"[redacted]\\"} for {\\"password\\": \\"[redacted] [redacted]\\"}; secret:[redacted] (api_key=[redacted]) x-api-key: [redacted], and the password is [redacted]"',
    );
  });

  it('capture on: the same run stores them (so the scan above looks where they would be)', async () => {
    const { bytes, exported } = await recordEverything(true);
    for (const secret of SECRETS) expect(exported.includes(secret) || bytes.includes(secret), secret).toBe(true);
  });
});
