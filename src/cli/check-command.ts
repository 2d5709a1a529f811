/**
 * `claimcheck check [FILE...] [--json] [--turns] [--format F] [--tools FILE] [--ignore-tools a,b]
 * [--only KINDS] [--quiet] [--reporter text|json|github|junit] [--output FILE]`.
 *
 * Without `--turns` each conversation is judged by its final reply (the receipt of `checkMessages`);
 * with `--turns` every assistant turn is judged, and the conversation's verdict is its worst turn's.
 *
 * Exit status: 0 nothing fabricated; 1 something fabricated (this wins: a run with fabrications and
 * unreadable conversations exits 1, and still reports every unreadable one); 2 a usage error, or a
 * conversation that could not be read (after every other conversation is checked) and nothing
 * fabricated.
 */
import { closeSync, writeSync } from 'node:fs';
import { checkTurns, type TurnReceipt } from '../check.js';
import { MessageFormat } from '../conversation.js';
import { Receipt } from '../receipt.js';
import { readConversation } from '../readers/index.js';
import { toolErrors } from './_tool-errors.js';
import { isLangChainList } from '../langchain/_read-message.js';
import { toOpenAIChat } from '../langchain/_to-openai-chat.js';
import { addOutcome, emptyTotals, exitStatus, outcomeKinds, parseOnly, worstVerdict, type Outcome, type OutcomeKind } from './_check-outcome.js';
import { createReporter, REPORTERS, type ReporterName } from './_check-reporters.js';
import { readInputs } from './read-inputs.js';
import { describeError, readToolsFile, unpack } from './_check-input.js';
import { startFileProgress } from './_progress.js';
import { loadExtractor } from './_load-extractor.js';
import { checkTurnsAsync } from '../check-async.js';
import type { Extractor } from '../claims/extractor.js';
import { openOutputFile } from './_output-file.js';
import { terminalText } from './_terminal-text.js';
import { parseSince } from './_since.js';
import { TraceFilter } from './_trace-filter.js';
import { expandFolders } from './_expand-folders.js';
import { TraceGrouper, type PendingTrace } from './_trace-grouper.js';
import { traceFormatOf, type TraceFormat } from '../readers/traces/read-traces.js';

/** Options of the check command, as parsed from the command line. */
export interface CheckCommandOptions {
  /** The same as `reporter: 'json'`. */
  json?: boolean | undefined;
  turns?: boolean | undefined;
  format?: string | undefined;
  tools?: string | undefined;
  /** The configuration file `tools` came from, when no `--tools` flag was given (messages name it). */
  toolsFrom?: string | undefined;
  /** Comma-separated, or a list (from the config file). */
  ignoreTools?: string | readonly string[] | undefined;
  /** Which conversations to print (`--only fabricated,unreported`; see `OUTCOME_KINDS`). Default: all. The summary and exit status count all. */
  only?: string | readonly string[] | undefined;
  /** No per-conversation output: the readable summary only (nothing with `--json`). */
  quiet?: boolean | undefined;
  /** `text` (default), `json`, `github` or `junit`. */
  reporter?: string | undefined;
  /** Write the report to this file instead of stdout. */
  output?: string | undefined;
  /** Where a progress bar over the input files' bytes goes (only for 1 MiB or more); none when undefined (the default). */
  progress?: NodeJS.WritableStream | undefined;
  /**
   * `--strict`: a claim no listed tool can perform (`claimedWithoutTool`) or a denial of an action whose
   * tool succeeded (`deniedButRan`) makes the verdict `fabricated` and the exit status 1. Default `false`.
   */
  strict?: boolean | undefined;
  /** `--llm`: a module exporting an extractor (`createLlmExtractor(...)`) as default or `extractor`, for a second opinion. */
  llm?: string | undefined;
  /** Whether stdin is a terminal: with no file given, the command then says what it expects instead of waiting. */
  stdinIsTTY?: boolean | undefined;
  /** `--since`: traces that started before this time are skipped (a duration back from now, `24h`, or a date). Traces only. */
  since?: string | undefined;
  /** `--service NAME`: only traces of this service (OTLP `service.name`) or agent (`gen_ai.agent.name`; a Langfuse trace's or LangSmith root run's name). */
  service?: string | undefined;
}

