/**
 * Internal: LangChain tools as tool entries the core reads. A LangChain tool (`tool()`,
 * `StructuredTool`, `DynamicStructuredTool`, a runnable turned tool) carries its arguments schema as
 * zod or JSON Schema in `schema`; it becomes `{name, description, parameters}` with the JSON Schema
 * LangChain itself sends the model. Anything else (provider tool objects, names) passes through.
 * @see https://docs.langchain.com/oss/javascript/langchain/tools
 */
import { toJsonSchema } from '@langchain/core/utils/json_schema';
import { isRecord } from '../readers/_shape.js';

/** `tools` with every LangChain tool translated; a non-array is returned as it is (the core rejects it). */
export function toolEntries(tools: unknown): unknown {
  return Array.isArray(tools) ? tools.map(toolEntry) : tools;
}

function toolEntry(tool: unknown): unknown {
  if (!isRecord(tool) || typeof tool.name !== 'string' || tool.schema === undefined || tool.schema === null) return tool;
  const entry: { name: string; description: string; parameters?: Record<string, unknown> } = {
    name: tool.name,
    description: typeof tool.description === 'string' ? tool.description : '',
  };
  const parameters = jsonSchemaOf(tool.schema);
  if (parameters !== undefined) entry.parameters = parameters;
  return entry;
}

/** The JSON Schema of a zod or JSON schema; `undefined` when it has none (a zod transform, say): any arguments then pass. */
function jsonSchemaOf(schema: unknown): Record<string, unknown> | undefined {
  try {
    const json: unknown = toJsonSchema(schema as Parameters<typeof toJsonSchema>[0]);
    return isRecord(json) ? json : undefined;
  } catch {
    return undefined;
  }
}
