/**
 * Internal: validation that fails open. When the validator itself throws (a schema Ajv cannot compile or
 * that is too large to compile, a bug), the call is checked without its schema (the text must parse to an object) and the incident
 * is reported; a tool whose schema cannot compile is not retried. A schema checked only in part (a
 * `pattern` the linear-time engine does not support) is logged once per tool. Either way
 * {@link FailOpenValidation.coverage} says so, for the operation.
 */
import { ClaimcheckError } from '../errors.js';
import { hostError, isReadable } from '../_host-input.js';
import { checkArguments } from '../validate/_check-arguments.js';
import type { Validator } from '../validate/create-validator.js';
import type { ValidationResult } from '../validate/validation-failure.js';
import type { IncidentLog } from './_incidents.js';
import type { ValidationCoverage } from './operation.js';

/** Tools remembered as logged at most; past it the set is cleared (a tool may then be logged again). */
const MAX_LOGGED = 1_000;

export class FailOpenValidation {
  readonly #validator: Validator;
  readonly #incidents: IncidentLog;
  /** Tools whose schema cannot be compiled, with the incident text. */
  readonly #broken = new Map<string, string>();
  /** Tools whose partial check was logged. */
  readonly #logged = new Set<string>();
  /** The incident of the latest {@link FailOpenValidation.check}, or `null` when validation ran as it should. */
  incident: string | null = null;
  /** How much of the schema the latest {@link FailOpenValidation.check} skipped; `null` when none of it. */
  coverage: ValidationCoverage | null = null;
  /** Checks that skipped all or part of a schema. */
  skippedCount = 0;

  constructor(validator: Validator, incidents: IncidentLog) {
    this.#validator = validator;
    this.#incidents = incidents;
  }

  /** Validate `rawArgs` for `tool`; sets {@link FailOpenValidation.incident} and `coverage`. Never throws. */
  check(tool: string, rawArgs: unknown): ValidationResult {
    const broken = this.#broken.get(tool);
    if (broken !== undefined) {
      this.#incidents.count++;
      this.incident = broken;
      return this.#skipped('skipped', withoutSchema(tool, rawArgs));
    }
    try {
      this.incident = null;
      const result = this.#validator.validate(tool, rawArgs);
      if (result.skipped === undefined) {
        this.coverage = null;
        return result;
      }
      if (!this.#logged.has(tool)) {
        if (this.#logged.size >= MAX_LOGGED) this.#logged.clear();
        this.#logged.add(tool);
        this.#incidents.warn(
          `claimcheck: the schema of ${JSON.stringify(tool)} is checked only in part: ${result.skipped.join('; ')}. ` +
            'Calls run anyway and their operations carry validation: "partial" (logged once per tool).',
        );
      }
      return this.#skipped('partial', result);
    } catch (cause) {
      // Arguments whose members cannot be read (a getter or Proxy trap that throws) are the host's bad
      // input, not a claimcheck fault: refused before anything runs or is said.
      if (!isReadable(rawArgs)) throw hostError('guard.execute', cause);
      this.incident = this.#incidents.report('validation', tool, cause);
      if (ClaimcheckError.isInstance(cause) && cause.code === 'invalid_tool') this.#broken.set(tool, this.incident);
      return this.#skipped('skipped', withoutSchema(tool, rawArgs));
    }
  }

  #skipped(coverage: ValidationCoverage, result: ValidationResult): ValidationResult {
    this.coverage = coverage;
    this.skippedCount++;
    return result;
  }
}

/** Parse the text and require an object; no schema. */
function withoutSchema(tool: string, rawArgs: unknown): ValidationResult {
  return checkArguments({ name: tool, description: '' }, rawArgs, false);
}
