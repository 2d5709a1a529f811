/**
 * Records of format `transcript` (messages and calls in the order they happened) for the CLI suites:
 * one user message, the calls, the reply, per turn.
 */

/** One turn: the user's message, the calls that settled after it, the assistant's reply. */
export interface Turn {
  user: string;
  calls?: readonly object[];
  reply: string;
}

/** A `transcript` record with these tools and turns. */
export function transcript(id: string, tools: readonly unknown[], ...turns: readonly Turn[]): { id: string; format: 'transcript'; tools: readonly unknown[]; messages: object[] } {
  return { id, format: 'transcript', tools, messages: turns.flatMap((t) => [{ role: 'user', content: t.user }, ...(t.calls ?? []), { role: 'assistant', content: t.reply }]) };
}

/** A successful refund of $64 for order 4821. */
export const REFUND_4821 = { tool: 'issue_refund', status: 'ok', args: { order_id: '4821', amount: 64 }, result: { refund_id: 'RF-1' } } as const;
/** An email call that failed with a timeout. */
export const EMAIL_TIMEOUT = { tool: 'send_email', status: 'error', error: 'SMTP timeout' } as const;
