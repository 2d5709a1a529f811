// The reference driver: the scenarios played straight through `guard()`, the way a hand-written loop uses it.
import { describe, it } from 'vitest';
import { createMemorySink, guard, type GuardResult } from '../../src/index.js';
import { conformanceTools, expectConformance, scenarios, type ModelStep } from './scenarios.js';

const isCalls = (s: ModelStep): s is Extract<ModelStep, { toolCalls: unknown }> => 'toolCalls' in s;

describe('conformance: guard()', () => {
  it.each(scenarios.map((s) => [s.name, s] as const))('%s', async (_name, scenario) => {
    const sink = createMemorySink();
    const g = guard({ tools: conformanceTools, executors: scenario.executors(), sink, logger: { warn: () => undefined } });
    let repairNext = false;
    let text = '';
    for (const step of scenario.steps) {
      if (!isCalls(step)) {
        text = step.text;
        break;
      }
      for (const c of step.toolCalls) {
        const result: GuardResult = repairNext ? await g.executeRepaired(c.name, c.args, { callId: c.id }) : await g.executeAsync(c.name, c.args, { callId: c.id });
        // A rejected call whose tool exists is repaired by the next step (the model's answer to the repair prompt).
        repairNext = !result.ok && result.failure !== undefined && result.failure.category !== 'unknown_tool' && result.failure.category !== 'tool_failed';
      }
    }
    const receipt = g.checkBypass(text, { request: scenario.user });
    expectConformance(scenario, { receipt, operations: sink.operations, interceptions: sink.interceptions });
  });
});
