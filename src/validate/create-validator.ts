/**
 * A reusable validator for the tool calls of one agent: each tool's schema compiles once, on its first
 * call, and is reused after.
 */
import { checkArguments } from './_check-arguments.js';
import { closestName } from './_closest-name.js';
import { listNames } from './_describe-value.js';
import type { ValidationFailure, ValidationResult } from './validation-failure.js';
import { normalizeTools, type ToolSpec } from '../tools.js';
import { hostError, isReadable } from '../_host-input.js';
import { ClaimcheckError } from '../errors.js';

/** Options of {@link createValidator}. */
export interface ValidatorOptions {
  /**
   * The registered tools, in any shape `normalizeTools` reads: names, `{name, description}`, OpenAI Chat
   * Completions or Responses tools, Anthropic tools (`input_schema`), MCP tools (`inputSchema`). A tool
   * without a parameters schema accepts any arguments object. Duplicate names keep the first entry.
   * @throws ClaimcheckError `invalid_tool` (from `normalizeTools`) for an entry in no known shape.
   */
  tools: unknown;
  /**
   * Treat every object schema that declares `properties` as closed: a member it does not declare is an
   * `extra_field`, as if it said `additionalProperties: false`. Free-form objects (no `properties`),
   * schemas that set `additionalProperties`/`patternProperties`/`unevaluatedProperties`, and schemas
   * combined with `allOf`, `anyOf`/`oneOf` beside `properties`, or `$ref` stay open. Default `false`:
   * only what the schema closes is closed.
   */
  strictProperties?: boolean;
}

/** What {@link createValidator} returns. */
export interface Validator {
  /** The registered tools, normalized. */
  readonly tools: readonly ToolSpec[];
  /**
   * Validate one call's arguments for `toolName`. `args` is the arguments object, or the raw arguments
   * text the model emitted (`function.arguments`); empty text stands for `{}`.
   *
   * Never throws for bad arguments or names: those are failures (`unknown_tool`, `invalid_json`,
   * `type_mismatch` at `''` for text that parses to a non-object, then the schema's failures).
   * @throws ClaimcheckError `invalid_tool` when the tool's schema cannot be compiled (raised on that
   *   tool's first call), or is too large to compile: more than 5,000 subschemas or 256 levels, local
   *   `$ref`s counted at each use (`data.reason`: `schema_too_large` or `schema_too_deep`; `data.limit`).
   */
  validate(toolName: string, args: unknown): ValidationResult;
}

/**
 * Create a {@link Validator} for a set of registered tools.
 *
 * Schemas are validated by Ajv with formats (ajv-formats, full mode), all errors, and non-strict
 * keywords (tool schemas in the wild carry unknown ones); `uniqueItems` is checked in time linear in the
 * array (each item keyed by its canonical JSON). The draft is the schema's `$schema`, else
 * JSON Schema 2020-12 (falling back to draft-07 for a schema only draft-07 accepts). Compiled schemas
 * are cached on the schema object, so validators built from the same tool objects share them.
 * @see https://json-schema.org/draft/2020-12/json-schema-validation
 */
export function createValidator(options: ValidatorOptions): Validator {
  try {
    const tools = normalizeTools(options.tools);
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    const strictProperties = options.strictProperties ?? false;
    return {
      tools,
      validate(toolName, args) {
        if (typeof toolName !== 'string') throw new ClaimcheckError('invalid_input', `validator.validate(toolName, args): toolName must be the tool's name as a string, got ${toolName === null ? 'null' : typeof toolName}.`);
        const tool = byName.get(toolName);
        if (tool === undefined) return { ok: false, failures: [unknownToolFailure(toolName, [...byName.keys()])] };
        try {
          return checkArguments(tool, args, strictProperties);
        } catch (error) {
          // Arguments whose members cannot be read are the caller's bad input; anything else is the schema's (the guard fails open on it).
          if (!isReadable(args)) throw hostError('validator.validate', error);
          throw error;
        }
      },
    };
  } catch (error) {
    throw hostError('createValidator', error);
  }
}

/** The `unknown_tool` failure: the registered names, and the closest one when a name is near. */
function unknownToolFailure(name: string, registered: readonly string[]): ValidationFailure {
  const listed = registered.length === 0 ? 'no tools are registered' : `registered tools: ${listNames(registered, 'and')}`;
  const guess = closestName(name, registered);
  return {
    category: 'unknown_tool',
    path: '',
    message: `Unknown tool ${JSON.stringify(name)}; ${listed}.`,
    hint: guess === undefined ? 'Call one of the registered tools, by its exact name.' : `Did you mean ${JSON.stringify(guess)}?`,
  };
}
