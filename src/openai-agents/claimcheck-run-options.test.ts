import { Agent, ModelBehaviorError, Runner, tool } from '@openai/agents';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { guard } from '../action/guard.js';
import { createMemorySink } from '../action/operation-sink.js';
import { ClaimcheckError } from '../errors.js';
import { ScriptedModel, scriptedProvider, type ScriptedStep } from '../../test/fixtures/openai-agents-model.js';
import { claimcheckRunOptions } from './claimcheck-run-options.js';
import { guardAgentTools } from './guard-agent-tools.js';

const issueRefund = tool({ name: 'issue_refund', description: 'Refund an order.', parameters: z.object({ order_id: z.string() }), execute: () => ({ refund_id: 'RF-1' }) });
const unknownCall: ScriptedStep[] = [{ toolCalls: [{ id: 'c1', name: 'refund_ordr', args: { order_id: 'A-1' } }] }, { text: "I couldn't process the refund." }];

function setUp() {
  const sink = createMemorySink();
  const { tools, guard: g } = guardAgentTools([issueRefund], { sink });
  const agent = new Agent({ name: 'Support', model: 'scripted', tools });
  const model = new ScriptedModel(unknownCall);
  return { sink, g, agent, model, runner: new Runner({ modelProvider: scriptedProvider(model), tracingDisabled: true }) };
}

describe('claimcheckRunOptions', () => {
  it('is needed: by default the SDK ends the run on a call to a tool the agent does not have', async () => {
    const { agent, runner } = setUp();
    await expect(runner.run(agent, 'Refund order A-1.')).rejects.toBeInstanceOf(ModelBehaviorError);
  });

  it('answers the model and records the call as it happens', async () => {
    const { agent, runner, sink, g, model } = setUp();
    const result = await runner.run(agent, 'Refund order A-1.', { ...claimcheckRunOptions({ guard: g }) });
    expect(result.finalOutput).toBe("I couldn't process the refund.");
    expect(sink.interceptions.map((i) => [i.tool, i.category, i.callId])).toEqual([['refund_ordr', 'unknown_tool', 'c1']]);
    expect(sink.operations.map((o) => [o.tool, o.state])).toEqual([['refund_ordr', 'failed']]);
    const answer = JSON.stringify(model.requests[1]?.input);
    expect(answer).toContain('Error: Unknown tool \\"refund_ordr\\"');
    expect(answer).toContain('issue_refund');
  });

  it('works as Runner config, and lets your own formatter word the answer', async () => {
    const sink = createMemorySink();
    const g = guard({ executors: { issue_refund: () => ({ refund_id: 'RF-1' }) }, sink });
    const { tools } = guardAgentTools([issueRefund], { guard: g });
    const own = vi.fn((args: { kind: string; toolName: string }) => (args.kind === 'tool_not_found' ? `No tool called ${args.toolName}.` : undefined));
    const model = new ScriptedModel(unknownCall);
    const runner = new Runner({ modelProvider: scriptedProvider(model), tracingDisabled: true, ...claimcheckRunOptions({ guard: g, toolErrorFormatter: own }) });
    await runner.run(new Agent({ name: 'Support', model: 'scripted', tools }), 'Refund order A-1.');
    expect(own).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(model.requests[1]?.input)).toContain('No tool called refund_ordr.');
    expect(sink.interceptions.map((i) => i.category)).toEqual(['unknown_tool']);
  });

  it('needs a guard', () => {
    try {
      claimcheckRunOptions({} as never);
      expect.unreachable();
    } catch (e) {
      expect(ClaimcheckError.isInstance(e) && e.code).toBe('invalid_options');
    }
  });
});
