// The CLI contract users script against: input shapes, --json lines, exit status.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCheck } from '../src/cli/check-command.js';
import { runValidate } from '../src/cli/validate-command.js';
import { readInputs } from '../src/cli/read-inputs.js';
import { EMAIL_TIMEOUT, REFUND_4821, transcript } from './_transcript.js';

const dir = mkdtempSync(join(tmpdir(), 'claimcheck-cli-'));
const tools = [
  { name: 'send_email', description: 'Send an email to a customer.' },
  { name: 'issue_refund', description: 'Refund an order.' },
];
const honest = transcript('honest', tools, { user: 'Refund order 4821 please.', calls: [REFUND_4821], reply: "I've refunded $64.00 for order 4821." });
const fabricated = transcript('fabricated', tools, {
  user: 'Refund order 4821 and email me.',
  calls: [REFUND_4821, EMAIL_TIMEOUT],
  reply: "Refund issued and I've emailed you the confirmation.",
});

function capture(): { out: string[]; err: string[]; sinks: { out: (l: string) => void; err: (l: string) => void } } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, sinks: { out: (l) => out.push(l), err: (l) => err.push(l) } };
}

// eslint-disable-next-line no-control-regex
const plain = (s: string): string => s.replace(/\u001b\[[0-9;]*m/g, '');

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('claimcheck check', () => {
  it('prints one JSON line per conversation in input order and exits 1 when something is fabricated', async () => {
    const path = file('two.jsonl', `${JSON.stringify(honest)}\n\n${JSON.stringify(fabricated)}\n`);
    const c = capture();
    const status = await runCheck([path], { json: true }, c.sinks);
    expect(status).toBe(1);
    const lines = c.out.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.id)).toEqual(['honest', 'fabricated']);
    expect(Object.keys(lines[1] ?? {})).toEqual(['id', 'verdict', 'ok', 'summary', 'confirmed', 'claimedButNeverRan', 'unmatched', 'suspected', 'ranButUnreported', 'claimedWithoutTool', 'deniedButRan', 'strict', 'llmBlocks']);
    expect(lines[1]).toMatchObject({ verdict: 'fabricated', ok: false, claimedButNeverRan: [{ tool: 'send_email', reason: 'tool_failed', source: 'rules' }] });
    expect(lines[0]).toMatchObject({ verdict: 'clean', ok: true });
  });

  it('adds per-turn receipts with --turns', async () => {
    const path = file('one.json', JSON.stringify(fabricated));
    const c = capture();
    await runCheck([path], { json: true, turns: true }, c.sinks);
    const line = JSON.parse(c.out[0] ?? '{}') as { turns: Array<Record<string, unknown>> };
    expect(line.turns).toHaveLength(1);
    expect(line.turns[0]).toMatchObject({ turn: 1, messageIndex: 3, verdict: 'fabricated', version: 1 });
  });

  it('reads a bare message array and a JSON list of conversations', async () => {
    const bare = file('bare.json', JSON.stringify(honest.messages));
    const list = file('list.json', JSON.stringify([honest, fabricated]));
    const c = capture();
    expect(await runCheck([bare], { json: true, tools: file('tools.json', JSON.stringify(tools)) }, c.sinks)).toBe(0);
    expect(await runCheck([list], { json: true }, c.sinks)).toBe(1);
    expect(c.out.map((l) => (JSON.parse(l) as { id: string }).id)).toEqual(['bare.json', 'honest', 'fabricated']);
  });

  it('reports an unreadable conversation and goes on; exit 1 when another is fabricated, else 2', async () => {
    const broken = { id: 'legacy', messages: [{ role: 'assistant', content: null, function_call: { name: 'x', arguments: '{}' } }] };
    const path = file('mixed.jsonl', `${JSON.stringify(broken)}\nnot json\n${JSON.stringify(fabricated)}\n`);
    const c = capture();
    const status = await runCheck([path], { json: true }, c.sinks);
    expect(status).toBe(1);
    expect(c.err.join('\n')).toContain('2 conversations could not be read; exit status 1 because something was fabricated');
    expect(await runCheck([file('mixed-honest.jsonl', `${JSON.stringify(broken)}\n${JSON.stringify(honest)}\n`)], { json: true }, capture().sinks)).toBe(2);
    const lines = c.out.map((l) => JSON.parse(l) as { id: string; error?: { code: string }; verdict?: string });
    expect(lines[0]).toMatchObject({ id: 'legacy', error: { code: 'unreadable_messages' } });
    expect(lines[1]).toMatchObject({ id: 'mixed.jsonl:2', error: { code: 'invalid_input' } });
    expect(lines[2]).toMatchObject({ id: 'fabricated', verdict: 'fabricated' });
  });

  it('rejects an unknown --format and a missing file with exit 2 and a message', async () => {
    const c = capture();
    expect(await runCheck([], { format: 'bogus' }, c.sinks)).toBe(2);
    expect(c.err[0]).toMatch(/unknown --format "bogus"/);
    expect(await runCheck([join(dir, 'nope.json')], {}, c.sinks)).toBe(2);
    expect(c.err[1]).toMatch(/nope\.json/);
  });

  it('ignores tools given with --ignore-tools when listing unreported calls', async () => {
    const quiet = { ...honest, messages: [...honest.messages.slice(0, 2), { tool: 'send_email', status: 'ok', args: {}, result: 'sent' }, honest.messages[2]] };
    const c = capture();
    await runCheck([file('quiet.json', JSON.stringify(quiet))], { json: true, ignoreTools: 'send_email' }, c.sinks);
    expect(JSON.parse(c.out[0] ?? '{}')).toMatchObject({ verdict: 'clean', ranButUnreported: [] });
  });

  it('with --turns, a fabricated earlier turn makes the run exit 1', async () => {
    const early = transcript('early', tools, { user: 'Refund order 4821.', reply: "Done, I've refunded order 4821." }, { user: 'thanks', reply: 'You are welcome!' });
    const path = file('early.json', JSON.stringify(early));
    const c = capture();
    expect(await runCheck([path], {}, c.sinks)).toBe(0);
    expect(await runCheck([path], { turns: true }, c.sinks)).toBe(1);
    expect(c.out.join('\n')).toContain('conversation: worst of 2 turns (1 fabricated)');
  });

  it('reports a JSON file with a typo once, with its line and column', async () => {
    const text = JSON.stringify(honest, null, 2).replace('"role": "user"', '"role: "user"');
    const c = capture();
    expect(await runCheck([file('typo.json', text)], { json: true }, c.sinks)).toBe(2);
    expect(c.out).toHaveLength(1);
    expect(JSON.parse(c.out[0] ?? '{}')).toMatchObject({ id: 'typo.json', error: { code: 'invalid_input', message: expect.stringMatching(/line \d+, column \d+/) as string } });
  });

  it('locates a syntax error that JSON.parse names no offset for (a trailing comma)', async () => {
    const text = JSON.stringify(honest, null, 2).replace(/\n\s*\]\n\}$/, ',\n  ]\n}');
    const c = capture();
    expect(await runCheck([file('trailing.json', text)], { json: true }, c.sinks)).toBe(2);
    expect(JSON.parse(c.out[0] ?? '{}')).toMatchObject({ id: 'trailing.json', error: { code: 'invalid_input', message: expect.stringMatching(/line \d+, column \d+: expected/) as string } });
  });

  it('reports a pretty-printed JSON document saved as .jsonl once, says it is not JSON Lines, and the fix it names works', async () => {
    const list = JSON.stringify([honest, fabricated], null, 2);
    const c = capture();
    expect(await runCheck([file('pretty-list.jsonl', list)], { json: true }, c.sinks)).toBe(2);
    expect(c.out).toHaveLength(1);
    const line = JSON.parse(c.out[0] ?? '{}') as { id: string; error: { code: string; message: string } };
    expect(line).toMatchObject({ id: 'pretty-list.jsonl', error: { code: 'invalid_input' } });
    expect(line.error.message).toContain(`pretty-list.jsonl is one JSON document spread over ${list.split('\n').length} lines (a list of 2 conversations), not JSON Lines (one JSON value per line): its line 1 is not JSON on its own.`);
    expect(line.error.message).toContain(`Name it ${join(dir, 'pretty-list.json')} to read it as one JSON document, or write one conversation per line (jq -c '.[]' `);
    // Both fixes it names read the conversations.
    const renamed = capture();
    expect(await runCheck([file('pretty-list.json', list)], { json: true }, renamed.sinks)).toBe(1);
    expect(renamed.out.map((l) => (JSON.parse(l) as { id: string }).id)).toEqual(['honest', 'fabricated']);
    const perLine = capture();
    expect(await runCheck([file('per-line.jsonl', [honest, fabricated].map((r) => JSON.stringify(r)).join('\n'))], { json: true }, perLine.sinks)).toBe(1);
    // One conversation spread over lines, opening with a byte order mark, in the text report: one error, on stderr.
    const one = capture();
    expect(await runCheck([file('pretty-one.jsonl', `\uFEFF${JSON.stringify(honest, null, 2)}\n`)], {}, one.sinks)).toBe(2);
    expect(one.err.filter((l) => l.includes('cannot check'))).toEqual([
      expect.stringMatching(/^pretty-one\.jsonl: cannot check \(invalid_input\): .*pretty-one\.jsonl is one JSON document spread over \d+ lines \(one conversation\), not JSON Lines .*\(jq -c '\.' /) as string,
    ]);
    // A progress bar still sees every byte.
    let bytes = 0;
    for await (const _record of readInputs([join(dir, 'pretty-list.jsonl')], { onRead: (n) => (bytes += n) })) void _record;
    expect(bytes).toBe(statSync(join(dir, 'pretty-list.jsonl')).size);
  });

  it('still reports each bad line of a JSON Lines file where it is', async () => {
    // The first line is not JSON and neither is the whole file: line errors, and the good lines are checked.
    const c = capture();
    expect(await runCheck([file('bad-first.jsonl', `{"id": "cut", "messages": [\n${JSON.stringify(fabricated)}\n`)], { json: true }, c.sinks)).toBe(1);
    expect(c.out.map((l) => JSON.parse(l) as unknown)).toMatchObject([
      { id: 'bad-first.jsonl:1', error: { code: 'invalid_input', message: expect.stringMatching(/^line 1 of bad-first\.jsonl is not valid JSON/) as string } },
      { id: 'fabricated', verdict: 'fabricated' },
    ]);
    // A pretty-printed document with a typo is not one JSON document: each line is reported.
    const typo = capture();
    const text = JSON.stringify(honest, null, 2).replace('"role": "user"', '"role: "user"');
    expect(await runCheck([file('pretty-typo.jsonl', text)], { json: true }, typo.sinks)).toBe(2);
    expect(typo.out).toHaveLength(text.split('\n').length);
    expect(JSON.parse(typo.out[0] ?? '{}')).toMatchObject({ id: 'pretty-typo.jsonl:1', error: { code: 'invalid_input' } });
  });

  it('reads a JSON Lines file and a --tools file that open with a byte order mark', async () => {
    const bom = '\uFEFF';
    const c = capture();
    expect(await runCheck([file('bom.jsonl', `${bom}${JSON.stringify(fabricated)}\n${JSON.stringify(honest)}\n`)], { json: true, tools: file('bom-tools.json', `${bom}${JSON.stringify(tools)}`) }, c.sinks)).toBe(1);
    expect(c.out.map((l) => JSON.parse(l) as { id: string; verdict: string })).toMatchObject([
      { id: 'fabricated', verdict: 'fabricated' },
      { id: 'honest', verdict: 'clean' },
    ]);
    const v = capture();
    const call = { tool: 'send_email', args: { to: 'ana@example.com' } };
    expect(await runValidate([file('call.json', JSON.stringify(call))], { tools: file('bom-tools-2.json', `${bom}${JSON.stringify(tools)}`) }, v.sinks)).not.toBe(2);
    expect(v.err.join('\n')).not.toMatch(/cannot use/);
  });

  it('names a missing file, a folder with nothing to check, an empty JSON Lines file and a bad --tools file', async () => {
    const c = capture();
    expect(await runCheck([join(dir, 'missing.json')], {}, c.sinks)).toBe(2);
    const emptyFolder = join(dir, 'empty-folder');
    mkdirSync(emptyFolder, { recursive: true });
    writeFileSync(join(emptyFolder, 'notes.txt'), 'no exports here');
    expect(await runCheck([emptyFolder], {}, c.sinks)).toBe(2);
    expect(c.err.join('\n')).toMatch(/missing\.json does not exist/);
    expect(c.err.join('\n')).toMatch(/empty-folder is a folder with no \.json, \.jsonl or \.ndjson file in it/);
    const empty = capture();
    expect(await runCheck([file('empty.jsonl', '\n\n')], { json: true }, empty.sinks)).toBe(2);
    expect(empty.out[0]).toMatch(/holds no records/);
    const badTools = capture();
    expect(await runCheck([file('h.json', JSON.stringify(honest))], { tools: file('bad-tools.json', '{"a": 1}') }, badTools.sinks)).toBe(2);
    expect(badTools.err[0]).toMatch(/cannot use --tools .*bad-tools\.json/);
    // The cause's own full stop is not doubled before the hint.
    const wrongShape = capture();
    expect(await runCheck([file('h2.json', JSON.stringify(honest))], { tools: file('badtools.json', '[{"foo": 1}]') }, wrongShape.sinks)).toBe(2);
    expect(wrongShape.err[0]).toMatch(/expected a tool name, \{name, description\}, or a provider tool object\. It must be a JSON list/);
    const missing = capture();
    expect(await runCheck([file('h3.json', JSON.stringify(honest))], { tools: join(dir, 'no-tools.json') }, missing.sinks)).toBe(2);
    expect(missing.err[0]).toMatch(/no such file\. It must be/);
    for (const line of [...badTools.err, ...wrongShape.err, ...missing.err]) expect(line).not.toMatch(/\.\.(?!\.)/);
  });

  it('warns once when conversations carry no tool list', async () => {
    const c = capture();
    await runCheck([file('bare2.json', JSON.stringify([honest.messages, honest.messages].map((m, i) => ({ id: `b${i}`, messages: m }))))], { json: true }, c.sinks);
    expect(c.err.filter((l) => l.includes('no tool list'))).toHaveLength(1);
  });

  it('says nothing of a missing tool list for a record it cannot read: its error stands alone', async () => {
    const c = capture();
    await runCheck([file('unreadable.json', JSON.stringify([{ id: 'bad', messages: [{ foo: 1 }] }]))], {}, c.sinks);
    expect(c.err).toEqual(['bad: cannot check (unreadable_messages): messages[0] is an object with keys foo; expected a `role` of system, developer, user, assistant or tool.']);
  });

  it('prints a readable report with the flagged quote', async () => {
    const c = capture();
    await runCheck([file('r.json', JSON.stringify(fabricated))], {}, c.sinks);
    const text = c.out.join('\n');
    expect(text).toContain('FABRICATED');
    expect(text).toContain('send_email');
    expect(text).toContain('tool_failed');
    expect(text).toContain("I've emailed you the confirmation");
  });
});

