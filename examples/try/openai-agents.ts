// Run: npx tsx examples/try/openai-agents.ts — examples/openai-agents.ts on a scripted Model (no network, no key).
import { setTracingDisabled } from '@openai/agents';
import { supportRun } from '../openai-agents.js';
import { ScriptedModel } from '../mock-openai-agents.js';

setTracingDisabled(true); // no OpenAI key, so no trace export (the SDK would say it skips it)
const model = new ScriptedModel([
  { toolCalls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } }] },
  { text: "I've refunded $64.00 to your card and emailed you the confirmation." },
]);
console.log('->', await supportRun('Refund order A-1 ($64) and email me.', model));
