// The AI SDK as the producer: the real `generateText` with its OpenTelemetry telemetry on (AI SDK 6's own
// `ai.*` spans; on AI SDK 7 both integrations of @ai-sdk/otel: GenAI semantic-convention spans and the legacy
// `ai.*` ones), a scripted model and real tools, its spans exported as OTLP JSON; `checkTurns` on the export
// is held to the receipt of the same run checked directly (claimcheck/ai-sdk's recorder over the run's own steps).
import { generateText, stepCountIs } from 'ai';
import { describe, expect, it } from 'vitest';
import { createRecorder } from '../../src/ai-sdk.js';
import { checkTurns, ClaimcheckError, readConversation, type Receipt } from '../../src/index.js';
import { scriptedModel } from '../conformance/ai-sdk-model.js';
import { scenarios, type Scenario } from '../conformance/scenarios.js';
import { aiSdkTools, isModelCallSpan, producers, toolSpanName, type AiSdkProducer, type ContentCapture } from './_ai-sdk-telemetry.js';
import { spanRecorder } from './_span-recorder.js';

const recorder = spanRecorder();

/** Play a scenario with the producer's telemetry on; the OTLP export of its spans and the receipt checked directly. */
async function play(producer: AiSdkProducer, scenario: Scenario, content: ContentCapture = {}) {
  recorder.reset();
  const set = aiSdkTools(scenario);
  const direct = createRecorder({ tools: set, request: scenario.user });
  await generateText({ model: scriptedModel(scenario.steps), tools: set, prompt: scenario.user, stopWhen: stepCountIs(10), onStepFinish: direct.onStepFinish, ...producer.options(recorder.tracer, content) });
  return { otlp: recorder.otlp(), direct: direct.receipt(), spans: recorder.spans() };
}

/**
 * The export with every span started in the trace's first millisecond and ended that long after it: what
 * OpenTelemetry JS records for a run whose spans all began within one millisecond (it takes a span's start from
 * the millisecond clock and its end as that start plus the measured duration), so start and end times no longer
 * order the model and tool calls.
 */
function sameMillisecond(otlp: unknown): unknown {
  const copy = structuredClone(otlp) as { resourceSpans: Array<{ scopeSpans: Array<{ spans: Array<{ startTimeUnixNano: string; endTimeUnixNano: string }> }> }> };
  const spans = copy.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
  const first = spans.reduce((min, s) => (BigInt(s.startTimeUnixNano) < min ? BigInt(s.startTimeUnixNano) : min), BigInt(spans[0]?.startTimeUnixNano ?? 0));
  const millisecond = first - (first % 1_000_000n);
  for (const span of spans) {
    const duration = BigInt(span.endTimeUnixNano) - BigInt(span.startTimeUnixNano);
    span.startTimeUnixNano = String(millisecond);
    span.endTimeUnixNano = String(millisecond + duration);
  }
  return copy;
}

const summary = (r: Receipt) => ({ verdict: r.verdict, flagged: r.claimedButNeverRan.map((c) => ({ tool: c.tool, reason: c.reason, text: c.text })), confirmed: r.confirmed.map((c) => c.tool), unreported: r.ranButUnreported.map((e) => e.tool) });