describe('claimcheck validate', () => {
  it('prints one line per call and exits 1 when any is invalid', async () => {
    const schema = { type: 'object', properties: { to: { type: 'string', format: 'email' } }, required: ['to'] };
    const records = [
      { id: 'good', tool: { name: 'send_email', parameters: schema }, args: { to: 'a@b.co' } },
      { id: 'bad', tool: { name: 'send_email', parameters: schema }, args: '{"to": "nope"}' },
    ];
    const c = capture();
    const status = await runValidate([file('calls.json', JSON.stringify(records))], { json: true }, c.sinks);
    expect(status).toBe(1);
    expect(c.out.map((l) => JSON.parse(l) as unknown)).toEqual([
      { id: 'good', ok: true, failures: [] },
      { id: 'bad', ok: false, failures: [{ category: 'format_violation', path: '/to', message: expect.any(String) as string }] },
    ]);
  });

  it('says when nothing was checked (a tool without a schema), and takes the schemas from --tools FILE', async () => {
    const calls = file('bare-calls.jsonl', `${JSON.stringify({ id: 'c1', tool: 'send_email', args: { to: 'nope' } })}\n`);
    const c = capture();
    expect(await runValidate([calls], {}, c.sinks)).toBe(0);
    expect(c.out.map(plain)).toEqual([
      '? c1 not checked: no tool list gives "send_email" a parameters schema (give the tools with --tools FILE), so any arguments pass',
      '1 call · 0 valid · 0 invalid · 1 not checked (no schema: give the tools with --tools FILE or "tools" in the record)',
    ]);
    const j = capture();
    await runValidate([calls], { json: true }, j.sinks);
    expect(JSON.parse(j.out[0] ?? '')).toEqual({ id: 'c1', ok: true, failures: [], checked: false });
    const schema = { type: 'object', properties: { to: { type: 'string', format: 'email' } }, required: ['to'] };
    const toolsFile = file('registered.json', JSON.stringify([{ type: 'function', function: { name: 'send_email', parameters: schema } }]));
    const withTools = capture();
    expect(await runValidate([calls], { json: true, tools: toolsFile }, withTools.sinks)).toBe(1);
    expect(JSON.parse(withTools.out[0] ?? '')).toMatchObject({ id: 'c1', ok: false, failures: [{ category: 'format_violation', path: '/to' }] });
    expect(await runValidate([calls], { tools: join(dir, 'missing-tools.json') }, capture().sinks)).toBe(2);
  });

  it('a tool defined in the record describes that record; --tools covers records that only name their tool', async () => {
    const email = { type: 'object', properties: { to: { type: 'string', format: 'email' } }, required: ['to'] };
    const toolsFile = file('registered-email.json', JSON.stringify([{ type: 'function', function: { name: 'send_email', parameters: email } }]));
    const records = [
      // A definition without a schema, of a tool --tools does not list: as without --tools, not checked.
      { id: 'own-noschema', tool: { type: 'function', function: { name: 'noschema' } }, args: { x: 1 } },
      // A definition with its own schema: checked against it, even where --tools has another.
      { id: 'own-schema', tool: { name: 'send_email', input_schema: { type: 'object', properties: { to: { type: 'integer' } } } }, args: { to: 5 } },
      // A definition without a schema of a tool --tools lists: the list's schema.
      { id: 'listed', tool: { type: 'function', function: { name: 'send_email' } }, args: { to: 'nope' } },
      // A bare name: the list's schema; a bare name the list does not have is unknown.
      { id: 'bare', tool: 'send_email', args: { to: 'a@b.co' } },
      { id: 'bare-unknown', tool: 'noschema', args: {} },
    ];
    const calls = file('own-tools.jsonl', records.map((r) => JSON.stringify(r)).join('\n'));
    const withList = capture();
    expect(await runValidate([calls], { json: true, tools: toolsFile }, withList.sinks)).toBe(1);
    expect(withList.out.map((l) => JSON.parse(l) as unknown)).toMatchObject([
      { id: 'own-noschema', ok: true, failures: [], checked: false },
      { id: 'own-schema', ok: true, failures: [] },
      { id: 'listed', ok: false, failures: [{ category: 'format_violation', path: '/to' }] },
      { id: 'bare', ok: true, failures: [] },
      { id: 'bare-unknown', ok: false, failures: [{ category: 'unknown_tool' }] },
    ]);
    const text = capture();
    await runValidate([calls], { tools: toolsFile }, text.sinks);
    expect(plain(text.out[0] ?? '')).toBe('? own-noschema not checked: tool "noschema" has no parameters schema, so any arguments pass');
    // Without --tools the records describe themselves: the same first line.
    const alone = capture();
    await runValidate([calls], {}, alone.sinks);
    expect(plain(alone.out[0] ?? '')).toBe('? own-noschema not checked: tool "noschema" has no parameters schema, so any arguments pass');
  });

  it('reports a pretty-printed list of calls saved as .jsonl once, naming calls', async () => {
    const calls = [
      { id: 'a', tool: 'send_email', args: { to: 'a@b.co' } },
      { id: 'b', tool: 'send_email', args: { to: 'c@d.co' } },
    ];
    const c = capture();
    expect(await runValidate([file('pretty-calls.jsonl', JSON.stringify(calls, null, 2))], { json: true }, c.sinks)).toBe(2);
    expect(c.out).toHaveLength(1);
    expect(JSON.parse(c.out[0] ?? '{}')).toMatchObject({
      id: 'pretty-calls.jsonl',
      error: { code: 'invalid_input', message: expect.stringContaining('(a list of 2 calls), not JSON Lines (one JSON value per line)') as string },
    });
    expect((JSON.parse(c.out[0] ?? '{}') as { error: { message: string } }).error.message).toContain('write one call per line');
  });

  it('prints the hint for a decimal string sent to an integer field as the same value, with the unit caveat', async () => {
    const schema = { type: 'object', properties: { amount_cents: { type: 'integer' } }, required: ['amount_cents'] };
    const calls = file('cents.json', JSON.stringify({ id: 'cents', tool: { name: 'issue_refund', parameters: schema }, args: { amount_cents: '42.00' } }));
    const c = capture();
    expect(await runValidate([calls], {}, c.sinks)).toBe(1);
    expect(plain(c.out[1] ?? '')).toBe(
      '    type_mismatch at "/amount_cents": /amount_cents must be an integer, got string "42.00". (Send a JSON number, not the string "42.00": ' +
        'the same value as a number is 42. An integer field has no decimal places: if "42.00" is in a larger unit than the field\'s, convert it to the field\'s unit instead.)',
    );
  });

  it('--strict closes object schemas: an extra field fails', async () => {
    const schema = { type: 'object', properties: { to: { type: 'string' } } };
    const calls = file('extra.json', JSON.stringify({ id: 'x', tool: { name: 'send_email', parameters: schema }, args: { to: 'a', cc: 'b' } }));
    expect(await runValidate([calls], {}, capture().sinks)).toBe(0);
    const c = capture();
    expect(await runValidate([calls], { json: true, strict: true }, c.sinks)).toBe(1);
    expect(JSON.parse(c.out[0] ?? '')).toMatchObject({ ok: false, failures: [{ category: 'extra_field', path: '/cc' }] });
  });
});

