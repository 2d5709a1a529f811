// `claimcheck check` output users gate on: --only, --quiet, the summary, the github and junit
// reporters, --output, --turns --json agreement with the exit status, and the messages for inputs
// that are easy to get wrong.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECK_USAGE, runCheck } from '../src/cli/check-command.js';
import { openOutputFile } from '../src/cli/_output-file.js';
import { looksLikeToolList } from '../src/cli/_check-input.js';
import { parseOnly } from '../src/cli/_check-outcome.js';
import { ClaimcheckError } from '../src/errors.js';
import { EMAIL_TIMEOUT, REFUND_4821, transcript } from './_transcript.js';

const dir = mkdtempSync(join(tmpdir(), 'claimcheck-check-output-'));
const tools = [
  { name: 'send_email', description: 'Send an email to a customer.' },
  { name: 'issue_refund', description: 'Refund an order.' },
  { name: 'think', description: 'Think out loud.' },
];
const honest = transcript('honest', tools, {
  user: 'Refund order 4821 please.',
  calls: [{ tool: 'think', status: 'ok', args: {}, result: 'ok' }, REFUND_4821],
  reply: "I've refunded $64.00 for order 4821.",
});
const fabricated = transcript('fab,ri:cated', tools, {
  user: 'Refund order 4821 and email me.',
  calls: [REFUND_4821, EMAIL_TIMEOUT],
  reply: "Refund issued and I've emailed you the confirmation <100%>.",
});
// Fabricated in the first turn, honest in the last.
const early = transcript('early', tools, { user: 'Refund order 4821.', reply: "Done, I've refunded order 4821." }, { user: 'thanks', reply: 'You are welcome!' });

