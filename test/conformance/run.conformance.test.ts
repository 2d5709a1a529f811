// The run() driver: the scenarios played through `run()` over the real SDKs (`openai`,
// `@anthropic-ai/sdk`), each step served as that API's response body by a fake `fetch`.
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { createMemorySink } from '../../src/index.js';
import { run, type RunClient, type RunResult } from '../../src/run.js';
import { conformanceTools, expectConformance, scenarios, type ModelStep } from './scenarios.js';

/** One step as a Chat Completions `chat.completion` body. */
function chatCompletion(step: ModelStep, n: number): unknown {
  const message =
    'text' in step
      ? { role: 'assistant', content: step.text, refusal: null, annotations: [] }
      : {
          role: 'assistant',
          content: null,
          refusal: null,
          annotations: [],
          tool_calls: step.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.args) } })),
        };
  const finish = 'text' in step ? 'stop' : 'tool_calls';
  return {
    id: `chatcmpl-conformance${n}`, object: 'chat.completion', created: 1745912000 + n, model: 'gpt-4o-2024-08-06',
    choices: [{ index: 0, message, logprobs: null, finish_reason: finish }],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  };
}

/** One step as a Messages API `message` body. */
function anthropicMessage(step: ModelStep, n: number): unknown {
  const content = 'text' in step ? [{ type: 'text', text: step.text }] : step.toolCalls.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: c.args }));
  return {
    id: `msg_conformance${n}`, type: 'message', role: 'assistant', model: 'claude-sonnet-4-6', content,
    stop_reason: 'text' in step ? 'end_turn' : 'tool_use', stop_sequence: null,
    usage: { input_tokens: 100, output_tokens: 20 },
  };
}

function serve(steps: readonly ModelStep[], body: (step: ModelStep, n: number) => unknown): typeof fetch {
  let n = 0;
  return (async () => {
    const step = steps[n];
    if (step === undefined) throw new Error(`the model was asked more than the scenario's ${steps.length} steps`);
    return new Response(JSON.stringify(body(step, n++)), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

const sdks = [
  { name: 'openai', model: 'gpt-4o', client: (steps: readonly ModelStep[]): RunClient => new OpenAI({ apiKey: 'test', maxRetries: 0, fetch: serve(steps, chatCompletion) }) },
  { name: 'anthropic', model: 'claude-sonnet-4-6', client: (steps: readonly ModelStep[]): RunClient => new Anthropic({ apiKey: 'test', maxRetries: 0, fetch: serve(steps, anthropicMessage) }) },
] as const;

describe.each(sdks)('conformance: run() with the $name SDK', (sdk) => {
  it.each(scenarios.map((s) => [s.name, s] as const))('%s', async (_name, scenario) => {
    const sink = createMemorySink();
    const client = sdk.client(scenario.steps);
    const options = { model: sdk.model, tools: conformanceTools, executors: scenario.executors(), store: sink };
    let result: RunResult = await run(client, { ...options, messages: [{ role: 'user', content: scenario.user }] });
    for (let turns = 1; !result.finished; turns++) {
      expect(turns).toBeLessThan(scenario.steps.length);
      result = await run(client, { ...options, messages: result.messages });
    }
    expect(result.receipt).not.toBeNull();
    expectConformance(scenario, { receipt: result.receipt ?? expect.unreachable(), operations: sink.operations, interceptions: sink.interceptions });
  });
});
