/**
 * createClaimcheckSpanProcessor(): live verdicts for an agent already traced. The real AI SDK with telemetry
 * on runs under a Node tracer provider that has the processor beside an in-memory exporter.
 */
import { generateText, stepCountIs } from 'ai';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { describe, expect, it } from 'vitest';
import { createMemorySink } from '../action/operation-sink.js';
import { scriptedModel } from '../../test/conformance/ai-sdk-model.js';
import { scenarios, type Scenario } from '../../test/conformance/scenarios.js';
import { aiSdkTools, producers, type ContentCapture } from '../../test/traces/_ai-sdk-telemetry.js';
import { createClaimcheckSpanProcessor, type ClaimcheckSpanProcessorOptions } from './create-claimcheck-span-processor.js';
import '../../test/traces/_span-recorder.js';

// The AI SDK's own telemetry on AI SDK 6; on AI SDK 7, @ai-sdk/otel's OpenTelemetry (GenAI spans).
const producer = producers[0] as (typeof producers)[number];

/** The root span of each agent turn the app traced (`ai.generateText`, `invoke_agent …`). */
const turnRoots = (spans: ReadableSpan[]): ReadableSpan[] => spans.filter((s) => s.parentSpanContext === undefined && s.name !== 'claimcheck.check');

async function traced(names: string[], options: Omit<ClaimcheckSpanProcessorOptions, 'tracer'> = {}, content: ContentCapture = {}) {
  const exporter = new InMemorySpanExporter();
  const skipped: string[] = [];
  const app: { provider?: NodeTracerProvider } = {};
  // The verdict spans come from the same provider as the app's (resolved when the first check runs).
  const processor = createClaimcheckSpanProcessor({ ...options, tracerProvider: { getTracer: (name) => (app.provider as NodeTracerProvider).getTracer(name) }, onSkip: (e) => skipped.push(e.reason) });
  const provider = (app.provider = new NodeTracerProvider({ spanProcessors: [processor, new SimpleSpanProcessor(exporter)] }));
  const tracer = provider.getTracer('app');
  for (const name of names) {
    const scenario = scenarios.find((s) => s.name === name) as Scenario;
    await generateText({ model: scriptedModel(scenario.steps), tools: aiSdkTools(scenario), prompt: scenario.user, stopWhen: stepCountIs(10), ...producer.options(tracer, content) });
  }
  await processor.forceFlush();
  return { exporter, skipped, processor };
}

describe('createClaimcheckSpanProcessor', () => {
  it('checks each turn when its root span ends: the receipt goes to the sink and a claimcheck.check span carries the verdict', async () => {
    const sink = createMemorySink();
    const { exporter } = await traced(['honest run', 'claim with no call', 'claim after a failed call'], { sink });
    expect(sink.receipts.map((r) => r.receipt.verdict)).toEqual(['clean', 'fabricated', 'fabricated']);
    expect(sink.receipts[2]?.receipt.claimedButNeverRan.map((c) => [c.tool, c.reason])).toEqual([['send_email', 'tool_failed']]);
    const checks = exporter.getFinishedSpans().filter((s) => s.name === 'claimcheck.check');
    expect(checks.map((s) => s.attributes['claimcheck.verdict'])).toEqual(['clean', 'fabricated', 'fabricated']);
    expect(checks[1]?.attributes['claimcheck.receipt.flagged_claims']).toEqual(['issue_refund:not_called', 'send_email:not_called']);
    // Each verdict span sits in the trace it judged, under its root.
    const roots = turnRoots(exporter.getFinishedSpans());
    expect(roots).toHaveLength(3);
    expect(checks.map((s) => s.parentSpanContext?.spanId)).toEqual(roots.map((r) => r.spanContext().spanId));
  });

  it('fails open: a trace without content is skipped with the reason, a sink that throws changes nothing for the app', async () => {
    const failing = { recordOperation: () => undefined, recordInterception: () => undefined, recordReceipt: () => { throw new Error('disk full'); } };
    const { skipped, exporter } = await traced(['honest run'], { sink: failing }, { recordInputs: false, recordOutputs: false });
    expect(skipped).toEqual([expect.stringMatching(/records no message content/)]);
    expect(turnRoots(exporter.getFinishedSpans())).toHaveLength(1);
    const thrown = await traced(['claim with no call'], { sink: failing });
    expect(thrown.exporter.getFinishedSpans().filter((s) => s.name === 'claimcheck.check')).toHaveLength(1);
  });

  it('bounded: a trace over maxSpansPerTrace is dropped unchecked and said so', async () => {
    const sink = createMemorySink();
    const { skipped } = await traced(['honest run'], { sink, maxSpansPerTrace: 2 });
    expect(sink.receipts).toEqual([]);
    expect(skipped).toEqual(['the trace has more than 2 spans (maxSpansPerTrace)']);
    expect(() => createClaimcheckSpanProcessor({ maxTraces: 0 })).toThrow(/maxTraces must be a positive integer/);
  });
});
