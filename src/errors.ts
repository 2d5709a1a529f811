/**
 * The one error class claimcheck throws. Every error carries a stable string `code` that scripts
 * can switch on, a human `message` that says what went wrong, where, and how to fix it, optional
 * typed `data`, and the underlying `cause` when there is one.
 *
 * Codes are a closed union ({@link ClaimcheckErrorCode}); match on `code`, never on the message.
 */

const marker = Symbol.for('claimcheck.error');

/** Stable error codes. */
export const ClaimcheckErrorCode = {
  /** A conversation, message or item that no reader can read (legacy shapes, unknown item types). */
  unreadableMessages: 'unreadable_messages',
  /** `format` names no known reader. */
  unknownFormat: 'unknown_format',
  /** A tool list entry that is not a tool in any known shape. */
  invalidTool: 'invalid_tool',
  /** Options that contradict each other or are out of range. */
  invalidOptions: 'invalid_options',
  /**
   * The LLM extractor (created with `onError: 'raise'`) got no usable answer. `data`: `{ reason: 'provider' |
   * 'timeout' | 'unreadable' }`; `cause`: the provider's error.
   */
  llmFailed: 'llm_failed',
  /**
   * Input text (a file, stdin) that is not JSON or JSON Lines in the expected shape; or arguments a public
   * function cannot use: a wrong type (`null`, a number where text is expected), an object whose getter
   * or Proxy trap throws (`data`: `{ where }`, the function; `cause`: what reading them threw).
   */
  invalidInput: 'invalid_input',
  /** A labelled corpus case that is not in the documented case format. */
  invalidCase: 'invalid_case',
  /**
   * A reply, request or message text longer than the checker reads: 8,388,608 characters (UTF-16 code
   * units; 8 MiB of ASCII). `data`: `{ length, limit }`.
   */
  inputTooLarge: 'input_too_large',
  /**
   * `checkMessages` or `checkTurns` got a conversation with no messages (`[]`, `{ messages: [] }`):
   * there is nothing to check, so no verdict (a clean receipt would claim the agent was checked).
   */
  emptyConversation: 'empty_conversation',
  /**
   * A trace (OpenTelemetry, Langfuse, LangSmith) that records model or tool steps but no message content
   * (content capture was off), so no reply can be checked. `data`: `{ traceId, steps }`.
   */
  traceWithoutContent: 'trace_without_content',
  // Raised by a guard result's `raiseOnFailure()`, one code per failure category (`data`: the result's
  // `failure`, `tool` and `callId`). The first eight are the validation categories; the executor was not run.
  /** The arguments text is not valid JSON. */
  invalidJson: 'invalid_json',
  /** The model called a tool that is not registered. */
  unknownTool: 'unknown_tool',
  /** A required argument is absent. */
  missingRequired: 'missing_required',
  /** An argument has the wrong type. */
  typeMismatch: 'type_mismatch',
  /** An argument is not one of the allowed values. */
  enumViolation: 'enum_violation',
  /** An argument fails its `format` or `pattern`. */
  formatViolation: 'format_violation',
  /** An argument breaks a bound (minimum, length, item count...). */
  constraintViolation: 'constraint_violation',
  /** An argument the schema does not allow. */
  extraField: 'extra_field',
  /** The executor threw, or its result reports a failure (the action receipt says `ok: false`). */
  toolFailed: 'tool_failed',
  /** The action ran and its `verify` returned `HALT(reason)`. */
  halted: 'halted',
  /** `guard.execute` (synchronous) met an executor or `verify` that returned a promise; use `executeAsync`. */
  asyncExecutor: 'async_executor',
  /** A guard was used after `close()`. */
  guardClosed: 'guard_closed',
  /** An action's `verify` did not settle within its `verifyTimeoutMs` (the call becomes `unknown`, an incident). */
  verifyTimeout: 'verify_timeout',
  /**
   * An integration told to throw on a fabricated reply met one (`claimcheck/langchain` with
   * `onFabricated: 'throw'`); `data.receipt` is the receipt's JSON.
   */
  fabricatedReply: 'fabricated_reply',
  // Raised by the ledger store (`claimcheck/store`); each message says what failed, on which file, and how to fix it.
  /** An optional peer dependency is not installed or cannot load (`better-sqlite3` for the store, on a Node.js without `node:sqlite`). */
  missingDependency: 'missing_dependency',
  /** A record passed to a store lacks a required field or has a field of the wrong type. */
  invalidRecord: 'invalid_record',
  /** A store opened `readonly` on a database file that does not exist, or on a PostgreSQL database without the claimcheck schema (nothing recorded there yet). */
  storeNotFound: 'store_not_found',
  /** The store's file is not a claimcheck ledger: not SQLite, damaged, or another application's database. */
  storeCorrupt: 'store_corrupt',
  /** The ledger's schema is newer than this claimcheck reads, or a `readonly` store would need a migration SQLite cannot skip. */
  storeVersion: 'store_version',
  /** Another process held the database lock longer than the store's busy timeout. */
  storeLocked: 'store_locked',
  /** The ledger cannot be written: read-only file or folder, or a store opened `readonly`. */
  storeReadonly: 'store_readonly',
  /** The disk, or the database's size limit, is full. */
  storeFull: 'store_full',
  /** Any other failure to open, read or write the ledger (the path is a folder, or no regular file such as a FIFO; an I/O error). */
  storeIo: 'store_io',
  /** A store method was called after `close()`. */
  storeClosed: 'store_closed',
} as const;
export type ClaimcheckErrorCode = (typeof ClaimcheckErrorCode)[keyof typeof ClaimcheckErrorCode];

export interface ClaimcheckErrorOptions<D> {
  data?: D;
  cause?: unknown;
}

export class ClaimcheckError<D = unknown> extends Error {
  readonly [marker] = true;
  readonly code: ClaimcheckErrorCode;
  readonly data: D | undefined;

  constructor(code: ClaimcheckErrorCode, message: string, options: ClaimcheckErrorOptions<D> = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ClaimcheckError';
    this.code = code;
    this.data = options.data;
  }

  /** True for any claimcheck error, also one thrown by a second copy of the package. */
  static isInstance(value: unknown): value is ClaimcheckError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true;
  }
}
