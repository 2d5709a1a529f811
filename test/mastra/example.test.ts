// examples/mastra.ts run through a real Mastra agent with a scripted model (Node.js 24 pass only).
import { describe, expect, it, vi } from 'vitest';
import type * as Example from '../../examples/mastra.js';
import { scriptedModel } from '../conformance/ai-sdk-model.js';
import { mastraRuns, mastraSuite } from './mastra-support.js';

const refund = { toolCalls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } }] };
const claim = { text: "I've refunded $64.00 to your card and emailed you the confirmation." };
const email = { toolCalls: [{ id: 'c2', name: 'send_email', args: { to: 'priya@example.com', subject: 'Your refund', body: 'Refunded $64.00.' } }] };

describe.skipIf(!mastraRuns)(mastraSuite('examples/mastra.ts'), () => {
  it('sends the fabricated reply back; the model sends the email it claimed, and its next reply passes', async () => {
    const { supportReply } = (await import('../../examples/mastra.js')) as typeof Example;
    const model = scriptedModel([refund, claim, email, claim]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await supportReply('Refund order A-1 ($64) and email me at priya@example.com.', model)).toBe(claim.text);
    expect(warn).not.toHaveBeenCalledWith(expect.stringContaining('fabricated'));
    warn.mockRestore();
    // The retry's prompt carried what the reply claimed without doing.
    expect(JSON.stringify(model.doGenerateCalls[2]?.prompt)).toContain('send_email claimed but not_called');
  });

  it('blocks a reply still fabricated after the retry', async () => {
    const { supportReply } = (await import('../../examples/mastra.js')) as typeof Example;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answer = await supportReply('Refund order A-1 ($64) and email me.', scriptedModel([refund, claim, claim]));
    expect(answer).toBe('I could not complete every step of your request; a colleague will follow up.');
    expect(warn.mock.calls).toEqual([['fabricated: send_email claimed but not_called; 1 confirmed']]);
    warn.mockRestore();
  });
});
