/**
 * claimcheck/store: the local ledger store (SQLite through the optional peer `better-sqlite3`, or
 * Node.js's built-in `node:sqlite` where it does not load; loaded only when a store is opened). The
 * root entry never imports this file.
 */
export { openStore, type OpenStoreOptions } from './store/open-store.js';
export { importLedger, type ImportLedgerOptions, type ImportLedgerResult } from './store/import-ledger.js';
export { resolveStorePath, PROJECT_MARKERS, STORE_DIR, STORE_FILE, type ResolveStorePathOptions, type StorePath } from './store/resolve-store-path.js';
export type { ExportOptions, ListRunsOptions, PruneOptions, PruneResult, RunDetailOptions, Store, StoreCounts } from './store/store.js';
export type { FailingTool, StatsOptions, StoreStats } from './store/store-stats.js';
export { operationStates, type InterceptionInput, type OperationInput, type OperationState, type ReceiptInput, type RunInput } from './store/records.js';
export type { ExportRow, InterceptionRow, OperationRow, ReceiptRow, RunDetail, RunRow, RunSummary } from './store/rows.js';
export { SCHEMA_VERSION } from './store/schema-version.js';
export type { ReviewCounts, ReviewItem, ReviewJudgement, ReviewMark, ReviewMarkInput, ReviewPage, ReviewQueueOptions, ReviewTarget } from './store/review.js';
export type { NewestRecords, OperationPage, RunCursor, RunOperationsOptions, RunPage, RunQuery, TimelineBucket, TimelineOptions } from './store/run-query.js';
