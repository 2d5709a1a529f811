/**
 * Tool definitions, normalized from every provider shape.
 */
import { describeLoneSurrogate, isWellFormed } from './_well-formed.js';
import { ClaimcheckError } from './errors.js';
import { describeShape as describe, isRecord as isEntry } from './readers/_shape.js';
import { hostError } from './_host-input.js';

/** A tool as claimcheck sees it. */
export interface ToolSpec {
  name: string;
  /** Description text, `''` when none was given. */
  description: string;
  /** JSON Schema of the arguments, when given. */
  parameters?: Record<string, unknown>;
}

const expected = 'expected a tool name, {name, description}, or a provider tool object';

/**
 * Normalize a tool list written in any supported shape into {@link ToolSpec}s.
 *
 * Accepts `undefined` or `null` (→ `[]`), or an array whose entries are any of:
 * - a tool name: `'send_email'`;
 * - `{ name, description? }` (transcript style);
 * - OpenAI Chat Completions: `{ type: 'function', function: { name, description, parameters } }`
 *   (and custom tools `{ type: 'custom', custom: { name, description } }`);
 * - OpenAI Responses: `{ type: 'function', name, description, parameters }`;
 * - Anthropic: `{ name, description, input_schema }`; MCP: `{ name, description, inputSchema }`.
 *
 * Hosted tools without a name (`{ type: 'web_search' }`, `{ type: 'file_search' }`,
 * `{ type: 'code_interpreter' }`, …) are skipped; named server tools such as Anthropic's
 * `{ type: 'web_search_20250305', name: 'web_search' }` are kept. Duplicate names keep the first entry.
 *
 * @throws ClaimcheckError code `invalid_tool` naming the index and the shape seen, for an entry in no
 * known shape, or when `tools` is neither an array nor `undefined`/`null`.
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools
 * @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-tools
 * @see https://docs.anthropic.com/en/api/messages#body-tools
 * @see https://modelcontextprotocol.io/specification/2025-06-18/server/tools#tool
 */
export function normalizeTools(tools: unknown): ToolSpec[] {
  try {
    if (tools === undefined || tools === null) return [];
    if (!Array.isArray(tools)) {
      throw new ClaimcheckError('invalid_tool', `tools is ${describe(tools)}; expected an array of tools, e.g. [{ name: 'send_email', description: 'Send an email' }], or no tools at all.`, {
        data: { index: null, shape: describe(tools) },
      });
    }
    const out: ToolSpec[] = [];
    const seen = new Set<string>();
    tools.forEach((entry: unknown, index) => {
      const spec = toSpec(entry, index);
      if (spec === null || seen.has(spec.name)) return;
      seen.add(spec.name);
      out.push(spec);
    });
    return out;
  } catch (error) {
    throw hostError('normalizeTools', error);
  }
}

function toSpec(entry: unknown, index: number): ToolSpec | null {
  if (typeof entry === 'string') {
    if (entry.trim() === '') throw invalid(index, 'an empty string');
    return spec(entry, '', undefined, index);
  }
  if (!isEntry(entry)) throw invalid(index, describe(entry));
  const nested = nestedDefinition(entry);
  if (nested !== undefined) {
    if (!isEntry(nested) || !isName(nested.name)) throw invalid(index, describe(entry));
    return spec(nested.name, nested.description, nested.parameters, index);
  }
  if (isName(entry.name)) {
    return spec(entry.name, entry.description, entry.parameters ?? entry.input_schema ?? entry.inputSchema, index);
  }
  // A hosted / built-in tool such as { type: 'web_search' } has no name: nothing to check claims against.
  if (typeof entry.type === 'string' && entry.type !== '' && entry.name === undefined && entry.type !== 'function') return null;
  throw invalid(index, describe(entry));
}

/** The inner definition of Chat Completions tools (`function`, `custom`), if the entry has one. */
function nestedDefinition(entry: Record<string, unknown>): unknown {
  if (entry.type === 'function' && entry.function !== undefined) return entry.function;
  if (entry.type === 'custom' && entry.custom !== undefined) return entry.custom;
  return undefined;
}

function spec(name: string, description: unknown, parameters: unknown, index: number): ToolSpec {
  if (!isWellFormed(name)) {
    throw new ClaimcheckError(
      'invalid_tool',
      `tools[${index}] has a name with a lone surrogate (${describeLoneSurrogate(name)}): not well-formed Unicode, so the ledger could not keep it exactly. Fix the tool's name.`,
      { data: { index, shape: 'a tool whose name is not well-formed UTF-16' } },
    );
  }
  const out: ToolSpec = { name, description: typeof description === 'string' ? description : '' };
  if (isEntry(parameters)) out.parameters = parameters;
  return out;
}

function invalid(index: number, shape: string): ClaimcheckError {
  return new ClaimcheckError('invalid_tool', `tools[${index}] is ${shape}; ${expected}.`, { data: { index, shape } });
}

function isName(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}
