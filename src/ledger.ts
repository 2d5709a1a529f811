import { boundDepth } from './_bound-depth.js';
import { ClaimcheckError } from './errors.js';
import { describeLoneSurrogate, isWellFormed } from './_well-formed.js';
import { hostError, readHostInput } from './_host-input.js';

/**
 * The ledger: every tool call of a run, in call order, with how it settled.
 */

/** One settled tool call. */
export interface LedgerEntry {
  /** Tool name as the model called it. */
  tool: string;
  /** `ok` when the call returned a result that does not report a failure; `error` otherwise. */
  status: 'ok' | 'error';
  /** Parsed arguments (an object for well-formed calls; the raw text when it did not parse). `undefined` when capture is off. */
  args: unknown;
  /** The tool result (parsed JSON when the result text was JSON). `undefined` when capture is off or the call failed. */
  result: unknown;
  /** Error text when `status` is `error`; `null` otherwise. */
  error: string | null;
  /** The provider's call id (`tool_call_id`, `call_id`, `tool_use_id`), or `null` when the format has none. */
  callId: string | null;
  /** Epoch milliseconds when the call started, or `null` when unknown (recorded conversations). */
  startedAt: number | null;
  /** Epoch milliseconds when the call settled, or `null` when unknown. */
  endedAt: number | null;
}

/**
 * What {@link Ledger.record} accepts: `tool` and `status` are required; `args` and `result` default to
 * `undefined`, `error`, `callId`, `startedAt` and `endedAt` to `null`.
 */
export type LedgerEntryInput = Pick<LedgerEntry, 'tool' | 'status'> & Partial<Omit<LedgerEntry, 'tool' | 'status'>>;

/** Options of a {@link Ledger}. */
export interface LedgerOptions {
  /** Keep `args` and `result`. `false` stores neither (only tool, status, error, ids, times). Default `true`. */
  captureResults?: boolean;
  /**
   * Longest stored `result` and `error` text, in UTF-16 code units; longer text is cut and ends with
   * `…[truncated N chars]`. A non-string result is measured and cut as its JSON text. Default `100_000`;
   * must be a positive integer (else a `ClaimcheckError` with code `invalid_options`).
   */
  maxResultChars?: number;
}

/** An append-only list of {@link LedgerEntry} in call order. */
export class Ledger {
  readonly #entries: LedgerEntry[] = [];
  readonly captureResults: boolean;
  readonly maxResultChars: number;

  constructor(options: LedgerOptions = {}, entries: Iterable<LedgerEntryInput> = []) {
    const { captureResults, maxResultChars } = readHostInput('new Ledger', () => ({ captureResults: options?.captureResults, maxResultChars: options?.maxResultChars }));
    this.captureResults = captureResults ?? true;
    this.maxResultChars = maxResultChars ?? 100_000;
    if (!Number.isInteger(this.maxResultChars) || this.maxResultChars <= 0) {
      throw new ClaimcheckError(
        'invalid_options',
        `Ledger option maxResultChars must be a positive integer, got ${String(maxResultChars)}. Pass e.g. { maxResultChars: 10_000 }.`,
      );
    }
    readHostInput('new Ledger', () => {
      if (entries === null || typeof (entries as { [Symbol.iterator]?: unknown })?.[Symbol.iterator] !== 'function') {
        throw new ClaimcheckError('invalid_input', `new Ledger(options, entries): entries must be an iterable of ledger entries (an array), got ${entries === null ? 'null' : typeof entries}.`);
      }
      for (const e of entries) this.record(e);
    });
  }

  /**
   * Append one entry (a copy, with capture and truncation applied) and return the stored copy. `args`
   * and `result` nested deeper than 256 levels are kept cut at that depth, each deeper member replaced
   * by the text `[Truncated: nested deeper than 256 levels]`, and a reference back to an enclosing
   * object by `[Circular]`, so the entry can always be serialized.
   * @throws ClaimcheckError `invalid_input` when `tool` is not a non-empty string, has a lone surrogate (not
   *   well-formed UTF-16, which no store can keep exactly), or `status` is not `ok` or `error`.
   */
  record(entry: LedgerEntryInput): LedgerEntry {
    try {
      if (typeof entry !== 'object' || entry === null || typeof entry.tool !== 'string' || entry.tool === '') {
        throw new ClaimcheckError('invalid_input', `Ledger entry needs a "tool" name (a non-empty string); got ${preview(entry)}.`);
      }
      if (!isWellFormed(entry.tool)) {
        throw new ClaimcheckError(
          'invalid_input',
          `Ledger entry tool name ${JSON.stringify(entry.tool)} has a lone surrogate (${describeLoneSurrogate(entry.tool)}): not well-formed Unicode, so no store could keep it exactly.`,
        );
      }
      if (entry.status !== 'ok' && entry.status !== 'error') {
        throw new ClaimcheckError('invalid_input', `Ledger entry for ${entry.tool} has status ${JSON.stringify(entry.status)}; use "ok" or "error".`);
      }
      const error = entry.error ?? null;
      const stored: LedgerEntry = {
        tool: entry.tool,
        status: entry.status,
        args: this.captureResults ? boundDepth(entry.args) : undefined,
        result: this.captureResults ? truncateValue(boundDepth(entry.result), this.maxResultChars) : undefined,
        error: error === null ? null : truncateText(String(error), this.maxResultChars),
        callId: entry.callId ?? null,
        startedAt: entry.startedAt ?? null,
        endedAt: entry.endedAt ?? null,
      };
      this.#entries.push(stored);
      return stored;
    } catch (error) {
      throw hostError('ledger.record', error);
    }
  }

  /** The entries in call order (a read-only view). */
  get entries(): readonly LedgerEntry[] {
    return this.#entries;
  }

  get size(): number {
    return this.#entries.length;
  }

  [Symbol.iterator](): Iterator<LedgerEntry> {
    return this.#entries[Symbol.iterator]();
  }

  toJSON(): LedgerEntry[] {
    return this.#entries.slice();
  }
}

function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}…[truncated ${text.length - max} chars]`;
}

function truncateValue(value: unknown, max: number): unknown {
  if (value === undefined || value === null) return value;
  if (typeof value === 'string') return truncateText(value, max);
  if (typeof value !== 'object') return value;
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (error) {
    // A throwing getter or toJSON, a bigint: keep a marked text, never the throw.
    return `[Unserializable: ${error instanceof Error ? error.message : 'error'}]`;
  }
  if (json === undefined || json.length <= max) return value;
  return truncateText(json, max);
}

/** The start of `value`'s JSON text for an error message; never throws (deep, cyclic, throwing getters). */
function preview(value: unknown): string {
  try {
    return JSON.stringify(boundDepth(value))?.slice(0, 200) ?? String(value);
  } catch {
    return typeof value;
  }
}
