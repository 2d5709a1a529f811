// `claimcheck mcp-proxy` over stdio: the proxy fronts the shop server (test/fixtures/mcp-shop-server.mjs)
// spawned as a process over stdio, an SDK Client drives the proxy over stdin/stdout, and the calls are
// read back from a SQLite ledger in a temp folder. The proxy runs in-process (runMcpProxy with piped
// stdin/stdout); the last test spawns the built CLI (after `npm run build`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { runMcpProxy, splitCommandLine, type McpProxyCommandOptions } from '../src/cli/mcp-proxy-command.js';
import { readMcpRefusal } from '../src/mcp.js';
import { openStore } from '../src/store.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const shopServer = join(root, 'test/fixtures/mcp-shop-server.mjs');
const builtCli = join(root, 'dist/cli/main.js');
const dir = mkdtempSync(join(tmpdir(), 'claimcheck-mcp-proxy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

/** Run the proxy in-process on piped stdio and connect an SDK client to it. */
async function startProxy(options: McpProxyCommandOptions, env: Record<string, string | undefined> = {}) {
  const log = join(dir, `calls-${++n}.jsonl`);
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const errors: string[] = [];
  const exited = runMcpProxy(options, { stdin, stdout, err: (l) => errors.push(l), env: { ...process.env, SHOP_CALL_LOG: log, ...env }, cwd: dir });
  const client = new Client({ name: 'desktop', version: '1.0.0' });
  // The client's end of the pipes: it reads the proxy's stdout and writes its stdin.
  await client.connect(new StdioServerTransport(stdout, stdin));
  const stop = async () => {
    stdin.end();
    return exited;
  };
  const forwarded = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { server: string; tool: string }) : []);
  return { client, errors, stop, forwarded };
}

async function ledger(path: string) {
  const store = await openStore({ path, readonly: true });
  try {
    const [run] = await store.listRuns();
    return { run, detail: await store.runDetail(run?.id ?? '') };
  } finally {
    await store.close();
  }
}

