/**
 * One demo scenario, as data: the customer's message, how the backend misbehaves, and the model's
 * responses as Chat Completions `chat.completion` bodies, in the order the agent asks for them (a repair
 * round trip's response included); with the two builders the scenario lists use for those bodies.
 * Scripted, not sampled: the same bodies every run, so the call ids and the output are the same every run.
 */
import type { SupportDeskFaults } from './support-desk.js';

/** One scripted conversation. */
export interface DemoScenario {
  /** Stable id, stored in the run's `meta.scenario`. */
  id: string;
  /** What it shows, one line. */
  title: string;
  /** The customer's message. */
  user: string;
  faults: SupportDeskFaults;
  /** The model's responses, in order. */
  responses: readonly unknown[];
}

/** The model the responses are attributed to (sent as `model`; no request leaves the process). */
export const DEMO_MODEL = 'gpt-4o-2024-08-06';

/** One tool call of a scripted response: call id, tool name, the arguments text as the model emitted it. */
export type ScriptedCall = readonly [callId: string, tool: string, args: string];

/** A response that calls tools (`finish_reason: "tool_calls"`), as the API returns it; `usage` is left out. */
export function toolCallsResponse(id: string, created: number, toolCalls: readonly ScriptedCall[]): unknown {
  return {
    id, object: 'chat.completion', created, model: DEMO_MODEL, system_fingerprint: 'fp_demo',
    choices: [{
      index: 0, logprobs: null, finish_reason: 'tool_calls',
      message: { role: 'assistant', content: null, refusal: null, annotations: [], tool_calls: toolCalls.map(([callId, name, args]) => ({ id: callId, type: 'function', function: { name, arguments: args } })) },
    }],
  };
}

/** A text-only response (`finish_reason: "stop"`): the reply to the customer. */
export function replyResponse(id: string, created: number, content: string): unknown {
  return {
    id, object: 'chat.completion', created, model: DEMO_MODEL, system_fingerprint: 'fp_demo',
    choices: [{ index: 0, logprobs: null, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null, annotations: [] } }],
  };
}

/** The refund every scenario asks for, in valid arguments. */
export const REFUND_ARGS = '{"order_id":"A-1042","amount_cents":6400}';

/** The confirmation email of the refund, in valid arguments. */
export const EMAIL_ARGS = '{"to":"priya@example.com","subject":"Your refund for order A-1042","body":"Hi Priya, we refunded $64.00 for your glass blender (order A-1042). It reaches your card in 3-5 business days."}';