function capture(): { out: string[]; err: string[]; sinks: { out: (l: string) => void; err: (l: string) => void } } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, sinks: { out: (l) => out.push(l), err: (l) => err.push(l) } };
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const jsonl = (...records: unknown[]): string => records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n');
// eslint-disable-next-line no-control-regex
const plain = (s: string): string => s.replace(/\u001b\[[0-9;]*m/g, '');

describe('check --only and --quiet', () => {
  const path = file('three.jsonl', jsonl(honest, fabricated, early));

  it('prints only the selected conversations; the summary and exit status count all', async () => {
    const c = capture();
    expect(await runCheck([path], { only: 'fabricated' }, c.sinks)).toBe(1);
    const text = plain(c.out.join('\n'));
    expect(text).toContain('fab,ri:cated  FABRICATED');
    expect(text).not.toContain('honest  ');
    expect(text).not.toContain('early  ');
    expect(text).toContain('3 conversations');
    const j = capture();
    await runCheck([path], { json: true, only: ['clean', 'unreported'] }, j.sinks);
    expect(j.out.map((l) => (JSON.parse(l) as { id: string }).id)).toEqual(['honest', 'early']);
  });

  it('with --turns lists only the turns of the selected kinds', async () => {
    const c = capture();
    await runCheck([path], { turns: true, only: 'fabricated' }, c.sinks);
    const text = plain(c.out.join('\n'));
    expect(text).toContain('early  FABRICATED');
    expect(text).toContain('turn 1 (message 1): fabricated');
    expect(text).not.toContain('honest  ');
  });

  it('rejects an unknown kind with exit 2', async () => {
    const c = capture();
    expect(await runCheck([path], { only: 'fabricated,bogus' }, c.sinks)).toBe(2);
    expect(c.err[0]).toMatch(/--only takes a comma-separated list of fabricated, unreported, unmatched, clean, error, flagged/);
    // "bogus" is near no kind: no guess.
    expect(c.err[0]).not.toMatch(/Did you mean/);
  });

  it('names the closest kind for a misspelled one, as a typed invalid_options error', async () => {
    const c = capture();
    expect(await runCheck([path], { only: 'flagged,fabricted' }, c.sinks)).toBe(2);
    expect(c.err).toEqual([
      'claimcheck check: unknown --only kind "fabricted". Did you mean "fabricated"? --only takes a comma-separated list of fabricated, unreported, unmatched, clean, error, flagged; got "flagged,fabricted".',
    ]);
    let thrown: unknown;
    try {
      parseOnly(['unreportd']);
    } catch (error) {
      thrown = error;
    }
    expect(ClaimcheckError.isInstance(thrown)).toBe(true);
    expect(thrown).toMatchObject({ code: 'invalid_options', data: { option: '--only', value: 'unreportd', suggestion: 'unreported' } });
    expect(() => parseOnly('bogus')).toThrow(expect.objectContaining({ data: { option: '--only', value: 'bogus', suggestion: null } }) as Error);
  });

  it('--quiet prints the summary only (nothing with --json) and keeps the exit status', async () => {
    const c = capture();
    expect(await runCheck([path], { quiet: true }, c.sinks)).toBe(1);
    const text = plain(c.out.join('\n'));
    expect(text.split('\n')[0]).toBe('3 conversations · 4 assistant turns · 1 fabricated · 1 unreported · 1 clean');
    expect(text).not.toContain('FABRICATED');
    const j = capture();
    expect(await runCheck([path], { quiet: true, json: true }, j.sinks)).toBe(1);
    expect(j.out).toEqual([]);
  });

  it('ends the readable report with flagged claims by reason and tool, and the tools most often unreported', async () => {
    const c = capture();
    await runCheck([path], { turns: true }, c.sinks);
    const summary = plain(c.out.slice(-4).join('\n'));
    expect(summary).toMatch(/flagged claims +2 +by reason: not_called 1, tool_failed 1/);
    expect(summary).toMatch(/flagged tools +issue_refund 1, send_email 1/);
    expect(summary).toMatch(/unreported most +think 1/);
  });
});

describe('check summary of the informational findings', () => {
  // A claim no listed tool can perform (cancelling), beside a refund the call backs.
  const withoutTool = transcript('without-tool', tools, {
    user: 'Refund order 4821 and cancel it.',
    calls: [REFUND_4821],
    reply: "I've refunded $64.00, and your order 4821 has been cancelled.",
  });
  const denied = transcript('denied', tools, { user: 'Refund order 4821.', calls: [REFUND_4821], reply: "I'm sorry, I wasn't able to issue the refund for order 4821." });
  const summaryOf = async (records: unknown[], strict: boolean): Promise<{ status: number; lines: string[] }> => {
    const c = capture();
    const status = await runCheck([file(`findings-${strict ? 's' : 'i'}-${records.length}.jsonl`, jsonl(...records))], { quiet: true, strict }, c.sinks);
    return { status, lines: plain(c.out.join('\n')).split('\n') };
  };

  it('counts one finding in the singular, and says --strict would make it fabricated', async () => {
    const { status, lines } = await summaryOf([withoutTool, denied], false);
    expect(status).toBe(0);
    expect(lines).toEqual([
      '2 conversations · 2 assistant turns · 0 fabricated · 1 unreported · 1 clean',
      'flagged claims  0',
      'unmatched       1 claim no listed tool fits (not judged)',
      'without tool    1 claim no listed tool can perform (--strict makes it fabricated)',
      'denied but ran  1 denial of an action whose tool succeeded (--strict makes it fabricated)',
      'unreported most issue_refund 1 (calls that ran unreported, by tool; --ignore-tools a,b to leave tools out)',
    ]);
  });

  it('under --strict says the findings made their replies fabricated, and counts several in the plural', async () => {
    const { status, lines } = await summaryOf([withoutTool, { ...withoutTool, id: 'again' }, denied], true);
    expect(status).toBe(1);
    expect(lines).toEqual([
      '3 conversations · 3 assistant turns · 3 fabricated · 0 unreported · 0 clean',
      'flagged claims  0',
      'unmatched       2 claims no listed tool fits (not judged)',
      'without tool    2 claims no listed tool can perform (--strict: their replies are fabricated)',
      'denied but ran  1 denial of an action whose tool succeeded (--strict: its reply is fabricated)',
      'unreported most issue_refund 1 (calls that ran unreported, by tool; --ignore-tools a,b to leave tools out)',
    ]);
  });
});

describe('check --service on conversations (not traces)', () => {
  it('says the filter selects traces and the input held none, and checks the conversations as usual', async () => {
    const c = capture();
    expect(await runCheck([file('convs.jsonl', jsonl(honest, fabricated))], { service: 'support-agent', json: true }, c.sinks)).toBe(1);
    expect(c.out).toHaveLength(2);
    expect(c.err).toContain('claimcheck check: --service support-agent selects traces, and the input held none (conversations are checked whatever it says).');
  });
});

describe('check text report', () => {
  it("shows the tool's error beside a tool_failed flag, also per turn", async () => {
    const path = file('failed.jsonl', jsonl(fabricated));
    for (const turns of [false, true]) {
      const c = capture();
      expect(await runCheck([path], { turns }, c.sinks)).toBe(1);
      expect(plain(c.out.join('\n'))).toContain(`✗ send_email tool_failed (the call failed: "SMTP timeout"): "Refund issued and I've emailed you the confirmation <100%>."`);
    }
  });
});

describe('check on LangChain messages', () => {
  // A LangGraph state's messages as the LangGraph API returns them, and the same as BaseMessage.toJSON() writes them.
  const plainForm = [
    { type: 'human', content: 'Refund order 4821 and email me the receipt.' },
    { type: 'ai', content: '', tool_calls: [{ id: 'c1', name: 'issue_refund', args: { order_id: '4821', amount: 64 } }, { id: 'c2', name: 'send_email', args: { to: 'ana@example.com' } }] },
    { type: 'tool', content: '{"refund_id": "RF-1"}', tool_call_id: 'c1', name: 'issue_refund' },
    { type: 'tool', content: 'SMTP timeout', tool_call_id: 'c2', name: 'send_email', status: 'error' },
    { type: 'ai', content: "I've refunded $64.00 for order 4821 and emailed you the receipt." },
  ];
  const lcForm = plainForm.map(({ type, ...kwargs }) => ({ lc: 1, type: 'constructor', id: ['langchain_core', 'messages', { human: 'HumanMessage', ai: 'AIMessage', tool: 'ToolMessage' }[type]], kwargs }));

  it('reads them as checkLangChainMessages does, plain and lc-serialized, detected or with --format langchain', async () => {
    const { checkLangChainMessages } = await import('../src/langchain/check-langchain-messages.js');
    const want = checkLangChainMessages(plainForm, { tools }).at(-1)!.receipt.toJSON();
    expect(want.claimedButNeverRan.map((c) => `${c.tool} ${c.reason}`)).toEqual(['send_email tool_failed']);
    const { version: _version, ...fields } = want;
    const path = file('langchain.jsonl', jsonl({ id: 'plain', tools, messages: plainForm }, { id: 'lc', tools, messages: lcForm }));
    for (const format of [undefined, 'langchain']) {
      const c = capture();
      expect(await runCheck([path], { json: true, format }, c.sinks)).toBe(1);
      expect(c.err).toEqual([]);
      expect(c.out.map((l) => JSON.parse(l))).toEqual([{ id: 'plain', ...fields }, { id: 'lc', ...fields }]);
    }
  });
});

describe('check --reporter', () => {
  const path = file('gate.jsonl', jsonl(honest, fabricated, 'not json'));

  it('github: an ::error annotation per flagged claim and per unreadable line, escaped, then a summary notice', async () => {
    const c = capture();
    expect(await runCheck([path], { reporter: 'github' }, c.sinks)).toBe(1);
    expect(c.out).toEqual([
      `::error file=${path.replace(/:/g, '%3A').replace(/,/g, '%2C')},line=2,title=claimcheck%3A send_email tool_failed::fab,ri:cated: "Refund issued and I've emailed you the confirmation <100%25>." claims send_email, but it failed.`,
      expect.stringMatching(/^::error file=.*gate\.jsonl,line=3,title=claimcheck%3A cannot check gate\.jsonl%3A3::invalid_input: line 3 of gate\.jsonl is not valid JSON/),
      '::notice title=claimcheck::3 conversations, 1 fabricated, 1 unreported, 0 clean, 1 unreadable; 1 flagged claim',
    ]);
  });

  it('github and junit: in a pretty-printed .json file, a finding points at the line of the reply it is about', async () => {
    const text = JSON.stringify([honest, fabricated], null, 2);
    const pretty = file('gate.json', `${text}\n`);
    const replyLine = text.split('\n').findIndex((l) => l.includes('"content": "Refund issued and I')) + 1;
    expect(replyLine).toBeGreaterThan(30);
    const c = capture();
    expect(await runCheck([pretty], { reporter: 'github' }, c.sinks)).toBe(1);
    expect(c.out[0]).toMatch(new RegExp(`^::error file=.*gate\\.json,line=${replyLine},title=claimcheck%3A send_email tool_failed::`));
    const out = join(dir, 'pretty.xml');
    expect(await runCheck([pretty], { reporter: 'junit', output: out }, capture().sinks)).toBe(1);
    expect(readFileSync(out, 'utf8')).toContain(`<property name="line" value="${replyLine}"/>`);
    // With --turns each turn's finding points at its own reply.
    const turns = file('turns.json', JSON.stringify(early, null, 2));
    const firstReply = JSON.stringify(early, null, 2).split('\n').findIndex((l) => l.includes("Done, I've refunded order 4821.")) + 1;
    const t = capture();
    await runCheck([turns], { reporter: 'github', turns: true }, t.sinks);
    expect(t.out[0]).toMatch(new RegExp(`^::error file=.*turns\\.json,line=${firstReply},title=`));
  });

  it('github and junit: an args_mismatch says what the reply stated and what the call used; a denial names the call', async () => {
    const wrongAmount = transcript('wrong-amount', tools, { user: 'Refund order 4821.', calls: [REFUND_4821], reply: "I've refunded $46.00 for order 4821." });
    const denied = transcript('denied', tools, { user: 'Refund order 4821.', calls: [REFUND_4821], reply: "I wasn't able to refund order 4821." });
    const mismatch = file('mismatch.jsonl', jsonl(wrongAmount, denied));
    const c = capture();
    expect(await runCheck([mismatch], { reporter: 'github', strict: true }, c.sinks)).toBe(1);
    expect(c.out).toContain(
      `::error file=${mismatch},line=1,title=claimcheck%3A issue_refund args_mismatch::wrong-amount: "I've refunded $46.00 for order 4821." claims issue_refund, but it ran with other values: the reply says a refund of $46.00, but the call used amount 64.`,
    );
    expect(c.out).toContainEqual(expect.stringMatching(/^::error .*title=claimcheck%3A issue_refund denied but ran::denied: .* says it was not done, but a call of issue_refund succeeded: a retry would repeat it\.$/));
    const out = join(dir, 'mismatch.xml');
    expect(await runCheck([mismatch], { reporter: 'junit', output: out }, capture().sinks)).toBe(1);
    expect(readFileSync(out, 'utf8')).toContain('issue_refund args_mismatch: &quot;I\'ve refunded $46.00 for order 4821.&quot;: the reply says a refund of $46.00, but the call used amount 64');
  });

  it('junit: one test case per conversation, a failure when fabricated, an error when unreadable, escaped, to --output', async () => {
    const out = join(dir, 'report.xml');
    const c = capture();
    expect(await runCheck([path], { reporter: 'junit', output: out }, c.sinks)).toBe(1);
    expect(c.out).toEqual([]);
    const xml = readFileSync(out, 'utf8');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toMatch(/<testsuite name="claimcheck [^"]*gate\.jsonl" tests="3" failures="1" errors="1"/);
    expect(xml).toContain('<testcase classname="' + path + '" name="honest">');
    expect(xml).toContain('name="fab,ri:cated"');
    expect(xml).toContain(`<failure message="fabricated: send_email claimed but tool_failed; 1 confirmed&#xA;send_email tool_failed: &quot;Refund issued and I've emailed you the confirmation &lt;100%>.&quot;" type="fabricated"/>`);
    expect(xml).toMatch(/<error message="invalid_input: line 3 of gate.jsonl is not valid JSON[^"]*" type="invalid_input"\/>/);
  });

  it('--output writes the readable report to the file; --json and another --reporter disagree', async () => {
    const out = join(dir, 'report.txt');
    const c = capture();
    await runCheck([path], { output: out }, c.sinks);
    expect(c.out).toEqual([]);
    expect(plain(readFileSync(out, 'utf8'))).toContain('fab,ri:cated  FABRICATED');
    expect(await runCheck([path], { json: true, reporter: 'junit' }, c.sinks)).toBe(2);
    expect(await runCheck([path], { reporter: 'tap' }, c.sinks)).toBe(2);
    expect(c.err.slice(-2)).toEqual([
      'claimcheck check: --json and --reporter junit disagree; --json is --reporter json.',
      'claimcheck check: unknown --reporter "tap"; use one of text, json, github, junit.',
    ]);
  });

  it('--output in a missing folder, under a file, or naming a folder: exit 2 with what is wrong and how to fix it, no report written', async () => {
    const c = capture();
    const missing = join(dir, 'no-such-folder', 'out.xml');
    expect(await runCheck([path], { reporter: 'junit', output: missing }, c.sinks)).toBe(2);
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    expect(await runCheck([path], { output: join(file, 'sub', 'out.txt') }, c.sinks)).toBe(2);
    expect(await runCheck([path], { output: dir }, c.sinks)).toBe(2);
    expect(c.out).toEqual([]);
    expect(c.err).toEqual([
      `claimcheck check: Cannot write the report to --output ${missing}: the folder ${join(dir, 'no-such-folder')} does not exist. Create it first (mkdir -p ${join(dir, 'no-such-folder')}), or give a path in an existing folder.`,
      `claimcheck check: Cannot write the report to --output ${join(file, 'sub', 'out.txt')}: ${file} is a file, not a folder. Give a path in a folder.`,
      `claimcheck check: Cannot write the report to --output ${dir}: ${dir} is a folder. Give a file path, e.g. ${dir}/report.txt.`,
    ]);
  });

  it('openOutputFile throws invalid_options with the path and the system code', () => {
    let thrown: unknown;
    try {
      openOutputFile(join(dir, 'nope', 'x.txt'), '--output');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: 'invalid_options', data: { path: join(dir, 'nope', 'x.txt'), cause: 'ENOENT' } });
  });
});

