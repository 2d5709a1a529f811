/**
 * What schema validation of a tool call's arguments reports: a tagged result, and on failure a list
 * of findings keyed by a string `category`, each with a JSON Pointer `path` and a human `message`.
 */

/**
 * Failure categories, most relevant first: {@link validateToolCall} and `validate` order the
 * failures of one call by this order, then by where they occur in the schema.
 *
 * The categories are those of the labelled corpus (`corpus/README.md`, "kind": "validation").
 */
export const ValidationFailureCategory = {
  /** The arguments text does not parse as JSON (truncated, single quotes, trailing text...). Path `''`. */
  invalidJson: 'invalid_json',
  /** The called tool is not among the registered tools. Path `''`. */
  unknownTool: 'unknown_tool',
  /** A `required` (or `dependentRequired`) member is absent. Path points at the missing member itself. */
  missingRequired: 'missing_required',
  /** `type` fails, including `null` where the type does not allow it and numbers sent as strings. */
  typeMismatch: 'type_mismatch',
  /** `enum` or `const` fails. */
  enumViolation: 'enum_violation',
  /** `format` (email, uri, date, date-time...) or `pattern` fails. */
  formatViolation: 'format_violation',
  /** A bound fails: minimum, maximum, exclusive*, lengths, item and property counts, multipleOf, uniqueItems... */
  constraintViolation: 'constraint_violation',
  /** A member the schema does not allow (`additionalProperties: false`, or any undeclared member under `strictProperties`). Path points at the member. */
  extraField: 'extra_field',
} as const;
export type ValidationFailureCategory = (typeof ValidationFailureCategory)[keyof typeof ValidationFailureCategory];

/** All categories, most relevant first. */
export const validationFailureCategories: readonly ValidationFailureCategory[] = Object.values(ValidationFailureCategory);

/** One finding about a tool call's arguments. */
export interface ValidationFailure {
  category: ValidationFailureCategory;
  /**
   * JSON Pointer (RFC 6901) into the arguments: `''` for the whole object, `/address/postal_code` for a
   * member, `/labels/1` for an array item; `~` and `/` in member names are written `~0` and `~1`.
   */
  path: string;
  /** What is wrong, for a person (or for the model, when fed back as the tool result). */
  message: string;
  /** The JSON Schema keyword that failed (`required`, `type`, `format`...); absent for `invalid_json` and `unknown_tool`. */
  keyword?: string;
  /** How to fix it, when there is a likely fix (e.g. "send the object itself, not a JSON-encoded string"). */
  hint?: string;
}

/**
 * Outcome of validating one tool call. On success `args` is the arguments object (parsed when the
 * call's arguments were text); on failure `failures` holds at least one finding, most relevant first.
 *
 * `skipped`, present only when part of the tool's schema was not checked, says what, one line each: a
 * `pattern` the linear-time regular expression engine (RE2) does not support (lookaround,
 * backreferences) matches every string instead of risking exponential time (fail open).
 */
export type ValidationResult =
  | { ok: true; args: Record<string, unknown>; skipped?: readonly string[] }
  | { ok: false; failures: ValidationFailure[]; skipped?: readonly string[] };
