/**
 * The validation of one call once its tool is known: parse the arguments text, require an object,
 * validate against the tool's compiled schema.
 */
import { MAX_DEPTH, nestingDepth } from '../_bound-depth.js';
import { compileSchema } from './_compile-schema.js';
import { describeTyped } from './_describe-value.js';
import { failuresFromAjv } from './_order-failures.js';
import { parseArgumentsText } from './_parse-arguments-text.js';
import { typeHint } from './_type-hint.js';
import type { ValidationFailure, ValidationResult } from './validation-failure.js';
import type { ToolSpec } from '../tools.js';

/**
 * Validate `args` (an object, or the raw arguments text) for `tool`. A tool without `parameters`
 * accepts any object.
 * @throws ClaimcheckError `invalid_tool` when the tool's schema cannot be compiled.
 */
export function checkArguments(tool: ToolSpec, args: unknown, strictProperties: boolean): ValidationResult {
  let value = args;
  if (typeof args === 'string') {
    const parsed = parseArgumentsText(args);
    if (!parsed.ok) return { ok: false, failures: [parsed.failure] };
    value = parsed.value;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const failure: ValidationFailure = {
      category: 'type_mismatch',
      path: '',
      message: `The arguments must be a JSON object, got ${value === null ? 'null' : describeTyped(value)}.`,
      keyword: 'type',
    };
    const hint = typeHint(['object'], value);
    if (hint !== undefined) failure.hint = hint;
    return { ok: false, failures: [failure] };
  }
  const object = value as Record<string, unknown>;
  if (nestingDepth(object) > MAX_DEPTH) {
    const message = `The arguments are nested deeper than ${MAX_DEPTH} levels (or refer back to themselves); claimcheck does not walk them.`;
    return { ok: false, failures: [{ category: 'constraint_violation', path: '', message, keyword: 'maxDepth' }] };
  }
  if (tool.parameters === undefined) return { ok: true, args: object };
  const compiled = compileSchema(tool.parameters, { toolName: tool.name, strictProperties });
  const errors = compiled.validate(object);
  const result: ValidationResult = errors.length === 0 ? { ok: true, args: object } : { ok: false, failures: failuresFromAjv(errors) };
  if (compiled.skipped.length > 0) result.skipped = compiled.skipped;
  return result;
}
