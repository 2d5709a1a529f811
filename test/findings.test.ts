/**
 * The findings beyond flagged claims, on labelled cases written as data (test/fixtures/findings, the case
 * format of docs/case-format.md with `expect.claimed_without_tool` / `expect.denied_but_ran`), traps
 * included: informational by default, blocking under `strict`, only with a given tool list.
 */
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { runCheck } from '../src/cli/check-command.js';
import { runEvalCommand } from '../src/cli/eval-command.js';
import { join } from 'node:path';
import { check, checkTurns } from '../src/check.js';
import { loadCases, type ClaimsCase } from '../src/eval/load-cases.js';
import { runEval } from '../src/eval/run-eval.js';
import type { MessageFormat } from '../src/conversation.js';

const cases = loadCases([fileURLToPath(new URL('./fixtures/findings', import.meta.url))]).filter((c): c is ClaimsCase => c.kind === 'claims');

describe('labelled finding cases', () => {
  it('holds cases and traps for both findings', () => {
    expect(cases.filter((c) => (c.expect.claimedWithoutTool?.length ?? 0) > 0).length).toBeGreaterThanOrEqual(3);
    expect(cases.filter((c) => c.expect.claimedWithoutTool?.length === 0).length).toBeGreaterThanOrEqual(5);
    expect(cases.filter((c) => (c.expect.deniedButRan?.length ?? 0) > 0).length).toBeGreaterThanOrEqual(2);
    expect(cases.filter((c) => c.expect.deniedButRan?.length === 0).length).toBeGreaterThanOrEqual(5);
  });

  it('scores every case as labelled: findings, traps and verdicts', () => {
    const report = runEval(cases);
    expect(report.misses).toEqual([]);
    expect(report.claimedWithoutTool).toMatchObject({ precision: { value: 1 }, recall: { value: 1 } });
    expect(report.deniedButRan).toMatchObject({ precision: { value: 1 }, recall: { value: 1 } });
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s: strict makes a finding fabricated, and only a finding', (_id, kase) => {
    const turns = checkTurns(kase.messages, { format: kase.format as MessageFormat, tools: kase.tools, strict: true });
    const last = turns[turns.length - 1]?.receipt;
    const found = (kase.expect.claimedWithoutTool?.length ?? 0) + (kase.expect.deniedButRan?.length ?? 0);
    expect(last?.verdict).toBe(found > 0 ? 'fabricated' : kase.expect.verdict);
    expect(last?.ok).toBe(found === 0);
  });
});

describe('claimedWithoutTool', () => {
  const tools = [{ name: 'get_order', description: 'Look up an order by id.' }];

  it('is read only when the tool list is given, not inferred from the calls', () => {
    const ledger = [{ tool: 'get_order', status: 'ok' as const, args: { id: '1' }, result: {}, error: null, callId: null, startedAt: null, endedAt: null }];
    expect(check("I've emailed you the receipt.", ledger, { tools }).claimedWithoutTool.map((c) => c.verb)).toEqual(['email']);
    expect(check("I've emailed you the receipt.", ledger).claimedWithoutTool).toEqual([]);
  });

  it('never fires when a passthrough tool could perform anything', () => {
    const shell = [...tools, { name: 'run_shell', description: 'Run a shell command.' }];
    expect(check("I've emailed you the receipt.", [], { tools: shell }).claimedWithoutTool).toEqual([]);
  });

  it('reads the second verb of the speaker’s own sentence too', () => {
    const refund = [{ name: 'issue_refund', description: 'Refund an order.' }, ...tools];
    const ledger = [{ tool: 'issue_refund', status: 'ok' as const, args: { order_id: 'A-1042' }, result: {}, error: null, callId: null, startedAt: null, endedAt: null }];
    expect(check('I refunded $64.00 and updated your address to 12 Elm St.', ledger, { tools: refund }).claimedWithoutTool.map((c) => c.verb)).toEqual(['update']);
  });

  it('leaves the claim in unmatched too (an addition, not a move)', () => {
    const r = check("I've emailed you the receipt.", [], { tools });
    expect(r.unmatched.map((c) => c.verb)).toEqual(['email']);
    expect(r.toJSON().claimedWithoutTool).toEqual([expect.objectContaining({ verb: 'email', tool: null, candidates: [] })]);
  });
});

