// Run: npx tsx examples/try/openai.ts — examples/openai-tool-map.ts on a scripted client (no network, no key).
// The model refunds and says it also emailed; send_email was never called, so claimcheck catches it.
import { supportLoop } from '../openai-tool-map.js';
import { scriptedOpenAI } from '../mock-openai.js';

const client = scriptedOpenAI([
  { toolCalls: [{ id: 'call_1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } }] },
  { text: "I've refunded $64.00 and emailed you the confirmation." },
]);
console.log('->', await supportLoop(client, 'Refund order A-1 ($64) and email me.'));
