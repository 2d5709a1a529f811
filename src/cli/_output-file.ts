/**
 * Internal: opening the file `claimcheck check --output FILE` writes its report to, with an error that
 * says what is wrong with the path and how to fix it (never a bare `ENOENT … open`).
 */
import { openSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ClaimcheckError } from '../errors.js';
import { causeSentence } from '../_sentence.js';

/** `data` of the error {@link openOutputFile} throws. */
export interface OutputFileErrorData {
  /** The path as given. */
  path: string;
  /** The Node.js error code (`ENOENT`, `EISDIR`, `EACCES`...), when there is one. */
  cause: string | null;
}

/**
 * Opens (creates or truncates) `path` for writing; resolves nothing: relative paths are the working
 * folder's, as `openSync` takes them. `flag` names the option in messages (`--output`).
 * @returns the file descriptor; the caller closes it.
 * @throws ClaimcheckError `invalid_options` (`data`: {@link OutputFileErrorData}) when the folder does not
 *   exist, a part of the path is a file, the path is a folder, or it cannot be written.
 */
export function openOutputFile(path: string, flag: string): number {
  try {
    return openSync(path, 'w');
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code ?? null;
    const data: OutputFileErrorData = { path, cause: code };
    throw new ClaimcheckError('invalid_options', `Cannot write the report to ${flag} ${path}: ${why(path, code, cause)}`, { cause, data });
  }
}

function why(path: string, code: string | null, cause: unknown): string {
  const folder = dirname(resolve(path));
  if (code === 'ENOENT') return `the folder ${folder} does not exist. Create it first (mkdir -p ${folder}), or give a path in an existing folder.`;
  if (code === 'ENOTDIR') return `${nearestFile(folder) ?? 'a part of the path'} is a file, not a folder. Give a path in a folder.`;
  if (code === 'EISDIR') return `${path} is a folder. Give a file path, e.g. ${join(path, 'report.txt')}.`;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return `this user cannot write there (${code}). Fix the permissions, or give a path in a writable folder.`;
  return causeSentence(cause);
}

/** The deepest existing ancestor of `folder` that is a file (what made the path ENOTDIR); undefined when none is. */
function nearestFile(folder: string): string | undefined {
  for (let dir = folder; ; dir = dirname(dir)) {
    let stat;
    try {
      stat = statSync(dir, { throwIfNoEntry: false });
    } catch {
      stat = undefined; // ENOTDIR: a file is further up
    }
    if (stat !== undefined) return stat.isFile() ? dir : undefined;
    if (dirname(dir) === dir) return undefined;
  }
}
