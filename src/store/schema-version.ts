/**
 * The version of the ledger's SQLite schema (`PRAGMA user_version`). A release that changes the
 * schema adds a forward migration and bumps it; a claimcheck older than a ledger refuses to open it
 * (`store_version`). Each version is written down in docs/formats.md.
 */

/** The schema version this claimcheck writes and reads. */
export const SCHEMA_VERSION = 4;
