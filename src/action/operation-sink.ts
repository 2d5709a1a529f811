/**
 * Where a guard sends its records. The default keeps them in memory; a store (SQLite, say) implements
 * the same three methods to persist them.
 */
import { ClaimcheckError } from '../errors.js';
import type { Interception, Operation, ReceiptRecord } from './operation.js';
import { hostError } from '../_host-input.js';

/**
 * Receives a guard's records as they happen. Each method may return a promise; the guard never waits
 * for it. A method that throws or rejects is an incident: the guard goes on (the user's call is never
 * affected by a failing sink) and says once per sink that recording is off, with the cause.
 */
export interface OperationSink {
  /** Every guarded call, once it settled (also calls whose arguments were rejected). */
  recordOperation(operation: Operation): void | PromiseLike<void>;
  /** Every call whose arguments were rejected, before its operation. */
  recordInterception(interception: Interception): void | PromiseLike<void>;
  /** Every reply checked by `checkBypass`. */
  recordReceipt(record: ReceiptRecord): void | PromiseLike<void>;
}

/**
 * A sink that writes later (a store batching its writes), so some of its failures happen after the
 * record call returned. A guard given a sink with this method subscribes, and on the first failure says
 * once that recording is off. A `Store` from `claimcheck/store` is one.
 */
export interface SinkErrorSource {
  /** Send each later failure to `listener`, from now on; returns a function that unsubscribes it. */
  onError(listener: (error: Error) => void): () => void;
}

/** Options of {@link createMemorySink}. */
export interface MemorySinkOptions {
  /** How many of each kind of record to keep; older ones are dropped first. Default `10_000`; a positive integer (else `invalid_options`). */
  limit?: number;
}

/** An {@link OperationSink} that keeps the most recent records in memory. */
export interface MemorySink extends OperationSink {
  /** Kept operations, oldest first (a copy). */
  readonly operations: Operation[];
  /** Kept interceptions, oldest first (a copy). */
  readonly interceptions: Interception[];
  /** Kept receipt records, oldest first (a copy). */
  readonly receipts: ReceiptRecord[];
}

/**
 * An in-memory {@link OperationSink}, the guard's default. Keeps at most `limit` records of each kind.
 * @throws ClaimcheckError `invalid_options` when `limit` is not a positive integer.
 */
export function createMemorySink(options: MemorySinkOptions = {}): MemorySink {
  try {
    const limit = options.limit ?? 10_000;
    if (!Number.isInteger(limit) || limit <= 0) {
      throw new ClaimcheckError('invalid_options', `createMemorySink option limit must be a positive integer, got ${String(options.limit)}.`);
    }
    const operations = new Bounded<Operation>(limit);
    const interceptions = new Bounded<Interception>(limit);
    const receipts = new Bounded<ReceiptRecord>(limit);
    return {
      recordOperation: (op) => operations.push(op),
      recordInterception: (i) => interceptions.push(i),
      recordReceipt: (r) => receipts.push(r),
      get operations() {
        return operations.list();
      },
      get interceptions() {
        return interceptions.list();
      },
      get receipts() {
        return receipts.list();
      },
    };
  } catch (error) {
    throw hostError('createMemorySink', error);
  }
}

/** An append-only list that keeps its last `limit` items, trimmed in batches (amortized O(1) per push). */
class Bounded<T> {
  readonly #items: T[] = [];
  constructor(readonly limit: number) {}

  push(item: T): void {
    this.#items.push(item);
    if (this.#items.length >= this.limit * 2) this.#items.splice(0, this.#items.length - this.limit);
  }

  list(): T[] {
    return this.#items.slice(-this.limit);
  }
}
