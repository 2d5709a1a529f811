/**
 * `claimcheck validate`: one input record in, one verdict out. Pure, so the CLI only reads records and
 * prints verdicts.
 */
import { ClaimcheckError } from '../errors.js';
import { validateToolCall } from './validate-tool-call.js';
import type { ValidationFailureCategory } from './validation-failure.js';
import { hostError } from '../_host-input.js';

const SHAPE = '{"tool": ..., "args": ..., "tools"?: [...]}';

/** One failure as `claimcheck validate` prints it. */
export interface ValidateInputFailure {
  category: ValidationFailureCategory;
  /** JSON Pointer into the arguments; `''` for the whole. */
  path: string;
  message: string;
  /** A likely fix, when there is one. */
  hint?: string;
}

/** The verdict for one record. `failures` is empty when `ok`, and most relevant first otherwise. */
export interface ValidateInputResult {
  id: string;
  ok: boolean;
  failures: ValidateInputFailure[];
  /** Present only when part of the schema was not checked (see `ValidationResult.skipped`). */
  skipped?: readonly string[];
}

/**
 * Validate one record `{ tool, args, tools? }`, as read from a file or stdin: `tool` is the called tool
 * (a bare name or any provider tool shape), `args` the arguments object or the raw arguments text,
 * `tools` the registered tools (optional; when given, `tool` must be one of them). Other members
 * (`id`, `expect`, `notes`...) are ignored. `id` labels the verdict.
 * @throws ClaimcheckError `invalid_input` when `input` is not an object with `tool` and `args`;
 *   `invalid_tool` when a tool is in no known shape or its schema cannot be compiled.
 */
export function validateInput(input: unknown, id: string): ValidateInputResult {
  try {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw new ClaimcheckError('invalid_input', `Record ${id} is not an object; expected ${SHAPE}.`, { data: { id } });
    }
    const record = input as Record<string, unknown>;
    for (const key of ['tool', 'args']) {
      if (!(key in record)) {
        throw new ClaimcheckError('invalid_input', `Record ${id} has no "${key}"; expected ${SHAPE}.`, { data: { id } });
      }
    }
    const result = validateToolCall({ tool: record.tool, args: record.args, tools: record.tools ?? undefined });
    const skipped = result.skipped === undefined ? {} : { skipped: result.skipped };
    if (result.ok) return { id, ok: true, failures: [], ...skipped };
    return {
      id,
      ok: false,
      failures: result.failures.map(({ category, path, message, hint }) =>
        hint === undefined ? { category, path, message } : { category, path, message, hint },
      ),
      ...skipped,
    };
  } catch (error) {
    throw hostError('validateInput', error);
  }
}
