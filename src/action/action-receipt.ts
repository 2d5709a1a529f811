/**
 * Action receipts: the proof an action's raw output carries that it happened (a message id, a refund
 * id), read by {@link idField} or by a function of your own.
 */
import { ClaimcheckError } from '../errors.js';
import { parseStructured } from '../readers/_json.js';
import { resultFailure } from '../readers/result-failure.js';
import { hostError } from '../_host-input.js';

/** The proof read from one action's output. */
export interface ActionReceipt {
  /** The output reports success. `false` makes the operation `failed` (`raiseOnFailure()` → `tool_failed`). */
  ok: boolean;
  /** The id the service gave the action (message id, refund id...), as a string; `null` when the output has none (the operation is then `unknown`). */
  id: string | null;
  /** What the id is, for summaries: `message_id`, `refund_id`... Default `'id'`. */
  kind: string;
  /** Why the output is not `ok`, when known (e.g. `card_declined`); `null` otherwise. */
  error: string | null;
}

/** What a receipt function may return; missing members take the defaults `ok: true`, `id: null`, `kind: 'id'`, `error: null`. A number id is turned into a string. */
export interface ActionReceiptInit {
  ok?: boolean;
  id?: string | number | null;
  kind?: string;
  error?: string | null;
}

/**
 * Reads an {@link ActionReceipt} from an action's raw output (awaited) and its validated arguments.
 * Must be synchronous. A reader that throws or returns a non-object is an incident: logged once, the
 * operation is `unknown` (fail open).
 */
export type ReceiptReader<Args = Record<string, unknown>, Output = unknown> = (output: Output, args: Args) => ActionReceiptInit;

/**
 * A receipt reader that takes the id from one member of the output: `idField('message_id')`, or a path
 * into nested objects: `idField(['data', 'refund', 'id'])`. The output may be an object or its JSON text.
 *
 * - `id`: the member when it is a non-empty string or a finite number, else `null` (no proof).
 * - `ok`: `false` when the output plainly reports a failure (`{"error": …}`, `{"ok": false}`,
 *   `{"status": "failed"}`, an HTTP 4xx/5xx status, `Error: …` text: the rules of `resultFailure`),
 *   with that text as `error`.
 * - `kind`: the last path segment (`message_id`).
 * It reads any output and ignores the arguments, so it fits an action typed with your own arguments and
 * output types (`action<RefundArgs, RefundOutput>(refund, { receipt: idField('refund_id') })`).
 * @throws ClaimcheckError `invalid_options` when the path is empty or holds an empty name.
 */
export function idField(path: string | readonly string[]): ReceiptReader<unknown, unknown> {
  try {
    const segments = typeof path === 'string' ? [path] : [...path];
    const kind = segments[segments.length - 1];
    if (kind === undefined || segments.some((s) => typeof s !== 'string' || s === '')) {
      throw new ClaimcheckError('invalid_options', `idField needs a member name or a path of member names, got ${JSON.stringify(path)}; e.g. idField('message_id').`);
    }
    return (output) => {
      const failure = resultFailure(output);
      const value = typeof output === 'string' ? parseStructured(output) : output;
      return { ok: failure === null, id: idAt(value, segments), kind, error: failure };
    };
  } catch (error) {
    throw hostError('idField', error);
  }
}

function idAt(value: unknown, segments: readonly string[]): string | null {
  let at: unknown = value;
  for (const s of segments) {
    if (typeof at !== 'object' || at === null) return null;
    at = (at as Record<string, unknown>)[s];
  }
  if (typeof at === 'string') return at.trim() === '' ? null : at;
  if (typeof at === 'number' && Number.isFinite(at)) return String(at);
  return null;
}