describe('claimcheck mcp-proxy', () => {
  it('fronts a stdio server: lists, forwards valid calls, refuses invalid and unknown ones, records all in --db', async () => {
    const db = join(dir, 'flag.sqlite');
    const { client, errors, stop, forwarded } = await startProxy({ command: ['node', shopServer], db });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['lookup_order', 'issue_refund', 'send_email']);
    expect(tools[0]?.annotations).toEqual({ readOnlyHint: true });

    expect((await client.callTool({ name: 'lookup_order', arguments: { order_id: 'A-1' } })).structuredContent).toMatchObject({ status: 'delivered' });
    expect((await client.callTool({ name: 'issue_refund', arguments: { order_id: 'A-1', amount_cents: 6400 } })).structuredContent).toMatchObject({ refund_id: 'RF-1001' });
    const failed = await client.callTool({ name: 'send_email', arguments: { to: 'timeout@example.com', subject: 'Refund', body: 'Done.' } });
    expect(failed).toMatchObject({ isError: true, content: [{ type: 'text', text: 'SMTP timeout after 30000ms' }] });
    const invalid = await client.callTool({ name: 'issue_refund', arguments: { order_id: 'A-1', amount_cents: -5 } });
    expect(invalid.isError).toBe(true);
    expect(readMcpRefusal(invalid)).toMatchObject({ category: 'constraint_violation', path: '/amount_cents' });
    expect((invalid.content as Array<{ text: string }>)[0]?.text).toMatch(/^claimcheck refused this call \(constraint_violation at \/amount_cents\)\. Your call to issue_refund was rejected and did not run/);
    const unknown = await client.callTool({ name: 'refund_order', arguments: { order_id: 'A-1' } });
    expect(readMcpRefusal(unknown)).toMatchObject({ category: 'unknown_tool' });

    expect(await stop()).toBe(0);
    expect(forwarded().map((c) => c.tool)).toEqual(['lookup_order', 'issue_refund', 'send_email']);
    expect(errors).toEqual([`claimcheck mcp-proxy: fronting shop (3 tools); recording to ${db}`]);
    const { run, detail } = await ledger(db);
    expect(run).toMatchObject({ agent: 'shop', operations: 5, interceptions: 2 });
    expect(detail?.run.tools).toEqual(['lookup_order', 'issue_refund', 'send_email']);
    expect(detail?.operations.map((o) => [o.tool, o.state, o.receiptId])).toEqual([
      ['lookup_order', 'read', null],
      ['issue_refund', 'posted', 'RF-1001'],
      ['send_email', 'failed', null],
      ['issue_refund', 'failed', null],
      ['refund_order', 'failed', null],
    ]);
    expect(detail?.operations[2]?.error).toBe('SMTP timeout after [number]ms'); // capture off: error text redacted (docs/formats.md)
    expect(detail?.interceptions.map((i) => [i.tool, i.category, i.path])).toEqual([
      ['issue_refund', 'constraint_violation', '/amount_cents'],
      ['refund_order', 'unknown_tool', ''],
    ]);
  });

  it('takes the ledger from CLAIMCHECK_DB, several --server upstreams (clashing names prefixed) and --name', async () => {
    const db = join(dir, 'env.sqlite');
    const crm = `node ${shopServer} --name crm`;
    const { client, stop, forwarded } = await startProxy({ server: [`node "${shopServer}"`, crm], name: 'support-desk' }, { CLAIMCHECK_DB: db, SHOP_TOOLS: 'lookup_order' });
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['shop__lookup_order', 'crm__lookup_order']);
    expect(client.getServerVersion()?.name).toBe('support-desk');
    await client.callTool({ name: 'crm__lookup_order', arguments: { order_id: 'B-2' } });
    expect(await stop()).toBe(0);
    expect(forwarded()).toEqual([{ server: 'crm', tool: 'lookup_order', args: { order_id: 'B-2' } }]);
    const { run, detail } = await ledger(db);
    expect(run).toMatchObject({ agent: 'support-desk', operations: 1 });
    expect(detail?.operations.map((o) => [o.tool, o.state])).toEqual([['lookup_order', 'read']]);
  });

  it('exits 2 without a server to front, or when the server cannot start', async () => {
    const errors: string[] = [];
    const io = { stdin: new PassThrough(), stdout: new PassThrough(), err: (l: string) => errors.push(l), cwd: dir };
    expect(await runMcpProxy({}, io)).toBe(2);
    expect(errors[0]).toMatch(/^claimcheck mcp-proxy: name the server to front/);
    expect(await runMcpProxy({ server: ['node "unclosed'] }, io)).toBe(2);
    expect(errors[1]).toMatch(/unclosed " quote/);
    expect(await runMcpProxy({ command: [join(dir, 'no-such-server')], db: join(dir, 'x.sqlite') }, io)).toBe(2);
    expect(errors[2]).toMatch(/^claimcheck mcp-proxy: could not start the server/);
  });

  it('splits --server command lines like a shell', () => {
    expect(splitCommandLine(`npx -y  @scope/server --root '/my files' "a \\"b\\"" c\\ d`)).toEqual(['npx', '-y', '@scope/server', '--root', '/my files', 'a "b"', 'c d']);
    expect(splitCommandLine(`run ''`)).toEqual(['run', '']);
  });

  it.skipIf(!existsSync(builtCli) || !readFileSync(builtCli, 'utf8').includes('mcp-proxy'))('runs as `claimcheck mcp-proxy -- …` from the built CLI (npm run build first)', async () => {
    const db = join(dir, 'cli.sqlite');
    const transport = new StdioClientTransport({ command: process.execPath, args: [builtCli, 'mcp-proxy', '--db', db, '--', 'node', shopServer], stderr: 'pipe', cwd: dir });
    const client = new Client({ name: 'desktop', version: '1.0.0' });
    await client.connect(transport);
    expect((await client.listTools()).tools).toHaveLength(3);
    const refused = await client.callTool({ name: 'send_email', arguments: { to: 'priya@example.com', subject: 'Hi' } });
    expect(readMcpRefusal(refused)).toMatchObject({ category: 'missing_required', path: '/body' });
    await client.callTool({ name: 'send_email', arguments: { to: 'priya@example.com', subject: 'Hi', body: 'Refunded.' } });
    await client.close();
    await expect.poll(async () => (await ledger(db)).detail?.operations.map((o) => [o.tool, o.state]), { timeout: 10_000 }).toEqual([
      ['send_email', 'failed'],
      ['send_email', 'posted'],
    ]);
  });
});

describe('claimcheck mcp-proxy driven with raw JSON-RPC lines', () => {
  // A client that writes its requests and closes stdin at once (a pipe from a script): every request
  // already written is answered before the proxy stops, none is aborted.
  it.skipIf(!existsSync(builtCli))('answers every request written before stdin closed, the good call after a refused one included', { timeout: 60_000 }, async () => {
    const db = join(dir, 'raw.sqlite');
    const lines = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'issue_refund', arguments: { order_id: 'A-1', amount_cents: -5 } } },
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'lookup_order', arguments: { order_id: 'A-1' } } },
    ];
    const run = spawnSync(process.execPath, [builtCli, 'mcp-proxy', '--db', db, '--name', 'shop', '--', 'node', shopServer], {
      input: lines.map((l) => `${JSON.stringify(l)}\n`).join(''),
      cwd: dir,
      encoding: 'utf8',
      timeout: 50_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const answers = new Map(run.stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: number; result?: Record<string, unknown>; error?: unknown }).map((a) => [a.id, a]));
    expect([...answers.keys()].sort()).toEqual([1, 2, 3, 4]);
    expect(readMcpRefusal(answers.get(3)?.result)).toMatchObject({ category: 'constraint_violation', path: '/amount_cents' });
    expect(answers.get(4)).toMatchObject({ result: { structuredContent: { order_id: 'A-1', status: 'delivered' } } });
    expect(answers.get(4)?.error).toBeUndefined();
    expect(run.stderr).not.toMatch(/abort/i);
    const { detail } = await ledger(db);
    expect(detail?.operations.map((o) => [o.tool, o.state, o.error])).toEqual([
      ['issue_refund', 'failed', 'constraint_violation at /amount_cents'],
      ['lookup_order', 'read', null],
    ]);
  });
});

