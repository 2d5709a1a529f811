/**
 * `claimcheck mcp-proxy [--db PATH] [--name NAME] [--server "COMMAND ARGS"]... [-- COMMAND [ARGS...]]`:
 * an MCP server on stdin/stdout in front of MCP servers it starts over stdio (`createMcpProxy`). Every
 * tool call is validated against the tool's `inputSchema` (a failing call is refused, not forwarded),
 * forwarded, and recorded in the ledger (`--db`, else `CLAIMCHECK_DB`, else the project's or the home
 * ledger). Fails open: a ledger that cannot be opened is reported on stderr and calls still go through.
 * stdout carries the protocol only; notes go to stderr.
 *
 * Limits: a JSON-RPC message over 10 MiB (its UTF-8 line) is not read, in either direction, and the
 * proxy keeps running: an oversize request gets a JSON-RPC error (`-32600`), an oversize answer from a
 * server becomes a JSON-RPC error for the call it answered (`-32603`); each is noted on stderr. A
 * server gets `initTimeoutMs` (default 30 s) to answer `initialize`, with a note on stderr after 5 s;
 * each `tools/call` waits at most `callTimeoutMs` (default 5 minutes, renewed by progress).
 *
 * When the client closes stdin, the requests it already sent are answered first (each bounded by the
 * call timeout), then the proxy stops.
 *
 * Exit status: 0 when the client disconnects (stdin ends) or on SIGINT/SIGTERM; 1 when an upstream
 * server exits; 2 for a usage error, a server that cannot be started or does not answer `initialize`
 * in time, or a missing `@modelcontextprotocol/sdk`.
 */
import { readFileSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpProxy } from '../mcp/create-mcp-proxy.js';
import type { Store } from '../store.js';
import { BoundedLineBuffer, MAX_MESSAGE_BYTES } from '../mcp/_bounded-line-buffer.js';
import { trackInFlight } from '../mcp/_in-flight-requests.js';
import { sendOneAtATime } from '../mcp/_one-send-at-a-time.js';
import { locateLedger } from './_open-ledger.js';
import { forCommandLine } from './_ledger-hint.js';

const DEFAULT_INIT_TIMEOUT_MS = 30_000;
/** When a server has not answered `initialize` after this long, say that the proxy is waiting. */
const WAITING_NOTE_MS = 5_000;

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
  /** How long each server has to answer `initialize`, in milliseconds (`--init-timeout`). Default `30_000`. */
  initTimeoutMs?: number;
  /** Longest wait for one `tools/call` answer, in milliseconds (`--call-timeout`; see `McpProxyOptions.callTimeoutMs`). Default `300_000`. */
  callTimeoutMs?: number;
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
    const transport = new sdk.StdioClientTransport({ command, args, env: childEnv, cwd, stderr: 'inherit' });
    sendOneAtATime(transport);
    // An oversize answer becomes a JSON-RPC error for the call it answered (the SDK would close the transport).
    boundReads(transport, sdk.deserializeMessage, (big) => {
      say(`the server ${JSON.stringify(command)} sent a message of ${big.bytes} bytes, over the ${MAX_MESSAGE_BYTES}-byte limit; it was dropped${big.id === undefined ? ' (its id could not be read)' : ` and call ${JSON.stringify(big.id)} answered with an error`}.`);
      if (big.id === undefined || big.isRequest) return undefined;
      return { jsonrpc: '2.0', id: big.id, error: { code: -32603, message: `The server's answer was ${big.bytes} bytes, over claimcheck mcp-proxy's limit of ${MAX_MESSAGE_BYTES} bytes per message; it was dropped.` } };
    });
    const initTimeoutMs = options.initTimeoutMs ?? DEFAULT_INIT_TIMEOUT_MS;
    const waiting = setTimeout(() => say(`waiting for the server ${JSON.stringify(command)} to answer initialize (up to ${initTimeoutMs} ms)…`), Math.min(WAITING_NOTE_MS, initTimeoutMs));
    try {
      await client.connect(transport, { timeout: initTimeoutMs });
    } catch (error) {
      const timedOut = (error as { code?: unknown })?.code === -32001;
      const why = timedOut ? `it did not answer initialize within ${initTimeoutMs} ms (is it an MCP server on stdio?)` : message(error);
      say(`could not start the server ${JSON.stringify([command, ...args].join(' '))}: ${why}`);
      await client.close().catch(() => undefined);
      await cleanUp();
      return 2;
    } finally {
      clearTimeout(waiting);
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
    say(`the ledger at ${location.path} cannot be opened, so calls are checked and forwarded but not recorded: ${message(forCommandLine(error, location, { command: 'mcp-proxy', creates: true }))}`);
  }
  try {
    proxy = await createMcpProxy({
      upstreams: clients.map((client) => ({ client })),
      name,
      version: pkg.version,
      logger: { warn: (line) => io.err(line) },
      ...(options.callTimeoutMs === undefined ? {} : { callTimeoutMs: options.callTimeoutMs }),
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

  const serverTransport = new sdk.StdioServerTransport(io.stdin, io.stdout);
  sendOneAtATime(serverTransport);
  // An oversize request is answered with a JSON-RPC error (the SDK would close the transport, ending the proxy).
  boundReads(serverTransport, sdk.deserializeMessage, (big) => {
    say(`a message of ${big.bytes} bytes from the client is over the ${MAX_MESSAGE_BYTES}-byte limit; it was not read.`);
    if (big.id !== undefined && big.isRequest) {
      const error = { code: -32600, message: `The request was ${big.bytes} bytes, over claimcheck mcp-proxy's limit of ${MAX_MESSAGE_BYTES} bytes per message; it was not read.` };
      serverTransport.send({ jsonrpc: '2.0', id: big.id, error }).catch(() => undefined);
    }
    return undefined;
  });
  const inFlight = trackInFlight(serverTransport);
  let draining = false;
  // The client closed its input: no more requests, but those already read are still answered.
  const onEnd = () => {
    if (draining || stopping) return;
    draining = true;
    const owed = inFlight.size;
    if (owed === 0) return stop(0);
    say(`the client closed its input; answering the ${owed === 1 ? 'request' : `${owed} requests`} in flight before stopping.`);
    void inFlight.idle().then(() => stop(0));
  };
  const onSignal = () => stop(0);
  io.stdin.once('end', onEnd);
  io.stdin.once('close', onEnd);
  if (io.handleSignals === true) {
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }
  proxy.server.onclose = () => stop(0);
  await proxy.server.connect(serverTransport);
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

/**
 * Put a {@link BoundedLineBuffer} in place of an SDK stdio transport's read buffer (its `_readBuffer`,
 * the same in the client and server transports of SDK 1.x). When a future SDK has none, its own limit
 * applies (an oversize message then closes the transport).
 */
function boundReads(transport: object, parse: (line: string) => unknown, onOversize: ConstructorParameters<typeof BoundedLineBuffer>[1]): void {
  const holder = transport as { _readBuffer?: unknown };
  if (typeof (holder._readBuffer as { append?: unknown } | undefined)?.append !== 'function') return;
  holder._readBuffer = new BoundedLineBuffer(parse, onOversize);
}
