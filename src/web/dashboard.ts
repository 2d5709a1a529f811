/**
 * The local dashboard behind `claimcheck view --web`: a Hono app on `@hono/node-server`, listening on
 * 127.0.0.1 only. It reads the ledger through a {@link Store} (any backend) and writes nothing but
 * review marks, each with the launch's token. See `_security.ts` for the Host check, CSP and token.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { homedir } from 'node:os';
import { isAbsolute, relative, sep } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { ClaimcheckError } from '../errors.js';
import type { Store } from '../store/store.js';
import { apiRoutes } from './_api.js';
import { loadAssets } from './_assets.js';
import { guardRequests, requireToken } from './_security.js';

/** The port tried first when none is given. */
export const DEFAULT_PORT = 4319;
/** How many ports from the one asked for are tried when it is taken. */
const PORT_TRIES = 20;

/** Options of {@link startDashboard}. */
export interface DashboardOptions {
  /** The ledger. It is read, and written only by review marks (a `readonly` store refuses those). */
  store: Store;
  /** First port tried; the next ones up to 19 above when it is taken. Default {@link DEFAULT_PORT}; `0` for any free port. */
  port?: number;
  /** The per-launch token review writes need. Default: 32 random bytes, hex. */
  token?: string;
  /**
   * The folder the page's header shows the ledger's path from: a ledger inside it shows relative
   * (`.claimcheck/ledger.sqlite`), one under the home folder as `~/…`, any other as it is (a PostgreSQL
   * URL without its password). The full path is the header's tooltip. Default `process.cwd()`.
   */
  cwd?: string;
}

/** A running dashboard. */
export interface Dashboard {
  /** `http://127.0.0.1:PORT/`. */
  url: string;
  port: number;
  token: string;
  /** Stops listening and closes open connections; the store is the caller's to close. */
  close(): Promise<void>;
}

/**
 * Serves the dashboard on 127.0.0.1.
 * @throws ClaimcheckError `invalid_options` for a bad port, or when it and the 19 above are taken;
 *   `missing_dependency` when the package's web assets are missing.
 */
export async function startDashboard(options: DashboardOptions): Promise<Dashboard> {
  const first = options.port ?? DEFAULT_PORT;
  if (!Number.isInteger(first) || first < 0 || first > 65535) {
    throw new ClaimcheckError('invalid_options', `The dashboard's port must be a whole number from 0 to 65535, got ${String(options.port)}.`);
  }
  const token = options.token ?? randomBytes(32).toString('hex');
  const assets = loadAssets();
  let port = first;
  const app = new Hono();
  app.use('*', guardRequests(() => port));
  app.post('/api/*', requireToken(token, () => port));
  const label = ledgerLabel(options.store.path, options.cwd ?? process.cwd());
  app.route('/api', apiRoutes(options.store, (mark) => options.store.addReviewMark(mark), Date.now, label));
  app.get('/assets/:name', (c) => {
    const asset = assets.files.get(c.req.param('name'));
    if (asset === undefined) return c.text('Not found', 404);
    return c.body(asset.body, 200, { 'Content-Type': asset.type });
  });
  app.get('/', (c) => c.html(assets.page(token)));
  app.get('/favicon.ico', (c) => c.body(null, 204));
  app.notFound((c) => c.text('Not found', 404));

  const last = first === 0 ? 0 : Math.min(first + PORT_TRIES - 1, 65535);
  for (let candidate = first; candidate <= last; candidate++) {
    const server = await listen(app, candidate);
    if (server === null) continue;
    port = (server.address() as AddressInfo).port;
    return { url: `http://127.0.0.1:${port}/`, port, token, close: () => closeServer(server) };
  }
  throw new ClaimcheckError('invalid_options', `Ports ${first} to ${last} on 127.0.0.1 are all taken. Pass --port N with a free port.`, { data: { first, last } });
}

/** How the header shows the ledger at `path`: relative to `cwd` when inside it, else `~/…` under `home`, else as it is. */
export function ledgerLabel(path: string, cwd: string, home: string = homedir()): string {
  if (!isAbsolute(path)) return path; // :memory: or a PostgreSQL URL
  const inside = relative(cwd, path);
  if (inside !== '' && !inside.startsWith('..') && !isAbsolute(inside)) return inside;
  if (home !== '' && home !== sep && path.startsWith(home + sep)) return `~${path.slice(home.length)}`;
  return path;
}

/** Listens on 127.0.0.1:`port`; `null` when the port is taken. */
function listen(app: Hono, port: number): Promise<ServerType | null> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port });
    server.once('listening', () => resolve(server));
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve(null);
      else reject(new ClaimcheckError('invalid_options', `The dashboard could not listen on 127.0.0.1:${port}: ${error.message}`, { cause: error }));
    });
  });
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    if ('closeAllConnections' in server) server.closeAllConnections();
    server.close(() => resolve());
  });
}
