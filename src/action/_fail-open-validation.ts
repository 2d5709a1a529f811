/**
 * Internal: validation that fails open. When the validator itself throws (a schema Ajv cannot compile,
 * a bug), the call is checked without its schema (the text must parse to an object) and the incident
 * is reported; a tool whose schema cannot compile is not retried.
 */
import { ClaimcheckError } from '../errors.js';
import { checkArguments } from '../validate/_check-arguments.js';
import type { Validator } from '../validate/create-validator.js';
import type { ValidationResult } from '../validate/validation-failure.js';
import type { IncidentLog } from './_incidents.js';

export class FailOpenValidation {
  readonly #validator: Validator;
  readonly #incidents: IncidentLog;
  /** Tools whose schema cannot be compiled, with the incident text. */
  readonly #broken = new Map<string, string>();
  /** The incident of the latest {@link FailOpenValidation.check}, or `null` when validation ran as it should. */
  incident: string | null = null;

  constructor(validator: Validator, incidents: IncidentLog) {
    this.#validator = validator;
    this.#incidents = incidents;
  }

  /** Validate `rawArgs` for `tool`; sets {@link FailOpenValidation.incident}. Never throws. */
  check(tool: string, rawArgs: unknown): ValidationResult {
    const broken = this.#broken.get(tool);
    if (broken !== undefined) {
      this.#incidents.count++;
      this.incident = broken;
      return withoutSchema(tool, rawArgs);
    }
    try {
      this.incident = null;
      return this.#validator.validate(tool, rawArgs);
    } catch (cause) {
      this.incident = this.#incidents.report('validation', tool, cause);
      if (ClaimcheckError.isInstance(cause) && cause.code === 'invalid_tool') this.#broken.set(tool, this.incident);
      return withoutSchema(tool, rawArgs);
    }
  }
}

/** Parse the text and require an object; no schema. */
function withoutSchema(tool: string, rawArgs: unknown): ValidationResult {
  return checkArguments({ name: tool, description: '' }, rawArgs, false);
}
