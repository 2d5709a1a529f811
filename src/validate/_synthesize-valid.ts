/**
 * A value that a schema accepts, built from its keywords: `const`/`enum` first, else the first
 * non-null `type` (inferred from the keywords when absent), within bounds, in a known `format`, matching
 * `pattern`. Objects get every declared property; arrays their minimum number of items. The first branch
 * of `anyOf`/`oneOf` is used, and `allOf` members are merged. `undefined` when nothing is found; callers
 * verify the value with the real validator.
 */
import { isJsonObject, setMember } from './_map-subschemas.js';
import { patternExample } from './_pattern-example.js';

type Json = Record<string, unknown>;

const MAX_DEPTH = 12;

/** Valid examples of the formats ajv-formats checks. */
const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2024-01-15T09:30:00Z',
  date: '2024-01-15',
  time: '09:30:00Z',
  duration: 'P1D',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uri: 'https://example.com/',
  'uri-reference': 'https://example.com/',
  iri: 'https://example.com/',
  'iri-reference': 'https://example.com/',
  url: 'https://example.com/',
  'uri-template': 'https://example.com/{id}',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
  'json-pointer': '/a',
  'relative-json-pointer': '0',
  regex: '^a$',
  byte: 'aGVsbG8=',
};

/**
 * `schema` with its `allOf` members and the first `anyOf`/`oneOf` branch folded in: a later part's keywords win,
 * but `properties` of object parts are united and `required` of array parts joined. Linear in the parts: the
 * properties and required names are gathered in place, not copied at each part.
 */
export function mergeApplicators(schema: Json): Json {
  const out: Json = { ...schema };
  delete out.anyOf;
  delete out.oneOf;
  delete out.allOf;
  const parts: Json[] = [];
  const branch = [schema.anyOf, schema.oneOf].find(Array.isArray)?.[0];
  if (isJsonObject(branch)) parts.push(branch);
  if (Array.isArray(schema.allOf)) for (const member of schema.allOf) if (isJsonObject(member)) parts.push(mergeApplicators(member));
  if (parts.length === 0) return out;
  // Own copies once made, so that gathering into them never touches a part.
  let properties: unknown = isJsonObject(out.properties) ? { ...out.properties } : out.properties;
  let required: unknown = Array.isArray(out.required) ? new Set(out.required) : out.required;
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties') {
        if (!isJsonObject(value)) properties = value;
        else if (isJsonObject(properties)) for (const [name, sub] of Object.entries(value)) setMember(properties, name, sub);
        else properties = { ...value };
      } else if (key === 'required') {
        if (!Array.isArray(value)) required = value;
        else if (required instanceof Set) for (const name of value) required.add(name);
        else required = new Set(value);
      } else {
        setMember(out, key, value);
      }
    }
  }
  if (properties !== undefined) out.properties = properties;
  if (required !== undefined) out.required = required instanceof Set ? [...required] : required;
  return out;
}

function inferType(schema: Json): string {
  const t = schema.type;
  const types = (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string');
  const chosen = types.find((x) => x !== 'null') ?? types[0];
  if (chosen !== undefined) return chosen;
  if ('properties' in schema || 'required' in schema || 'additionalProperties' in schema) return 'object';
  if ('items' in schema || 'prefixItems' in schema || 'minItems' in schema) return 'array';
  if ('minimum' in schema || 'maximum' in schema || 'multipleOf' in schema) return 'number';
  return 'string';
}

/** A value valid against `schema` (as far as its keywords tell), or `undefined`. */
export function synthesizeValid(schema: unknown, depth = 0): unknown {
  if (schema === true || schema === undefined) return 'example';
  if (!isJsonObject(schema) || depth > MAX_DEPTH) return undefined;
  const s = mergeApplicators(schema);
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  switch (inferType(s)) {
    case 'object':
      return synthesizeObject(s, depth);
    case 'array':
      return synthesizeArray(s, depth);
    case 'integer':
    case 'number':
      return synthesizeNumber(s, inferType(s) === 'integer');
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return synthesizeString(s);
  }
}

function synthesizeObject(s: Json, depth: number): Json | undefined {
  const out: Json = {};
  const properties = isJsonObject(s.properties) ? s.properties : {};
  const required = Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : [];
  for (const [name, sub] of Object.entries(properties)) {
    const value = synthesizeValid(sub, depth + 1);
    if (value !== undefined) setMember(out, name, value);
    else if (required.includes(name)) return undefined;
  }
  for (const name of required) {
    if (Object.hasOwn(out, name)) continue;
    const value = synthesizeValid(isJsonObject(s.additionalProperties) ? s.additionalProperties : true, depth + 1);
    if (value === undefined) return undefined;
    setMember(out, name, value);
  }
  return out;
}

function synthesizeArray(s: Json, depth: number): unknown[] | undefined {
  const prefix = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : [];
  const itemSchema = Array.isArray(s.items) ? (s.additionalItems ?? true) : (s.items ?? true);
  const count = Math.max(typeof s.minItems === 'number' ? s.minItems : 0, prefix.length);
  const out: unknown[] = [];
  for (let k = 0; k < count; k++) {
    let value = synthesizeValid(k < prefix.length ? prefix[k] : itemSchema, depth + 1);
    if (value === undefined) return undefined;
    if (s.uniqueItems === true) value = distinct(value, out, k);
    out.push(value);
  }
  return out;
}

/** `value`, varied by `k` when an equal item is already in `items` (for `uniqueItems`). */
function distinct(value: unknown, items: unknown[], k: number): unknown {
  const key = JSON.stringify(value);
  if (!items.some((item) => JSON.stringify(item) === key)) return value;
  if (typeof value === 'string') return `${value}${k}`;
  if (typeof value === 'number') return value + k;
  if (typeof value === 'boolean') return !value;
  return value;
}

function synthesizeNumber(s: Json, integer: boolean): number {
  const num = (key: string): number | undefined => (typeof s[key] === 'number' ? s[key] : undefined);
  const step = num('multipleOf') ?? (integer ? 1 : 0.5);
  const low = num('minimum') ?? (num('exclusiveMinimum') === undefined ? undefined : (num('exclusiveMinimum') as number) + step);
  const high = num('maximum') ?? (num('exclusiveMaximum') === undefined ? undefined : (num('exclusiveMaximum') as number) - step);
  let value = low ?? (high !== undefined && high < 1 ? high : 1);
  value = Math.ceil(value / step) * step;
  return integer ? Math.ceil(value) : value;
}

function synthesizeString(s: Json): string | undefined {
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
  const fits = (v: string): boolean => [...v].length >= min && [...v].length <= max;
  if (typeof s.pattern === 'string') return patternExample(s.pattern, fits);
  const sample = typeof s.format === 'string' ? FORMAT_SAMPLES[s.format] : undefined;
  if (sample !== undefined) return sample;
  const base = 'example'.repeat(Math.ceil(Math.max(min, 1) / 7));
  return [...base].slice(0, Math.min(Math.max(min, 7), max)).join('');
}
