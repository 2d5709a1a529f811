#!/usr/bin/env node
/**
 * The `claimcheck` command line. See the README's CLI section for the contract.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { runCheck, type CheckCommandOptions, type Sinks } from './check-command.js';
import { runEvalCommand } from './eval-command.js';
import { runValidate } from './validate-command.js';
import { loadConfig, type LoadedConfig } from './_config.js';
import { terminalText } from './_terminal-text.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
// A closed pipe (`claimcheck check … | head`) stops the output quietly, but the run goes on to its
// verdict: the exit status is the run's (1 on a fabricated reply), never 0 because the reader left.
let stdoutClosed = false;
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  stdoutClosed = true;
});
// Every line of every command goes through terminalText: control characters from replies, files and
// the ledger are printed escaped (\u001b), the CLI's own colours are kept.
const sinks: Sinks = {
  out: (l) => {
    if (!stdoutClosed) process.stdout.write(`${terminalText(l)}\n`);
  },
  err: (l) => process.stderr.write(`${terminalText(l)}\n`),
};
// Progress bars go to stderr when it is a terminal and stdout is not (redirected), so they never mix with the output.
const progress = process.stderr.isTTY && !process.stdout.isTTY ? process.stderr : undefined;
const DB_HELP = 'the ledger file (default: CLAIMCHECK_DB, else .claimcheck/ledger.sqlite in the project, else ~/.claimcheck/ledger.sqlite)';
const SINCE_HELP = 'only records since then: 30m, 24h, 7d, 2w, or a local date or date-time (2024-05-01, 2024-05-01T09:30)';
let status = 0;

/** The configuration file's settings; `null` (after saying why on stderr) when the file is not valid. */
async function config(command: string): Promise<LoadedConfig | null> {
  try {
    return await loadConfig();
  } catch (error) {
    sinks.err(`claimcheck ${command}: ${(error as Error).message}`);
    return null;
  }
}

/** A timeout option's value: a positive integer number of milliseconds that Node.js timers accept. */
function milliseconds(value: string): number {
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0 || ms > 2_147_483_647) throw new InvalidArgumentError('expected a positive whole number of milliseconds, up to 2147483647.');
  return ms;
}

const program = new Command()
  .name('claimcheck')
  .description('Catch LLM agents claiming actions they never took.')
  .version(pkg.version)
  .exitOverride()
  // A usage error is the error, commander's "Did you mean", and one line pointing at the help (as git
  // and npm do), not the whole help: the mistake stays on screen.
  .showHelpAfterError("Run 'claimcheck --help' for the commands.");

program
  .command('check')
  .description('check recorded conversations: which claimed actions never happened (exit 1 when any)')
  .argument('[files...]', 'JSON, JSON Lines (.jsonl), a folder of them, or - for stdin: conversations, or traces (OTLP JSON, Langfuse, LangSmith)', [])
  .option('--json', 'one JSON line per conversation')
  .option('--turns', 'a receipt for every assistant turn, not only the last')
  .option('--no-turns', 'only the final reply (when the config file sets turns)')
  .option('--format <format>', 'openai-chat | openai-responses | anthropic | transcript | langchain | otlp | langfuse | langsmith | auto (default: auto)')
  .option('--since <time>', 'traces only: skip traces that started before then (24h, 7d, 2024-05-01)')
  .option('--service <name>', 'traces only: only the traces of this service (service.name) or agent (gen_ai.agent.name)')
  .option('--tools <file>', 'JSON list of tools, for conversations recorded without one')
  .option('--ignore-tools <names>', 'comma-separated tools never reported as unmentioned')
  .option('--only <kinds>', 'print only these conversations (comma-separated): fabricated, unreported, unmatched, clean, error, or flagged (all but clean); the summary and exit status count all')
  .option('--quiet', 'no per-conversation output: the summary, warnings and errors only')
  .option('--reporter <name>', 'text | json | github (workflow annotations) | junit (JUnit XML)', undefined)
  .option('--output <file>', 'write the report to FILE instead of stdout')
  .option('--strict', 'claims no listed tool can perform, and denials of actions whose tool succeeded, count as fabricated (exit 1)')
  .option('--llm <module>', 'add the second opinion of the LLM extractor a module exports (default or `extractor`); its own finds are "suspected"')
  .addHelpText('after', '\nExit status: 0 nothing fabricated; 1 something fabricated (wins over unreadable input, which is still reported); 2 usage error or unreadable input.')
  .action(async (files: string[], opts: CheckCommandOptions) => {
    const loaded = await config('check');
    if (loaded === null) return void (status = 2);
    const c = loaded.config;
    status = await runCheck(
      files,
      {
        ...opts,
        format: opts.format ?? c.format,
        tools: opts.tools ?? c.tools,
        ...(opts.tools === undefined && c.tools !== undefined && loaded.file !== null ? { toolsFrom: loaded.file } : {}),
        ignoreTools: opts.ignoreTools ?? c.ignoreTools,
        turns: opts.turns ?? c.turns,
        only: opts.only ?? c.only,
        reporter: opts.reporter ?? (opts.json === true ? undefined : c.reporter),
        progress,
        stdinIsTTY: process.stdin.isTTY === true,
      },
      sinks,
    );
  });

