/**
 * Internal: the steps of `openStore` for PostgreSQL: load `pg`, open a pool on the URL, bring the
 * schema up to date (one worker migrates, under an advisory lock), and return a {@link PgStore}.
 */
import type PgModule from 'pg';
import { ClaimcheckError } from '../errors.js';
import { HASH_KEY_ENV, resolveHashKey } from './_hash-key.js';
import { redactUrl, toPgStoreError } from './_pg-errors.js';
import { PgConnections, queryTimeoutMs } from './_pg-connections.js';
import { migratePg } from './_pg-schema.js';
import { PgStore } from './_pg-store.js';
import type { OpenStoreOptions } from './open-store.js';

/** Whether `location` names a PostgreSQL database rather than a file. */
export function isPostgresUrl(location: string | undefined): location is string {
  return location !== undefined && /^postgres(?:ql)?:\/\//i.test(location);
}

/** PostgreSQL's type id of `bigint`: times and counts, read as numbers (they stay far below 2^53). */
const INT8_OID = 20;

export async function openPgStore(url: string, options: OpenStoreOptions, settings: { batchSize: number; flushIntervalMs: number; maxPending: number; busyTimeoutMs: number; maxResultChars: number; warn: (e: ClaimcheckError) => void }): Promise<PgStore> {
  const readonly = options.readonly === true;
  // Only a store that records hashes argument values and so needs the key every worker shares.
  const keyless = readonly || options.maintenance === true;
  const shown = redactUrl(url);
  if (!keyless && (process.env[HASH_KEY_ENV] ?? '') === '') {
    throw new ClaimcheckError('invalid_options', `A PostgreSQL ledger is shared by every worker, so their argument hashes must be keyed alike: set ${HASH_KEY_ENV} to the same secret on every process that records into ${shown}.`, {
      data: { path: shown },
    });
  }
  let pg: typeof PgModule;
  try {
    pg = (await import('pg')).default;
  } catch (cause) {
    throw new ClaimcheckError('missing_dependency', `A PostgreSQL ledger (${shown}) needs the optional dependency pg: npm install pg@8.`, { cause, data: { dependency: 'pg' } });
  }
  const types = { getTypeParser: (oid: number, format?: string): ((value: string) => unknown) => (oid === INT8_OID ? Number : (pg.types.getTypeParser(oid, format as 'text') as (value: string) => unknown)) };
  // allowExitOnIdle: idle connections never keep a worker alive once its work (and the beforeExit flush) is done.
  // query_timeout: a server that stops answering on an open connection fails the query instead of holding it forever.
  const queryTimeout = queryTimeoutMs(settings.busyTimeoutMs);
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: settings.busyTimeoutMs, statement_timeout: settings.busyTimeoutMs, query_timeout: queryTimeout, max: 4, types: types as never, allowExitOnIdle: true });
  pool.on('error', () => undefined); // replaced by the store's reporter once it exists
  const connections = new PgConnections(pool, queryTimeout);
  try {
    const client = await pool.connect();
    client.on('error', () => undefined); // a dropped connection fails the next query instead
    let schemaVersion: number;
    try {
      schemaVersion = await migratePg(client, { url: shown, readonly });
    } catch (error) {
      connections.release(client, true);
      throw error;
    }
    client.release();
    const hashKey = readonly ? { hmac: (): string => '' } : keyless ? { hmac: noHashes(shown) } : resolveHashKey(':memory:');
    return new PgStore(pool, {
      url: shown,
      schemaVersion,
      readonly,
      capture: options.capture === true,
      maxResultChars: settings.maxResultChars,
      hmac: hashKey.hmac,
      batchSize: settings.batchSize,
      flushIntervalMs: settings.flushIntervalMs,
      maxPending: settings.maxPending,
      onError: options.onError,
      warn: settings.warn,
      connections,
    });
  } catch (error) {
    await connections.end();
    throw toPgStoreError(error, shown, 'open');
  }
}

/** The hash function of a store opened for maintenance: it records nothing hashed. */
function noHashes(shown: string): () => string {
  return () => {
    throw new ClaimcheckError('invalid_options', `The ledger ${shown} was opened for maintenance (openStore({ maintenance: true })), which hashes nothing: open it without maintenance, with ${HASH_KEY_ENV} set, to record interceptions.`);
  };
}
