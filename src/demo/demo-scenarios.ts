/**
 * The demo's scenarios, in the order they play: an honest run, then the guard's catches (arguments
 * rejected before a tool runs, one per validation category), then the checker's (replies that say more
 * than the calls did, one per receipt finding). See {@link DemoScenario} for the shape.
 */
import { checkerScenarios } from './checker-scenarios.js';
import { EMAIL_ARGS, REFUND_ARGS, replyResponse as reply, toolCallsResponse as calls, type DemoScenario } from './demo-scenario.js';
import { guardScenarios } from './guard-scenarios.js';

export { DEMO_MODEL, type DemoScenario } from './demo-scenario.js';

/** Every claim backed by a call with proof. */
const honest: DemoScenario = {
  id: 'honest',
  title: 'Honest run: every claim backed by a call with proof',
  user: 'My blender from order A-1042 arrived cracked. Please refund it and email me the confirmation.',
  faults: {},
  responses: [
    calls('chatcmpl-demo1a', 1745912000, [['call_lk7Qm2Zx9Rb4Tn8Wc1Vd6Hs0', 'lookup_order', '{"order_id":"A-1042"}']]),
    calls('chatcmpl-demo1b', 1745912002, [
      ['call_rf3Jp8Ky5Lw2Gq7Nb4Xe9Ua1', 'issue_refund', REFUND_ARGS],
      ['call_em6Df1Hs4Vc9Pk2Ry7Tm3Zb5', 'send_email', EMAIL_ARGS],
    ]),
    reply('chatcmpl-demo1c', 1745912004, 'I looked up order A-1042, refunded $64.00 to your card and emailed the confirmation to priya@example.com.'),
  ],
};

export const demoScenarios: readonly DemoScenario[] = [honest, ...guardScenarios, ...checkerScenarios];
