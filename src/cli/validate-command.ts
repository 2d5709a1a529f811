/**
 * `claimcheck validate [FILE...] [--json] [--tools FILE] [--strict]`: validates recorded tool calls
 * `{tool, args, tools?}` against their tool's JSON Schema. `--json` prints one line per input: `{"id",
 * "ok", "failures": [{"category", "path", "message"}], "checked"?}`; `checked: false` marks a call whose
 * tool has no parameters schema (any arguments pass: nothing was checked). Exit status: 0 all valid,
 * 1 any invalid, 2 an input or usage error.
 */
import { readFile } from 'node:fs/promises';
import { pc } from './_terminal-text.js';
import { ClaimcheckError } from '../errors.js';
import { normalizeTools } from '../tools.js';
import { validateInput, type ValidateInputResult } from '../validate/validate-input.js';
import { validateToolCall } from '../validate/validate-tool-call.js';
import type { Sinks } from './check-command.js';
import { readInputs, withoutByteOrderMark } from './read-inputs.js';
import { causeSentence } from '../_sentence.js';
import { toolsSource } from './_check-input.js';

/** Options of the validate command. */
export interface ValidateCommandOptions {
  json?: boolean | undefined;
  /**
   * A JSON list of the registered tools (any provider shape), for records without `tools`. A record's own
   * `tools` wins, and so does a `tool` given as a definition with its own parameters schema; a bare tool
   * name, or a definition without a schema that the list names, is checked against the list.
   */
  tools?: string | undefined;
  /** The configuration file `tools` came from, when no `--tools` flag was given (messages name it). */
  toolsFrom?: string | undefined;
  /** Close object schemas that declare `properties` (see `ValidatorOptions.strictProperties`). Default `false`. */
  strict?: boolean | undefined;
  /** Whether stdin is a terminal: with no file given, the command then says what it expects instead of waiting. */
  stdinIsTTY?: boolean | undefined;
}

/** What a bare `claimcheck validate` on a terminal prints. */
export const VALIDATE_USAGE = 'claimcheck validate: give files of recorded tool calls, one {"tool": "send_email", "args": {...}, "tools"?: [...]} per line (or a JSON list), or pipe them in with -. --tools FILE gives the registered tools with their schemas. claimcheck validate --help for the options.';

/** Run the command; resolves to the exit status. */
export async function runValidate(files: readonly string[], options: ValidateCommandOptions, sinks: Sinks): Promise<number> {
  if (files.length === 0 && options.stdinIsTTY === true) {
    sinks.err(VALIDATE_USAGE);
    return 2;
  }
  let cliTools: unknown;
  if (options.tools !== undefined) {
    try {
      cliTools = JSON.parse(withoutByteOrderMark(await readFile(options.tools, 'utf8')));
      normalizeTools(cliTools);
    } catch (cause) {
      sinks.err(`claimcheck validate: cannot use ${toolsSource(options.tools, options.toolsFrom)}: ${(cause as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file.' : causeSentence(cause)} It must be a JSON list of tools with their parameters schemas (OpenAI, Anthropic or MCP shape).`);
      return 2;
    }
  }
  let invalid = 0;
  let errors = 0;
  let total = 0;
  let unchecked = 0;
  try {
    for await (const record of readInputs(files.length === 0 ? ['-'] : files, { record: 'call' })) {
      total++;
      try {
        if (record.error !== undefined) throw record.error;
        const value = withTools(record.value, cliTools);
        const result = validate(value, record.id, options.strict === true);
        const noSchema = result.ok ? schemalessTool(value) : null;
        if (noSchema !== null) unchecked++;
        if (!result.ok) invalid++;
        if (options.json === true) {
          const line: Record<string, unknown> = { id: result.id, ok: result.ok, failures: result.failures.map(({ category, path, message }) => ({ category, path, message })) };
          if (noSchema !== null) line.checked = false;
          sinks.out(JSON.stringify(line));
        } else if (noSchema !== null) {
          // A record that only names its tool, with no tool list: no schema was given, not a tool without one.
          const why = namesOnly(value) ? `no tool list gives ${JSON.stringify(noSchema)} a parameters schema (give the tools with --tools FILE)` : `tool ${JSON.stringify(noSchema)} has no parameters schema`;
          sinks.out(`${pc.yellow('?')} ${result.id} ${pc.yellow(`not checked: ${why}, so any arguments pass`)}`);
        } else if (result.ok) {
          sinks.out(`${pc.green('✓')} ${result.id}`);
        } else {
          sinks.out(`${pc.red('✗')} ${result.id}`);
          for (const f of result.failures) sinks.out(`    ${pc.red(f.category)} at ${JSON.stringify(f.path)}: ${f.message}${f.hint ? pc.dim(` (${f.hint})`) : ''}`);
        }
      } catch (error) {
        errors++;
        const code = ClaimcheckError.isInstance(error) ? error.code : 'internal_error';
        const message = error instanceof Error ? error.message : String(error);
        if (options.json === true) sinks.out(JSON.stringify({ id: record.id, error: { code, message } }));
        else sinks.err(`${record.id}: cannot validate (${code}): ${message}`);
      }
    }
  } catch (error) {
    sinks.err(`claimcheck validate: ${(error as Error).message}`);
    return 2;
  }
  if (options.json !== true) {
    const valid = total - invalid - errors - unchecked;
    const parts = [`${total} call${total === 1 ? '' : 's'}`, `${valid} valid`, `${invalid} invalid`];
    if (unchecked > 0) parts.push(pc.yellow(`${unchecked} not checked (no schema: give the tools with --tools FILE or "tools" in the record)`));
    if (errors > 0) parts.push(`${errors} unreadable`);
    sinks.out(pc.dim(parts.join(' · ')));
  }
  if (errors > 0) return 2;
  return invalid > 0 ? 1 : 0;
}

