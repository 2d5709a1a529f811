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
  /** Input text (a file, stdin) that is not JSON or JSON Lines in the expected shape. */
  invalidInput: 'invalid_input',
  /** A labelled corpus case that is not in the documented case format. */
  invalidCase: 'invalid_case',
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
