/**
 * Internal: SQLite's result code names, as data. `node:sqlite` reports an error's extended result code
 * as a number (`errcode`); better-sqlite3 reports its name (`code: 'SQLITE_BUSY_SNAPSHOT'`). The store's
 * error mapping reads names, so the `node:sqlite` adapter names its numbers with this table.
 * @see https://www.sqlite.org/rescode.html
 */

/** Primary result codes by number (the low 8 bits of an extended code). */
const PRIMARY: Readonly<Record<number, string>> = {
  1: 'ERROR', 2: 'INTERNAL', 3: 'PERM', 4: 'ABORT', 5: 'BUSY', 6: 'LOCKED', 7: 'NOMEM', 8: 'READONLY',
  9: 'INTERRUPT', 10: 'IOERR', 11: 'CORRUPT', 12: 'NOTFOUND', 13: 'FULL', 14: 'CANTOPEN', 15: 'PROTOCOL',
  16: 'EMPTY', 17: 'SCHEMA', 18: 'TOOBIG', 19: 'CONSTRAINT', 20: 'MISMATCH', 21: 'MISUSE', 22: 'NOLFS',
  23: 'AUTH', 24: 'FORMAT', 25: 'RANGE', 26: 'NOTADB', 27: 'NOTICE', 28: 'WARNING',
};

/** Extended codes per primary name: entry `i` is the code `primary | ((i + 1) << 8)`. */
const EXTENDED: Readonly<Record<string, readonly string[]>> = {
  ERROR: ['MISSING_COLLSEQ', 'RETRY', 'SNAPSHOT', 'RESERVESIZE', 'KEY', 'UNABLE'],
  ABORT: ['', 'ROLLBACK'],
  BUSY: ['RECOVERY', 'SNAPSHOT', 'TIMEOUT'],
  LOCKED: ['SHAREDCACHE', 'VTAB'],
  READONLY: ['RECOVERY', 'CANTLOCK', 'ROLLBACK', 'DBMOVED', 'CANTINIT', 'DIRECTORY'],
  IOERR: [
    'READ', 'SHORT_READ', 'WRITE', 'FSYNC', 'DIR_FSYNC', 'TRUNCATE', 'FSTAT', 'UNLOCK', 'RDLOCK', 'DELETE',
    'BLOCKED', 'NOMEM', 'ACCESS', 'CHECKRESERVEDLOCK', 'LOCK', 'CLOSE', 'DIR_CLOSE', 'SHMOPEN', 'SHMSIZE',
    'SHMLOCK', 'SHMMAP', 'SEEK', 'DELETE_NOENT', 'MMAP', 'GETTEMPPATH', 'CONVPATH', 'VNODE', 'AUTH',
    'BEGIN_ATOMIC', 'COMMIT_ATOMIC', 'ROLLBACK_ATOMIC', 'DATA', 'CORRUPTFS', 'IN_PAGE', 'BADKEY', 'CODEC',
  ],
  CORRUPT: ['VTAB', 'SEQUENCE', 'INDEX'],
  CANTOPEN: ['NOTEMPDIR', 'ISDIR', 'FULLPATH', 'CONVPATH', 'DIRTYWAL', 'SYMLINK'],
  CONSTRAINT: ['CHECK', 'COMMITHOOK', 'FOREIGNKEY', 'FUNCTION', 'NOTNULL', 'PRIMARYKEY', 'TRIGGER', 'UNIQUE', 'VTAB', 'ROWID', 'PINNED', 'DATATYPE'],
  NOTICE: ['RECOVER_WAL', 'RECOVER_ROLLBACK', 'RBU'],
  WARNING: ['AUTOINDEX'],
  AUTH: ['USER'],
};

/**
 * The name of a SQLite result code, as better-sqlite3 spells it: `5` → `SQLITE_BUSY`, `1555` →
 * `SQLITE_CONSTRAINT_PRIMARYKEY`. An extended code this table does not know is named by its primary code;
 * a number that is no result code at all gives `null`.
 */
export function sqliteCodeName(errcode: number): string | null {
  if (!Number.isInteger(errcode) || errcode <= 0) return null;
  const primary = PRIMARY[errcode & 0xff];
  if (primary === undefined) return null;
  const extended = errcode >> 8 === 0 ? '' : (EXTENDED[primary]?.[(errcode >> 8) - 1] ?? '');
  return `SQLITE_${primary}${extended === '' ? '' : `_${extended}`}`;
}