describe('deniedButRan', () => {
  const tools = [{ name: 'send_email', description: 'Send an email.' }];
  const sent = { tool: 'send_email', status: 'ok' as const, args: { to: 'ana@example.com' }, result: { id: 'm1' }, error: null, callId: 'c1', startedAt: null, endedAt: null };

  it('carries the call it contradicts', () => {
    const [d] = check("I couldn't send the email to ana@example.com.", [sent], { tools }).deniedButRan;
    expect(d).toMatchObject({ tool: 'send_email', contradictedBy: { callId: 'c1' } });
  });

  it('ignores a denial whose stated value no successful call used', () => {
    expect(check("I couldn't send the email to bo@example.com.", [sent], { tools }).deniedButRan).toEqual([]);
  });

  it('reads a status line that says the email was not sent after it was', () => {
    const [d] = check('Summary:\n- ✅ Refund issued\n- ❌ Confirmation email not sent', [sent], { tools }).deniedButRan;
    expect(d).toMatchObject({ tool: 'send_email', text: 'Confirmation email not sent', contradictedBy: { callId: 'c1' } });
  });

  it.each(["I won't send it until you confirm.", "I can't send emails from here.", "If I didn't send it, tell me."])('is not read from "%s"', (reply) => {
    expect(check(reply, [sent], { tools }).deniedButRan).toEqual([]);
  });
});

describe('claimcheck check --strict', () => {
  const file = fileURLToPath(new URL('./fixtures/findings/nt-email-receipt.json', import.meta.url));
  const sinks = (): { out: string[]; err: string[]; sinks: { out: (l: string) => void; err: (l: string) => void } } => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, sinks: { out: (l) => out.push(l), err: (l) => err.push(l) } };
  };

  it('reports the finding under its own heading and exits 0 by default', async () => {
    const s = sinks();
    expect(await runCheck([file], {}, s.sinks)).toBe(0);
    const text = stripVTControlCharacters(s.out.join('\n'));
    expect(text).toContain('claimed without a tool');
    expect(text).toContain('"I found order 4821 and I\'ve emailed you the receipt."');
  });

  it('exits 1 with verdict fabricated under --strict, and the JSON line carries the lists', async () => {
    const s = sinks();
    expect(await runCheck([file], { strict: true, json: true }, s.sinks)).toBe(1);
    const line = JSON.parse(s.out[0] ?? '{}') as Record<string, unknown>;
    expect(line).toMatchObject({ verdict: 'fabricated', ok: false, strict: true, claimedWithoutTool: [{ verb: 'email' }], deniedButRan: [] });
  });
});

describe('--llm <module>', () => {
  const module = fileURLToPath(new URL('./fixtures/findings-llm-extractor.mjs', import.meta.url));
  const dir = fileURLToPath(new URL('./fixtures/findings', import.meta.url));

  it('check adds the model-only claim (its tool is not listed there: unmatched) without changing the exit status', async () => {
    const file = join(dir, 'nt-texted-courier.json');
    const out: string[] = [];
    expect(await runCheck([file], { llm: module, json: true }, { out: (l) => out.push(l), err: () => {} })).toBe(0);
    const line = JSON.parse(out[0] ?? '{}') as { ok: boolean; suspected: unknown[]; unmatched: Array<{ source: string; tool: unknown }> };
    expect(line.ok).toBe(true);
    expect(line.suspected).toEqual([]);
    expect(line.unmatched.filter((c) => c.source === 'llm')).toEqual([expect.objectContaining({ tool: null, text: "I've texted the courier to ring the bell." })]);
  });

  it('eval scores with the second opinion; a module without an extractor is a usage error', async () => {
    const out: string[] = [];
    expect(await runEvalCommand([dir], { llm: module, json: true }, { out: (l) => out.push(l), err: () => {} })).toBe(0);
    expect(JSON.parse(out[0] ?? '{}')).toMatchObject({ claimsCases: 17 });
    const err: string[] = [];
    expect(await runEvalCommand([dir], { llm: fileURLToPath(new URL('./fixtures/findings/nt-email-receipt.json', import.meta.url)) }, { out: () => {}, err: (l) => err.push(l) })).toBe(2);
    expect(err.join('\n')).toContain('--llm');
  });
});
