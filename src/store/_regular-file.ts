/**
 * Internal: a ledger path must name a regular file (or nothing yet). Opening a FIFO blocks until a writer
 * opens it too, and a device or a socket is no database either, so anything else is refused from its
 * `stat`, before any open: the ledger commands and `openStore` used to hang on a FIFO with no output.
 */
import { statSync, type Stats } from 'node:fs';
import { ClaimcheckError } from '../errors.js';

/**
 * Throws unless `path` is missing, a folder (reported by the caller, as before) or a regular file;
 * symbolic links are followed.
 * @throws ClaimcheckError `store_io` naming what the path is (`data: { path, kind }`).
 */
export function assertRegularFile(path: string): void {
  let stat: Stats | undefined;
  try {
    stat = statSync(path, { throwIfNoEntry: false });
  } catch {
    return; // Unreadable: the open that follows reports it.
  }
  if (stat === undefined || stat.isFile() || stat.isDirectory()) return;
  const kind = stat.isFIFO() ? 'named pipe (FIFO)' : stat.isCharacterDevice() ? 'character device' : stat.isBlockDevice() ? 'block device' : stat.isSocket() ? 'socket' : 'special file';
  throw new ClaimcheckError(
    'store_io',
    `${path} is a ${kind}, not a regular file: a claimcheck ledger is a SQLite file, and claimcheck does not open anything else (a FIFO would block until something writes to it). Point CLAIMCHECK_DB (or --db) at a file path.`,
    { data: { path, kind } },
  );
}