describe('claimcheck mcp-proxy under abuse', () => {
  const misbehaving = join(root, 'test/fixtures/mcp-misbehaving-server.mjs');
  const db = () => join(dir, `abuse-${++n}.sqlite`);

  it('answers an 11 MiB request with a JSON-RPC error and keeps serving', { timeout: 60_000 }, async () => {
    const { client, errors, stop } = await startProxy({ command: ['node', misbehaving], db: db() });
    await expect(client.callTool({ name: 'echo', arguments: { blob: 'y'.repeat(11 * 1024 * 1024) } })).rejects.toThrow(/over claimcheck mcp-proxy's limit of 10485760 bytes/);
    expect(await client.callTool({ name: 'echo', arguments: { blob: 'y' } })).toMatchObject({ content: [{ type: 'text', text: 'got 12 chars' }] });
    expect(errors.join('\n')).toMatch(/from the client is over the 10485760-byte limit/);
    expect(await stop()).toBe(0);
  });

  it('turns an 11 MiB result into an error for that call and keeps serving', { timeout: 60_000 }, async () => {
    const { client, errors, stop } = await startProxy({ command: ['node', misbehaving], db: db() });
    await expect(client.callTool({ name: 'huge', arguments: {} })).rejects.toThrow(/answer was \d+ bytes, over claimcheck mcp-proxy's limit/);
    expect(await client.callTool({ name: 'small', arguments: {} })).toMatchObject({ content: [{ type: 'text', text: 'ok' }] });
    expect(errors.join('\n')).not.toMatch(/exited/);
    expect(await stop()).toBe(0);
  });

  it('bounds a call whose answer comes back under another id', { timeout: 60_000 }, async () => {
    const { client, stop } = await startProxy({ command: ['node', misbehaving], db: db(), callTimeoutMs: 500 }, { MCP_MODE: 'wrong-id' });
    await expect(client.callTool({ name: 'small', arguments: {} })).rejects.toThrow(/did not answer within 500 ms/);
    expect(await stop()).toBe(0);
  });

  it('answers 2,000 pipelined calls to a client that reads slowly without a MaxListenersExceededWarning', { timeout: 120_000 }, async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error): void => void warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const io = { stdin, stdout, err: () => undefined, env: { ...process.env, SHOP_CALL_LOG: join(dir, `pipelined-${++n}.jsonl`) }, cwd: dir };
    const exited = runMcpProxy({ command: ['node', shopServer], db: db() }, io);
    // The client: one write of every request, and reads of what is buffered every 20 ms (paused mode), so
    // the proxy's answers wait for 'drain' as they would on a slow reader's pipe.
    const answered = new Set<unknown>();
    let text = '';
    const read = (): void => {
      for (let chunk = stdout.read() as Buffer | null; chunk !== null; chunk = stdout.read() as Buffer | null) text += chunk.toString('utf8');
      const lines = text.split('\n');
      text = lines.pop() ?? '';
      for (const line of lines) answered.add((JSON.parse(line) as { id?: unknown }).id);
    };
    const until = async (done: () => boolean): Promise<void> => {
      while (!done()) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        read();
      }
    };
    const send = (messages: object[]): boolean => stdin.write(messages.map((m) => `${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`).join(''));
    send([{ id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'slow', version: '1' } } }]);
    await until(() => answered.has(0));
    const calls = Array.from({ length: 2_000 }, (_, i) => ({ id: i + 1, method: 'tools/call', params: { name: 'lookup_order', arguments: { order_id: `A-${i}` } } }));
    send([{ method: 'notifications/initialized' }, ...calls]);
    await until(() => answered.size === 2_001);
    stdin.end();
    expect(await exited).toBe(0);
    process.off('warning', onWarning);
    expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
  });

  it('gives up on a server that never answers initialize, saying so, with status 2', { timeout: 60_000 }, async () => {
    const errors: string[] = [];
    const io = { stdin: new PassThrough(), stdout: new PassThrough(), err: (l: string) => errors.push(l), env: { ...process.env, MCP_MODE: 'silent' }, cwd: dir };
    expect(await runMcpProxy({ command: ['node', misbehaving], db: db(), initTimeoutMs: 1_000 }, io)).toBe(2);
    expect(errors.join('\n')).toMatch(/did not answer initialize within 1000 ms/);
  });
});
