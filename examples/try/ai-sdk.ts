// Run: npx tsx examples/try/ai-sdk.ts — examples/ai-sdk.ts on the AI SDK's mock model (no network, no key).
// The model refunds $46.00 and tells the customer $64.00: claimcheck warns args_mismatch.
import { refundTurn } from '../ai-sdk.js';
import { scriptedModel } from '../mock-ai-sdk.js';

const model = scriptedModel([
  { toolCalls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 4600 } }] },
  { text: "I've refunded $64.00 for order A-1." },
]);
console.log('->', await refundTurn(model, 'Refund order A-1 ($64).'));
