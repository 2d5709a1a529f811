/**
 * Internal: the secret that keys every hash the ledger stores (HMAC-SHA256), so a stored hash of a
 * guessable value (an email, an amount) cannot be confirmed by hashing guesses. The key comes from
 * `CLAIMCHECK_HASH_KEY` when it is set; else from a key file beside a SQLite ledger (`<ledger>-hashkey`,
 * 32 random bytes as hex, mode 0600, created on first open); an in-memory store uses a random key.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { ClaimcheckError } from '../errors.js';

/** Where the key came from. */
export type HashKeySource = 'env' | 'file' | 'memory';

export interface HashKey {
  source: HashKeySource;
  /** The key file's path when `source` is `file`. */
  file: string | null;
  /** Hex HMAC-SHA256 of `text` under the key. */
  hmac(text: string): string;
}

/** The name of the environment variable holding the key. */
export const HASH_KEY_ENV = 'CLAIMCHECK_HASH_KEY';

/** The key file of the ledger at `path`. */
export function hashKeyFile(path: string): string {
  return `${path}-hashkey`;
}

/**
 * The key of the ledger at `path` (`:memory:` for an in-memory one).
 * @throws ClaimcheckError `store_readonly` / `store_full` (no space for it) / `store_io` when the key file cannot be created or read.
 */
export function resolveHashKey(path: string, env: Readonly<Record<string, string | undefined>> = process.env): HashKey {
  const fromEnv = env[HASH_KEY_ENV];
  if (fromEnv !== undefined && fromEnv !== '') return hashKey('env', null, Buffer.from(fromEnv, 'utf8'));
  if (path === ':memory:') return hashKey('memory', null, randomBytes(32));
  const file = hashKeyFile(path);
  try {
    return hashKey('file', file, readOrCreate(file));
  } catch (error) {
    if (ClaimcheckError.isInstance(error)) throw error;
    const code = String((error as { code?: unknown }).code ?? '');
    const readonly = code === 'EACCES' || code === 'EPERM' || code === 'EROFS';
    const full = code === 'ENOSPC' || code === 'EDQUOT';
    const fix = full ? 'The disk is full. Free some space, or point CLAIMCHECK_DB at a file on another disk' : `Fix the file's permissions, or set ${HASH_KEY_ENV} to a secret (the same on every process writing this ledger)`;
    throw new ClaimcheckError(
      readonly ? 'store_readonly' : full ? 'store_full' : 'store_io',
      `Could not read or create the ledger's hash key ${file}: ${error instanceof Error ? error.message : String(error)}. ${fix}.`,
      { cause: error, data: { path, action: 'open', cause: code === '' ? null : code } },
    );
  }
}

/** Reads the key file, or creates it: written to a private temporary name first, then linked into place, so a concurrent opener never reads half a key. */
function readOrCreate(file: string): Buffer {
  const existing = readKey(file);
  if (existing !== undefined) return existing;
  const key = randomBytes(32);
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    writeFileSync(temp, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    linkSync(temp, file);
    return key;
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
    const theirs = readKey(file); // another process created it first: use theirs
    if (theirs === undefined) throw error;
    return theirs;
  } finally {
    // Also when the write failed part way (a full disk): no temporary file is left beside the ledger.
    rmSync(temp, { force: true });
  }
}

function readKey(file: string): Buffer | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
    throw error;
  }
  if (!/^[0-9a-f]{64}$/.test(text)) {
    throw new ClaimcheckError('store_corrupt', `The ledger's hash key ${file} is not 64 hex digits. Restore it, or delete it and set ${HASH_KEY_ENV} (hashes stored under the old key will no longer group with new ones).`, {
      data: { path: file },
    });
  }
  return Buffer.from(text, 'hex');
}

function hashKey(source: HashKeySource, file: string | null, key: Buffer): HashKey {
  return { source, file, hmac: (text) => createHmac('sha256', key).update(text).digest('hex') };
}
