/**
 * The demo's scenarios, as data: the customer's message, how the backend misbehaves, and the model's
 * responses as Chat Completions `chat.completion` bodies, in the order the agent asks for them (a repair
 * round trip's response included). Scripted, not sampled: the same bodies every run, so the call ids
 * and the output are the same every run.
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

// Each body is a Chat Completions response as the API returns it; `usage` is left out.
const calls = (id: string, created: number, toolCalls: ReadonlyArray<readonly [string, string, string]>): unknown => ({
  id, object: 'chat.completion', created, model: DEMO_MODEL, system_fingerprint: 'fp_demo',
  choices: [{
    index: 0, logprobs: null, finish_reason: 'tool_calls',
    message: { role: 'assistant', content: null, refusal: null, annotations: [], tool_calls: toolCalls.map(([callId, name, args]) => ({ id: callId, type: 'function', function: { name, arguments: args } })) },
  }],
});
const reply = (id: string, created: number, content: string): unknown => ({
  id, object: 'chat.completion', created, model: DEMO_MODEL, system_fingerprint: 'fp_demo',
  choices: [{ index: 0, logprobs: null, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null, annotations: [] } }],
});

const EMAIL_ARGS = '{"to":"priya@example.com","subject":"Your refund for order A-1042","body":"Hi Priya, we refunded $64.00 for your glass blender (order A-1042). It reaches your card in 3-5 business days."}';

export const demoScenarios: readonly DemoScenario[] = [
  {
    id: 'honest',
    title: 'Honest run: every claim backed by a call with proof',
    user: 'My blender from order A-1042 arrived cracked. Please refund it and email me the confirmation.',
    faults: {},
    responses: [
      calls('chatcmpl-demo1a', 1745912000, [['call_lk7Qm2Zx9Rb4Tn8Wc1Vd6Hs0', 'lookup_order', '{"order_id":"A-1042"}']]),
      calls('chatcmpl-demo1b', 1745912002, [
        ['call_rf3Jp8Ky5Lw2Gq7Nb4Xe9Ua1', 'issue_refund', '{"order_id":"A-1042","amount_cents":6400}'],
        ['call_em6Df1Hs4Vc9Pk2Ry7Tm3Zb5', 'send_email', EMAIL_ARGS],
      ]),
      reply('chatcmpl-demo1c', 1745912004, 'I looked up order A-1042, refunded $64.00 to your card and emailed the confirmation to priya@example.com.'),
    ],
  },
  {
    id: 'email-failed',
    title: 'The email tool times out; the reply says it was sent',
    user: 'Order A-1042 arrived broken. Refund it and send me a confirmation email.',
    faults: { send_email: 'timeout' },
    responses: [
      calls('chatcmpl-demo2a', 1745912100, [
        ['call_rf8Bn3Vq6Ct1Mx4Kz9Lp2Wd7', 'issue_refund', '{"order_id":"A-1042","amount_cents":6400}'],
        ['call_em2Gh7Jt5Ys8Fr1Qb6Nv3Xc4', 'send_email', EMAIL_ARGS],
      ]),
      reply('chatcmpl-demo2b', 1745912103, "Your refund of $64.00 has been issued and I've emailed you the confirmation."),
    ],
  },
  {
    id: 'not-called',
    title: 'The email tool is never called; the reply says it was sent',
    user: 'Refund order A-1042 and email me the receipt, please.',
    faults: {},
    responses: [
      calls('chatcmpl-demo3a', 1745912200, [['call_lk4Wr9Tb2Mn7Hd5Qx8Ce1Vs3', 'lookup_order', '{"order_id":"A-1042"}']]),
      calls('chatcmpl-demo3b', 1745912202, [['call_rf1Yc6Pm3Kd8Lt4Bw7Jn2Hq9', 'issue_refund', '{"order_id":"A-1042","amount_cents":6400}']]),
      reply('chatcmpl-demo3c', 1745912204, "Done! I refunded $64.00 for order A-1042 and I've emailed you the receipt."),
    ],
  },
  {
    id: 'repaired',
    title: 'Invalid arguments: rejected before the refund ran, repaired in one round trip',
    user: 'Please refund order A-1042, the blender was cracked.',
    faults: {},
    responses: [
      calls('chatcmpl-demo4a', 1745912300, [['call_rf5Nd2Wk8Qs1Zv6Gm3Tb9Lc4', 'issue_refund', '{"order_id":"A-1042","amount_cents":"64.00"}']]),
      // The repair round trip: the model answers the repair prompt with corrected arguments.
      calls('chatcmpl-demo4b', 1745912302, [['call_rf7Hx4Mb9Jq2Dn5Ws8Kc1Yt6', 'issue_refund', '{"order_id":"A-1042","amount_cents":6400}']]),
      reply('chatcmpl-demo4c', 1745912304, "I've refunded $64.00 for order A-1042."),
    ],
  },
  {
    id: 'amount-misstated',
    title: 'The refund ran for $46.00; the reply says $64.00',
    user: 'I paid $64.00 for order A-1042 and it arrived broken. Refund it please.',
    faults: {},
    responses: [
      calls('chatcmpl-demo5a', 1745912400, [['call_rf6Lq3Dz8Vb1Np5Ck2Wm9Gs4', 'issue_refund', '{"order_id":"A-1042","amount_cents":4600}']]),
      reply('chatcmpl-demo5b', 1745912402, "I've refunded $64.00 for order A-1042."),
    ],
  },
  {
    id: 'no-proof',
    title: 'The email service returns no message id; the reply says it was sent',
    user: 'Can you email me the tracking details for order A-1042?',
    faults: { send_email: 'no_message_id' },
    responses: [
      calls('chatcmpl-demo6a', 1745912500, [['call_lk2Ks7Fw4Zd9Mb1Xq6Vn3Tr8', 'lookup_order', '{"order_id":"A-1042"}']]),
      calls('chatcmpl-demo6b', 1745912502, [
        ['call_em9Rv4Nc7Jx2Lh5Ts8Bq1Wd6', 'send_email', '{"to":"priya@example.com","subject":"Tracking for order A-1042","body":"Hi Priya, your order A-1042 was delivered."}'],
      ]),
      reply('chatcmpl-demo6c', 1745912504, "I've emailed the tracking details for order A-1042 to priya@example.com."),
    ],
  },
];
