/**
 * `strictProperties`: a copy of a schema in which every object schema that declares `properties` and
 * says nothing about other members gets `additionalProperties: false`.
 *
 * Left open, because closing them would reject members the schema allows elsewhere: object schemas
 * without `properties` (free-form maps), schemas that set `additionalProperties`, `patternProperties` or
 * `unevaluatedProperties`, schemas that combine with others (`allOf`, `anyOf`, `oneOf`, `$ref`, `if`,
 * `dependentSchemas`, `dependencies`) and the members of `allOf`, and of `anyOf`/`oneOf` beside
 * `properties`. Nothing under `not`, `if` or `propertyNames` changes (closing there would invert
 * their meaning).
 */
import { isJsonObject, mapSubschemas } from './_map-subschemas.js';

type Json = Record<string, unknown>;

const OPENERS = ['additionalProperties', 'patternProperties', 'unevaluatedProperties'];
const COMBINERS = ['allOf', 'anyOf', 'oneOf', '$ref', '$dynamicRef', '$recursiveRef', 'if', 'dependentSchemas', 'dependencies'];
const UNTOUCHED = new Set(['not', 'if', 'propertyNames']);

/** A copy of `schema` with its object schemas closed (see the module comment for which). */
export function closeObjectSchemas(schema: Json): Json {
  return close(schema, true) as Json;
}

function close(schema: unknown, closable: boolean): unknown {
  if (!isJsonObject(schema)) return schema;
  const hasProperties = isJsonObject(schema.properties);
  const out = mapSubschemas(schema, (sub, { keyword }) => {
    if (UNTOUCHED.has(keyword)) return sub;
    if (keyword === 'allOf') return close(sub, false);
    if (keyword === 'anyOf' || keyword === 'oneOf') return close(sub, closable && !hasProperties);
    return close(sub, true);
  });
  const opened = OPENERS.some((k) => k in schema);
  const combined = COMBINERS.some((k) => k in schema);
  if (closable && hasProperties && !opened && !combined) out.additionalProperties = false;
  return out;
}