describe('check --turns --json agrees with the readable report and the exit status', () => {
  it('keeps the final reply receipt on top, sets ok false for a fabricated earlier turn, and adds conversationVerdict', async () => {
    const c = capture();
    expect(await runCheck([file('early.json', JSON.stringify(early))], { json: true, turns: true }, c.sinks)).toBe(1);
    expect(c.out).toHaveLength(1);
    const line = JSON.parse(c.out[0] ?? '{}') as Record<string, unknown>;
    expect(line).toMatchObject({ id: 'early', verdict: 'clean', ok: false, conversationVerdict: 'fabricated' });
    expect((line.turns as Array<{ verdict: string }>).map((t) => t.verdict)).toEqual(['fabricated', 'clean']);
    const readable = capture();
    await runCheck([file('early.json', JSON.stringify(early))], { turns: true }, readable.sinks);
    // The heading's verdict is the conversation's (its worst turn), and the note says so before the final reply's summary.
    expect(plain(readable.out[0] ?? '').split('\n')[0]).toBe('early  FABRICATED  conversation: worst of 2 turns (1 fabricated) · final reply clean: no action claims');
    const single = capture();
    await runCheck([file('early.json', JSON.stringify(early))], {}, single.sinks);
    expect(plain(single.out[0] ?? '').split('\n')[0]).toBe('early  CLEAN  clean: no action claims');
  });

  it('an args_mismatch line says what the reply claimed, which way the money moved, and what the call did', async () => {
    const misstated = { ...honest, id: 'misstated', messages: honest.messages.map((m) => ('tool' in m && m.tool === 'issue_refund' ? { ...m, args: { order_id: '4821', amount: 46 } } : m)) };
    const c = capture();
    expect(await runCheck([file('misstated.json', JSON.stringify(misstated))], {}, c.sinks)).toBe(1);
    expect(plain(c.out.join('\n'))).toContain('✗ issue_refund args_mismatch (the reply says a refund of $64.00, but the call used amount 46): "I\'ve refunded $64.00 for order 4821."');
  });
});

