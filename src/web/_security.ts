/**
 * Internal: the dashboard's defences, as local developer tools do them. Requests whose `Host` is not
 * the loopback address and port the server listens on are refused (DNS rebinding: a web page whose
 * name resolves to 127.0.0.1 must not read the ledger). Every response carries a strict
 * Content-Security-Policy (scripts and styles from the server only, no inline code, no framing).
 * Review writes need the per-launch token the page carries, and a same-origin `Origin` when one is sent.
 */
import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/** The Content-Security-Policy of every response. */
export const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Header that carries the per-launch token on review writes. */
export const TOKEN_HEADER = 'x-claimcheck-token';

/** The `Host` values accepted: the address and port served, by IP or as `localhost`. */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

/** Refuses a foreign `Host` (421) and sets the security headers on every response. */
export function guardRequests(port: () => number): MiddlewareHandler {
  return async (c, next) => {
    const host = (c.req.header('host') ?? '').toLowerCase();
    if (!allowedHosts(port()).has(host)) {
      return c.text(`claimcheck view --web serves 127.0.0.1:${port()} only; this request was for host ${JSON.stringify(host)} and is refused.`, 421);
    }
    await next();
    c.header('Content-Security-Policy', CSP);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cross-Origin-Resource-Policy', 'same-origin');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cache-Control', 'no-store');
    return undefined;
  };
}

/** Refuses a write without the token (403) or from another origin (403). */
export function requireToken(token: string, port: () => number): MiddlewareHandler {
  const expected = Buffer.from(token);
  return async (c, next) => {
    const given = Buffer.from(c.req.header(TOKEN_HEADER) ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return c.json({ error: `A review write needs the ${TOKEN_HEADER} header this dashboard's page carries (a new token each launch); reload the page.` }, 403);
    }
    const origin = c.req.header('origin');
    if (origin !== undefined && !allowedHosts(port()).has(origin.replace(/^http:\/\//, ''))) {
      return c.json({ error: `A review write from origin ${origin} is refused.` }, 403);
    }
    await next();
    return undefined;
  };
}
