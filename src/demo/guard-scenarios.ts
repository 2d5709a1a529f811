/**
 * The demo's guard scenarios: one rejected call for each validation category, each stopped before its
 * tool ran. Rejected arguments go back to the model once (one round trip for all of a turn's rejected
 * calls) and the corrected call runs; a call to an unknown tool is answered with the closest tool's
 * name, and the model calls that tool next turn. Every reply is then honest.
 */
import { EMAIL_ARGS, REFUND_ARGS, replyResponse as reply, toolCallsResponse as calls, type DemoScenario } from './demo-scenario.js';

export const guardScenarios: readonly DemoScenario[] = [
  {
    id: 'type-mismatch',
    title: 'A dollar string where the schema wants integer cents (type_mismatch)',
    user: 'Please refund order A-1042, the blender was cracked.',
    faults: {},
    responses: [
      calls('chatcmpl-demo4a', 1745912300, [['call_rf5Nd2Wk8Qs1Zv6Gm3Tb9Lc4', 'issue_refund', '{"order_id":"A-1042","amount_cents":"64.00"}']]),
      // The repair round trip: the model answers the repair prompt with corrected arguments.
      calls('chatcmpl-demo4b', 1745912302, [['call_rf7Hx4Mb9Jq2Dn5Ws8Kc1Yt6', 'issue_refund', REFUND_ARGS]]),
      reply('chatcmpl-demo4c', 1745912304, "I've refunded $64.00 for order A-1042."),
    ],
  },
  {
    id: 'missing-required-format',
    title: 'A refund without its amount and an email to a display name (missing_required, format_violation)',
    user: 'Refund order A-1042 and email the confirmation to Priya.',
    faults: {},
    responses: [
      calls('chatcmpl-demo7a', 1745912600, [
        ['call_u8jzPde0IgxLd6GncfBAepfJ', 'issue_refund', '{"order_id":"A-1042"}'],
        ['call_Bd0Kh8oOOL8dKLzdocJ2isAj', 'send_email', EMAIL_ARGS.replace('"priya@example.com"', '"Priya Raman <priya@example.com>"')],
      ]),
      // One repair round trip corrects both calls.
      calls('chatcmpl-demo7b', 1745912602, [
        ['call_IhKtJ0RlgLKOmxgJTeKdNnFR', 'issue_refund', REFUND_ARGS],
        ['call_IBXuDL7DxtpYlSXpfKtHF4vU', 'send_email', EMAIL_ARGS],
      ]),
      reply('chatcmpl-demo7c', 1745912604, "I've refunded $64.00 for order A-1042 and emailed the confirmation to priya@example.com."),
    ],
  },
  {
    id: 'enum-extra-field',
    title: 'A refund reason outside the list and an email with a field the tool lacks (enum_violation, extra_field)',
    user: 'The blender in order A-1042 came cracked. Refund it and email me, copy orders@kettle.example.',
    faults: {},
    responses: [
      calls('chatcmpl-demo8a', 1745912700, [
        ['call_CsMehGAkWvj7FAc9QeWJKY40', 'issue_refund', '{"order_id":"A-1042","amount_cents":6400,"reason":"cracked"}'],
        ['call_uvSwMFLZDe1f8rESQedUStPK', 'send_email', EMAIL_ARGS.replace('{"to":', '{"cc":"orders@kettle.example","to":')],
      ]),
      calls('chatcmpl-demo8b', 1745912702, [
        ['call_R0CsTy4Qwb8DwkNhFdnXsiVp', 'issue_refund', '{"order_id":"A-1042","amount_cents":6400,"reason":"damaged"}'],
        ['call_zz63FfkCzJr4i0B3JrTAwR4y', 'send_email', EMAIL_ARGS],
      ]),
      reply('chatcmpl-demo8c', 1745912704, "I've refunded $64.00 for order A-1042 and emailed you the confirmation; the email tool has no copy field, so orders@kettle.example was not copied."),
    ],
  },
  {
    id: 'constraint-invalid-json',
    title: 'A negative refund and email arguments cut off mid-JSON (constraint_violation, invalid_json)',
    user: 'Refund the $64.00 for order A-1042 and send me a confirmation email.',
    faults: {},
    responses: [
      calls('chatcmpl-demo9a', 1745912800, [
        ['call_9ojfljoQoaF1LlqsajAIxNKu', 'issue_refund', '{"order_id":"A-1042","amount_cents":-6400}'],
        ['call_8iS2G8NPRVdD53X83RZJzzzz', 'send_email', EMAIL_ARGS.slice(0, 96)],
      ]),
      calls('chatcmpl-demo9b', 1745912802, [
        ['call_gEOzdmenCkhvMdgaKjIg8xNb', 'issue_refund', REFUND_ARGS],
        ['call_e3nNyjOq9wMxEhh2FDEEtfjg', 'send_email', EMAIL_ARGS],
      ]),
      reply('chatcmpl-demo9c', 1745912804, "I've refunded $64.00 for order A-1042 and emailed you the confirmation."),
    ],
  },
  {
    id: 'unknown-tool',
    title: 'A call to a tool the agent does not have (unknown_tool)',
    user: 'Refund order A-1042, please.',
    faults: {},
    responses: [
      calls('chatcmpl-demo10a', 1745912900, [['call_VvVqE1SkHbn88HxjSI6bWHtP', 'refund_order', REFUND_ARGS]]),
      // No repair round trip: the answer names the closest tool, and the model calls it next turn.
      calls('chatcmpl-demo10b', 1745912902, [['call_3fS2qHx6kwXoIIXGvOoNZYW2', 'issue_refund', REFUND_ARGS]]),
      reply('chatcmpl-demo10c', 1745912904, "I've refunded $64.00 for order A-1042."),
    ],
  },
];