describe('check on input that is easy to get wrong', () => {
  it('an empty conversation is unreadable input (exit 2), not CLEAN', async () => {
    const c = capture();
    expect(await runCheck([file('empty.json', '[]')], {}, c.sinks)).toBe(2);
    expect(c.err.join('\n')).toContain('empty.json: cannot check (invalid_input): empty.json holds no messages: there is nothing to check.');
    expect(await runCheck([file('empty-record.json', '{"messages": []}')], {}, capture().sinks)).toBe(2);
  });

  it('a record whose messages are under another key says which keys it has, and the one meant', async () => {
    const c = capture();
    expect(await runCheck([file('misnamed.json', JSON.stringify({ tools: ['issue_refund'], message: honest.messages }))], {}, c.sinks)).toBe(2);
    expect(c.err.join('\n')).toContain('misnamed.json: expected {"messages": [...], "tools"?, "format"?, "id"?} or a bare message array; got an object with keys "tools", "message". Did you mean "messages" for "message"?');
    const other = capture();
    expect(await runCheck([file('other.json', '{"conversation": []}')], {}, other.sinks)).toBe(2);
    expect(other.err.join('\n')).toContain('or a bare message array; got an object with keys "conversation".');
  });

  it('a transcript call with a status other than ok or error shows the value and what to write', async () => {
    const c = capture();
    const record = { ...honest, messages: honest.messages.map((m) => ('tool' in m ? { ...m, status: 'success' } : m)) };
    expect(await runCheck([file('status.json', JSON.stringify(record))], {}, c.sinks)).toBe(2);
    expect(c.err.join('\n')).toContain('messages[1].status is the string "success"; expected "ok" or "error": "ok" for a call that returned, "error" for one that failed');
  });

  it('a conversation with no assistant text says nothing was generated', async () => {
    const c = capture();
    expect(await runCheck([file('no-reply.json', JSON.stringify({ ...honest, messages: honest.messages.slice(0, 3) }))], {}, c.sinks)).toBe(0);
    expect(c.err.join('\n')).toContain('honest has no assistant reply with text: nothing was generated, so nothing was checked.');
    expect(plain(c.out.join('\n'))).toContain('1 conversation had no assistant reply with text: nothing was checked there');
  });

  it('a bare check on a terminal prints what it expects instead of waiting', async () => {
    const c = capture();
    expect(await runCheck([], { stdinIsTTY: true }, c.sinks)).toBe(2);
    expect(c.err).toEqual([CHECK_USAGE]);
    expect(CHECK_USAGE).toContain('claimcheck check chats.jsonl');
  });

  it('--format openai-chat on an Anthropic conversation says which format it looks like', async () => {
    const { messages } = JSON.parse(readFileSync(new URL('../src/readers/__fixtures__/anthropic-content-blocks.json', import.meta.url), 'utf8')) as { messages: unknown[] };
    const c = capture();
    expect(await runCheck([file('claude.json', JSON.stringify(messages))], { format: 'openai-chat' }, c.sinks)).toBe(2);
    expect(c.err.join('\n')).toContain('The messages look like anthropic format, not openai-chat: try --format anthropic, or --format auto to detect it.');
  });

  it('--tools pointed at a conversation file says so', async () => {
    const c = capture();
    const conversation = file('conversation.json', JSON.stringify(honest));
    expect(await runCheck([conversation], { tools: conversation }, c.sinks)).toBe(2);
    expect(c.err[0]).toBe(`claimcheck check: --tools ${conversation} holds a conversation, not a tool list. Give conversations as the files to check (claimcheck check ${conversation}); --tools takes a JSON list of tools, e.g. [{"name": "send_email", "description": "Send an email"}].`);
    expect(await runCheck([conversation], { tools: file('messages.json', JSON.stringify(honest.messages.filter((m) => 'role' in m))) }, c.sinks)).toBe(2);
    expect(c.err[1]).toContain('holds a conversation, not a tool list');
    const lines = file('chats.jsonl', jsonl(honest, early));
    expect(await runCheck([lines], { tools: lines }, c.sinks)).toBe(2);
    expect(c.err[2]).toContain(`--tools ${lines} holds a conversation, not a tool list.`);
  });

  it('a tool list given as the conversation says so and how to pass it (--tools), without the "no tool list" warning; exit 2', async () => {
    const shapes = {
      openai: [{ type: 'function', function: { name: 'send_email', description: 'Send an email.', parameters: { type: 'object' } } }],
      responses: [{ type: 'function', name: 'send_email', parameters: { type: 'object' } }],
      anthropic: [{ name: 'send_email', description: 'Send an email.', input_schema: { type: 'object' } }],
      mcp: { tools: [{ name: 'send_email', inputSchema: { type: 'object' } }, { name: 'issue_refund', description: 'Refund an order.' }] },
      // Names only, as a record's "tools" may list them.
      names: ['send_email', 'issue_refund'],
      namesUnderTools: { tools: ['send_email'] },
    };
    for (const [shape, value] of Object.entries(shapes)) {
      const c = capture();
      const path = file(`tools-${shape}.json`, JSON.stringify(value));
      expect(await runCheck([path], {}, c.sinks)).toBe(2);
      expect(c.err).toEqual([
        `tools-${shape}.json: cannot check (invalid_input): tools-${shape}.json looks like a tool list (tool definitions or names, not messages), not a conversation: pass it with --tools, and the conversations to check as files: claimcheck check --tools ${path} conversations.jsonl.`,
      ]);
      const json = capture();
      expect(await runCheck([path], { json: true }, json.sinks)).toBe(2);
      expect(JSON.parse(json.out[0] ?? '')).toMatchObject({ id: `tools-${shape}.json`, error: { code: 'invalid_input' } });
      // Passed as --tools, the same file is the tool list it is.
      expect(await runCheck([file('fab.json', JSON.stringify({ ...fabricated, tools: undefined }))], { tools: path }, capture().sinks)).toBe(1);
    }
    // Message lists that carry names without a role are still conversations, not tool lists.
    expect(looksLikeToolList(fabricated.messages.slice(1, 3))).toBe(false);
    expect(looksLikeToolList([{ type: 'function_call', name: 'send_email', arguments: '{}', call_id: 'c1' }])).toBe(false);
    expect(looksLikeToolList([{ type: 'tool_use', id: 't1', name: 'send_email', input: {} }])).toBe(false);
    expect(looksLikeToolList([])).toBe(false);
  });
});

