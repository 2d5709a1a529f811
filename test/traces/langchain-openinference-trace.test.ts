// LangChain.js as the producer, traced by OpenInference's own LangChain instrumentation
// (@arizeai/openinference-instrumentation-langchain): a real `createAgent` loop with LangChain's fake chat
// model and real tools, its spans exported as OTLP JSON. `checkTurns` on the export is held to the receipt
// of the same run checked directly (the agent's final messages, through claimcheck/langchain).
import * as CallbackManagerModule from '@langchain/core/callbacks/manager';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { tool } from '@langchain/core/tools';
import { LangChainInstrumentation } from '@arizeai/openinference-instrumentation-langchain';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { checkLangChainMessages } from '../../src/langchain.js';
import { checkTurns, readConversation, type Receipt } from '../../src/index.js';
import { conformanceTools, scenarios, type Scenario } from '../conformance/scenarios.js';
import { spanRecorder } from './_span-recorder.js';

const recorder = spanRecorder('langchain-agent');
new LangChainInstrumentation({ tracerProvider: recorder.provider }).manuallyInstrument(CallbackManagerModule);

function langChainTools(scenario: Scenario) {
  const executors = scenario.executors();
  return conformanceTools.map((spec) => {
    const entry = executors[spec.name] as unknown;
    const run = (typeof entry === 'function' ? entry : (entry as { executor: (args: unknown) => unknown }).executor) as (args: unknown, ctx: unknown) => unknown;
    return tool(async (args: Record<string, unknown>) => JSON.stringify(await run(args, { tool: spec.name, callId: '' })), { name: spec.name, description: spec.description, schema: structuredClone(spec.parameters) as Record<string, unknown> });
  });
}

function model(scenario: Scenario) {
  const m = fakeModel();
  for (const step of scenario.steps) {
    if ('text' in step) m.respond(new AIMessage(step.text));
    else m.respond(new AIMessage({ content: '', tool_calls: step.toolCalls.map((c) => ({ id: c.id, name: c.name, args: c.args as Record<string, unknown>, type: 'tool_call' as const })) }));
  }
  return m;
}

async function play(scenario: Scenario) {
  recorder.reset();
  const agent = createAgent({ model: model(scenario), tools: langChainTools(scenario) });
  const state = await agent.invoke({ messages: [new HumanMessage(scenario.user)] });
  const direct = checkLangChainMessages(state.messages, { tools: conformanceTools }).at(-1)?.receipt as Receipt;
  return { otlp: recorder.otlp(), direct };
}

const summary = (r: Receipt) => ({ verdict: r.verdict, flagged: r.claimedButNeverRan.map((c) => ({ tool: c.tool, reason: c.reason, text: c.text })), confirmed: r.confirmed.map((c) => c.tool), unreported: r.ranButUnreported.map((e) => e.tool) });

describe('OTLP traces of LangChain.js under OpenInference (llm.*, tool.*, input.value / output.value)', () => {
  const played = scenarios.filter((s) => ['honest run', 'claim with no call', 'claim after a failed call', 'amount misstated'].includes(s.name));
  it.each(played.map((s) => [s.name, s] as const))('%s: the receipt from the trace is the receipt of the run checked directly', async (_name, scenario) => {
    const { otlp, direct } = await play(scenario);
    // OpenInference's LangChain spans list no tools: the tool list is given, as --tools gives it.
    const turns = checkTurns(otlp, { tools: conformanceTools });
    expect(turns).toHaveLength(1);
    const fromTrace = (turns[0] as (typeof turns)[number]).receipt;
    expect(summary(fromTrace)).toEqual(summary(direct));
    expect(fromTrace.verdict).toBe(scenario.expect.verdict);
    expect(fromTrace.claimedButNeverRan.map((c) => ({ tool: c.tool, reason: c.reason }))).toEqual(scenario.expect.flagged);
  });

  it('a failed tool span: the entry is an error with the tool’s message; a tool span’s ToolMessage gives the call id', async () => {
    const { otlp } = await play(scenarios.find((s) => s.name === 'claim after a failed call') as Scenario);
    const entries = readConversation(otlp).events.flatMap((e) => (e.kind === 'tool' ? [e.entry] : []));
    expect(entries.map((e) => [e.tool, e.status, e.callId])).toEqual([
      ['issue_refund', 'ok', 'c1'],
      ['send_email', 'error', null],
    ]);
    expect(entries[1]?.error).toMatch(/^SMTP timeout after 30000ms/);
    expect(entries[0]?.result).toEqual({ refund_id: 'RF-1001', status: 'succeeded' });
  });
});
