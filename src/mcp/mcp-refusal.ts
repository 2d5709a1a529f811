/**
 * The tool result claimcheck returns in place of a call it refused (arguments that fail the tool's
 * `inputSchema`, or a tool the server does not list): an MCP `CallToolResult` with `isError: true`, so
 * the model reads why and retries, and the refusal's findings in `_meta` for code.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { buildRepairPrompt } from '../run/build-repair-prompt.js';
import type { ValidationFailure, ValidationFailureCategory } from '../validate/validation-failure.js';
import { hostError } from '../_host-input.js';

/** The `_meta` key under which a refusal's {@link McpRefusal} travels. */
export const MCP_REFUSAL_META_KEY = 'claimcheck/refusal';

/** What a refused call's result carries in `_meta["claimcheck/refusal"]`. */
export interface McpRefusal {
  /** The tool called (as the server names it). */
  tool: string;
  /** The most relevant failure's category (`unknown_tool`, `missing_required`, `type_mismatch`, …). */
  category: ValidationFailureCategory;
  /** JSON Pointer of that failure into the arguments (`''` for the whole arguments or an unknown tool). */
  path: string;
  /** Every failure, most relevant first. */
  failures: Array<{ category: ValidationFailureCategory; path: string; message: string }>;
}

/** The refusal a result carries, or `null` for any other result (also one not made by claimcheck). */
export function readMcpRefusal(result: unknown): McpRefusal | null {
  try {
    if (typeof result !== 'object' || result === null) return null;
    const meta = (result as { _meta?: unknown })._meta;
    if (typeof meta !== 'object' || meta === null) return null;
    const refusal = (meta as Record<string, unknown>)[MCP_REFUSAL_META_KEY];
    if (typeof refusal !== 'object' || refusal === null) return null;
    const r = refusal as Partial<McpRefusal>;
    return typeof r.tool === 'string' && typeof r.category === 'string' && typeof r.path === 'string' && Array.isArray(r.failures) ? (r as McpRefusal) : null;
  } catch (error) {
    throw hostError('readMcpRefusal', error);
  }
}

/**
 * The result of a refused call. The text names the tool, says it did not run, and lists each failure
 * with its path, category, message and hint, the schema of the failing paths and the request to call
 * again with the problems fixed (`buildRepairPrompt`); for an unknown tool, the listed tools and the
 * closest name.
 */
export function refusalResult(tool: string, failures: readonly ValidationFailure[], schema: Record<string, unknown> | undefined, args: unknown): CallToolResult {
  const first = failures[0] ?? { category: 'type_mismatch', path: '', message: 'The arguments were rejected.' };
  const text =
    first.category === 'unknown_tool'
      ? `claimcheck refused this call: ${first.message}${first.hint === undefined ? '' : ` ${first.hint}`} The call did not run.`
      : `claimcheck refused this call (${first.category} at ${first.path === '' ? '(arguments)' : first.path}). ${buildRepairPrompt({ tool, failures, ...(schema === undefined ? {} : { schema }) }, args)}`;
  const refusal: McpRefusal = {
    tool,
    category: first.category,
    path: first.path,
    failures: failures.map((f) => ({ category: f.category, path: f.path, message: f.message })),
  };
  return { content: [{ type: 'text', text }], isError: true, _meta: { [MCP_REFUSAL_META_KEY]: refusal } };
}
