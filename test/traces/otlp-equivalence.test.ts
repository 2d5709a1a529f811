// Real conversations (the τ-airline sample) exported as OTLP JSON with the spans a GenAI instrumentation
// writes (bench/otlp-export.js: the OpenTelemetry SDK and the OTLP JSON serializer; every chat span's input is
// the whole history before it, multi-turn sessions included) check exactly as the conversations themselves.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkTurns, readTraces, type TurnReceipt } from '../../src/index.js';
// @ts-expect-error: a JavaScript module of the bench, without types.
import { otlpLine } from '../../bench/otlp-export.js';

const lines = readFileSync(new URL('../../examples/tau-airline-sample.jsonl', import.meta.url), 'utf8').split('\n').filter((l) => l.trim() !== '');
const summary = (t: TurnReceipt) => ({ text: t.text, verdict: t.receipt.verdict, confirmed: t.receipt.confirmed.map((c) => c.tool), flagged: t.receipt.claimedButNeverRan.map((c) => [c.tool, c.reason]), unreported: t.receipt.ranButUnreported.map((e) => e.tool) });

describe('an OTLP export of real conversations', () => {
  it.each(lines.map((l, i) => [i, l] as const))('conversation %i: every turn’s receipt equals the conversation’s own', (_i, line) => {
    const record = JSON.parse(line) as { messages: unknown[]; tools: string[]; format: 'openai-chat' };
    const direct = checkTurns(record.messages, { format: record.format, tools: record.tools, ignoreTools: ['think', 'calculate'] });
    const traces = readTraces(JSON.parse((otlpLine as (r: unknown) => string)(record)));
    expect(traces).toHaveLength(1);
    const fromTrace = checkTurns((traces[0] as (typeof traces)[number]).conversation, { ignoreTools: ['think', 'calculate'] });
    expect(fromTrace.map(summary)).toEqual(direct.map(summary));
    expect(direct.length).toBeGreaterThan(1);
  });
});
