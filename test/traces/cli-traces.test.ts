// `claimcheck check` on trace exports the AI SDK made (telemetry on, scripted model, real tools): one OTLP
// JSON document of many traces, a collector-style JSON Lines file whose traces are spread over lines, a folder
// of both, and --since / --service.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateText, stepCountIs } from 'ai';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../src/cli/check-command.js';
import { scriptedModel } from '../conformance/ai-sdk-model.js';
import { scenarios, type Scenario } from '../conformance/scenarios.js';
import { aiSdkTools, producers, type ContentCapture } from './_ai-sdk-telemetry.js';
import { spanRecorder } from './_span-recorder.js';

const dir = mkdtempSync(join(tmpdir(), 'claimcheck-traces-'));
const support = spanRecorder('support-agent');
const billing = spanRecorder('billing-agent');
const played = ['honest run', 'claim with no call', 'claim after a failed call'].map((name) => scenarios.find((s) => s.name === name) as Scenario);
// The AI SDK's own telemetry on AI SDK 6; on AI SDK 7, @ai-sdk/otel's OpenTelemetry (GenAI spans), the one its docs recommend.
const producer = producers[0] as (typeof producers)[number];

async function play(scenario: Scenario, recorder: ReturnType<typeof spanRecorder>, content: ContentCapture = {}): Promise<void> {
  await generateText({ model: scriptedModel(scenario.steps), tools: aiSdkTools(scenario), prompt: scenario.user, stopWhen: stepCountIs(10), ...producer.options(recorder.tracer, content) });
}

async function check(files: string[], options: Parameters<typeof runCheck>[1] = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runCheck(files, { reporter: 'json', ...options }, { out: (l) => out.push(l), err: (l) => err.push(l) });
  const rows = out.map((l) => JSON.parse(l) as { id: string; verdict?: string; error?: { code: string; message: string } }).filter((r) => r.id !== undefined);
  return { status, rows, err };
}

let traceIds: string[] = [];
beforeAll(async () => {
  for (const scenario of played) await play(scenario, support);
  await play(played[0] as Scenario, billing);
  const spans = support.spans();
  traceIds = [...new Set(spans.map((s) => s.spanContext().traceId))];
  writeFileSync(join(dir, 'export.json'), JSON.stringify(support.otlp()));
  // A collector's file exporter: one export request a line, a trace's spans spread over lines, traces interleaved.
  writeFileSync(join(dir, 'collector.jsonl'), spans.map((s) => JSON.stringify(support.otlp([s]))).join('\n'));
  mkdirSync(join(dir, 'folder', 'billing'), { recursive: true });
  writeFileSync(join(dir, 'folder', 'support.jsonl'), spans.map((s) => JSON.stringify(support.otlp([s]))).join('\n'));
  writeFileSync(join(dir, 'folder', 'billing', 'export.json'), JSON.stringify(billing.otlp()));
  writeFileSync(join(dir, 'folder', 'notes.txt'), 'not an export');
});

describe('claimcheck check on OTLP trace exports', () => {
  const expected = () => played.map((s, i) => ({ id: traceIds[i], verdict: s.expect.verdict }));

  it('one export of many traces: each trace is a conversation, checked; exit 1 for the fabrications', async () => {
    const { status, rows } = await check([join(dir, 'export.json')]);
    expect(rows.map((r) => ({ id: r.id, verdict: r.verdict }))).toEqual(expected());
    expect(status).toBe(1);
  });

  it('a collector file of one export request a line: spans are grouped by trace id across lines', async () => {
    const { rows } = await check([join(dir, 'collector.jsonl')]);
    expect(rows.map((r) => ({ id: r.id, verdict: r.verdict }))).toEqual(expected());
  });

  it('a folder: every .json/.jsonl under it, other files left alone', async () => {
    const { rows } = await check([join(dir, 'folder')]);
    expect(rows.map((r) => r.verdict)).toEqual(['clean', ...expected().map((e) => e.verdict)]);
  });

  it('--service keeps the traces of one service', async () => {
    const { rows } = await check([join(dir, 'folder')], { service: 'billing-agent' });
    expect(rows.map((r) => r.verdict)).toEqual(['clean']);
  });

  it('--service matching no trace says so on stderr with the services seen, and exits 2 (a typo is not a pass)', async () => {
    const typo = await check([join(dir, 'folder')], { service: 'biling-agent' });
    expect(typo.rows).toEqual([]);
    expect(typo.status).toBe(2);
    expect(typo.err).toHaveLength(1);
    expect(typo.err[0]).toMatch(/^claimcheck check: --service biling-agent matched none of the 4 traces \(none of them was checked\); services seen: .*billing-agent/);
    const err: string[] = [];
    expect(await runCheck([join(dir, 'folder')], { service: 'biling-agent' }, { out: () => undefined, err: (l) => err.push(l) })).toBe(2);
    expect(err.join('\n')).toContain('--service biling-agent matched none');
  });

  it('--since skips traces that started before then; a bad value is a usage error', async () => {
    expect((await check([join(dir, 'export.json')], { since: '1h' })).rows).toHaveLength(3);
    const later = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const skipped = await check([join(dir, 'export.json')], { since: later });
    expect(skipped.rows).toEqual([]);
    // Nothing checked is not a pass: said on stderr, exit 2 as for an empty input.
    expect(skipped.status).toBe(2);
    expect(skipped.err).toEqual([expect.stringMatching(new RegExp(`^claimcheck check: --since ${later} matched none of the 3 traces \\(none of them was checked\\); the newest started \\d{4}-`))]);
    expect((await check([join(dir, 'export.json')], { since: 'yesterday' })).status).toBe(2);
  });

  it('a trace recorded without content is reported as such, and the others are still checked', async () => {
    const mixed = spanRecorder('support-agent');
    await play(played[0] as Scenario, mixed, { recordInputs: false, recordOutputs: false });
    await play(played[1] as Scenario, mixed);
    writeFileSync(join(dir, 'mixed.json'), JSON.stringify(mixed.otlp()));
    const { status, rows } = await check([join(dir, 'mixed.json')]);
    expect(rows.map((r) => r.error?.code ?? r.verdict)).toEqual(['trace_without_content', 'fabricated']);
    expect(rows[0]?.error?.message).toMatch(/OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT/);
    expect(status).toBe(1);
  });

  it('--format otlp on a file that is no export names what it got', async () => {
    writeFileSync(join(dir, 'chat.json'), JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }));
    const { status, rows } = await check([join(dir, 'chat.json')], { format: 'otlp' });
    expect(rows[0]?.error?.message).toMatch(/chat\.json is an object with keys messages; expected an OTLP JSON trace export/);
    expect(status).toBe(2);
  });
});