describe.each(producers.map((p) => [p.name, p] as const))('OTLP traces of %s', (_producer, producer) => {
  const played = scenarios.filter((s) => ['honest run', 'claim with no call', 'claim after a failed call', 'amount misstated'].includes(s.name));
  it.each(played.map((s) => [s.name, s] as const))('%s: the receipt from the trace is the receipt of the run checked directly', async (_name, scenario) => {
    const { otlp, direct } = await play(producer, scenario);
    const turns = checkTurns(otlp);
    expect(turns).toHaveLength(1);
    const fromTrace = (turns[0] as (typeof turns)[number]).receipt;
    expect(summary(fromTrace)).toEqual(summary(direct));
    expect(fromTrace.verdict).toBe(scenario.expect.verdict);
    expect(fromTrace.claimedButNeverRan.map((c) => ({ tool: c.tool, reason: c.reason }))).toEqual(scenario.expect.flagged);
  });

  it('reads the tool list the model was given, so a claim of a tool never called is flagged', async () => {
    const scenario = scenarios.find((s) => s.name === 'claim with no call') as Scenario;
    const { otlp } = await play(producer, scenario);
    const conversation = readConversation(otlp);
    expect(conversation.format).toBe('otlp');
    expect(conversation.tools.map((t) => t.name)).toEqual(['lookup_order', 'issue_refund', 'send_email']);
    expect(conversation.events.map((e) => e.kind)).toEqual(['user', 'tool', 'assistant']);
  });

  it('a failed tool span gives the ledger entry its error, from the span status', async () => {
    const scenario = scenarios.find((s) => s.name === 'claim after a failed call') as Scenario;
    const { otlp } = await play(producer, scenario);
    const entries = readConversation(otlp).events.flatMap((e) => (e.kind === 'tool' ? [e.entry] : []));
    expect(entries.map((e) => [e.tool, e.status, e.error, e.callId])).toEqual([
      ['issue_refund', 'ok', null, 'c1'],
      ['send_email', 'error', 'SMTP timeout after 30000ms', 'c2'],
    ]);
    expect(entries[0]?.args).toEqual({ order_id: 'A-1', amount_cents: 6400 });
    expect(entries[0]?.startedAt).toBeTypeOf('number');
  });

  it('content capture off: a clear error that says how to turn it on, not an empty reply checked', async () => {
    const scenario = scenarios.find((s) => s.name === 'honest run') as Scenario;
    const { otlp } = await play(producer, scenario, { recordInputs: false, recordOutputs: false });
    const error = (() => {
      try {
        checkTurns(otlp);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(ClaimcheckError.isInstance(error) && error.code).toBe('trace_without_content');
    expect((error as Error).message).toMatch(/records no message content.*recordInputs: true, recordOutputs: true/);
  });

  it('a trace cut mid-turn (the export ends after the first model call) reads the calls asked for as never answered', async () => {
    const scenario = scenarios.find((s) => s.name === 'honest run') as Scenario;
    const { spans } = await play(producer, scenario);
    const cut = recorder.otlp([spans.find(isModelCallSpan) as (typeof spans)[number]]);
    const conversation = readConversation(cut);
    expect(conversation.events.map((e) => (e.kind === 'tool' ? [e.entry.tool, e.entry.status, e.entry.error] : e.kind))).toEqual(['user', ['lookup_order', 'error', 'no result: the call was never answered']]);
    expect(checkTurns(cut)).toEqual([]);
  });

  it('spans that start in the same millisecond (OpenTelemetry JS rounds start times to it) read in the order the run made them', async () => {
    const scenario = scenarios.find((s) => s.name === 'honest run') as Scenario;
    const { otlp, direct } = await play(producer, scenario);
    const squeezed = sameMillisecond(otlp);
    const entries = readConversation(squeezed).events.flatMap((e) => (e.kind === 'tool' ? [[e.entry.tool, e.entry.callId, typeof e.entry.startedAt] as const] : []));
    expect(entries).toEqual([
      ['lookup_order', 'c1', 'number'],
      ['issue_refund', 'c2', 'number'],
      ['send_email', 'c3', 'number'],
    ]);
    expect(summary((checkTurns(squeezed)[0] as ReturnType<typeof checkTurns>[number]).receipt)).toEqual(summary(direct));
  });

  it('a tool span the export lost: the call is settled from the next model call’s input', async () => {
    const scenario = scenarios.find((s) => s.name === 'honest run') as Scenario;
    const { spans, direct } = await play(producer, scenario);
    const withoutRefundSpan = spans.filter((s) => toolSpanName(s) !== 'issue_refund');
    expect(withoutRefundSpan).toHaveLength(spans.length - 1);
    const turns = checkTurns(recorder.otlp(withoutRefundSpan));
    expect(summary((turns[0] as (typeof turns)[number]).receipt)).toEqual(summary(direct));
  });
});

describe('OTLP exports that cannot be read', () => {
  it('a malformed export names the span it cannot read', () => {
    const bad = { resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: 'ab', spanId: 'cd', startTimeUnixNano: '1' }, { spanId: 'ef', startTimeUnixNano: '2' }] }] }] };
    expect(() => checkTurns(bad)).toThrow(/resourceSpans\[0\]\.scopeSpans\[0\]\.spans\[1\] of the export\.traceId is undefined; expected the trace id as hex text/);
  });
});
