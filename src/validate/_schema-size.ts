/**
 * How big a schema is, measured before anything walks it recursively or compiles it: Ajv's compile time
 * grows with the number of subschemas (about 0.2–0.5 ms each on a small machine, 2.8 s for 10,000
 * properties), and each level of nesting costs stack in every walk. Schemas past either bound are not
 * compiled; the caller fails open.
 */
import { directSubschemas, isJsonObject } from './_map-subschemas.js';

/** Subschemas (objects and booleans, the root included) a schema may have and still be compiled. */
export const MAX_SCHEMA_NODES = 5_000;
/** Levels of subschemas (the root is level 1) a schema may have and still be compiled. */
export const MAX_SCHEMA_DEPTH = 256;

/** What {@link measureSchema} found: whether a bound was passed, and whether `unevaluated*` keywords occur. */
export interface SchemaMeasure {
  /** The bound the schema passes, if any (measuring stops there). */
  over: 'nodes' | 'depth' | null;
  /** `unevaluatedProperties` or `unevaluatedItems` occurs in some subschema. */
  usesUnevaluated: boolean;
}

/** Measure `schema` with an explicit stack, stopping as soon as a bound is passed: at most MAX_SCHEMA_NODES + 1 visits. */
export function measureSchema(schema: Record<string, unknown>): SchemaMeasure {
  const stack: Array<{ node: unknown; depth: number }> = [{ node: schema, depth: 1 }];
  let nodes = 0;
  let usesUnevaluated = false;
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    if (++nodes > MAX_SCHEMA_NODES) return { over: 'nodes', usesUnevaluated };
    if (entry.depth > MAX_SCHEMA_DEPTH) return { over: 'depth', usesUnevaluated };
    const { node, depth } = entry;
    if (!isJsonObject(node)) continue;
    if (Object.hasOwn(node, 'unevaluatedProperties') || Object.hasOwn(node, 'unevaluatedItems')) usesUnevaluated = true;
    for (const sub of directSubschemas(node)) stack.push({ node: sub, depth: depth + 1 });
  }
  return { over: null, usesUnevaluated };
}
