/**
 * Internal: what ties the pieces of `claimcheck/ai-sdk` to one guard. Each tool `guardTools()` returns
 * remembers its guard, so `repairToolCall()` and `createRecorder()` find it from the tool set; and per
 * guard, a book of the calls the repair function already recorded or sent back repaired, so a rejected
 * call is recorded once whichever of them sees it first.
 */
import type { Guard } from '../action/guard.js';
import { ClaimcheckError } from '../errors.js';
import { isRecord } from '../readers/_shape.js';

const owners = new WeakMap<object, Guard>();

/** Remember that `tool` runs through `g`. */
export function markGuarded(tool: object, g: Guard): void {
  owners.set(tool, g);
}

/**
 * The guard of the tools in `tools` that `guardTools()` returned; `undefined` when none is guarded.
 * @throws ClaimcheckError `invalid_options` when tools of two different guards are mixed.
 */
export function guardOfTools(tools: unknown): Guard | undefined {
  if (!isRecord(tools)) return undefined;
  let found: Guard | undefined;
  for (const t of Object.values(tools)) {
    const g = typeof t === 'object' && t !== null ? owners.get(t) : undefined;
    if (g === undefined) continue;
    if (found !== undefined && g !== found) {
      throw new ClaimcheckError('invalid_options', 'These tools come from two guardTools() calls with different guards; wrap one tool set with one guard.');
    }
    found = g;
  }
  return found;
}

/** Most call ids a book keeps of each kind; the oldest go first (ids are only looked up within one step). */
const BOOK_LIMIT = 1_000;

/** The calls the repair function handled, by call id. */
export class RepairBook {
  readonly #recorded = new Set<string>();
  readonly #repairing = new Set<string>();

  /** The rejection (and any rejected repair) of this call is recorded: nothing more to record. */
  markRecorded(callId: string): void {
    add(this.#recorded, callId);
  }

  /** True once for a call marked recorded. */
  takeRecorded(callId: string): boolean {
    return this.#recorded.delete(callId);
  }

  /** The call was rejected, recorded, and its repaired arguments go on to run. */
  markRepairing(callId: string): void {
    add(this.#repairing, callId);
  }

  /** True once for a call marked repairing. */
  takeRepairing(callId: string): boolean {
    return this.#repairing.delete(callId);
  }
}

const books = new WeakMap<Guard, RepairBook>();

/** The repair book of `g`. */
export function repairBook(g: Guard): RepairBook {
  let book = books.get(g);
  if (book === undefined) {
    book = new RepairBook();
    books.set(g, book);
  }
  return book;
}

function add(set: Set<string>, id: string): void {
  set.delete(id);
  set.add(id);
  if (set.size > BOOK_LIMIT) set.delete(set.values().next().value as string);
}
