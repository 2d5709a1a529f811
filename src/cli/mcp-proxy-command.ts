/**
 * `claimcheck mcp-proxy [--db PATH] [--name NAME] [--server "COMMAND ARGS"]... [-- COMMAND [ARGS...]]`:
 * an MCP server on stdin/stdout in front of MCP servers it starts over stdio (`createMcpProxy`). Every
 * tool call is validated against the tool's `inputSchema` (a failing call is refused, not forwarded),
 * forwarded, and recorded in the ledger (`--db`, else `CLAIMCHECK_DB`, else the project's or the home
 * ledger). Fails open: a ledger that cannot be opened is reported on stderr and calls still go through.
 * stdout carries the protocol only; notes go to stderr.
 *
 * Exit status: 0 when the client disconnects (stdin ends) or on SIGINT/SIGTERM; 1 when an upstream
 * server exits; 2 for a usage error, a server that cannot be started, or a missing `@modelcontextprotocol/sdk`.
 */
import { readFileSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpProxy } from '../mcp/create-mcp-proxy.js';
import type { Store } from '../store.js';
import { locateLedger } from './_open-ledger.js';

/** Options of the mcp-proxy command. */
export interface McpProxyCommandOptions {
  /** The upstream server's command and arguments (after `--`). */
  command?: readonly string[];
  /** More upstream servers, one command line each (`--server`, repeatable; quotes group words). */
  server?: readonly string[];
  /** The run's agent name in the ledger and the proxy's server name. Default: the upstream servers' names joined by `+`. */
  name?: string;
  /** The ledger file (`--db`). */
  db?: string;
}

/** Where the command reads and writes, and its environment (the CLI passes the process's own). */
export interface McpProxyIo {
  stdin: Readable;
  stdout: Writable;
  /** One line of notes or errors (stderr). */
  err(line: string): void;
  /** Environment for `CLAIMCHECK_DB` and the upstream servers. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Working folder for the ledger search and the servers. Default `process.cwd()`. */
  cwd?: string;
  /** Stop on SIGINT and SIGTERM. Default `false`. */
  handleSignals?: boolean;
}

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
const USAGE = 'name the server to front: claimcheck mcp-proxy -- npx -y @modelcontextprotocol/server-everything (or --server "COMMAND ARGS", repeatable)';

/** Run the proxy until the client disconnects, a signal, or an upstream exits; resolves to the exit status. */
export async function runMcpProxy(options: McpProxyCommandOptions, io: McpProxyIo): Promise<number> {
  const say = (line: string) => io.err(`claimcheck mcp-proxy: ${line}`);
  const env = io.env ?? process.env;
  const cwd = io.cwd ?? process.cwd();
  let commands: string[][];
  try {
    commands = [...(options.server ?? []).map(splitCommandLine), ...((options.command ?? []).length > 0 ? [[...(options.command ?? [])]] : [])];
  } catch (error) {
    say(message(error));
    return 2;
  }
  if (commands.length === 0 || commands.some((c) => c.length === 0)) {
    say(USAGE);
    return 2;
  }
  const { loadMcpSdk } = await import('../mcp/_load-sdk.js');
  const { createMcpProxy } = await import('../mcp/create-mcp-proxy.js');
  let sdk: Awaited<ReturnType<typeof loadMcpSdk>>;
  try {
    sdk = await loadMcpSdk();
  } catch (error) {
    say(message(error));
    return 2;
  }

  let finish: (status: number) => void = () => undefined;
  const finished = new Promise<number>((resolve) => (finish = resolve));
  let stopping = false;
  const stop = (status: number, note?: string) => {
    if (stopping) return;
    stopping = true;
    if (note !== undefined) say(note);
    finish(status);
  };
  const clients: Client[] = [];
  let store: Store | undefined;
  let proxy: McpProxy | undefined;
  const cleanUp = async () => {
    stopping = true;
    if (proxy !== undefined) await proxy.close().catch(() => undefined);
    for (const client of clients) client.onclose = () => undefined;
    await Promise.allSettled(clients.map((c) => c.close()));
    if (store !== undefined) await store.close().catch((error: unknown) => say(`the ledger could not be written: ${message(error)}`));
  };

  const childEnv = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
  for (const [command, ...args] of commands as Array<[string, ...string[]]>) {
    const client = new sdk.Client({ name: 'claimcheck-mcp-proxy', version: pkg.version });
    try {
      await client.connect(new sdk.StdioClientTransport({ command, args, env: childEnv, cwd, stderr: 'inherit' }));
    } catch (error) {
      say(`could not start the server ${JSON.stringify([command, ...args].join(' '))}: ${message(error)}`);
      await client.close().catch(() => undefined);
      await cleanUp();
      return 2;
    }
    client.onclose = () => stop(1, `the server ${JSON.stringify(command)} exited; stopping.`);
    clients.push(client);
  }

  const servers = clients.map((c) => c.getServerVersion());
  const name = options.name ?? (servers.map((s) => s?.name).filter((n) => n !== undefined && n !== '').join('+') || 'claimcheck-mcp-proxy');
  const location = await locateLedger({ ...(options.db === undefined ? {} : { db: options.db }), env, cwd });
  try {
    const { openStore } = await import('../store.js');
    store = await openStore({ path: location.path });
  } catch (error) {
    say(`the ledger at ${location.path} cannot be opened, so calls are checked and forwarded but not recorded: ${message(error)}`);
  }
  try {
    proxy = await createMcpProxy({
      upstreams: clients.map((client) => ({ client })),
      name,
      version: pkg.version,
      logger: { warn: (line) => io.err(line) },
      ...(store === undefined ? {} : { store }),
    });
  } catch (error) {
    say(message(error));
    await cleanUp();
    return 2;
  }
  try {
    store?.startRun({ agent: name, tools: proxy.tools.map((t) => t.name), meta: { via: 'mcp-proxy', servers: servers.map((s) => ({ name: s?.name ?? null, version: s?.version ?? null })) } });
  } catch (error) {
    say(`the run could not be recorded: ${message(error)}`);
  }

  const onEnd = () => stop(0);
  const onSignal = () => stop(0);
  io.stdin.once('end', onEnd);
  io.stdin.once('close', onEnd);
  if (io.handleSignals === true) {
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }
  proxy.server.onclose = onEnd;
  await proxy.server.connect(new sdk.StdioServerTransport(io.stdin, io.stdout));
  say(`fronting ${name} (${proxy.tools.length} tools)${store === undefined ? '' : `; recording to ${store.path}`}`);

  const status = await finished;
  io.stdin.off('end', onEnd);
  io.stdin.off('close', onEnd);
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  await cleanUp();
  return status;
}

/**
 * Split a command line into words: whitespace separates, `'…'` keeps text as it is, `"…"` keeps it
 * with `\"` and `\\` escapes, and a backslash outside quotes escapes the next character.
 * @throws Error for an unclosed quote.
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quote === "'") {
      if (c === "'") quote = null;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '\\' && (line[i + 1] === '"' || line[i + 1] === '\\')) word += line[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (c === ' ' || c === '\t' || c === '\n') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote !== null) throw new Error(`--server ${JSON.stringify(line)} has an unclosed ${quote} quote.`);
  if (inWord) words.push(word);
  return words;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
