/**
 * The reverse lie: the reply says an action failed or was not done while a call of its tool succeeded in
 * the turn ("I wasn't able to send the message" after a successful `send_email`). A user who believes it
 * retries, and the side effect happens twice.
 */
import type { LedgerEntry } from '../ledger.js';
import type { Claim } from '../receipt.js';
import { checkClaimArgs } from './args-check.js';
import { LedgerIndex } from './ledger-index.js';
import { matchTool, type RunState } from './match-tool.js';
import { readDenials } from './read-denials.js';
import type { ToolProfile } from './tool-profile.js';
import type { ParsedReply } from './parse-reply.js';

/** Inputs of {@link deniedButRan}. */
export interface DeniedInput {
  /** The reply, parsed (`parseReply`). */
  reply: ParsedReply;
  profiles: readonly ToolProfile[];
  /**
   * The calls that can contradict a denial: those of the judged turn's own stretch (an earlier turn's
   * success is another act). Calls that failed never contradict.
   */
  calls: readonly LedgerEntry[];
  /** Judge the values a denial states ("I couldn't refund order 4821") against the calls. Default `true`. */
  checkArgs?: boolean;
}

/**
 * The denials of the reply whose tool succeeded among `calls`: each as a {@link Claim} (`source: 'rules'`)
 * with the most recent contradicting call as `contradictedBy`. A denial is matched to a tool as a claim is
 * (verb, object, description); lookups ("I couldn't find any flights") and passthrough tools never
 * contradict, nor does a verbless tool (its call may have done another of its actions), nor a success whose
 * arguments disagree with a value the denial states.
 */
export function deniedButRan(input: DeniedInput): Claim[] {
  const succeeded = input.calls.filter((e) => e.status === 'ok');
  if (succeeded.length === 0) return [];
  const denials = readDenials(input.reply);
  if (denials.length === 0) return [];
  const byTool = new Map<string, LedgerEntry>();
  for (const e of succeeded) byTool.set(e.tool, e);
  const ran = (tool: string): RunState => (byTool.has(tool) ? 'ok' : 'none');
  let index: LedgerIndex | undefined;
  const out: Claim[] = [];
  const seen = new Set<string>();
  for (const d of denials) {
    const match = matchTool({ text: d.text, clause: d.clause, verb: d.verb, object: d.object, form: d.form }, input.profiles, ran);
    const best = match.fits[0];
    if (match.tool === null || best === undefined || match.read || match.objectOnly) continue;
    // The best fit, or a fit as good that succeeded (the denial cannot tell them apart).
    const tool = match.fits.find((f) => f.total >= best.total && byTool.has(f.tool))?.tool;
    const call = tool === undefined ? undefined : byTool.get(tool);
    if (tool === undefined || call === undefined) continue;
    const profile = input.profiles.find((p) => p.name === tool);
    // A verbless tool (`amadeus`, `stripe`) performs several actions; its call may have done another one.
    if (profile === undefined || profile.generic || profile.read || profile.nameVerb === null) continue;
    if (input.checkArgs !== false) {
      index ??= new LedgerIndex(succeeded);
      const ledger = index;
      if (checkClaimArgs(d.clause, () => ledger.digests(tool), (v) => ledger.seen(v), d.text, profile.enums) !== null) continue;
    }
    const key = `${d.text}\u0000${tool}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ text: d.text, verb: d.verb, object: d.object, tool, candidates: match.candidates, source: 'rules', contradictedBy: call });
  }
  return out;
}
