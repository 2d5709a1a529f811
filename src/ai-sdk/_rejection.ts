/**
 * Internal: carrying claimcheck's validation failures through the AI SDK. A guarded tool's input schema
 * rejects arguments with a {@link ClaimcheckError} holding the failures; the SDK wraps it (in a
 * `TypeValidationError`, then an `InvalidToolInputError`), and {@link failuresOf} finds it again.
 */
import { ClaimcheckError } from '../errors.js';
import { isRecord } from '../readers/_shape.js';
import type { ValidationFailure } from '../validate/validation-failure.js';

/** The `data` of a rejection error. */
export interface RejectionData {
  tool: string;
  failures: ValidationFailure[];
}

/** The error a guarded tool's input schema returns for rejected arguments: code = the first category. */
export function rejectionError(tool: string, failures: ValidationFailure[]): ClaimcheckError<RejectionData> {
  const first = failures[0] as ValidationFailure;
  const listed = failures.map((f) => `${f.path === '' ? '(arguments)' : f.path} (${f.category}): ${f.message}${f.hint === undefined ? '' : ` ${f.hint}`}`);
  return new ClaimcheckError(first.category, `Arguments of ${tool} rejected: ${listed.join('; ')}`, { data: { tool, failures } });
}

/** The failures of the rejection error somewhere in `error`'s cause chain; `undefined` when there is none. */
export function failuresOf(error: unknown): ValidationFailure[] | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 8 && isRecord(e); depth++) {
    if (ClaimcheckError.isInstance(e) && isRecord(e.data) && Array.isArray(e.data.failures) && e.data.failures.length > 0) {
      return e.data.failures as ValidationFailure[];
    }
    e = e.cause;
  }
  return undefined;
}

/** A tool call's input as the model sent it: the parsed JSON value, or the raw text when it is not JSON. */
export function parseInput(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
