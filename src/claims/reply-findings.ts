/**
 * The findings of a reply beyond flagged claims: completed actions no listed tool can perform
 * (`claimedWithoutTool`) and denials of actions whose tool succeeded (`deniedButRan`).
 */
import type { LedgerEntry } from '../ledger.js';
import type { Claim } from '../receipt.js';
import { claimedWithoutTool, type UnmatchedReading } from './claimed-without-tool.js';
import { deniedButRan } from './denied-but-ran.js';
import type { ToolProfile } from './tool-profile.js';
import type { ParsedReply } from './parse-reply.js';

export type { UnmatchedReading } from './claimed-without-tool.js';

/** Inputs of {@link replyFindings}. */
export interface FindingsInput {
  /** The reply, parsed (`parseReply`). */
  reply: ParsedReply;
  /** The reply's unmatched claims with what the extractor read of them. */
  unmatched: readonly UnmatchedReading[];
  profiles: readonly ToolProfile[];
  /** The judged turn's own calls (its stretch, and later calls of the same turn). */
  calls: readonly LedgerEntry[];
  /** The tool list was given, not inferred from the calls that ran. */
  toolsGiven: boolean;
  /** Tools whose successful calls the reply never mentions (`ranButUnreported`). Default none. */
  unreported?: ReadonlySet<string>;
  checkArgs: boolean;
}

/** Both finding lists of one reply. */
export function replyFindings(input: FindingsInput): { claimedWithoutTool: Claim[]; deniedButRan: Claim[] } {
  return {
    claimedWithoutTool: input.toolsGiven && input.profiles.length > 0 ? claimedWithoutTool(input.unmatched, input.profiles, input.unreported) : [],
    deniedButRan: deniedButRan({ reply: input.reply, profiles: input.profiles, calls: input.calls, checkArgs: input.checkArgs }),
  };
}
