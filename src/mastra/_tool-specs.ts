/**
 * Internal: a Mastra agent's tools (the record given to `new Agent({ tools })`) as the core's
 * {@link ToolSpec}s. A tool is named by its key, as the model calls it. Its JSON Schema is read the way
 * Mastra reads it for the model: from the input schema's Standard JSON Schema interface
 * (`~standard.jsonSchema.input()`, which Mastra's `createTool` gives every schema, zod or JSON Schema),
 * from an AI SDK `jsonSchema()` schema, or as a plain JSON Schema object.
 * @see https://mastra.ai/reference/tools/create-tool
 * @see https://standardschema.dev/
 */
import { ClaimcheckError } from '../errors.js';
import { describeShape, isRecord, type Rec } from '../readers/_shape.js';
import type { ToolSpec } from '../tools.js';

/**
 * One {@link ToolSpec} per key of `tools`.
 * @throws ClaimcheckError `invalid_tool` when `tools` is not an object, or an entry is not an object.
 */
export function mastraToolSpecs(tools: unknown): ToolSpec[] {
  if (!isRecord(tools)) {
    throw new ClaimcheckError('invalid_tool', `claimcheckToolHooks({ tools }) needs the agent's tools record ({ name: createTool({ ... }) }), got ${describeShape(tools)}.`);
  }
  return Object.entries(tools).map(([name, tool]) => {
    if (!isRecord(tool)) {
      throw new ClaimcheckError('invalid_tool', `claimcheckToolHooks: tool ${JSON.stringify(name)} is ${describeShape(tool)}, not a Mastra tool.`, { data: { tool: name } });
    }
    const spec: ToolSpec = { name, description: typeof tool.description === 'string' ? tool.description : '' };
    const parameters = jsonSchemaOf(tool.inputSchema ?? tool.parameters);
    if (parameters !== undefined) spec.parameters = parameters;
    return spec;
  });
}

/** The JSON Schema of a tool's input schema; `undefined` when it has none we can read (any arguments pass). */
function jsonSchemaOf(schema: unknown): Rec | undefined {
  if (!isRecord(schema)) return undefined;
  const standard = schema['~standard'];
  if (isRecord(standard) && isRecord(standard.jsonSchema) && typeof standard.jsonSchema.input === 'function') {
    let json: unknown;
    try {
      json = (standard.jsonSchema.input as (options: { target: string }) => unknown)({ target: 'draft-07' });
    } catch {
      // A schema with no JSON Schema form: Mastra's own validation still applies; claimcheck's lets any arguments pass.
      return undefined;
    }
    return isRecord(json) ? withoutDialect(json) : undefined;
  }
  // An AI SDK `jsonSchema()` / `zodSchema()` schema carries its JSON Schema in `jsonSchema`.
  if (isRecord(schema.jsonSchema)) return withoutDialect(schema.jsonSchema);
  if (typeof schema.type === 'string' || isRecord(schema.properties)) return withoutDialect(schema);
  return undefined;
}

/** The schema without its `$schema` dialect line (the validator compiles draft-07 and 2020-12 alike). */
function withoutDialect(schema: Rec): Rec {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}
