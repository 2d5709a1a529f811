/**
 * `claimcheck check [FILE...] [--json] [--turns] [--format F] [--tools FILE] [--ignore-tools a,b]`.
 *
 * Without `--turns` each conversation is judged by its final reply (the receipt of `checkMessages`);
 * with `--turns` every assistant turn is judged, and a fabricated earlier turn counts too.
 *
 * Exit status: 0 nothing fabricated, 1 something fabricated, 2 an input or usage error (a
 * conversation that cannot be read makes the run exit 2 after every other conversation is checked).
 */
import { readFile } from 'node:fs/promises';
import { checkTurns, turnReceiptToJSON, type TurnReceipt } from '../check.js';
import { MessageFormat } from '../conversation.js';
import { ClaimcheckError } from '../errors.js';
import { Receipt } from '../receipt.js';
import { readConversation } from '../readers/index.js';
import { normalizeTools } from '../tools.js';
import { formatConversation, formatTotals, type Totals } from './format-report.js';
import { readInputs } from './read-inputs.js';
import { startFileProgress } from './_progress.js';

/** Options of the check command, as parsed from the command line. */
export interface CheckCommandOptions {
  json?: boolean;
  turns?: boolean;
  format?: string;
  tools?: string;
  ignoreTools?: string;
  /** Where a progress bar over the input files' bytes goes (only for 1 MiB or more); none when undefined (the default). */
  progress?: NodeJS.WritableStream | undefined;
}

/** Output sinks, so tests can capture them. */
export interface Sinks {
  out: (line: string) => void;
  err: (line: string) => void;
}

const FORMATS = new Set<string>(['auto', ...Object.values(MessageFormat)]);

/** Run the command; resolves to the exit status. */
export async function runCheck(files: readonly string[], options: CheckCommandOptions, sinks: Sinks): Promise<number> {
  const format = options.format ?? 'auto';
  if (!FORMATS.has(format)) {
    sinks.err(`claimcheck check: unknown --format ${JSON.stringify(format)}; use one of ${[...FORMATS].join(', ')}.`);
    return 2;
  }
  let cliTools: unknown;
  if (options.tools !== undefined) {
    try {
      cliTools = JSON.parse(await readFile(options.tools, 'utf8'));
      normalizeTools(cliTools);
    } catch (cause) {
      sinks.err(`claimcheck check: cannot use --tools ${options.tools}: ${(cause as Error).message}. It must be a JSON list of tools in any provider shape (names, {name, description}, OpenAI, Anthropic or MCP tools).`);
      return 2;
    }
  }
  let warnedNoTools = false;
  const ignoreTools = (options.ignoreTools ?? '').split(',').map((t) => t.trim()).filter((t) => t !== '');
  const totals: Totals = { conversations: 0, turns: 0, fabricated: 0, unreported: 0, clean: 0, errors: 0 };
  const inputs = files.length === 0 ? ['-'] : files;
  const { progress, onRead } = await startFileProgress(options.progress, 'check', inputs);
  const err = sinks.err;
  sinks = { out: sinks.out, err: (line) => progress.interrupt(() => err(line)) };
  try {
    for await (const record of readInputs(inputs, { onRead })) {
      totals.conversations++;
      if (record.error !== undefined) {
        report(record.id, record.error, options, sinks, totals);
        continue;
      }
      try {
        const { messages, tools, recordFormat } = unpack(record.value, record.id);
        const checkOptions = { format: (recordFormat ?? format) as MessageFormat | 'auto', tools: tools ?? cliTools, ignoreTools };
        if (checkOptions.tools === undefined && !warnedNoTools) {
          warnedNoTools = true;
          sinks.err(`claimcheck check: ${record.id} has no tool list, so only tools that ran are known: a claim about a tool that was never called cannot be flagged. Give each record "tools", or pass --tools FILE.`);
        }
        const turns = checkTurns(messages, checkOptions);
        const final = turns[turns.length - 1]?.receipt ?? emptyReceipt(messages, checkOptions);
        totals.turns += turns.length;
        const fabricatedTurn = options.turns === true && turns.some((t) => t.receipt.verdict === 'fabricated');
        totals[fabricatedTurn ? 'fabricated' : final.verdict]++;
        if (options.json === true) sinks.out(JSON.stringify(jsonLine(record.id, final, turns, options.turns === true)));
        else sinks.out(formatConversation(record.id, final, turns, options.turns === true));
      } catch (error) {
        report(record.id, error, options, sinks, totals);
      }
    }
  } catch (error) {
    progress.stop();
    sinks.err(`claimcheck check: ${(error as Error).message}`);
    return 2;
  }
  progress.stop();
  if (options.json !== true) sinks.out(formatTotals(totals));
  if (totals.errors > 0) return 2;
  return totals.fabricated > 0 ? 1 : 0;
}

function unpack(value: unknown, id: string): { messages: unknown; tools: unknown; recordFormat: string | undefined } {
  if (Array.isArray(value)) return { messages: value, tools: undefined, recordFormat: undefined };
  if (typeof value === 'object' && value !== null && Array.isArray((value as Record<string, unknown>).messages)) {
    const v = value as Record<string, unknown>;
    const recordFormat = typeof v.format === 'string' ? v.format : undefined;
    return { messages: v.messages, tools: v.tools, recordFormat };
  }
  throw new ClaimcheckError('invalid_input', `${id}: expected {"messages": [...], "tools"?, "format"?, "id"?} or a bare message array.`);
}

function emptyReceipt(messages: unknown, options: { format: MessageFormat | 'auto'; tools: unknown }): Receipt {
  readConversation(messages, options);
  return new Receipt({ confirmed: [], claimedButNeverRan: [], unmatched: [], ranButUnreported: [] });
}

function jsonLine(id: string, receipt: Receipt, turns: readonly TurnReceipt[], withTurns: boolean): Record<string, unknown> {
  const { version: _version, ...fields } = receipt.toJSON();
  const line: Record<string, unknown> = { id, ...fields };
  if (withTurns) line.turns = turns.map(turnReceiptToJSON);
  return line;
}

function report(id: string, error: unknown, options: CheckCommandOptions, sinks: Sinks, totals: Totals): void {
  totals.errors++;
  const code = ClaimcheckError.isInstance(error) ? error.code : 'internal_error';
  const message = error instanceof Error ? error.message : String(error);
  if (options.json === true) sinks.out(JSON.stringify({ id, error: { code, message } }));
  else sinks.err(`${id}: cannot check (${code}): ${message}`);
}
