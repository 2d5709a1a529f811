// Run: npx tsx examples/try/langchain.ts — examples/langchain.ts on LangChain's fake chat model (no network, no key).
import { refundTurn } from '../langchain.js';
import { scriptedModel } from '../mock-langchain.js';

const model = scriptedModel([
  { toolCalls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } }] },
  { text: "I've refunded order A-1 and emailed you the confirmation." },
]);
console.log('->', await refundTurn(model, 'Refund order A-1 and email me.'));
