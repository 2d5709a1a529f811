// The AI SDK as a trace producer, at the major of `ai` under test (vitest.config.ts points `ai` at AI SDK 7 on
// Node.js 22+ with .ci/node24-deps installed, else AI SDK 6), set up as its users record spans:
// - AI SDK 6 records OpenTelemetry spans itself: `experimental_telemetry: { isEnabled: true, tracer }` gives
//   the `ai.*` spans (ai.generateText > ai.generateText.doGenerate, ai.toolCall).
// - AI SDK 7 moved OpenTelemetry to @ai-sdk/otel: its `OpenTelemetry` integration writes GenAI
//   semantic-convention spans (invoke_agent > step N (agent_step) > chat, execute_tool), its
//   `LegacyOpenTelemetry` the `ai.*` spans of AI SDK 6. Both are passed per call (`telemetry.integrations`).
import { jsonSchema, tool, type ToolSet } from 'ai';
import aiPackage from 'ai/package.json' with { type: 'json' };
import type { Tracer } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { conformanceTools, type Scenario } from '../conformance/scenarios.js';

/** The major version of the `ai` package the tests import. */
export const aiMajor = Number(aiPackage.version.split('.')[0]);

/** Content capture, as the AI SDK's telemetry options name it (both default to true). */
export interface ContentCapture {
  recordInputs?: boolean;
  recordOutputs?: boolean;
}

/** One way the AI SDK under test records spans: its name in test titles, and the `generateText` options that turn it on. */
export interface AiSdkProducer {
  name: string;
  /** The span shape it writes. */
  spans: 'ai' | 'gen_ai';
  /** Options to spread into `generateText`: spans go to `tracer`. */
  options: (tracer: Tracer, content?: ContentCapture) => object;
}

/** @ai-sdk/otel's integrations (the package is only installed beside AI SDK 7, so it is typed here, not imported). */
interface OtelPackage {
  OpenTelemetry: new (options: { tracer: Tracer }) => object;
  LegacyOpenTelemetry: new (options: { tracer: Tracer }) => object;
}

/** The producers of the AI SDK under test: one for AI SDK 6, the two @ai-sdk/otel integrations for AI SDK 7. */
export async function aiSdkProducers(): Promise<AiSdkProducer[]> {
  if (aiMajor < 7) {
    return [{ name: `AI SDK ${aiMajor} experimental_telemetry (ai.* spans)`, spans: 'ai', options: (tracer, content = {}) => ({ experimental_telemetry: { isEnabled: true, tracer, ...content } }) }];
  }
  // A specifier in a variable: typechecking runs against AI SDK 6's install, which has no @ai-sdk/otel.
  const otelPackage = '@ai-sdk/otel';
  const otel = (await import(otelPackage)) as OtelPackage;
  const integration = (Integration: OtelPackage['OpenTelemetry']) => (tracer: Tracer, content: ContentCapture = {}) => ({ telemetry: { integrations: [new Integration({ tracer })], ...content } });
  return [
    { name: `AI SDK ${aiMajor} + @ai-sdk/otel OpenTelemetry (GenAI spans)`, spans: 'gen_ai', options: integration(otel.OpenTelemetry) },
    { name: `AI SDK ${aiMajor} + @ai-sdk/otel LegacyOpenTelemetry (ai.* spans)`, spans: 'ai', options: integration(otel.LegacyOpenTelemetry) },
  ];
}

/** The producers, read once at module load (top-level await), for `describe.each`. */
export const producers = await aiSdkProducers();

/** The tool a span records the execution of (`ai.toolCall` or `execute_tool`), or `null` for another span. */
export function toolSpanName(span: ReadableSpan): string | null {
  const name = span.attributes['ai.operationId'] === 'ai.toolCall' ? span.attributes['ai.toolCall.name'] : span.attributes['gen_ai.operation.name'] === 'execute_tool' ? span.attributes['gen_ai.tool.name'] : null;
  return typeof name === 'string' ? name : null;
}

/** Whether a span records one model call (`ai.generateText.doGenerate`, or a GenAI `chat` span). */
export function isModelCallSpan(span: ReadableSpan): boolean {
  return span.attributes['ai.operationId'] === 'ai.generateText.doGenerate' || span.attributes['gen_ai.operation.name'] === 'chat';
}

/** The scenario's tools with their executors (an action's executor, or a plain one), as AI SDK tools. */
export function aiSdkTools(scenario: Scenario): ToolSet {
  const executors = scenario.executors();
  return Object.fromEntries(
    conformanceTools.map((t) => {
      const entry = executors[t.name] as unknown;
      const run = (typeof entry === 'function' ? entry : (entry as { executor: (args: unknown) => unknown }).executor) as (args: unknown, ctx: unknown) => unknown;
      return [t.name, tool({ description: t.description, inputSchema: jsonSchema(t.parameters as object), execute: async (args) => run(args, { tool: t.name, callId: '' }) })];
    }),
  );
}
