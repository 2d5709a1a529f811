// The Mastra driver: every scenario played through a real `@mastra/core` Agent (its agentic loop, tool
// execution, tool hooks and output processors) with a scripted AI SDK model (MockLanguageModelV3),
// `claimcheckToolHooks()` and `claimcheckProcessor()`. Two ways of running the tools: the agent's own
// Mastra tools (the hooks' guard waits for Mastra to run them) and a guard of your own (its executors
// run the calls). Operations, interceptions and the receipt come from the guard's memory sink; the
// receipt must also be on the final assistant message, and with `onFabricated: 'abort'` in
// `result.tripwire` exactly on the fabricated scenarios.
import { describe, expect, it } from 'vitest';
import { createMemorySink, guard, isAction, Receipt, type MemorySink, type ReceiptJSON } from '../../src/index.js';
import { claimcheckProcessor, claimcheckToolHooks, type ClaimcheckToolHooks, type OnFabricated } from '../../src/mastra.js';
import { mastraRuns, mastraSuite } from '../mastra/mastra-support.js';
import { scriptedModel, streamingModel } from './ai-sdk-model.js';
import { conformanceTools, expectConformance, scenarios, type Scenario } from './scenarios.js';

const quiet = { warn: () => undefined };

/** The scenario's tools as Mastra tools whose `execute` is the scenario's executor, with the actions to give the hooks. */
async function mastraTools(scenario: Scenario) {
  const { createTool } = await import('@mastra/core/tools');
  const executors = scenario.executors();
  const tools = Object.fromEntries(
    conformanceTools.map((t) => {
      const executor = executors[t.name];
      const run = isAction(executor) ? executor.executor : executor;
      const tool = createTool({
        id: t.name,
        description: t.description,
        inputSchema: structuredClone(t.parameters) as never,
        execute: async (input, context) => run?.(input as Record<string, unknown>, { tool: t.name, callId: context.agent?.toolCallId ?? '' }),
      });
      return [t.name, tool];
    }),
  );
  const actions = Object.fromEntries(Object.entries(executors).flatMap(([name, e]) => (isAction(e) ? [[name, { receipt: e.receipt, ...(e.verify === null ? {} : { verify: e.verify }) }]] : [])));
  return { tools, actions };
}

interface Played {
  sink: MemorySink;
  text: string;
  finishReason: string | undefined;
  tripwire: { reason: string; metadata?: unknown; processorId?: string } | undefined;
  /** The receipt on the final assistant message (`content.metadata.claimcheck`). */
  annotated: unknown;
  requests: number;
}

async function play(scenario: Scenario, how: { ownGuard: boolean; stream: boolean; onFabricated: OnFabricated }): Promise<Played> {
  const { Agent } = await import('@mastra/core/agent');
  const sink = createMemorySink();
  const { tools, actions } = await mastraTools(scenario);
  let hooks: ClaimcheckToolHooks;
  if (how.ownGuard) {
    hooks = claimcheckToolHooks({ guard: guard({ tools: conformanceTools, executors: scenario.executors(), sink, logger: quiet }) });
  } else {
    hooks = claimcheckToolHooks({ tools, actions, sink, logger: quiet });
  }
  const model = how.stream ? streamingModel(scenario.steps) : scriptedModel(scenario.steps);
  const agent = new Agent({
    id: 'support',
    name: 'Support',
    instructions: 'You are a support agent.',
    model,
    tools,
    hooks,
    outputProcessors: [claimcheckProcessor({ guard: hooks.guard, onFabricated: how.onFabricated, logger: quiet })],
  });
  const result = how.stream ? await (await agent.stream(scenario.user)).getFullOutput() : await agent.generate(scenario.user);
  const last = result.response.dbMessages?.filter((m) => m.role === 'assistant').at(-1);
  const requests = how.stream ? model.doStreamCalls.length : model.doGenerateCalls.length;
  return { sink, text: result.text, finishReason: result.finishReason, tripwire: result.tripwire, annotated: last?.content.metadata?.claimcheck, requests };
}

/** A receipt rebuilt from its JSON, for `expectConformance`. */
function receiptOf(json: ReceiptJSON): Receipt {
  return new Receipt({ confirmed: json.confirmed, claimedButNeverRan: json.claimedButNeverRan, unmatched: json.unmatched, ranButUnreported: json.ranButUnreported });
}

const cases = scenarios.map((s) => [s.name, s] as const);

describe.skipIf(!mastraRuns)(mastraSuite('conformance: Mastra Agent.generate, claimcheckToolHooks({ tools }) + claimcheckProcessor'), () => {
  it.each(cases)('%s', async (_name, scenario) => {
    const { sink, annotated, tripwire, requests } = await play(scenario, { ownGuard: false, stream: false, onFabricated: 'annotate' });
    expect(tripwire).toBeUndefined();
    expect(requests).toBe(scenario.steps.length);
    expect(sink.receipts).toHaveLength(1);
    const receipt = sink.receipts[0]?.receipt ?? expect.unreachable();
    expectConformance(scenario, { receipt, operations: sink.operations, interceptions: sink.interceptions });
    expect(annotated).toEqual(receipt.toJSON());
  });
});

describe.skipIf(!mastraRuns)(mastraSuite('conformance: Mastra Agent.stream, claimcheckToolHooks({ guard }) (its executors run the calls)'), () => {
  it.each(cases)('%s', async (_name, scenario) => {
    const { sink, annotated, requests } = await play(scenario, { ownGuard: true, stream: true, onFabricated: 'annotate' });
    expect(requests).toBe(scenario.steps.length);
    expect(sink.receipts).toHaveLength(1);
    const receipt = sink.receipts[0]?.receipt ?? expect.unreachable();
    expectConformance(scenario, { receipt, operations: sink.operations, interceptions: sink.interceptions });
    expect(annotated).toEqual(receipt.toJSON());
  });
});

describe.skipIf(!mastraRuns)(mastraSuite("conformance: Mastra, claimcheckProcessor({ onFabricated: 'abort' }) blocks exactly the fabricated replies"), () => {
  it.each(cases)('%s', async (_name, scenario) => {
    const { sink, tripwire, text, finishReason } = await play(scenario, { ownGuard: false, stream: false, onFabricated: 'abort' });
    const receipt = sink.receipts[0]?.receipt ?? expect.unreachable();
    expectConformance(scenario, { receipt, operations: sink.operations, interceptions: sink.interceptions });
    if (scenario.expect.verdict === 'fabricated') {
      expect(tripwire?.processorId).toBe('claimcheck');
      expect(tripwire?.reason).toBe(`claimcheck: the reply claims actions that did not happen: ${receipt.summary}`);
      const json = (tripwire?.metadata as { claimcheck: ReceiptJSON }).claimcheck;
      expectConformance(scenario, { receipt: receiptOf(json), operations: sink.operations, interceptions: sink.interceptions });
      expect(finishReason).toBe('tripwire');
    } else {
      expect(tripwire).toBeUndefined();
      expect(finishReason).toBe('stop');
      expect(text).toBe((scenario.steps.at(-1) as { text: string }).text);
    }
  });
});
