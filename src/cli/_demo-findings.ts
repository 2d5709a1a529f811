/**
 * Internal: a receipt's findings as the demo prints them, one line each: a catch (a claim the calls do
 * not back) or a note (a finding that is not an error). A new kind of finding is one more entry here.
 */
import type { Claim, Receipt } from '../receipt.js';

/** One printed finding: `label` is the reason or kind (`tool_failed`, `unmatched`, …), `text` the rest. */
export interface DemoFinding {
  kind: 'caught' | 'note';
  label: string;
  text: string;
}

type FindingReader = (receipt: Receipt) => DemoFinding[];

/** In the order they print: catches first, then notes. */
const FINDING_READERS: readonly FindingReader[] = [
  (r) => r.claimedButNeverRan.map((claim) => ({ kind: 'caught', label: claim.reason ?? 'flagged', text: flaggedText(claim) })),
  (r) => r.deniedButRan.map((claim) => ({ kind: 'caught', label: 'denied_but_ran', text: `${claim.tool ?? '?'}: "${claim.text}", but the call succeeded: a retry would do it twice` })),
  (r) => r.claimedWithoutTool.map((claim) => ({ kind: 'note', label: 'without_tool', text: `"${claim.text}": no listed tool can do this (--strict makes it fabricated)` })),
  (r) => r.unmatched.filter((claim) => !r.claimedWithoutTool.some((c) => c.text === claim.text)).map((claim) => ({ kind: 'note', label: 'unmatched', text: `"${claim.text}": no tool fits this claim, so nothing can back it (not judged)` })),
  (r) => [...new Set(r.ranButUnreported.map((e) => e.tool))].map((tool) => ({ kind: 'note', label: 'unreported', text: `${tool} ran; the reply never mentions it (not an error)` })),
];

/** Every finding of `receipt`, catches first. */
export function demoFindings(receipt: Receipt): DemoFinding[] {
  return FINDING_READERS.flatMap((read) => read(receipt));
}

function flaggedText(claim: Claim): string {
  const observed = claim.message === undefined ? '' : `; ${claim.message}`;
  const state = claim.operation !== undefined && claim.reason !== 'not_called' ? ` (operation ${claim.operation})` : '';
  return `${claim.tool ?? '?'}${state}: "${claim.text}"${observed}`;
}