program
  .command('validate')
  .description("validate recorded tool calls {tool, args, tools?} against the tool's JSON Schema (exit 1 when any fails)")
  .argument('[files...]', 'JSON, JSON Lines (.jsonl) or - for stdin', [])
  .option('--json', 'one JSON line per call')
  .option('--tools <file>', 'JSON list of the registered tools with their schemas, for records without "tools"')
  .option('--strict', 'treat object schemas that declare properties as closed (no extra fields)')
  .action(async (files: string[], opts: { json?: boolean; tools?: string; strict?: boolean }) => {
    const loaded = await config('validate');
    if (loaded === null) return void (status = 2);
    const c = loaded.config;
    status = await runValidate(files, { ...opts, tools: opts.tools ?? c.tools, ...(opts.tools === undefined && c.tools !== undefined && loaded.file !== null ? { toolsFrom: loaded.file } : {}), strict: opts.strict ?? c.strict, stdinIsTTY: process.stdin.isTTY === true }, sinks);
  });

program
  .command('eval')
  .description('score labelled cases: precision, recall, false alarms, verdict and per-turn accuracy')
  .argument('<dirs...>', 'folders of labelled case files (each *.json directly in them; the format: docs/case-format.md)')
  .option('--json', 'the report as one JSON object')
  .option('--no-misses', 'print the metrics only')
  .option('--llm <module>', 'add the second opinion of the LLM extractor a module exports (default or `extractor`): measure your model')
  .option('--min-precision <ratio>', 'exit 1 when claim precision is below it (0 to 1)')
  .option('--min-recall <ratio>', 'exit 1 when claim recall is below it (0 to 1)')
  .option('--max-false-alarms <ratio>', 'exit 1 when the rate of honest false alarms is above it (0 to 1)')
  .action(async (dirs: string[], opts: { json?: boolean; misses?: boolean; llm?: string; minPrecision?: string; minRecall?: string; maxFalseAlarms?: string }) => {
    status = await runEvalCommand(dirs, opts, sinks);
  });

// The ledger commands load the store (and better-sqlite3) only when they run.
program
  .command('view')
  .description('the ledger in the terminal: recent runs, or one run (--run) with its calls, interceptions and receipts')
  .option('--run <id>', "one run's operations, interceptions and receipts")
  .option('--limit <n>', 'most runs listed, newest first', '20')
  .option('--json', 'one JSON object')
  .option('--web', 'serve the dashboard on 127.0.0.1 (overview, runs, review queue) until Ctrl-C')
  .option('--port <n>', 'first port tried by --web (the next free one is used when it is taken)', '4319')
  .option('--db <path>', DB_HELP)
  .action(async (opts: { run?: string; limit?: string; json?: boolean; web?: boolean; port?: string; db?: string }) => {
    const loaded = await config('view');
    if (loaded === null) return void (status = 2);
    if (opts.web === true) {
      const { runViewWeb } = await import('./_view-web.js');
      status = await runViewWeb({ ...(opts.db === undefined ? {} : { db: opts.db }), ...(opts.port === undefined ? {} : { port: opts.port }), config: loaded }, sinks);
      return;
    }
    const { runView } = await import('./view-command.js');
    status = await runView({ ...opts, config: loaded }, sinks);
  });

program
  .command('stats')
  .description('runs, calls, interceptions and repairs, failing tools, categories, reply verdicts and the tool registry')
  .option('--since <when>', SINCE_HELP)
  .option('--json', 'one JSON object')
  .option('--db <path>', DB_HELP)
  .action(async (opts: { since?: string; json?: boolean; db?: string }) => {
    const { runStats } = await import('./stats-command.js');
    const loaded = await config('stats');
    if (loaded === null) return void (status = 2);
    status = await runStats({ ...opts, config: loaded }, sinks);
  });

program
  .command('diagnostic')
  .description('versions, the active ledger and why it was chosen, its schema and row counts (never creates a ledger)')
  .option('--json', 'one JSON object')
  .option('--db <path>', DB_HELP)
  .action(async (opts: { json?: boolean; db?: string }) => {
    const { runDiagnostic } = await import('./diagnostic-command.js');
    status = await runDiagnostic(opts, sinks);
  });

program
  .command('demo')
  .description('a scripted support-desk agent (no network, no API key) through the real guard: prints each catch and records every run in the ledger')
  .option('--db <path>', DB_HELP)
  .option('--json', 'one JSON line per scenario, then a summary line')
  .action(async (opts: { db?: string; json?: boolean }) => {
    const { runDemoCommand } = await import('./demo-command.js');
    const loaded = await config('demo');
    if (loaded === null) return void (status = 2);
    status = await runDemoCommand({ ...opts, config: loaded }, sinks);
  });

