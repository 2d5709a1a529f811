/**
 * One Ajv error (compiled with `verbose: true`) as a {@link ValidationFailure}: its category, a JSON
 * Pointer to the offending member, a message that quotes the value, and a hint when a fix is likely.
 * @see https://ajv.js.org/api.html#validation-errors
 */
import type { ErrorObject } from 'ajv';
import { closestName } from './_closest-name.js';
import { describeTyped, describeValue, listNames } from './_describe-value.js';
import { appendPointer } from './_json-pointer.js';
import { typeHint } from './_type-hint.js';
import type { ValidationFailure, ValidationFailureCategory } from './validation-failure.js';

const FORMAT_EXAMPLES: Record<string, string> = {
  'date-time': '2024-11-08T15:45:00-06:00 (RFC 3339, with a time zone offset or Z)',
  date: '2024-11-08 (YYYY-MM-DD)',
  time: '15:45:00Z (RFC 3339, with a time zone offset or Z)',
  email: 'name@example.com',
  uri: 'https://example.com/path (an absolute URI, with its scheme)',
  'uri-reference': 'https://example.com/path or /path',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  hostname: 'example.com',
  duration: 'P1DT2H (ISO 8601 duration)',
};

const withArticle = (type: string): string => (type === 'null' ? 'null' : `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`);
const at = (path: string): string => (path === '' ? 'The arguments' : path);
const plural = (n: unknown, word: string): string => `${String(n)} ${word}${n === 1 ? '' : 's'}`;

/** Map one Ajv error; `undefined` for errors that only wrap others (`propertyNames` inner errors). */
export function mapAjvError(e: ErrorObject): ValidationFailure | undefined {
  const params = e.params as Record<string, unknown>;
  const path = e.instancePath;
  const data: unknown = e.data;
  const make = (category: ValidationFailureCategory, failurePath: string, message: string, hint?: string): ValidationFailure => {
    const failure: ValidationFailure = { category, path: failurePath, message, keyword: e.keyword };
    if (hint !== undefined) failure.hint = hint;
    return failure;
  };
  if (e.propertyName !== undefined) return undefined;

  switch (e.keyword) {
    case 'required':
    case 'dependentRequired':
    case 'dependencies': {
      const name = String(params.missingProperty);
      const member = appendPointer(path, name);
      const because = e.keyword === 'required' ? '' : ` (required when ${JSON.stringify(params.property)} is present)`;
      const declared = new Set(Object.keys((e.parentSchema?.properties as Record<string, unknown> | undefined) ?? {}));
      const sent = typeof data === 'object' && data !== null ? Object.keys(data).filter((k) => !declared.has(k)) : [];
      const twin = closestName(name, sent);
      const hint = twin === undefined ? undefined : `The call has ${JSON.stringify(twin)}; did you mean ${JSON.stringify(name)}?`;
      return make('missing_required', member, `Missing required field ${JSON.stringify(name)} at ${member}${because}.`, hint);
    }
    case 'type': {
      const t = params.type;
      const expected = (Array.isArray(t) ? t : String(t).split(',')).map(String);
      const message = `${at(path)} must be ${expected.map(withArticle).join(' or ')}, got ${data === null ? 'null' : describeTyped(data)}.`;
      return make('type_mismatch', path, message, typeHint(expected, data));
    }
    case 'enum':
    case 'const': {
      const allowed = e.keyword === 'enum' ? (params.allowedValues as unknown[]) : [params.allowedValue];
      const guess = enumGuess(data, allowed);
      const message = `${at(path)} must be ${allowed.length === 1 ? '' : 'one of '}${listNames(allowed)}, got ${describeValue(data)}.`;
      return make('enum_violation', path, message, guess === undefined ? undefined : `Did you mean ${JSON.stringify(guess)}? Values must match exactly.`);
    }
    case 'format': {
      const format = String(params.format);
      const example = FORMAT_EXAMPLES[format];
      const message = `${at(path)} must be a valid ${format}, got ${describeValue(data)}.`;
      return make('format_violation', path, message, example === undefined ? undefined : `Use the form ${example}.`);
    }
    case 'pattern':
      return make('format_violation', path, `${at(path)} must match the pattern ${String(params.pattern)}, got ${describeValue(data)}.`);
    case 'propertyNames': {
      const member = appendPointer(path, String(params.propertyName));
      return make('extra_field', member, `Field name ${JSON.stringify(params.propertyName)} at ${member} is not allowed by the schema's propertyNames.`);
    }
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const name = String(params.additionalProperty ?? params.unevaluatedProperty);
      const member = appendPointer(path, name);
      const declared = Object.keys((e.parentSchema?.properties as Record<string, unknown> | undefined) ?? {});
      // With unevaluatedProperties, members declared under allOf/$ref count too: no list then.
      const listed = e.keyword === 'additionalProperties' && e.parentSchema?.patternProperties === undefined;
      const allows = !listed
        ? 'the schema does not allow it'
        : declared.length === 0
          ? 'the schema allows no fields'
          : `allowed fields: ${listNames(declared, 'and')}`;
      const guess = closestName(name, declared);
      const hint = guess === undefined ? undefined : `Did you mean ${JSON.stringify(guess)}?`;
      return make('extra_field', member, `Unexpected field ${JSON.stringify(name)} at ${member}; ${allows}.`, hint);
    }
    case 'false schema':
      return /\/(properties|patternProperties)\/[^/]+\/false schema$/.test(e.schemaPath)
        ? make('extra_field', path, `Unexpected field at ${path}; the schema does not allow it.`)
        : make('constraint_violation', path, `${at(path)} is not allowed here.`);
    default:
      // Bounds, counts, uniqueItems, contains, not, items/additionalItems limits, a oneOf matched twice;
      // and any other keyword, with Ajv's own wording.
      return make('constraint_violation', path, `${at(path)} ${constraintText(e.keyword, params, data, e.message)}.`);
  }
}

