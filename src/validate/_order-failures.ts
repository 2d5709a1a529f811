/**
 * Turning Ajv's errors for one call into the reported failure list: combinators reduced, errors mapped,
 * duplicates dropped, most relevant first.
 */
import type { ErrorObject } from 'ajv';
import { mapAjvError } from './_map-ajv-error.js';
import { reduceCombinators } from './_reduce-combinators.js';
import { validationFailureCategories, type ValidationFailure } from './validation-failure.js';

const rank = (f: ValidationFailure): number => validationFailureCategories.indexOf(f.category);

/**
 * The failures for `errors`, ordered by category ({@link validationFailureCategories}) and, within a
 * category, in Ajv's order (which follows the schema: `required` in its order, `properties` in theirs).
 */
export function failuresFromAjv(errors: readonly ErrorObject[]): ValidationFailure[] {
  const seen = new Set<string>();
  const failures: ValidationFailure[] = [];
  for (const error of reduceCombinators(errors)) {
    const failure = mapAjvError(error);
    if (failure === undefined) continue;
    const key = `${failure.category}\u0000${failure.path}\u0000${failure.keyword ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    failures.push(failure);
  }
  return failures
    .map((failure, index) => ({ failure, index }))
    .sort((a, b) => rank(a.failure) - rank(b.failure) || a.index - b.index)
    .map(({ failure }) => failure);
}
