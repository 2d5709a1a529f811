/**
 * Testing helper: for a tool's parameters schema, one synthetic arguments payload per failure category
 * the schema can express, each a valid object with exactly one thing broken. Useful to check that an
 * agent's tool-error handling (or a validator) sees every kind of failure.
 */
import { checkArguments } from './_check-arguments.js';
import { refuseLargeSchema } from './_compile-schema.js';
import { inlineLocalRefs } from './_inline-local-refs.js';
import { appendPointer, pointerSegments } from './_json-pointer.js';
import { isJsonObject, setMember } from './_map-subschemas.js';
import { mergeApplicators, synthesizeValid } from './_synthesize-valid.js';
import * as candidates from './_violation-candidates.js';
import type { Candidate, Site } from './_violation-candidates.js';
import type { ValidationFailureCategory } from './validation-failure.js';
import { hostError } from '../_host-input.js';

type Json = Record<string, unknown>;

/** One violating payload. */
export interface ViolationPayload {
  /** The one category that validating `args` reports first. */
  category: ValidationFailureCategory;
  /** The arguments: an object, or raw arguments text (for `invalid_json`). */
  args: Record<string, unknown> | string;
  /** Where the failure is (JSON Pointer, `''` for the whole). */
  path: string;
  /**
   * `true` when the payload fails only under `strictProperties: true`: an `extra_field` payload for a
   * schema that closes none of its objects.
   */
  strictProperties: boolean;
}

const GENERATORS: Array<[ValidationFailureCategory, (site: Site) => Generator<Candidate>]> = [
  ['missing_required', candidates.missingRequired],
  ['type_mismatch', candidates.typeMismatch],
  ['enum_violation', candidates.enumViolation],
  ['format_violation', candidates.formatViolation],
  ['constraint_violation', candidates.constraintViolation],
  ['extra_field', candidates.extraField],
];

/**
 * Payloads for `schema`, in category order: `missing_required` (if something is required),
 * `type_mismatch` (a typed member), `enum_violation` (`enum`/`const`), `format_violation`
 * (`format`/`pattern`), `constraint_violation` (bounds), `extra_field` (always when some object
 * declares `properties`; see `strictProperties`), `invalid_json` (truncated argument text, always).
 *
 * Every payload is verified: validating it yields that category first, at `path`. A category the schema
 * can express but no payload could be built for (a pattern beyond the supported regex subset, say) is
 * left out, and so is everything but `invalid_json` when no valid object can be synthesized.
 * @throws ClaimcheckError `invalid_tool` when the schema cannot be compiled, also one past the size bounds of
 *   compiling (more than 5,000 subschemas or 256 levels, `data.reason` `schema_too_large` / `schema_too_deep`),
 *   refused before any walk of it.
 */
export function violationPayloads(schema: Record<string, unknown>): ViolationPayload[] {
  try {
    const tool = { name: 'violation-payloads', description: '', parameters: schema };
    // The size bounds of compiling come first: every walk below is recursive and some are quadratic in `allOf`.
    refuseLargeSchema(schema, tool.name);
    const inlined = inlineLocalRefs(schema);
    refuseLargeSchema(inlined, tool.name);
    const base = synthesizeValid(inlined);
    const valid = isJsonObject(base) && checkArguments(tool, base, false).ok ? base : undefined;
    const out: ViolationPayload[] = [];
    if (valid !== undefined) {
      const sites = collectSites(inlined, valid);
      for (const [category, generate] of GENERATORS) {
        const found = firstVerified(category, sites, generate, (args, strict) => checkArguments(tool, args, strict));
        if (found !== undefined) out.push(found);
      }
    }
    const text = JSON.stringify(valid ?? {});
    out.push({ category: 'invalid_json', args: text.slice(0, -1), path: '', strictProperties: false });
    return out;
  } catch (error) {
    throw hostError('violationPayloads', error);
  }
}

function firstVerified(
  category: ValidationFailureCategory,
  sites: Site[],
  generate: (site: Site) => Generator<Candidate>,
  check: (args: Json, strict: boolean) => ReturnType<typeof checkArguments>,
): ViolationPayload | undefined {
  const root = sites[0]?.value as Json;
  for (const site of sites) {
    for (const candidate of generate(site)) {
      const args = withValue(root, candidate.at, candidate.value);
      const strict = candidate.strictProperties ?? false;
      const result = check(args, strict);
      const first = result.ok ? undefined : result.failures[0];
      if (first?.category === category && first.path === candidate.expectPath) {
        return { category, args, path: candidate.expectPath, strictProperties: strict };
      }
    }
  }
  return undefined;
}

/** Every node of `value` with its schema, the root first, then members in declaration order, depth first. */
function collectSites(schema: Json, value: unknown, path = ''): Site[] {
  const merged = mergeApplicators(schema);
  const sites: Site[] = [{ path, schema: merged, value }];
  if (isJsonObject(value) && isJsonObject(merged.properties)) {
    for (const [name, sub] of Object.entries(merged.properties)) {
      if (Object.hasOwn(value, name) && isJsonObject(sub)) sites.push(...collectSites(sub, value[name], appendPointer(path, name)));
    }
  } else if (Array.isArray(value) && value.length > 0 && isJsonObject(merged.items)) {
    sites.push(...collectSites(merged.items, value[0], appendPointer(path, 0)));
  }
  return sites;
}

/** A deep copy of `root` with the member at `pointer` set to `value` (deleted when `undefined`). */
function withValue(root: Json, pointer: string, value: unknown): Json {
  const copy = structuredClone(root);
  const segments = pointerSegments(pointer);
  const last = segments.pop();
  let parent: unknown = copy;
  for (const s of segments) parent = Array.isArray(parent) ? parent[Number(s)] : Object.hasOwn(parent as Json, s) ? (parent as Json)[s] : undefined;
  if (last === undefined) return copy;
  if (Array.isArray(parent)) parent[Number(last)] = value;
  else if (value === undefined) delete (parent as Json)[last];
  else setMember(parent as Json, last, value);
  return copy;
}
