/**
 * Compiling tool parameter schemas with Ajv, once per schema object.
 *
 * The draft comes from the schema's `$schema`: 2020-12 (also the default, since most tool schemas name
 * none), 2019-09, or draft-07 (also for draft-04/06). A schema without `$schema` that only compiles as
 * draft-07 (array-form `items`, say) falls back to draft-07.
 *
 * Compile time is bounded: a schema of more than {@link MAX_SCHEMA_NODES} subschemas or
 * {@link MAX_SCHEMA_DEPTH} levels is refused before anything walks it (see `_schema-size.ts`), and Ajv
 * tracks which members `unevaluatedProperties`/`unevaluatedItems` have seen only in schemas that use
 * them (that tracking made `allOf` quadratic: 2,000 members took 4.2 s). `uniqueItems` is checked in
 * linear time by a keyword of our own (`_unique-items.ts`).
 * @see https://ajv.js.org/json-schema.html
 */
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { ClaimcheckError } from '../errors.js';
import { closeObjectSchemas } from './_close-object-schemas.js';
import { inlineLocalRefs } from './_inline-local-refs.js';
import { linearRegExpEngine, unsupportedPatterns } from './_linear-regexp.js';
import { isJsonObject, mapSubschemas } from './_map-subschemas.js';
import { MAX_SCHEMA_DEPTH, MAX_SCHEMA_NODES, measureSchema } from './_schema-size.js';
import { replaceUniqueItems, uniqueItemsKeyword } from './_unique-items.js';
import { endSentence } from '../_sentence.js';

export type SchemaDraft = '2020-12' | '2019-09' | 'draft-07';

/** A compiled schema: `validate(data)` returns the Ajv errors (verbose), `[]` when valid. */
export interface CompiledSchema {
  draft: SchemaDraft;
  validate(data: unknown): ErrorObject[];
  /**
   * What the schema says that is not checked, one line each (`pattern "(?=x)" (…)`): patterns the
   * linear-time engine does not support, which match everything. Empty when the schema is checked in full.
   */
  skipped: readonly string[];
}

const AJV_OPTIONS: Options = {
  allErrors: true,
  strict: false,
  verbose: true,
  logger: false,
  addUsedSchema: false,
  // Only the arguments' own members count: an optional `constructor` or `toString` property is absent
  // from `{}`, not the function Object.prototype lends it.
  ownProperties: true,
  code: { regExp: linearRegExpEngine },
};

/**
 * The base URI given to a schema without `$id`. Ajv resolves a root reference (`$ref: "#"`, as in a
 * tree of comments) through the root's id; without one, and with `addUsedSchema: false`, it cannot.
 */
const ROOT_ID = 'urn:claimcheck:tool-parameters';

type Engine = Ajv | Ajv2019 | Ajv2020;
const engines = new Map<string, Engine>();

/**
 * The Ajv instance for `draft`. Ajv2019 and Ajv2020 always track evaluated members (their constructors
 * force `unevaluated: true`), at a cost quadratic in the members of an `allOf`; for a schema without
 * `unevaluated*` keywords the tracking is switched off, which is how Ajv compiles draft-07.
 */
function engine(draft: SchemaDraft, tracksEvaluated: boolean): Engine {
  const key = `${draft}:${tracksEvaluated}`;
  let ajv = engines.get(key);
  if (ajv === undefined) {
    ajv = draft === '2020-12' ? new Ajv2020(AJV_OPTIONS) : draft === '2019-09' ? new Ajv2019(AJV_OPTIONS) : new Ajv(AJV_OPTIONS);
    if (!tracksEvaluated) ajv.opts.unevaluated = false;
    ajvFormats.default(ajv);
    ajv.addKeyword(uniqueItemsKeyword);
    engines.set(key, ajv);
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
 *   unresolvable `$ref`, a `pattern` that is no JavaScript regular expression), and when the schema is
 *   past the size bounds, before or after its local `$ref`s are inlined (`data.reason`
 *   `schema_too_large`: more than {@link MAX_SCHEMA_NODES} subschemas; `schema_too_deep`: more than
 *   {@link MAX_SCHEMA_DEPTH} levels).
 */
export function compileSchema(schema: Record<string, unknown>, options: { toolName: string; strictProperties: boolean }): CompiledSchema {
  const cache = options.strictProperties ? caches.closed : caches.open;
  const cached = cache.get(schema);
  if (cached !== undefined) return cached;

  refuseLargeSchema(schema, options.toolName);
  const { $schema: _ignored, ...rest } = schema;
  let prepared = inlineLocalRefs(rest);
  if (options.strictProperties) prepared = closeObjectSchemas(prepared);
  const { usesUnevaluated } = refuseLargeSchema(prepared, options.toolName);
  prepared = replaceUniqueItems(prepared);
  if (typeof prepared.$id !== 'string' && typeof prepared.id !== 'string') prepared = { $id: ROOT_ID, ...prepared };
  const named = schemaDraft(schema);
  const drafts: SchemaDraft[] = named === undefined ? ['2020-12', 'draft-07'] : [named];
  let firstError: unknown;
  for (const draft of drafts) {
    const ajv = engine(draft, usesUnevaluated);
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
      skipped: unsupportedPatterns(schemaPatterns(prepared)).map(
        ({ pattern, reason }) => `pattern ${JSON.stringify(pattern)} (not supported by the linear-time engine: ${reason}; not checked)`,
      ),
    };
    cache.set(schema, compiled);
    return compiled;
  }
  const reason = firstError instanceof Error ? firstError.message : String(firstError);
  throw new ClaimcheckError(
    'invalid_tool',
    `The parameters schema of tool "${options.toolName}" cannot be compiled as JSON Schema (${drafts.join(', ')}): ` +
      `${endSentence(reason)} Fix the schema, or leave parameters out to skip validation for this tool.`,
    { data: { tool: options.toolName }, cause: firstError },
  );
}

/**
 * Measure `schema`; throw `invalid_tool` (`data.reason` `schema_too_large` or `schema_too_deep`) when it is past a
 * size bound. Also the first step of every other walk of a user's schema (`violationPayloads`).
 */
export function refuseLargeSchema(schema: Record<string, unknown>, toolName: string): { usesUnevaluated: boolean } {
  const measure = measureSchema(schema);
  if (measure.over === null) return measure;
  const [reason, limit, what] =
    measure.over === 'nodes'
      ? (['schema_too_large', MAX_SCHEMA_NODES, `has more than ${MAX_SCHEMA_NODES.toLocaleString('en-US')} subschemas (each use of a local $ref counted)`] as const)
      : (['schema_too_deep', MAX_SCHEMA_DEPTH, `is nested deeper than ${MAX_SCHEMA_DEPTH} levels`] as const);
  throw new ClaimcheckError(
    'invalid_tool',
    `The parameters schema of tool "${toolName}" ${what}; claimcheck does not compile a schema this large (compile time and stack grow with it). ` +
      'Split the tool, or leave parameters out to skip validation for this tool.',
    { data: { tool: toolName, reason, limit } },
  );
}

/** Every `pattern` and `patternProperties` key in a schema, once each. */
function schemaPatterns(schema: Record<string, unknown>): Set<string> {
  const found = new Set<string>();
  const walk = (node: unknown): unknown => {
    if (!isJsonObject(node)) return node;
    if (typeof node.pattern === 'string') found.add(node.pattern);
    if (isJsonObject(node.patternProperties)) for (const key of Object.keys(node.patternProperties)) found.add(key);
    return mapSubschemas(node, walk);
  };
  walk(schema);
  return found;
}
