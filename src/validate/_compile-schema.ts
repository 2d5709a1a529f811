/**
 * Compiling tool parameter schemas with Ajv, once per schema object.
 *
 * The draft comes from the schema's `$schema`: 2020-12 (also the default, since most tool schemas name
 * none), 2019-09, or draft-07 (also for draft-04/06). A schema without `$schema` that only compiles as
 * draft-07 (array-form `items`, say) falls back to draft-07.
 * @see https://ajv.js.org/json-schema.html
 */
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { ClaimcheckError } from '../errors.js';
import { closeObjectSchemas } from './_close-object-schemas.js';
import { inlineLocalRefs } from './_inline-local-refs.js';

export type SchemaDraft = '2020-12' | '2019-09' | 'draft-07';

/** A compiled schema: `validate(data)` returns the Ajv errors (verbose), `[]` when valid. */
export interface CompiledSchema {
  draft: SchemaDraft;
  validate(data: unknown): ErrorObject[];
}

const AJV_OPTIONS: Options = {
  allErrors: true,
  strict: false,
  verbose: true,
  logger: false,
  addUsedSchema: false,
};

type Engine = Ajv | Ajv2019 | Ajv2020;
const engines = new Map<SchemaDraft, Engine>();

function engine(draft: SchemaDraft): Engine {
  let ajv = engines.get(draft);
  if (ajv === undefined) {
    ajv = draft === '2020-12' ? new Ajv2020(AJV_OPTIONS) : draft === '2019-09' ? new Ajv2019(AJV_OPTIONS) : new Ajv(AJV_OPTIONS);
    ajvFormats.default(ajv);
    engines.set(draft, ajv);
  }
  return ajv;
}

/** The draft a schema's `$schema` names, or `undefined` when it names none (or one we do not know). */
export function schemaDraft(schema: Record<string, unknown>): SchemaDraft | undefined {
  const uri = schema.$schema;
  if (typeof uri !== 'string') return undefined;
  if (uri.includes('2020-12')) return '2020-12';
  if (uri.includes('2019-09')) return '2019-09';
  if (/draft-0[4-7]/.test(uri)) return 'draft-07';
  return undefined;
}

const caches = { open: new WeakMap<object, CompiledSchema>(), closed: new WeakMap<object, CompiledSchema>() };

/**
 * Compile `schema` (cached on the schema object, separately for open and closed object schemas).
 * @throws ClaimcheckError `invalid_tool` when Ajv cannot compile the schema (invalid keyword values,
 *   unresolvable `$ref`, a `pattern` that is no JavaScript regular expression).
 */
export function compileSchema(schema: Record<string, unknown>, options: { toolName: string; strictProperties: boolean }): CompiledSchema {
  const cache = options.strictProperties ? caches.closed : caches.open;
  const cached = cache.get(schema);
  if (cached !== undefined) return cached;

  const { $schema: _ignored, ...rest } = schema;
  let prepared = inlineLocalRefs(rest);
  if (options.strictProperties) prepared = closeObjectSchemas(prepared);
  const named = schemaDraft(schema);
  const drafts: SchemaDraft[] = named === undefined ? ['2020-12', 'draft-07'] : [named];
  let firstError: unknown;
  for (const draft of drafts) {
    const ajv = engine(draft);
    let fn: ValidateFunction;
    try {
      fn = ajv.compile(prepared);
    } catch (error) {
      firstError ??= error;
      continue;
    } finally {
      // The compiled function keeps working; dropping Ajv's own cache entry keeps memory bounded.
      ajv.removeSchema(prepared);
    }
    const compiled: CompiledSchema = {
      draft,
      validate: (data) => (fn(data) ? [] : [...(fn.errors ?? [])]),
    };
    cache.set(schema, compiled);
    return compiled;
  }
  const reason = firstError instanceof Error ? firstError.message : String(firstError);
  throw new ClaimcheckError(
    'invalid_tool',
    `The parameters schema of tool "${options.toolName}" cannot be compiled as JSON Schema (${drafts.join(', ')}): ` +
      `${reason}. Fix the schema, or leave parameters out to skip validation for this tool.`,
    { data: { tool: options.toolName }, cause: firstError },
  );
}
