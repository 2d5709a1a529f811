/**
 * Internal: the proxy's framing of newline-delimited JSON-RPC on stdio, in place of the MCP SDK's
 * `ReadBuffer`, which throws on a message over its 10 MiB limit and so closes the whole transport
 * (an oversize request ended the proxy silently; an oversize result looked like the server exiting).
 *
 * Here a message over {@link MAX_MESSAGE_BYTES} is skipped up to its newline, never held whole (only
 * its first and last 4 KiB are kept, to read its `id`), and handed to `onOversize`, which answers it;
 * the transport keeps running. Every other line parses as before (`deserializeMessage`).
 * @see https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#stdio
 */

/** Longest JSON-RPC message the proxy reads, in bytes (its UTF-8 line, without the newline): 10 MiB, as the SDK. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

const KEEP = 4096;

/** A message that was skipped for its size. */
export interface OversizeMessage {
  /** Its size in bytes. */
  bytes: number;
  /** Its JSON-RPC `id` when it could be read from its start or end (`undefined` otherwise). */
  id: string | number | undefined;
  /** `true` when it names a `method` (a request or notification), `false` for a response. */
  isRequest: boolean;
}

/** The SDK's read-buffer interface (`append`, `readMessage`, `clear`). */
export class BoundedLineBuffer {
  readonly #maxBytes: number;
  readonly #parse: (line: string) => unknown;
  readonly #onOversize: (message: OversizeMessage) => unknown;
  #chunks: Buffer[] = [];
  #size = 0;
  #skipping: { bytes: number; head: Buffer; tail: Buffer } | null = null;
  #ready: Array<{ line: string } | { message: unknown }> = [];

  /**
   * @param parse turns one line into a message (throws for a bad one, as the SDK's does)
   * @param onOversize answers a skipped message; what it returns (other than `undefined`) is read as
   *   the next message in its place.
   */
  constructor(parse: (line: string) => unknown, onOversize: (message: OversizeMessage) => unknown, maxBytes = MAX_MESSAGE_BYTES) {
    this.#parse = parse;
    this.#onOversize = onOversize;
    this.#maxBytes = maxBytes;
  }

  append(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      this.#take(chunk.subarray(start, newline === -1 ? chunk.length : newline));
      if (newline === -1) return;
      this.#endLine();
      start = newline + 1;
    }
  }

  readMessage(): unknown {
    const next = this.#ready.shift();
    if (next === undefined) return null;
    return 'message' in next ? next.message : this.#parse(next.line);
  }

  clear(): void {
    this.#chunks = [];
    this.#size = 0;
    this.#skipping = null;
    this.#ready = [];
  }

  #take(piece: Buffer): void {
    if (this.#skipping !== null) {
      const s = this.#skipping;
      s.bytes += piece.length;
      s.tail = piece.length >= KEEP ? Buffer.from(piece.subarray(piece.length - KEEP)) : Buffer.concat([s.tail, piece]).subarray(-KEEP);
      return;
    }
    if (this.#size + piece.length <= this.#maxBytes) {
      this.#chunks.push(piece);
      this.#size += piece.length;
      return;
    }
    const held = Buffer.concat([...this.#chunks, piece.subarray(0, KEEP)]);
    this.#skipping = { bytes: this.#size + piece.length, head: Buffer.from(held.subarray(0, KEEP)), tail: Buffer.from(piece.subarray(-KEEP)) };
    this.#chunks = [];
    this.#size = 0;
  }

  #endLine(): void {
    const skipped = this.#skipping;
    if (skipped !== null) {
      this.#skipping = null;
      const head = skipped.head.toString('utf8');
      const answer = this.#onOversize({ bytes: skipped.bytes, id: idAtStart(head) ?? idAtEnd(skipped.tail.toString('utf8')), isRequest: head.includes('"method"') });
      if (answer !== undefined) this.#ready.push({ message: answer });
      return;
    }
    const line = Buffer.concat(this.#chunks, this.#size).toString('utf8');
    this.#chunks = [];
    this.#size = 0;
    this.#ready.push({ line: line.endsWith('\r') ? line.slice(0, -1) : line });
  }
}

/** The `id` of `{"jsonrpc":"2.0","id":7,"method":…`: the first `"id"` key, when no object or array opens before it. */
function idAtStart(head: string): string | number | undefined {
  const at = head.indexOf('"id"');
  if (at === -1 || /[[\]{}]/.test(head.slice(head.indexOf('{') + 1, at))) return undefined;
  return readId(head.slice(at + 4));
}

/** The `id` of `…},"jsonrpc":"2.0","id":7}`: the last `"id"` key, when nothing nested follows it. */
function idAtEnd(tail: string): string | number | undefined {
  const at = tail.lastIndexOf('"id"');
  if (at === -1) return undefined;
  const rest = tail.slice(at + 4);
  const close = rest.lastIndexOf('}');
  if (close === -1 || /[[\]{}]/.test(rest.slice(0, close))) return undefined;
  return readId(rest.slice(0, close));
}

/** The value after `"id"`: `: 7,…` or `: "abc"…`. */
function readId(afterKey: string): string | number | undefined {
  const text = afterKey.trimStart();
  if (!text.startsWith(':')) return undefined;
  const value = text.slice(1).trimStart();
  const end = value.startsWith('"') ? value.indexOf('"', 1) + 1 : value.search(/[,}\s]|$/);
  if (end <= 0) return undefined;
  try {
    const id: unknown = JSON.parse(value.slice(0, end));
    return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : undefined;
  } catch {
    return undefined;
  }
}
