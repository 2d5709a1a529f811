/**
 * Where the cross-cutting suites find the data kept beside the repository (`../shared`: the labelled
 * corpus and real traces). `CLAIMCHECK_SHARED_DIR` points them elsewhere (the test of a clone without
 * it sets a missing folder). A suite whose data is missing skips with a note on stderr, except under CI
 * (`CI` set), where it is an error.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding `corpus/` and `real/`. */
export const sharedDir = process.env.CLAIMCHECK_SHARED_DIR ?? fileURLToPath(new URL('../../shared', import.meta.url));

/**
 * `paths` (relative to {@link sharedDir}) as absolute paths and whether all exist. When one is missing:
 * throws under CI, else warns that `suite` is skipped.
 */
export function sharedData(suite: string, ...paths: string[]): { paths: string[]; present: boolean } {
  const full = paths.map((p) => join(sharedDir, p));
  const missing = full.filter((p) => !existsSync(p));
  if (missing.length === 0) return { paths: full, present: true };
  if (process.env.CI !== undefined) throw new Error(`${suite}: its data is missing: expected ${missing.join(' and ')}.`);
  console.warn(`${suite} skipped: ${missing.join(' and ')} not found (place the shared/ folder beside the repository, or set CLAIMCHECK_SHARED_DIR, to run it)`);
  return { paths: full, present: false };
}
