/**
 * `mcpReceipt`: the default receipt reader of MCP tools that are not read-only. It reads the proof an
 * action's `structuredContent` (or JSON text) carries: an id the service gave the action.
 */
import type { ActionReceiptInit } from '../action/action-receipt.js';
import { resultFailure } from '../readers/result-failure.js';
import { hostError } from '../_host-input.js';

/**
 * Reads an action's proof from an MCP tool's output (its `structuredContent`, else its text content
 * parsed as JSON; see `guardMcpClient`):
 *
 * - `id`: the first top-level member, in the output's order, named `id` or ending in `_id`, `Id` or
 *   `ID` (`refund_id`, `messageId`), whose value is a non-empty string or a finite number that is not
 *   one of the call's own argument values (an `order_id` echoed back proves nothing). `null` when there
 *   is none: the operation is then `unknown`.
 * - `kind`: that member's name (default `id`).
 * - `ok`: `false` when the output plainly reports a failure (`resultFailure`'s rules:
 *   `{"status": "failed"}`, `{"error": …}`, …), with that text as `error`. A result marked `isError`
 *   never reaches the reader: the call is `failed` before.
 *
 * For another member, or a nested one, give the tool its own reader: `receipts: { issue_refund: idField(['refund', 'id']) }`.
 */
export function mcpReceipt(output: unknown, args: Record<string, unknown>): ActionReceiptInit {
  try {
    const error = resultFailure(output);
    const ok = error === null;
    if (typeof output !== 'object' || output === null || Array.isArray(output)) return { ok, id: null, error };
    const echoed = new Set<string>();
    for (const value of Object.values(args ?? {})) {
      const text = scalarText(value);
      if (text !== null) echoed.add(text);
    }
    for (const [key, value] of Object.entries(output)) {
      if (!isIdName(key)) continue;
      const id = scalarText(value);
      if (id !== null && !echoed.has(id)) return { ok, id, kind: key, error };
    }
    return { ok, id: null, error };
  } catch (error) {
    throw hostError('mcpReceipt', error);
  }
}

function isIdName(key: string): boolean {
  return key === 'id' || (key.length > 2 && (key.endsWith('_id') || key.endsWith('Id') || key.endsWith('ID')));
}

/** A non-empty string (trimmed) or a finite number as text; `null` for anything else. */
function scalarText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}
