/**
 * A one-line account of a turn for the user or a log, derived from its operations (and, after
 * `checkBypass`, its flagged claims): what was posted with which proof, what failed and why, what
 * needs review. Never a bare "done".
 */
import type { Receipt } from '../receipt.js';
import type { Operation } from './operation.js';
import { hostError } from '../_host-input.js';

/** Input of {@link renderTurn}. */
export interface RenderTurnInput {
  /** The turn's operations, in call order. */
  operations: readonly Operation[];
  /** The turn's receipt from `checkBypass`, to add its flagged claims. Optional. */
  receipt?: Receipt;
}

/**
 * Render a turn as segments joined by ` · `, in call order:
 * - `send_email posted (message id msg_123)`
 * - `send_email ran without proof (no message id)`; `send_email unchecked: <incident>` (fail open)
 * - `refund needs review: <reason>`; `refund halted: <reason>`
 * - `refund failed: card_declined`; `refund blocked: missing_required at /amount` (arguments rejected)
 * - read-only calls collapsed into one segment: `read: get_order ×2, list_items`
 * - then each flagged claim: `claimed send_email but not_called: "I sent the email."`
 *
 * With no operations and nothing flagged: `No tool calls this turn.`
 */
export function renderTurn(input: RenderTurnInput): string {
  try {
    const segments: string[] = [];
    const reads = new Map<string, number>();
    for (const op of input.operations) {
      if (op.state === 'read') {
        reads.set(op.tool, (reads.get(op.tool) ?? 0) + 1);
        continue;
      }
      segments.push(describe(op));
    }
    if (reads.size > 0) segments.push(`read: ${[...reads].map(([tool, n]) => (n > 1 ? `${tool} ×${n}` : tool)).join(', ')}`);
    for (const claim of input.receipt?.claimedButNeverRan ?? []) {
      segments.push(`claimed ${claim.tool ?? 'an action'} but ${claim.reason ?? 'not_called'}: ${JSON.stringify(clip(claim.text))}`);
    }
    return segments.length === 0 ? 'No tool calls this turn.' : segments.join(' · ');
  } catch (error) {
    throw hostError('renderTurn', error);
  }
}

function describe(op: Operation): string {
  const kind = (op.receipt?.kind ?? 'id').replaceAll('_', ' ');
  switch (op.state) {
    case 'posted':
      return `${op.tool} posted (${kind} ${op.receipt?.id ?? '?'})`;
    case 'unknown':
      return op.incident !== null ? `${op.tool} unchecked: ${op.incident}` : `${op.tool} ran without proof (no ${kind})`;
    case 'needs_review':
      return op.verify?.code === 'halt' ? `${op.tool} halted: ${op.verify.reason}` : `${op.tool} needs review: ${op.verify?.code === 'flag' ? op.verify.reason : 'flagged'}`;
    case 'failed':
      return `${op.tool} ${op.ran ? 'failed' : 'blocked'}: ${op.error ?? 'unknown error'}`;
    case 'read':
      return `read: ${op.tool}`;
  }
}

function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}