function constraintText(keyword: string, params: Record<string, unknown>, data: unknown, fallback: string | undefined): string {
  const got = describeValue(data);
  switch (keyword) {
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `must be ${String(params.comparison)} ${String(params.limit)}, got ${got}`;
    case 'multipleOf':
      return `must be a multiple of ${String(params.multipleOf)}, got ${got}`;
    case 'minLength':
    case 'maxLength': {
      const length = typeof data === 'string' ? [...data].length : undefined;
      return `must be at ${keyword === 'minLength' ? 'least' : 'most'} ${plural(params.limit, 'character')} long, got ${length ?? '?'}`;
    }
    case 'minItems':
    case 'maxItems':
      return `must have at ${keyword === 'minItems' ? 'least' : 'most'} ${plural(params.limit, 'item')}, got ${Array.isArray(data) ? data.length : '?'}`;
    case 'minProperties':
    case 'maxProperties':
      return `must have at ${keyword === 'minProperties' ? 'least' : 'most'} ${plural(params.limit, 'field')}`;
    case 'uniqueItems':
      return `must not repeat items: items ${String(params.j)} and ${String(params.i)} are equal`;
    case 'oneOf':
      return Array.isArray(params.passingSchemas)
        ? `must match exactly one oneOf alternative, but matches alternatives ${listNames(params.passingSchemas, 'and')}`
        : 'must match one of the oneOf alternatives';
    case 'anyOf':
      return 'must match one of the anyOf alternatives';
    case 'not':
      return `must not match the schema under "not", got ${got}`;
    default:
      return fallback ?? 'is invalid';
  }
}

/**
 * Enums with more values than this get no "did you mean" guess: a rejected call then costs no more
 * than Ajv's own pass over the values (a 1,000,000-value enum would cost seconds per rejection).
 */
const MAX_GUESS_VALUES = 1_000;

/**
 * The allowed value `data` most likely meant (wrong case, extra quotes or spaces, a near miss);
 * `undefined` for enums longer than {@link MAX_GUESS_VALUES}.
 */
function enumGuess(data: unknown, allowed: readonly unknown[]): string | undefined {
  if (typeof data !== 'string' || allowed.length > MAX_GUESS_VALUES) return undefined;
  const strings = allowed.filter((v): v is string => typeof v === 'string');
  const norm = (s: string): string => stripWrapping(s).toLowerCase().replace(/[\s-]/g, '_');
  const exact = strings.filter((v) => norm(v) === norm(data));
  if (exact.length === 1) return exact[0];
  return closestName(data, strings);
}

/** `s` without surrounding whitespace and quote characters (`"completed"` sent with its quotes). */
function stripWrapping(s: string): string {
  const wrapping = new Set([' ', '\t', '\n', '\r', '"', "'", '`']);
  let start = 0;
  let end = s.length;
  while (start < end && wrapping.has(s[start] as string)) start++;
  while (end > start && wrapping.has(s[end - 1] as string)) end--;
  return s.slice(start, end);
}