program
  .command('export')
  .description('every stored row as JSON lines: runs, operations, interceptions, receipts (claimcheck export > ledger.jsonl)')
  .option('--since <when>', SINCE_HELP)
  .option('--reviewed', 'instead: each reply with a reviewed flagged claim as a labelled case file (for claimcheck eval); needs --out')
  .option('--out <dir>', 'the folder --reviewed writes its case files to')
  .option('--db <path>', DB_HELP)
  .action(async (opts: { since?: string; db?: string; reviewed?: boolean; out?: string }) => {
    const { runExport } = await import('./export-command.js');
    const loaded = await config('export');
    if (loaded === null) return void (status = 2);
    status = await runExport({ ...opts, progress, config: loaded }, sinks);
  });

program
  .command('import')
  .description('copy a ledger into this one (a worker\'s SQLite file into the fleet\'s postgres://…); importing twice adds nothing')
  .requiredOption('--from <ledger>', 'the ledger to copy: a SQLite file or a postgres:// URL')
  .option('--since <when>', SINCE_HELP)
  .option('--db <path>', `the ledger to copy into: ${DB_HELP.replace('the ledger file ', '')}`)
  .option('--json', 'one JSON line: {from, to, runs, operations, interceptions, receipts, skipped}')
  .action(async (opts: { from: string; since?: string; db?: string; json?: boolean }) => {
    const { runImport } = await import('./import-command.js');
    const loaded = await config('import');
    if (loaded === null) return void (status = 2);
    status = await runImport({ ...opts, progress, config: loaded }, sinks);
  });

program
  .command('prune')
  .description('remove what the ledger recorded before a time, to keep its size bounded (claimcheck prune --older-than 30d)')
  .requiredOption('--older-than <duration>', 'how old a record must be to go: 12h, 30d, 4w (units s, m, h, d, w)')
  .option('--db <path>', DB_HELP)
  .option('--json', 'one JSON line: {ledger, before, operations, interceptions, receipts, dropped, runs, reviewMarks}')
  .action(async (opts: { olderThan: string; db?: string; json?: boolean }) => {
    const { runPrune } = await import('./prune-command.js');
    const loaded = await config('prune');
    if (loaded === null) return void (status = 2);
    status = await runPrune({ ...opts, config: loaded }, sinks);
  });

program
  .command('init')
  .description(`write a starter ${'claimcheck.config.json'} (with its JSON Schema for editors) in this folder`)
  .option('--force', 'overwrite an existing file')
  .action(async (opts: { force?: boolean }) => {
    const { runInit } = await import('./init-command.js');
    status = runInit(opts, sinks);
  });

// The MCP proxy loads @modelcontextprotocol/sdk (and the store) only when it runs.
program
  .command('mcp-proxy')
  .description('an MCP server (stdio) in front of MCP servers: validates every tool call against its schema, refuses bad ones, records all in the ledger')
  .argument('[command...]', 'the server to front and its arguments, after --: claimcheck mcp-proxy -- npx -y some-mcp-server')
  .option('--server <command>', 'another server to front, as one command line (repeatable)', (value: string, previous: string[]) => [...previous, value], [])
  .option('--name <name>', "the run's agent name in the ledger and the proxy's server name (default: the servers' names)")
  .option('--db <path>', DB_HELP)
  .option('--init-timeout <ms>', 'how long each server has to answer initialize, in milliseconds (default 30000)', milliseconds)
  .option('--call-timeout <ms>', 'longest wait for one tool call, in milliseconds, renewed by progress (default 300000)', milliseconds)
  .action(async (command: string[], opts: { server: string[]; name?: string; db?: string; initTimeout?: number; callTimeout?: number }) => {
    const { runMcpProxy } = await import('./mcp-proxy-command.js');
    const { initTimeout, callTimeout, ...rest } = opts;
    const timeouts = { ...(initTimeout === undefined ? {} : { initTimeoutMs: initTimeout }), ...(callTimeout === undefined ? {} : { callTimeoutMs: callTimeout }) };
    status = await runMcpProxy({ command, ...rest, ...timeouts }, { stdin: process.stdin, stdout: process.stdout, err: sinks.err, handleSignals: true });
  });

for (const command of program.commands) {
  command.showHelpAfterError(`Run 'claimcheck ${command.name()} --help' for its options.`);
  const flags = command.options.flatMap((o) => (o.long === undefined ? [] : [o.long]));
  command.configureOutput({ outputError: (text, write) => write(withWordSuggestion(text, flags)) });
}

/**
 * commander's error for an unknown option, with the known flag it names by whole words when commander suggests none:
 * its "Did you mean" is within a small edit distance ("--jsn" → --json), and a flag that a known one extends or cuts
 * short by a hyphenated word ("--db-path" for --db, "--ignore" for --ignore-tools) is further than that. Only a
 * single such flag is suggested.
 */
function withWordSuggestion(text: string, flags: readonly string[]): string {
  const flag = /^error: unknown option '(--[^']+)'\n$/.exec(text)?.[1];
  if (flag === undefined) return text;
  const near = flags.filter((f) => flag.startsWith(`${f}-`) || f.startsWith(`${flag}-`));
  return near.length === 1 ? `error: unknown option '${flag}'\n(Did you mean ${near[0]}?)\n` : text;
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    status = error.exitCode === 0 ? 0 : 2;
  } else {
    sinks.err(`claimcheck: ${(error as Error).message}`);
    status = 2;
  }
}
process.exitCode = status;
