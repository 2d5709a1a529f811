/**
 * Judges one reply: extracts its claims, matches each to a tool, and diffs against the calls that
 * may back it. The windowing (which calls back a claim, which calls the reply must mention) is the
 * caller's: see `check-turns.ts`.
 */
import type { LedgerEntry } from '../ledger.js';
import { Receipt, type Claim } from '../receipt.js';
import { checkClaimArgs } from './args-check.js';
import { extractClaims } from './extract-claims.js';
import { matchTool, type RunState } from './match-tool.js';
import type { ToolProfile } from './tool-profile.js';
import type { Backing } from './ledger-index.js';

/** Inputs of {@link judgeReply}. */
export interface JudgeInput {
  reply: string;
  /** The user's latest message before the reply, for terse replies ("Done."). */
  request?: string;
  /** The assistant's previous reply, for claims about "it". */
  previous?: string;
  profiles: readonly ToolProfile[];
  /** Calls that may back a claim: settled earlier in the conversation or later in the same turn. */
  backing: Backing;
  /** Calls of the judged stretch; those that succeeded and go unmentioned are `ranButUnreported`. */
  stretch: readonly LedgerEntry[];
  /** Tools never reported as unmentioned. */
  ignoreTools?: ReadonlySet<string>;
  /** Run the argument check. Default `true`. */
  checkArgs?: boolean;
}

/** Judge one reply into a {@link Receipt}. */
export function judgeReply(input: JudgeInput): Receipt {
  const ran = (tool: string): RunState => input.backing.state(tool);
  const extracted = extractClaims(input.reply, {
    ...(input.request === undefined ? {} : { request: input.request }),
    ...(input.previous === undefined ? {} : { previous: input.previous }),
  });

  const stretchTools = new Set(input.stretch.map((e) => e.tool));
  const confirmed: Claim[] = [];
  const flagged: Claim[] = [];
  const unmatched: Claim[] = [];
  const seen = new Set<string>();
  const mentioned = new Set<string>();
  for (const x of extracted) {
    const match = matchTool(x, input.profiles, ran);
    const claim: Claim = { text: x.text, verb: x.verb, object: x.object, tool: match.tool, candidates: match.candidates, source: 'rules' };
    if (x.count !== undefined) claim.count = x.count;
    const tool = match.tool;
    const state = tool === null ? 'none' : ran(tool);
    // A weak match confirms only a call of this turn: "I also added a note" does not restate an earlier ticket.
    const weakRestatement = tool !== null && !match.strong && state === 'ok' && !stretchTools.has(tool);
    if (tool === null || (state === 'none' && !match.strong) || (state === 'failed' && match.objectOnly) || weakRestatement) {
      pushOnce(unmatched, seen, `u:${x.text}:${x.verb}`, { ...claim, tool: null });
      continue;
    }
    mentioned.add(tool);
    if (state === 'none') {
      pushOnce(flagged, seen, `f:${tool}:not_called`, { ...claim, reason: 'not_called' });
      continue;
    }
    if (state === 'failed') {
      pushOnce(flagged, seen, `f:${tool}:tool_failed`, { ...claim, reason: 'tool_failed' });
      continue;
    }
    const mismatch = input.checkArgs === false ? null : checkClaimArgs(x.clause, () => input.backing.digests(tool), (v) => input.backing.seen(v), x.text);
    if (mismatch !== null) {
      pushOnce(flagged, seen, `f:${tool}:args_mismatch:${mismatch.claimed}`, { ...claim, reason: 'args_mismatch', observed: mismatch.observed });
      continue;
    }
    pushOnce(confirmed, seen, `c:${tool}`, claim);
  }
  const ranButUnreported = input.stretch.filter(
    (e) => e.status === 'ok' && !mentioned.has(e.tool) && !(input.ignoreTools?.has(e.tool) ?? false),
  );
  return new Receipt({ confirmed, claimedButNeverRan: flagged, unmatched, ranButUnreported });
}

function pushOnce(list: Claim[], seen: Set<string>, key: string, claim: Claim): void {
  if (seen.has(key)) return;
  seen.add(key);
  list.push(claim);
}
