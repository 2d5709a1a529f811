/**
 * Internal: a transport that sends one message at a time. The SDK's stdio transports write each
 * message and, when the stream's buffer is over its high-water mark, wait for the stream's `drain`
 * with a listener of their own; so answers written faster than the other side reads (2,000 pipelined
 * calls to a client that reads slowly, or calls forwarded to a busy server) add one `drain` listener
 * each, and Node.js warns past ten (`MaxListenersExceededWarning`, printed on the proxy's stderr).
 * Chained, a send starts once the one before it settled: at most one listener, the same order, and
 * the stream holds one message past its high-water mark instead of every waiting one (the rest wait
 * here, as the messages they are).
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/** Make `transport.send` wait for the send before it (a failed send does not stop the next). */
export function sendOneAtATime(transport: Transport): void {
  const send = transport.send.bind(transport);
  let last: Promise<unknown> = Promise.resolve();
  transport.send = (message, options) => {
    const sent = last.then(() => send(message, options));
    last = sent.catch(() => undefined);
    return sent;
  };
}
