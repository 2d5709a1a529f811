/**
 * One-shot validation of a single tool call, for scripts and the CLI. An agent loop that validates many
 * calls should keep one {@link createValidator} instead (same results, no per-call tool normalizing).
 */
import { ClaimcheckError } from '../errors.js';
import { normalizeTools, type ToolSpec } from '../tools.js';
import { createValidator } from './create-validator.js';
import type { ValidationResult } from './validation-failure.js';
import { hostError } from '../_host-input.js';

/** Options of {@link validateToolCall}. */
export interface ValidateToolCallOptions {
  /**
   * The called tool: its bare name, or a tool in any shape `normalizeTools` reads (carrying the
   * parameters schema when `tools` is not given).
   */
  tool: unknown;
  /** The call's arguments: an object, or the raw arguments text the model emitted (empty text stands for `{}`). */
  args: unknown;
  /**
   * The registered tools, in any shape `normalizeTools` reads. When given, `tool`'s name must be one of
   * them (else an `unknown_tool` failure) and the registered tool's schema is used (the called tool's
   * own schema only when the registered one has none). When absent, `tool` itself is the only tool.
   */
  tools?: unknown;
  /** Close object schemas that do not say otherwise; see `ValidatorOptions.strictProperties`. Default `false`. */
  strictProperties?: boolean;
}

/**
 * Validate one tool call against its tool's schema.
 * @returns `{ ok: true, args }` with the arguments object, or `{ ok: false, failures }` most relevant first.
 * @throws ClaimcheckError `invalid_tool` when `tool` or an entry of `tools` is in no known tool shape, or
 *   when the schema cannot be compiled.
 */
export function validateToolCall(options: ValidateToolCallOptions): ValidationResult {
  try {
    const called = calledTool(options.tool);
    const registered = options.tools === undefined ? [called] : normalizeTools(options.tools);
    // The registered schema rules; the called tool's own schema stands in when the registered one has none.
    const tools = registered.map((t) =>
      t.name === called.name && t.parameters === undefined && called.parameters !== undefined ? { ...t, parameters: called.parameters } : t,
    );
    const validator = createValidator({ tools, strictProperties: options.strictProperties ?? false });
    return validator.validate(called.name, options.args);
  } catch (error) {
    throw hostError('validateToolCall', error);
  }
}

function calledTool(tool: unknown): ToolSpec {
  let specs: ToolSpec[];
  try {
    specs = normalizeTools([tool]);
  } catch (error) {
    if (!ClaimcheckError.isInstance(error)) throw error;
    throw new ClaimcheckError(error.code, error.message.replace(/^tools\[0\]/, 'tool'), { data: error.data, cause: error });
  }
  const spec = specs[0];
  if (spec === undefined) {
    throw new ClaimcheckError('invalid_tool', 'tool is a hosted tool without a name; expected a tool name or a named tool object.');
  }
  return spec;
}
