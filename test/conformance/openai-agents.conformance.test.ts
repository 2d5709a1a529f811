// The OpenAI Agents SDK driver: every scenario played through the real `@openai/agents` run loop
// (`Runner`, tool execution, guardrails), with a scripted `Model` behind a `ModelProvider` (the SDK's own
// extension point for models) and the scenario's tools wrapped by `guardAgentTools({ guard })`.
// Operations and interceptions come from the guard's memory sink. The receipt is read three ways from
// the same kind of run: the one `claimcheckOutputGuardrail({ guard })` made with `guard.checkBypass`
// (the last receipt in the sink), `checkAgentRun(result)` over the run's history, and the output
// guardrail without a guard (judging the run's items) in `'fail'` mode, whose tripwire must trip
// exactly on the fabricated scenarios.
import { Agent, OutputGuardrailTripwireTriggered, Runner, tool, type AgentOutputType, type OutputGuardrailMetadata, type RunResult } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { createMemorySink, guard, Receipt, type Guard, type MemorySink, type ReceiptJSON } from '../../src/index.js';
import { checkAgentRun, claimcheckOutputGuardrail, claimcheckRunOptions, guardAgentTools } from '../../src/openai-agents.js';
import { ScriptedModel, scriptedProvider } from '../fixtures/openai-agents-model.js';
import { conformanceTools, expectConformance, scenarios, type Scenario } from './scenarios.js';

const quiet = { warn: () => undefined };

/** The scenario's tools as SDK tools. Their own `execute` never runs: the guard's executors do. */
function sdkTools() {
  return conformanceTools.map((t) =>
    tool({
      name: t.name,
      description: t.description,
      parameters: structuredClone(t.parameters) as never,
      strict: false,
      execute: () => {
        throw new Error('not reached: guardAgentTools({ guard }) runs the guard executors');
      },
    }),
  );
}

interface Played {
  result: RunResult<unknown, Agent<unknown, AgentOutputType>> | undefined;
  error: unknown;
  model: ScriptedModel;
  sink: MemorySink;
  guard: Guard;
}

/** Play a scenario with an output guardrail made for the run's guard. */
async function play(scenario: Scenario, outputGuardrail: (g: Guard) => ReturnType<typeof claimcheckOutputGuardrail>): Promise<Played> {
  const sink = createMemorySink();
  const g = guard({ tools: conformanceTools, executors: scenario.executors(), sink, logger: quiet });
  const { tools } = guardAgentTools(sdkTools(), { guard: g });
  const agent = new Agent({ name: 'Support', instructions: 'You are a support agent.', model: 'scripted', tools, outputGuardrails: [outputGuardrail(g)] });
  const model = new ScriptedModel(scenario.steps);
  const runner = new Runner({ modelProvider: scriptedProvider(model), tracingDisabled: true, ...claimcheckRunOptions({ guard: g }) });
  try {
    return { result: await runner.run(agent, scenario.user), error: undefined, model, sink, guard: g };
  } catch (error) {
    return { result: undefined, error, model, sink, guard: g };
  }
}

const cases = scenarios.map((s) => [s.name, s] as const);

describe('conformance: OpenAI Agents SDK, receipt from claimcheckOutputGuardrail({ guard }) (guard.checkBypass)', () => {
  it.each(cases)('%s', async (_name, scenario) => {
    const { result, error, model, sink } = await play(scenario, (g) => claimcheckOutputGuardrail({ guard: g, mode: 'annotate' }));
    expect(error).toBeUndefined();
    expect(model.requests).toHaveLength(scenario.steps.length);
    expect(sink.receipts).toHaveLength(1);
    const receipt = sink.receipts[0]?.receipt ?? expect.unreachable();
    expectConformance(scenario, { receipt, operations: sink.operations, interceptions: sink.interceptions });
    // The guardrail's result carries the same receipt, as JSON.
    expect(result?.outputGuardrailResults[0]?.output.outputInfo).toEqual(receipt.toJSON());
  });
});

describe('conformance: OpenAI Agents SDK, receipt from checkAgentRun(result)', () => {
  it.each(cases)('%s', async (_name, scenario) => {
    const { result, sink } = await play(scenario, (g) => claimcheckOutputGuardrail({ guard: g, mode: 'annotate' }));
    const receipt = checkAgentRun(result ?? expect.unreachable());
    expectConformance(scenario, { receipt, operations: sink.operations, interceptions: sink.interceptions });
  });
});

describe("conformance: OpenAI Agents SDK, claimcheckOutputGuardrail without a guard in 'fail' mode", () => {
  it.each(cases)('%s', async (_name, scenario) => {
    const { result, error, sink } = await play(scenario, () => claimcheckOutputGuardrail({ mode: 'fail' }));
    let info: ReceiptJSON;
    if (scenario.expect.verdict === 'fabricated') {
      expect(error).toBeInstanceOf(OutputGuardrailTripwireTriggered);
      info = (error as OutputGuardrailTripwireTriggered<OutputGuardrailMetadata>).result.output.outputInfo as ReceiptJSON;
    } else {
      expect(error).toBeUndefined();
      info = result?.outputGuardrailResults[0]?.output.outputInfo as ReceiptJSON;
    }
    expectConformance(scenario, { receipt: receiptOf(info), operations: sink.operations, interceptions: sink.interceptions });
  });
});

/** A receipt rebuilt from its JSON, for `expectConformance`. */
function receiptOf(json: ReceiptJSON): Receipt {
  return new Receipt({ confirmed: json.confirmed, claimedButNeverRan: json.claimedButNeverRan, unmatched: json.unmatched, ranButUnreported: json.ranButUnreported });
}