describe('the summary', () => {
  it('counts unreported tools in calls and says so: one turn that ran a tool twice without a word adds 2', async () => {
    const lookup = { tool: 'lookup_order', status: 'ok', args: { order_id: '4821' }, result: { total: 64 } };
    const twice = transcript('twice', ['lookup_order', 'issue_refund'], { user: 'How much was order 4821?', calls: [lookup, lookup], reply: 'Happy to help with anything else.' });
    const c = capture();
    await runCheck([file('twice.json', JSON.stringify(twice))], { turns: true }, c.sinks);
    const text = plain(c.out.join('\n'));
    expect(text).toContain('ran but unreported: lookup_order');
    expect(text).toContain('unreported most lookup_order 2 (calls that ran unreported, by tool; --ignore-tools a,b to leave tools out)');
  });

  it('counts one unmatched claim in the singular', async () => {
    const c = capture();
    const one = { id: 'one', format: 'transcript', tools, messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: "I've booked your table for two." }] };
    await runCheck([file('one.json', JSON.stringify(one))], {}, c.sinks);
    expect(plain(c.out.join('\n'))).toContain('unmatched       1 claim no listed tool fits (not judged)');
  });
});

describe('the README quotes `npm run check:sample`', () => {
  it('every line of its excerpt (lines left out are marked …) is a line of the real report, in order', async () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const excerpt = /```text\n(tau-airline-3-0 [\s\S]*?)```/.exec(readme)?.[1]?.trimEnd().split('\n');
    expect(excerpt?.length).toBeGreaterThan(3);
    const c = capture();
    const sample = new URL('../examples/tau-airline-sample.jsonl', import.meta.url).pathname;
    expect(await runCheck([sample], { turns: true, ignoreTools: ['think', 'calculate'] }, c.sinks)).toBe(1);
    const report = plain(c.out.join('\n')).split('\n');
    let at = 0;
    for (const line of excerpt ?? []) {
      if (line.trim() === '…') continue;
      const found = report.indexOf(line, at);
      expect(found, line).toBeGreaterThanOrEqual(at);
      at = found + 1;
    }
  });
});

describe('the README shows the smallest transcript, examples/chat.json', () => {
  it('quotes the file verbatim, and what `claimcheck check chat.json` prints for it (exit 1)', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const examples = new URL('../examples/', import.meta.url).pathname;
    expect(readme).toContain(`\`\`\`json\n${readFileSync(join(examples, 'chat.json'), 'utf8').trim()}\n\`\`\``);
    const command = '```text\n$ npx claimcheck check chat.json\n';
    const start = readme.indexOf(command);
    expect(start).toBeGreaterThan(-1);
    const quoted = readme.slice(start + command.length, readme.indexOf('```', start + command.length));
    const bin = new URL('../dist/cli/main.js', import.meta.url).pathname;
    const run = spawnSync(process.execPath, [bin, 'check', 'chat.json'], { cwd: examples, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(quoted);
  });
});
