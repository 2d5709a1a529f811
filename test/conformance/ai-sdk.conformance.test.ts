// The AI SDK driver: each scenario played through the real `generateText` with a scripted mock model,
// `guardTools()` over the scenario's guard, `repairToolCall()` and `createRecorder()`.
import { generateText, jsonSchema, stepCountIs, tool, type ToolSet } from 'ai';
import { describe, it } from 'vitest';
import { createRecorder, guardTools, repairToolCall } from '../../src/ai-sdk.js';
import { createMemorySink, guard } from '../../src/index.js';
import { scriptedModel } from './ai-sdk-model.js';
import { conformanceTools, expectConformance, scenarios } from './scenarios.js';

/** The conformance tools as AI SDK tools: schemas only (the guard's executors run the calls). */
export function aiSdkTools(): ToolSet {
  return Object.fromEntries(conformanceTools.map((t) => [t.name, tool({ description: t.description, inputSchema: jsonSchema(t.parameters as object) })]));
}

describe('conformance: AI SDK generateText + guardTools + createRecorder', () => {
  it.each(scenarios.map((s) => [s.name, s] as const))('%s', async (_name, scenario) => {
    const sink = createMemorySink();
    const g = guard({ tools: conformanceTools, executors: scenario.executors(), sink, logger: { warn: () => undefined } });
    const tools = await guardTools(aiSdkTools(), { guard: g });
    const model = scriptedModel(scenario.steps);
    const recorder = createRecorder({ tools, request: scenario.user });
    await generateText({
      model,
      tools,
      prompt: scenario.user,
      stopWhen: stepCountIs(10),
      experimental_repairToolCall: repairToolCall({ model, tools }),
      onStepFinish: recorder.onStepFinish,
    });
    expectConformance(scenario, { receipt: recorder.receipt(), operations: sink.operations, interceptions: sink.interceptions });
  });
});
