/**
 * Internal: the JSON-RPC requests a server transport has received and not yet answered, so a proxy
 * whose client closed its input (stdin ended: no more requests will come) still answers the calls
 * already sent before it stops. Per the MCP stdio transport, a client ends a session by closing the
 * server's input and then waits for it to exit; requests written before that are still owed answers.
 * @see https://modelcontextprotocol.io/specification/2025-06-18/basic/lifecycle#stdio
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

type Id = string | number;

/** Requests in flight on one transport. */
export interface InFlightRequests {
  /** How many requests are unanswered. */
  readonly size: number;
  /** Resolves once no request is unanswered (at once when none is). */
  idle(): Promise<void>;
}

/**
 * Watch `transport`; call it before the SDK's `connect` (it hooks the `onmessage` that `connect` sets
 * when the transport starts, before the first message is read). A request counts from when it is read
 * until its response or error is sent, or the client cancels it (`notifications/cancelled`).
 */
export function trackInFlight(transport: Transport): InFlightRequests {
  const pending = new Set<Id>();
  let waiters: Array<() => void> = [];
  const settle = (id: Id) => {
    pending.delete(id);
    if (pending.size > 0) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };
  const start = transport.start.bind(transport);
  transport.start = () => {
    const receive = transport.onmessage;
    transport.onmessage = (message, extra) => {
      const m = message as { id?: unknown; method?: unknown; params?: { requestId?: unknown } };
      if (typeof m.method === 'string' && isId(m.id)) pending.add(m.id);
      if (m.method === 'notifications/cancelled' && isId(m.params?.requestId)) settle(m.params.requestId);
      receive?.(message, extra);
    };
    return start();
  };
  const send = transport.send.bind(transport);
  transport.send = async (message, options) => {
    try {
      await send(message, options);
    } finally {
      const m = message as { id?: unknown; method?: unknown };
      if (m.method === undefined && isId(m.id)) settle(m.id);
    }
  };
  return {
    get size() {
      return pending.size;
    },
    idle: () => (pending.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
  };
}

function isId(value: unknown): value is Id {
  return typeof value === 'string' || typeof value === 'number';
}
