/**
 * Inline local `$ref`s (`#/$defs/Address`, `#/definitions/Item`) into a copy of a schema.
 *
 * Ajv reports errors inside a referenced schema with the referenced schema's path, which hides which
 * `anyOf`/`oneOf` branch they came from; Pydantic and MCP tool schemas use `anyOf: [{$ref}, {type: null}]`
 * all the time. Inlined, every branch error carries its branch's path. A `$ref` with sibling keywords
 * becomes `allOf: [target]` beside them (how 2019-09+ and Ajv apply `$ref` anyway). Recursive refs,
 * refs into other documents and anchors stay `$ref`, and so does everything once the copy grows past a
 * budget or {@link MAX_SCHEMA_DEPTH} levels (a chain of refs nests deeper than the schema it is in);
 * `$defs` and `definitions` are kept for them.
 */
import { pointerSegments } from './_json-pointer.js';
import { isJsonObject, mapSubschemas } from './_map-subschemas.js';
import { MAX_SCHEMA_DEPTH } from './_schema-size.js';

const NODE_BUDGET = 10_000;

type Json = Record<string, unknown>;

/** A copy of `root` with local, non-recursive `$ref`s replaced by their targets. */
export function inlineLocalRefs(root: Json): Json {
  let nodes = 0;

  const resolve = (ref: string): unknown => {
    let current: unknown = root;
    for (const segment of pointerSegments(ref.slice(1))) {
      if (Array.isArray(current) && /^\d+$/.test(segment)) current = current[Number(segment)];
      else if (isJsonObject(current) && Object.hasOwn(current, segment)) current = current[segment];
      else return undefined;
    }
    return current;
  };

  const walk = (schema: unknown, active: ReadonlySet<string>, depth: number): unknown => {
    if (!isJsonObject(schema) || ++nodes > NODE_BUDGET || depth > MAX_SCHEMA_DEPTH) return schema;
    const out = mapSubschemas(schema, (sub, site) =>
      site.keyword === '$defs' || site.keyword === 'definitions' ? sub : walk(sub, active, depth + 1),
    );
    const ref = schema.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/') || active.has(ref)) return out;
    const target = resolve(ref);
    if (!isJsonObject(target) && typeof target !== 'boolean') return out;
    const inlined = walk(target, new Set([...active, ref]), depth);
    delete out.$ref;
    if (Object.keys(out).length === 0) return inlined;
    out.allOf = [...(Array.isArray(out.allOf) ? out.allOf : []), inlined];
    return out;
  };

  return walk(root, new Set(), 1) as Json;
}
