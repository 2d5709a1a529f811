// The LangChain driver: each scenario played by LangChain's own fake chat model through a real
// `createAgent` loop with real `tool()` tools, guarded by `claimcheckMiddleware`.
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { tool } from '@langchain/core/tools';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { createMemorySink, guard, isAction, type ActionOptions, type Executor, type Receipt } from '../../src/index.js';
import { claimcheckMiddleware } from '../../src/langchain.js';
import { conformanceTools, expectConformance, scenarios, type Scenario } from './scenarios.js';

/** The scenario's tools as LangChain tools (JSON Schema parameters), and its actions' receipt readers. */
function langChainTools(scenario: Scenario) {
  const executors = scenario.executors();
  const actions: Record<string, ActionOptions> = {};
  const tools = conformanceTools.map((spec) => {
    const entry = executors[spec.name];
    if (isAction(entry)) actions[spec.name] = { receipt: entry.receipt, ...(entry.verify === null ? {} : { verify: entry.verify }) };
    const run: Executor | undefined = entry === undefined ? undefined : isAction(entry) ? entry.executor : entry;
    return tool((args: Record<string, unknown>) => run?.(args, { tool: spec.name, callId: '' }), {
      name: spec.name,
      description: spec.description,
      schema: structuredClone(spec.parameters) as Record<string, unknown>,
    });
  });
  return { tools, actions };
}

/** The scripted model: every step as the AI message it is. */
function scriptedModel(scenario: Scenario) {
  const model = fakeModel();
  for (const step of scenario.steps) {
    if ('text' in step) model.respond(new AIMessage(step.text));
    else model.respond(new AIMessage({ content: '', tool_calls: step.toolCalls.map((c) => ({ id: c.id, name: c.name, args: c.args as Record<string, unknown>, type: 'tool_call' as const })) }));
  }
  return model;
}

// `tools`: the agent's own tools run the calls; `guard`: a guard of the user's runs its executors instead.
describe.each(['tools', 'guard'] as const)('conformance: claimcheck/langchain (%s)', (mode) => {
  it.each(scenarios.map((s) => [s.name, s] as const))('%s', async (_name, scenario) => {
    const sink = createMemorySink();
    const logger = { warn: () => undefined };
    const { tools, actions } = langChainTools(scenario);
    const claimcheck =
      mode === 'tools'
        ? claimcheckMiddleware({ tools, actions, sink, logger })
        : claimcheckMiddleware({ guard: guard({ tools: conformanceTools, executors: scenario.executors(), sink, logger }) });
    const agent = createAgent({ model: scriptedModel(scenario), tools, middleware: [claimcheck] });
    const state = await agent.invoke({ messages: [new HumanMessage(scenario.user)] });
    const record = sink.receipts.at(-1);
    expect(record, `${scenario.name}: a receipt was recorded`).toBeDefined();
    const receipt = record?.receipt as Receipt;
    expect(state.claimcheck, `${scenario.name}: receipt on the state`).toEqual(receipt.toJSON());
    expectConformance(scenario, { receipt, operations: sink.operations, interceptions: sink.interceptions });
    const callIds = scenario.steps.flatMap((s) => ('toolCalls' in s ? s.toolCalls.map((c) => c.id) : []));
    expect(sink.operations.map((o) => o.callId), `${scenario.name}: the model's call ids`).toEqual(callIds);
  });
});
