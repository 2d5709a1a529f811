/**
 * Internal: the PostgreSQL store's connections, so that none outlives a server that stops answering.
 *
 * `pg` ends a connection politely (a Terminate message, then it waits for the server to close), and a
 * query waits for its answer as long as it takes; behind a server that stops answering on an open
 * connection (a paused TCP relay, a frozen host) both wait forever, and the socket keeps the host's
 * process alive. So every query has a client-side timeout ({@link queryTimeoutMs}), a client discarded
 * after an error has its socket destroyed at once, and closing the store waits at most that long for the
 * connections to end before destroying what is left.
 */
import type { Pool, PoolClient } from 'pg';

/** Past the server's own `statement_timeout` (`busyTimeoutMs`), one more second for its answer to arrive. */
const ANSWER_MARGIN_MS = 1_000;

/** The client-side timeout of every query (`pg`'s `query_timeout`), in milliseconds. */
export function queryTimeoutMs(busyTimeoutMs: number): number {
  return busyTimeoutMs + ANSWER_MARGIN_MS;
}

/** A `pg` client as far as its socket goes (`connection.stream` is `pg`'s own, not in its types). */
type WithSocket = { connection?: { stream?: { destroy?: () => void } } };

/** Destroy the socket under `client`: its pending queries fail at once and it emits `end`. */
export function destroySocket(client: unknown): void {
  (client as WithSocket).connection?.stream?.destroy?.();
}

export class PgConnections {
  readonly #pool: Pool;
  readonly #timeoutMs: number;
  /** Clients whose connection has not ended, each with a promise of its end. */
  readonly #open = new Map<unknown, Promise<void>>();

  constructor(pool: Pool, timeoutMs: number) {
    this.#pool = pool;
    this.#timeoutMs = timeoutMs;
    pool.on('connect', (client) => {
      const ended = new Promise<void>((resolve) =>
        client.once('end', () => {
          this.#open.delete(client);
          resolve();
        }),
      );
      this.#open.set(client, ended);
    });
  }

  /** Hand `client` back: with an error it is discarded, its socket destroyed rather than ended politely. */
  release(client: PoolClient, error?: Error | boolean): void {
    if (error !== undefined && error !== false) destroySocket(client);
    client.release(error);
  }

  /**
   * End the pool; after {@link queryTimeoutMs} without every connection ended, destroy the sockets left.
   * Settles within that time (plus what destroying takes).
   */
  async end(): Promise<void> {
    const ended = this.#pool.end().then(
      async () => void (await Promise.all(this.#open.values())),
      () => undefined, // ended before
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), this.#timeoutMs);
    });
    try {
      if ((await Promise.race([ended, late])) === 'late') for (const client of this.#open.keys()) destroySocket(client);
    } finally {
      clearTimeout(timer);
    }
  }
}
