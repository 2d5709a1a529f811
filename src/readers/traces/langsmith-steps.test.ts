/**
 * LangSmith runs made by the real producer: LangChain.js's own tracer machinery (a `BaseTracer`, the base of
 * `LangChainTracer`, which posts these same runs to LangSmith) around a real `createAgent` loop with the fake
 * chat model and real tools. The root run it persists, with its child runs, is the run tree LangSmith stores;
 * its JSON (and the flat list of its runs) is checked and held to the receipt of the same run checked directly.
 */
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { tool } from '@langchain/core/tools';
import { BaseTracer, type Run } from '@langchain/core/tracers/base';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { checkTurns } from '../../check.js';
import { checkLangChainMessages } from '../../langchain.js';
import type { Receipt } from '../../receipt.js';
import { readConversation } from '../read-conversation.js';
import { conformanceTools, scenarios, type Scenario } from '../../../test/conformance/scenarios.js';

class RunCollector extends BaseTracer {
  name = 'run_collector';
  runs: Run[] = [];
  protected persistRun(run: Run): Promise<void> {
    this.runs.push(run);
    return Promise.resolve();
  }
}

async function play(scenario: Scenario) {
  const executors = scenario.executors();
  const tools = conformanceTools.map((spec) => {
    const entry = executors[spec.name] as unknown;
    const run = (typeof entry === 'function' ? entry : (entry as { executor: (args: unknown) => unknown }).executor) as (args: unknown, ctx: unknown) => unknown;
    return tool(async (args: Record<string, unknown>) => JSON.stringify(await run(args, { tool: spec.name, callId: '' })), { name: spec.name, description: spec.description, schema: structuredClone(spec.parameters) as Record<string, unknown> });
  });
  const model = fakeModel();
  for (const step of scenario.steps) {
    if ('text' in step) model.respond(new AIMessage(step.text));
    else model.respond(new AIMessage({ content: '', tool_calls: step.toolCalls.map((c) => ({ id: c.id, name: c.name, args: c.args as Record<string, unknown>, type: 'tool_call' as const })) }));
  }
  const collector = new RunCollector();
  const state = await createAgent({ model, tools }).invoke({ messages: [new HumanMessage(scenario.user)] }, { callbacks: [collector] });
  const root = JSON.parse(JSON.stringify(collector.runs.at(-1))) as Record<string, unknown>;
  return { root, direct: checkLangChainMessages(state.messages, { tools: conformanceTools }).at(-1)?.receipt as Receipt };
}

/** The flat list `listRuns({ traceId })` gives: every run, without child_runs. */
function flat(run: Record<string, unknown>): Array<Record<string, unknown>> {
  const { child_runs: children, ...rest } = run;
  return [rest, ...((children as Array<Record<string, unknown>> | undefined) ?? []).flatMap(flat)];
}

const summary = (r: Receipt) => ({ verdict: r.verdict, flagged: r.claimedButNeverRan.map((c) => ({ tool: c.tool, reason: c.reason, text: c.text })), confirmed: r.confirmed.map((c) => c.tool), unreported: r.ranButUnreported.map((e) => e.tool) });

describe('LangSmith runs (a root run with child runs of type llm / tool / chain)', () => {
  const played = scenarios.filter((s) => ['honest run', 'claim with no call', 'claim after a failed call', 'amount misstated'].includes(s.name));
  it.each(played.map((s) => [s.name, s] as const))('%s: the run tree and its flat list give the receipt of the run checked directly', async (_name, scenario) => {
    const { root, direct } = await play(scenario);
    for (const exported of [root, flat(root)]) {
      const turns = checkTurns(exported, { tools: conformanceTools });
      expect(summary((turns.at(-1) as (typeof turns)[number]).receipt)).toEqual(summary(direct));
    }
    expect(direct.verdict).toBe(scenario.expect.verdict);
  });

  it('a failed tool run: the ledger entry is an error with its text, its call id from the llm run that asked for it', async () => {
    const { root } = await play(scenarios.find((s) => s.name === 'claim after a failed call') as Scenario);
    const conversation = readConversation(root);
    expect(conversation.format).toBe('langsmith');
    const entries = conversation.events.flatMap((e) => (e.kind === 'tool' ? [e.entry] : []));
    expect(entries.map((e) => [e.tool, e.status, e.callId])).toEqual([
      ['issue_refund', 'ok', 'c1'],
      ['send_email', 'error', 'c2'],
    ]);
    expect(entries[1]?.error).toMatch(/SMTP timeout after 30000ms/);
  });

  it('a run that is not one names where it is', () => {
    expect(() => readConversation({ id: 'r1', run_type: 'chain', inputs: {}, child_runs: [{ id: 'r2' }] })).toThrow(/the run\.child_runs\[0\] is an object with keys id; expected a LangSmith run/);
  });
});
