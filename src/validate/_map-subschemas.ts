/**
 * Copy a JSON Schema node, transforming each direct subschema: the applicator keywords of draft-07,
 * 2019-09 and 2020-12. Everything else (`enum`, `const`, `default`, annotations, unknown keywords) is
 * data and is copied as-is.
 * @see https://json-schema.org/draft/2020-12/json-schema-core#name-a-vocabulary-for-applying-s
 */

type Json = Record<string, unknown>;

/** Where a subschema sits in its parent: the keyword, and for maps and lists the key or index. */
export interface SubschemaSite {
  keyword: string;
  key?: string | number;
}

/** Keywords whose value is one subschema (`items` may also be a list, the draft-07 tuple form). */
const SINGLE = new Set([
  'items', 'additionalItems', 'contains', 'not', 'if', 'then', 'else', 'propertyNames',
  'additionalProperties', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema',
]);
/** Keywords whose value is a list of subschemas. */
const LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** Keywords whose value maps names to subschemas (`dependencies` values may also be name lists). */
const MAP = new Set(['properties', 'patternProperties', 'dependentSchemas', 'dependencies', '$defs', 'definitions']);

export const isJsonObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Set `object[key]` as an own data member, also for `__proto__` (which plain assignment would take as
 * the object's prototype), so a copy keeps every member a schema or arguments object names.
 */
export function setMember(object: Json, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

const isSchema = (value: unknown): boolean => isJsonObject(value) || typeof value === 'boolean';

/** A shallow copy of `schema` whose subschemas are replaced by `transform(subschema, site)`. */
export function mapSubschemas(schema: Json, transform: (subschema: unknown, site: SubschemaSite) => unknown): Json {
  const out: Json = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (SINGLE.has(keyword) && Array.isArray(value)) {
      out[keyword] = value.map((item, key) => (isSchema(item) ? transform(item, { keyword, key }) : item));
    } else if (SINGLE.has(keyword)) {
      out[keyword] = isSchema(value) ? transform(value, { keyword }) : value;
    } else if (LIST.has(keyword) && Array.isArray(value)) {
      out[keyword] = value.map((item, key) => (isSchema(item) ? transform(item, { keyword, key }) : item));
    } else if (MAP.has(keyword) && isJsonObject(value)) {
      const mapped: Json = {};
      for (const [key, item] of Object.entries(value)) setMember(mapped, key, isSchema(item) ? transform(item, { keyword, key }) : item);
      out[keyword] = mapped;
    } else {
      setMember(out, keyword, value);
    }
  }
  return out;
}

/** The direct subschemas of `schema` (objects and booleans), in keyword order, without copying anything. */
export function directSubschemas(schema: Json): unknown[] {
  const found: unknown[] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    if ((SINGLE.has(keyword) || LIST.has(keyword)) && Array.isArray(value)) {
      for (const item of value) if (isSchema(item)) found.push(item);
    } else if (SINGLE.has(keyword)) {
      if (isSchema(value)) found.push(value);
    } else if (MAP.has(keyword) && isJsonObject(value)) {
      for (const item of Object.values(value)) if (isSchema(item)) found.push(item);
    }
  }
  return found;
}