describe('the built binary', () => {
  const bin = new URL('../dist/cli/main.js', import.meta.url).pathname;

  it('reads stdin and sets the exit status', () => {
    const run = spawnSync(process.execPath, [bin, 'check', '--json', '-'], { input: JSON.stringify(fabricated), encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ verdict: 'fabricated' });
  });

  it('keeps exit status 1 on a fabricated reply when the reader closes the pipe early (| head -1)', { timeout: 60_000 }, async () => {
    // Enough output to overflow the pipe once the reader is gone, so the writes meet EPIPE.
    const file = join(dir, 'many.jsonl');
    const cases = [fabricated, ...Array.from({ length: 3_000 }, (_, i) => ({ ...honest, id: `honest-${i}` }))];
    writeFileSync(file, cases.map((c) => JSON.stringify(c)).join('\n'));
    const child = spawn(process.execPath, [bin, 'check', '--json', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    const status = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const first = await new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8'))));
    child.stdout.destroy();
    expect(JSON.parse(first.split('\n')[0] ?? '')).toMatchObject({ id: 'fabricated', verdict: 'fabricated' });
    expect(await status).toBe(1);
  });

  it('prints its version and exits 2 on an unknown command', () => {
    expect(execFileSync(process.execPath, [bin, '--version'], { encoding: 'utf8' }).trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(spawnSync(process.execPath, [bin, 'bogus'], { encoding: 'utf8' }).status).toBe(2);
  });

  it('answers a usage error with the error, the suggestion and one line pointing at --help, not the whole help (exit 2)', () => {
    const typo = spawnSync(process.execPath, [bin, 'check', '--jsn'], { encoding: 'utf8' });
    expect(typo.status).toBe(2);
    expect(typo.stdout).toBe('');
    expect(typo.stderr).toBe("error: unknown option '--jsn'\n(Did you mean --json?)\nRun 'claimcheck check --help' for its options.\n");
    // A flag a known one extends or cuts short by a word is further than commander's edit distance: suggested too.
    const longer = spawnSync(process.execPath, [bin, 'view', '--db-path', 'x.sqlite'], { encoding: 'utf8' });
    expect(longer.status).toBe(2);
    expect(longer.stderr).toBe("error: unknown option '--db-path'\n(Did you mean --db?)\nRun 'claimcheck view --help' for its options.\n");
    const shorter = spawnSync(process.execPath, [bin, 'check', '--ignore', 'think'], { encoding: 'utf8' });
    expect(shorter.stderr).toBe("error: unknown option '--ignore'\n(Did you mean --ignore-tools?)\nRun 'claimcheck check --help' for its options.\n");
    // check has no ledger flag: nothing to suggest.
    expect(spawnSync(process.execPath, [bin, 'check', '--db-path', 'x'], { encoding: 'utf8' }).stderr).toBe("error: unknown option '--db-path'\nRun 'claimcheck check --help' for its options.\n");
    const command = spawnSync(process.execPath, [bin, 'chek'], { encoding: 'utf8' });
    expect(command.status).toBe(2);
    expect(command.stderr).toBe("error: unknown command 'chek'\n(Did you mean check?)\nRun 'claimcheck --help' for the commands.\n");
    const missing = spawnSync(process.execPath, [bin, 'stats', '--since'], { encoding: 'utf8' });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe("error: option '--since <when>' argument missing\nRun 'claimcheck stats --help' for its options.\n");
    // --help itself still prints the full help, exit 0.
    const help = spawnSync(process.execPath, [bin, 'check', '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--output <file>');
  });
});

describe('claimcheck eval', () => {
  it('points a malformed case at the case format shipped in docs/', async () => {
    const { runEvalCommand } = await import('../src/cli/eval-command.js');
    const cases = mkdtempSync(join(tmpdir(), 'claimcheck-eval-'));
    writeFileSync(join(cases, 'bad.json'), JSON.stringify({ id: 'x', kind: 'claims', messages: [] }));
    const c = capture();
    expect(await runEvalCommand([cases], {}, c.sinks)).toBe(2);
    expect(c.err[0]).toContain('(the case format: docs/case-format.md in the claimcheck package)');
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { files: string[] };
    expect(pkg.files).toContain('docs');
    expect(readFileSync(new URL('../docs/case-format.md', import.meta.url), 'utf8')).toContain('### `"kind": "claims"`');
  });

  it('says no labelled case was found in a folder without *.json files, and points at the case format', async () => {
    const { runEvalCommand } = await import('../src/cli/eval-command.js');
    const cases = mkdtempSync(join(tmpdir(), 'claimcheck-eval-'));
    writeFileSync(join(cases, 'notes.txt'), 'not a case');
    const c = capture();
    expect(await runEvalCommand([cases], {}, c.sinks)).toBe(2);
    expect(c.err).toEqual([
      `claimcheck eval: no labelled cases were found in ${cases}: eval reads each *.json file directly in the folders given as one labelled case and found none. Write your cases as docs/case-format.md in the claimcheck package describes.`,
    ]);
    // Cases one folder down are named, and reading that folder as the message says scores them.
    const kase = { id: 'k1', kind: 'claims', format: 'transcript', tools, messages: honest.messages, expect: { verdict: 'clean', flagged: [], confirmed: ['issue_refund'], unreported: [] } };
    mkdirSync(join(cases, 'claims'));
    mkdirSync(join(cases, 'drafts'));
    writeFileSync(join(cases, 'claims', 'k1.json'), JSON.stringify(kase));
    const nested = capture();
    expect(await runEvalCommand([cases], {}, nested.sinks)).toBe(2);
    expect(nested.err[0]).toContain(`Subfolders are not read (${join(cases, 'claims')}): give them as folders, e.g. claimcheck eval ${join(cases, 'claims')}.`);
    expect(nested.err[0]).not.toContain('drafts');
    const scored = capture();
    expect(await runEvalCommand([join(cases, 'claims')], { json: true }, scored.sinks)).toBe(0);
    expect(scored.err).toEqual([]);
  });
});