/**
 * The record with `--tools` as its `tools` where the list covers it. Precedence, most specific first:
 * the record's own `tools`; else a `tool` given as a definition with a parameters schema describes
 * itself (`--tools` is not consulted); else `--tools`: a bare tool name is looked up there (not listed:
 * `unknown_tool`), and so is a definition without a schema, when the list has its name (not listed:
 * the definition stands alone, as without `--tools`, and is "not checked").
 */
function withTools(value: unknown, tools: unknown): unknown {
  if (tools === undefined || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  if (record.tools !== undefined && record.tools !== null) return record;
  if (typeof record.tool === 'object' && record.tool !== null) {
    let own;
    try {
      [own] = normalizeTools([record.tool]);
    } catch {
      return record; // Not a tool in any shape: validateInput says so.
    }
    if (own === undefined || own.parameters !== undefined) return record;
    const name = own.name;
    if (!normalizeTools(tools).some((t) => t.name === name)) return record;
  }
  return { ...record, tools };
}

/** {@link validateInput}, with object schemas closed when `strict`. */
function validate(value: unknown, id: string, strict: boolean): ValidateInputResult {
  const shaped = validateInput(value, id);
  if (!strict) return shaped;
  const record = value as Record<string, unknown>;
  const result = validateToolCall({ tool: record.tool, args: record.args, tools: record.tools ?? undefined, strictProperties: true });
  if (result.ok) return { id, ok: true, failures: [] };
  return { id, ok: false, failures: result.failures.map(({ category, path, message, hint }) => (hint === undefined ? { category, path, message } : { category, path, message, hint })) };
}

/** The name of the called tool when neither it nor its registered entry has a parameters schema; else `null`. */
/** The record names its tool (`"tool": "send_email"`) and lists no tools: nothing in it could hold a schema. */
function namesOnly(value: unknown): boolean {
  const record = value as Record<string, unknown>;
  return typeof record.tool === 'string' && (record.tools === undefined || record.tools === null);
}

function schemalessTool(value: unknown): string | null {
  const record = value as Record<string, unknown>;
  const [called] = normalizeTools([record.tool]);
  if (called === undefined || called.parameters !== undefined) return null;
  const registered = record.tools === undefined || record.tools === null ? [called] : normalizeTools(record.tools);
  const spec = registered.find((t) => t.name === called.name);
  return spec !== undefined && spec.parameters === undefined ? called.name : null;
}
