/**
 * Internal: the host boundary. Every public entry point answers bad input with a `ClaimcheckError`:
 * what reading its arguments throws (a `TypeError` for a value of the wrong type, `null` or a number
 * where text or an object was expected; whatever a throwing getter or a Proxy's trap throws) comes out
 * as `invalid_input` naming the entry point, with the original as `cause`. A `ClaimcheckError` passes
 * through as it is. Entry points that call the host's own code while they run (an executor, a model
 * client, an MCP server) read their arguments first and leave what that code throws as it is.
 */
import { ClaimcheckError } from './errors.js';
import { nestingDepth } from './_bound-depth.js';

/**
 * `error` as the host gets it from `where` (a function's name, `guard.execute`): a `ClaimcheckError`,
 * with `code` (default `invalid_input`; the store's record methods say `invalid_record`).
 */
export function hostError(where: string, error: unknown, code: 'invalid_input' | 'invalid_record' = 'invalid_input'): ClaimcheckError {
  if (ClaimcheckError.isInstance(error)) return error;
  let reason: string;
  try {
    reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    reason = 'an error that cannot be shown';
  }
  return new ClaimcheckError(
    code,
    `${where}() failed on its arguments (${reason}). Pass the documented types as plain data: strings where text is expected, and objects and arrays whose members can be read (no getter or Proxy trap that throws).`,
    { cause: error, data: { where } },
  );
}

/** Runs `read` (reading the host's arguments), turning what it throws into {@link hostError}. */
export function readHostInput<T>(where: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw hostError(where, error);
  }
}

/** Every member of `value` can be read, as the depth bound reads them (each object's own enumerable values). */
export function isReadable(value: unknown): boolean {
  try {
    nestingDepth(value);
    return true;
  } catch {
    return false;
  }
}
