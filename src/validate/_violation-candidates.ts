/**
 * Candidate mutations of a valid arguments object, one category at a time, for `violationPayloads`.
 * Each candidate breaks one thing at one place; the caller keeps the first that validates to exactly
 * the intended category and path.
 */
import { jsonTypeOf } from './_describe-value.js';
import { appendPointer } from './_json-pointer.js';
import { isJsonObject } from './_map-subschemas.js';
import { synthesizeValid } from './_synthesize-valid.js';

type Json = Record<string, unknown>;

/** A node of the valid object: where it is, its (merged) schema, its value. */
export interface Site {
  path: string;
  schema: Json;
  value: unknown;
}

/** One mutation: the value to put at `at` (`undefined` deletes the member), and the path the failure should have. */
export interface Candidate {
  at: string;
  value: unknown;
  expectPath: string;
  strictProperties?: boolean;
}

const num = (s: Json, key: string): number | undefined => (typeof s[key] === 'number' ? s[key] : undefined);
const isType = (types: string[], v: unknown): boolean =>
  types.some((t) => t === jsonTypeOf(v) || (t === 'number' && typeof v === 'number') || (t === 'integer' && Number.isInteger(v)));

export function* missingRequired(site: Site): Generator<Candidate> {
  if (!isJsonObject(site.value) || !Array.isArray(site.schema.required)) return;
  for (const name of site.schema.required) {
    if (typeof name !== 'string' || !Object.hasOwn(site.value, name)) continue;
    const at = appendPointer(site.path, name);
    yield { at, value: undefined, expectPath: at };
  }
}

export function* typeMismatch(site: Site): Generator<Candidate> {
  if (site.path === '' || site.schema.type === undefined) return;
  const types = (Array.isArray(site.schema.type) ? site.schema.type : [site.schema.type]).map(String);
  for (const wrong of ['wrong type', 12.5, true, [], {}, null]) {
    if (!isType(types, wrong)) yield { at: site.path, value: wrong, expectPath: site.path };
  }
}

export function* enumViolation(site: Site): Generator<Candidate> {
  const allowed = Array.isArray(site.schema.enum) ? site.schema.enum : 'const' in site.schema ? [site.schema.const] : undefined;
  if (allowed === undefined) return;
  for (const wrong of ['__not_an_allowed_value__', 987_654_321, 0.25, false]) {
    if (!allowed.includes(wrong)) yield { at: site.path, value: wrong, expectPath: site.path };
  }
}

export function* formatViolation(site: Site): Generator<Candidate> {
  if (typeof site.schema.format !== 'string' && typeof site.schema.pattern !== 'string') return;
  for (const wrong of ['%% not valid %%', '(', '-1', '', 'x']) yield { at: site.path, value: wrong, expectPath: site.path };
}

export function* constraintViolation(site: Site): Generator<Candidate> {
  const { schema: s, value: v, path } = site;
  const put = (value: unknown): Candidate => ({ at: path, value, expectPath: path });
  if (typeof v === 'number') {
    const min = num(s, 'minimum');
    const max = num(s, 'maximum');
    if (min !== undefined) yield put(min - 1);
    if (max !== undefined) yield put(max + 1);
    if (num(s, 'exclusiveMinimum') !== undefined) yield put(num(s, 'exclusiveMinimum'));
    if (num(s, 'exclusiveMaximum') !== undefined) yield put(num(s, 'exclusiveMaximum'));
    const step = num(s, 'multipleOf');
    if (step !== undefined) yield put(v + (step >= 2 && Number.isInteger(step) ? 1 : step / 2));
  } else if (typeof v === 'string') {
    const chars = [...v];
    const min = num(s, 'minLength');
    const max = num(s, 'maxLength');
    if (min !== undefined && min > 0) yield put(chars.slice(0, min - 1).join(''));
    if (max !== undefined) yield put(v + 'x'.repeat(max - chars.length + 1));
    if (max !== undefined && chars.length > 0) yield put(v + (chars.at(-1) as string).repeat(max - chars.length + 1));
  } else if (Array.isArray(v)) {
    const item = v[0] ?? synthesizeValid(isJsonObject(s.items) ? s.items : true);
    const min = num(s, 'minItems');
    const max = num(s, 'maxItems');
    if (min !== undefined && min > 0) yield put(v.slice(0, min - 1));
    if (max !== undefined) yield put([...v, ...Array.from({ length: max - v.length + 1 }, () => item)]);
    if (s.uniqueItems === true && item !== undefined) yield put(v.length > 0 ? [...v, item] : [item, item]);
  } else if (isJsonObject(v)) {
    if (num(s, 'minProperties') !== undefined) yield put({});
  }
}

export function* extraField(site: Site): Generator<Candidate> {
  if (!isJsonObject(site.value)) return;
  const declared = isJsonObject(site.schema.properties) ? site.schema.properties : {};
  let name = 'unexpected_field';
  while (Object.hasOwn(declared, name) || Object.hasOwn(site.value, name)) name += '_';
  const at = appendPointer(site.path, name);
  if (site.schema.additionalProperties === false) yield { at, value: 'surprise', expectPath: at };
  else if (site.path === '' && isJsonObject(site.schema.properties)) yield { at, value: 'surprise', expectPath: at, strictProperties: true };
}
