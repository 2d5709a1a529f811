/**
 * A scripted model for the OpenAI Agents SDK, through the SDK's own extension point for models
 * (`Model`, served by a `ModelProvider`): each request is answered with the next scripted step as the
 * output items the SDK's OpenAI Responses model produces: `function_call` items, or a final assistant
 * `message`. Everything else (the run loop, tool execution, guardrails) is the real SDK.
 * @see https://openai.github.io/openai-agents-js/guides/models/#custom-model-providers
 */
import { Usage, type AgentOutputItem, type Model, type ModelProvider, type ModelRequest, type ModelResponse, type StreamEvent } from '@openai/agents';

/** One model step: tool calls (arguments as an object, or as raw text when a string), or the final text. */
export type ScriptedStep = { toolCalls: ReadonlyArray<{ id: string; name: string; args: unknown }> } | { text: string };

/** A `Model` that plays `steps` in order and keeps every request it got. */
export class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];
  #next = 0;

  constructor(readonly steps: readonly ScriptedStep[]) {}

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const n = this.#next++;
    const step = this.steps[n];
    if (step === undefined) throw new Error(`the model was asked more than the script's ${this.steps.length} steps`);
    return { usage: new Usage({ requests: 1, inputTokens: 100, outputTokens: 20, totalTokens: 120 }), output: outputItems(step, n), responseId: `resp_scripted_${n}` };
  }

  async *getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    const response = await this.getResponse(request);
    // The items above are all of the kinds a streamed response carries.
    const output = response.output as Extract<StreamEvent, { type: 'response_done' }>['response']['output'];
    yield { type: 'response_done', response: { id: response.responseId ?? 'resp_scripted', usage: { requests: 1, inputTokens: 100, outputTokens: 20, totalTokens: 120 }, output } };
  }
}

/** A provider that serves `model` for every model name. */
export function scriptedProvider(model: Model): ModelProvider {
  return { getModel: () => model };
}

function outputItems(step: ScriptedStep, n: number): AgentOutputItem[] {
  if ('text' in step) {
    return [{ type: 'message', id: `msg_scripted_${n}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: step.text }] }];
  }
  return step.toolCalls.map((c) => ({
    type: 'function_call',
    id: `fc_${c.id}`,
    callId: c.id,
    name: c.name,
    arguments: typeof c.args === 'string' ? c.args : JSON.stringify(c.args),
    status: 'completed',
  }));
}

// Try examples/openai-agents.ts without a key (runnable: npx tsx examples/try/openai-agents.ts):
// await supportRun('Refund order A-1 ($64) and email me.', new ScriptedModel([
//   { toolCalls: [{ id: 'c1', name: 'issue_refund', args: { order_id: 'A-1', amount_cents: 6400 } }] },
//   { text: "I've refunded $64.00 to your card and emailed you the confirmation." },
// ]));
