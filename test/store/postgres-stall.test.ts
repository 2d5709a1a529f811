/**
 * A PostgreSQL server that stops answering on an open connection (issue 34, item 3): the store reaches
 * it through a TCP relay in this test, which is paused (no byte forwarded either way, every connection
 * left open). Before, `store.close()` with records queued never settled: the flush's query waited for
 * an answer that never came, holding the process open (the first test fails on main by its timeout).
 * Now every query has a client-side timeout (`busyTimeoutMs` + 1 s), `close()` settles within its
 * bound, reports the records not written, and waits no longer than that for connections to end before
 * destroying them (the other two tests guard that wait). Only this test's own database is touched.
 */
import { createServer, type Server, type Socket, connect } from 'node:net';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ClaimcheckError } from '../../src/errors.js';
import { openStore } from '../../src/store/open-store.js';
import { postgresDriver, type Ledger } from './drivers.js';

/** A relay to the server that can stop forwarding: paused, it reads nothing and writes nothing, and closes nothing. */
class Relay {
  readonly #server: Server;
  readonly #upstream: { host: string; port: number };
  readonly #pairs = new Set<[Socket, Socket]>();
  #paused = false;

  constructor(upstream: { host: string; port: number }) {
    this.#upstream = upstream;
    this.#server = createServer((client) => {
      const server = connect(this.#upstream);
      const pair: [Socket, Socket] = [client, server];
      this.#pairs.add(pair);
      const done = (): void => {
        client.destroy();
        server.destroy();
        this.#pairs.delete(pair);
      };
      for (const [from, to] of [[client, server], [server, client]] as const) {
        from.on('data', (chunk: Buffer) => to.write(chunk));
        from.on('end', done);
        from.on('close', done);
        from.on('error', done);
      }
      if (this.#paused) for (const s of pair) s.pause();
    });
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return (this.#server.address() as { port: number }).port;
  }

  /** Connections open through the relay. */
  get open(): number {
    return this.#pairs.size;
  }

  pause(): void {
    this.#paused = true;
    for (const pair of this.#pairs) for (const s of pair) s.pause();
  }

  resume(): void {
    this.#paused = false;
    for (const pair of this.#pairs) for (const s of pair) s.resume();
  }

  async close(): Promise<void> {
    for (const [a, b] of this.#pairs) {
      a.destroy();
      b.destroy();
    }
    await new Promise((resolve) => this.#server.close(resolve));
  }
}

let ledger: Ledger;
let relay: Relay;
let relayedUrl: string;
const directUrl = (): string => (ledger.location as { url: string }).url;

beforeAll(async () => {
  process.env['CLAIMCHECK_HASH_KEY'] ??= 'stall suite key';
  ledger = await postgresDriver.fresh();
  const direct = new URL(directUrl());
  relay = new Relay({ host: direct.hostname, port: Number(direct.port || 5432) });
  const port = await relay.listen();
  const relayed = new URL(directUrl());
  relayed.port = String(port);
  relayedUrl = relayed.toString();
});
afterEach(() => relay.resume());
afterAll(async () => {
  await relay.close();
  await ledger.dispose();
});

async function count(): Promise<number> {
  const c = new pg.Client({ connectionString: directUrl() });
  await c.connect();
  try {
    return Number((await c.query('SELECT count(*) AS n FROM operations')).rows[0].n);
  } finally {
    await c.end();
  }
}

/** Polls `check` every 50 ms until it holds (the test's own timeout bounds the wait). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('PostgreSQL store behind a server that stops answering', () => {
  it('close() with records queued settles, says how many were not written, and they are written once the server answers again', async () => {
    const store = await openStore({ url: relayedUrl, busyTimeoutMs: 500, flushIntervalMs: 60_000 });
    for (let i = 0; i < 3; i++) store.recordOperation({ tool: 'before' });
    await store.flush();
    expect(await count()).toBe(3);

    relay.pause();
    for (let i = 0; i < 5; i++) store.recordOperation({ tool: 'during' });
    const error = await store.close().then(
      () => null,
      (e: unknown) => e,
    );
    expect(ClaimcheckError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'store_io', data: { pending: 5 } });
    expect((error as Error).message).toMatch(/stopped answering on an open connection \(no answer within busyTimeoutMs \+ 1 s\)/);
    expect((error as Error).message).toMatch(/5 records queued/);

    relay.resume();
    await store.close();
    expect(await count()).toBe(8);
  }, 60_000);

  it('close() with nothing queued settles, and ends every connection, while the server does not answer', async () => {
    const store = await openStore({ url: relayedUrl, busyTimeoutMs: 500 });
    store.recordOperation({ tool: 'before' });
    await store.flush();
    expect(relay.open).toBeGreaterThan(0);
    relay.pause();
    await store.close();
    // Once the relay reads again, it finds every connection of the store closed.
    relay.resume();
    await until(() => relay.open === 0);
  }, 60_000);

  it('a readonly store closes the same way', async () => {
    const store = await openStore({ url: relayedUrl, busyTimeoutMs: 500, readonly: true });
    expect((await store.counts()).operations).toBeGreaterThan(0);
    relay.pause();
    await store.close();
    // Once the relay reads again, it finds every connection of the store closed.
    relay.resume();
    await until(() => relay.open === 0);
  }, 60_000);
});
