// Run: npx tsx examples/try/anthropic.ts — examples/anthropic-tool-runner.ts on a scripted client (no network, no key).
import { refundRun } from '../anthropic-tool-runner.js';
import { scriptedAnthropic } from '../mock-anthropic.js';

const client = scriptedAnthropic([
  { toolUses: [{ id: 'toolu_1', name: 'issue_refund', input: { order_id: 'A-1', amount_cents: 6400 } }] },
  { text: "I've refunded $64.00 and emailed you the confirmation." },
]);
console.log('->', await refundRun(client, 'Refund order A-1 and email me.'));