/** Output sinks, so tests can capture them. */
export interface Sinks {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** The formats `--format` (and a record's `format`) takes: the readers' and `langchain` (LangChain messages, serialized or not). */
const FORMATS = new Set<string>(['auto', ...Object.values(MessageFormat), 'langchain']);
const TRACE_FORMATS = new Set<string>(['otlp', 'langfuse', 'langsmith'] satisfies TraceFormat[]);

/** What a bare `claimcheck check` on a terminal prints. */
export const CHECK_USAGE = 'claimcheck check: give conversation files (JSON, or JSON Lines with one conversation a line), or pipe one in: claimcheck check chats.jsonl, or cat chat.json | claimcheck check -. Each is {"messages": [...], "tools"?: [...]} or a bare message array (OpenAI, Anthropic or transcript format), or a trace export (OTLP JSON, Langfuse, LangSmith; a folder of them too). claimcheck check --help for the options.';

/** Run the command; resolves to the exit status. */
export async function runCheck(files: readonly string[], options: CheckCommandOptions, sinks: Sinks): Promise<number> {
  const usage = (message: string): number => {
    sinks.err(`claimcheck check: ${message}`);
    return 2;
  };
  if (files.length === 0 && options.stdinIsTTY === true) {
    sinks.err(CHECK_USAGE);
    return 2;
  }
  const format = options.format ?? 'auto';
  if (!FORMATS.has(format)) return usage(`unknown --format ${JSON.stringify(format)}; use one of ${[...FORMATS].join(', ')}.`);
  const reporterName = options.reporter ?? (options.json === true ? 'json' : 'text');
  if (!(REPORTERS as readonly string[]).includes(reporterName)) return usage(`unknown --reporter ${JSON.stringify(reporterName)}; use one of ${REPORTERS.join(', ')}.`);
  if (options.json === true && reporterName !== 'json') return usage(`--json and --reporter ${reporterName} disagree; --json is --reporter json.`);
  let only: Set<OutcomeKind> | null;
  try {
    only = parseOnly(options.only);
  } catch (error) {
    return usage((error as Error).message);
  }
  let since: number | undefined;
  try {
    since = options.since === undefined ? undefined : parseSince(options.since);
  } catch (error) {
    return usage((error as Error).message);
  }
  let inputs: string[];
  try {
    inputs = await expandFolders(files.length === 0 ? ['-'] : files);
  } catch (error) {
    return usage((error as Error).message);
  }
  let cliTools: unknown;
  if (options.tools !== undefined) {
    const read = await readToolsFile(options.tools, options.toolsFrom);
    if (typeof read === 'string') return usage(read);
    cliTools = read.tools;
  }
  let fd: number | undefined;
  if (options.output !== undefined) {
    try {
      fd = openOutputFile(options.output, '--output');
    } catch (error) {
      return usage((error as Error).message);
    }
  }
  // A file is no terminal: its report has no colour, even where picocolors would colour stdout (FORCE_COLOR, CI).
  const out = fd === undefined ? sinks.out : (line: string): void => void writeSync(fd, `${terminalText(line, { colour: false })}\n`);
  try {
    return await checkAll(inputs, { ...options, format, cliTools, only, sinceMs: since, reporterName: reporterName as ReporterName }, { out, err: sinks.err });
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

interface ResolvedOptions extends Omit<CheckCommandOptions, 'only'> {
  format: string;
  cliTools: unknown;
  only: Set<OutcomeKind> | null;
  reporterName: ReporterName;
  sinceMs: number | undefined;
}

async function checkAll(files: readonly string[], options: ResolvedOptions, sinks: Sinks): Promise<number> {
  const { format, cliTools, only } = options;
  let extractor: Extractor | undefined;
  if (options.llm !== undefined) {
    const loaded = await loadExtractor(options.llm);
    if (typeof loaded === 'string') {
      sinks.err(`claimcheck check: ${loaded}`);
      return 2;
    }
    extractor = loaded;
  }
  let warnedNoTools = false;
  const ignoreTools = (typeof options.ignoreTools === 'string' ? options.ignoreTools.split(',') : (options.ignoreTools ?? [])).map((t) => t.trim()).filter((t) => t !== '');
  const totals = emptyTotals();
  const quiet = options.quiet === true;
  const reporter = createReporter(options.reporterName, { out: sinks.out, only, quiet });
  const withTurns = options.turns === true;
  const inputs = files;
  const { progress, onRead } = await startFileProgress(options.progress, 'check', inputs);
  const err = (line: string): void => progress.interrupt(() => sinks.err(line));
  const emit = (o: Outcome): void => {
    addOutcome(totals, o);
    if (o.error !== undefined && options.reporterName === 'text') err(`${o.id}: cannot check (${o.error.code}): ${o.error.message}`);
    if (only === null || [...outcomeKinds(o)].some((k) => only.has(k))) reporter.conversation(o);
  };
  type Place = { id: string; file: string | undefined; line: number | undefined; locate?: ((messageIndex?: number) => number | undefined) | undefined; turns: TurnReceipt[]; withTurns: boolean };
  /** Check one conversation (messages, or a trace's Conversation) and report it. */
  const judge = async (place: Place, messages: unknown, checkOptions: { format: MessageFormat | 'auto'; tools: unknown; ignoreTools: string[]; strict: boolean }, listsTools: boolean): Promise<void> => {
    const turns = extractor === undefined ? checkTurns(messages, checkOptions) : await checkTurnsAsync(messages, { ...checkOptions, extractor });
    // Said of the first record read without a tool list; a record that cannot be read gets its error alone.
    if (!listsTools && !warnedNoTools) {
      warnedNoTools = true;
      err(`claimcheck check: ${place.id} has no tool list, so only tools that ran are known: a claim about a tool that was never called cannot be flagged. Give each record "tools", or pass --tools FILE.`);
    }
    const final = turns[turns.length - 1]?.receipt ?? emptyReceipt(messages, checkOptions);
    const verdict = withTurns ? worstVerdict(turns.map((t) => t.receipt.verdict)) : final.verdict;
    if (turns.length === 0 && !quiet) err(`claimcheck check: ${place.id} has no assistant reply with text: nothing was generated, so nothing was checked.`);
    emit({ ...place, final, turns, verdict, toolError: toolErrors(messages, checkOptions) });
  };
  const shared = { ignoreTools, strict: options.strict === true };
  const grouper = new TraceGrouper();
  const filter = new TraceFilter(options.service, options.sinceMs === undefined || options.since === undefined ? undefined : { text: options.since, ms: options.sinceMs });
  let cutSaid = false;
  const checkTrace = async (trace: PendingTrace): Promise<void> => {
    if (!filter.keeps(trace)) return;
    const place: Place = { id: trace.traceId, file: trace.file, line: trace.line, turns: [], withTurns };
    if (trace.cut && !cutSaid && !quiet) {
      cutSaid = true;
      err(`claimcheck check: trace ${trace.traceId} has no root span in the input (an export cut short, or spans of it elsewhere): it is checked as far as it goes.`);
    }
    try {
      const conversation = trace.read();
      await judge(place, conversation, { format: conversation.format, tools: cliTools, ...shared }, conversation.tools.length > 0 || cliTools !== undefined);
    } catch (error) {
      emit({ ...place, error: describeError(error) });
    }
  };
  const forcedTrace = TRACE_FORMATS.has(format) ? (format as TraceFormat) : null;
  try {
    for await (const record of readInputs(inputs, { onRead, record: 'conversation' })) {
      const place: Place = { id: record.id, file: record.file, line: record.line, locate: record.locate, turns: [] as TurnReceipt[], withTurns };
      if (record.error !== undefined) {
        emit({ ...place, error: describeError(record.error) });
        continue;
      }
      const traceFormat = forcedTrace ?? (format === 'auto' ? traceFormatOf(record.value) : null);
      if (traceFormat !== null) {
        let ready: PendingTrace[];
        try {
          ready = grouper.add(record.value, traceFormat, record.line === undefined ? (record.file ?? record.id) : `line ${record.line} of ${record.file ?? record.id}`, record.file, record.line);
        } catch (error) {
          emit({ ...place, error: describeError(error) });
          continue;
        }
        for (const trace of ready) await checkTrace(trace);
        continue;
      }
      let unpacked: ReturnType<typeof unpack> | undefined;
      try {
        unpacked = unpack(record.value, record.id, record.file);
        const { tools, recordFormat } = unpacked;
        // LangChain messages are read as checkLangChainMessages reads them: translated one for one to Chat Completions messages.
        const langchain = (recordFormat ?? format) === 'langchain' || ((recordFormat ?? format) === 'auto' && isLangChainList(unpacked.messages));
        const messages = langchain ? toOpenAIChat(unpacked.messages) : unpacked.messages;
        const checkOptions = { format: (langchain ? 'openai-chat' : (recordFormat ?? format)) as MessageFormat | 'auto', tools: tools ?? cliTools, ...shared };
        await judge(place, messages, checkOptions, checkOptions.tools !== undefined);
      } catch (error) {
        emit({ ...place, error: describeError(error, unpacked, format) });
      }
    }
    for (const trace of grouper.finish()) await checkTrace(trace);
  } catch (error) {
    progress.stop();
    sinks.err(`claimcheck check: ${(error as Error).message}`);
    return 2;
  }
  progress.stop();
  reporter.end(totals);
  // A filter that leaves nothing is not a pass: said, and exit 2 when nothing at all was checked (as for an empty input).
  const filtered = filter.emptyNote();
  if (filtered !== null) err(`claimcheck check: ${filtered}`);
  if (filtered !== null && totals.conversations === 0) return 2;
  if (options.reporterName !== 'text' && totals.errors > 0 && totals.fabricated > 0) {
    err(`claimcheck check: ${totals.errors} conversation${totals.errors === 1 ? '' : 's'} could not be read; exit status 1 because something was fabricated.`);
  }
  return exitStatus(totals);
}

function emptyReceipt(messages: unknown, options: { format: MessageFormat | 'auto'; tools: unknown }): Receipt {
  readConversation(messages, options);
  return new Receipt({ confirmed: [], claimedButNeverRan: [], unmatched: [], ranButUnreported: [] });
}

