/**
 * Adds a model-based extractor's claims to a rule receipt without weakening it: a claim the rules already
 * judged (same sentence or span) is left to the rules; one only the model found is `confirmed` when its tool
 * succeeded in the window, `suspected` (with `reason`) when the tool never ran or only failed, `unmatched`
 * when the model named no listed tool. Nothing the rules found is removed or changed.
 */
import { Receipt, type Claim } from '../receipt.js';
import type { ExtractorClaim } from './extractor.js';

/** Inputs of {@link withSecondOpinion}. */
export interface SecondOpinion {
  receipt: Receipt;
  claims: readonly ExtractorClaim[];
  /** How each listed tool settled in the reply's window. */
  states: ReadonlyMap<string, 'ok' | 'failed' | 'none'>;
  /** `suspected` claims make the verdict `fabricated`. */
  llmBlocks: boolean;
}

/** The receipt with the model's own claims added (`source: 'llm'`). */
export function withSecondOpinion({ receipt, claims, states, llmBlocks }: SecondOpinion): Receipt {
  // Judged rule claims win; an unmatched one may gain the tool the model names.
  const ruleSentences = [...receipt.confirmed, ...receipt.claimedButNeverRan].map((c) => c.text);
  const covered = (c: ExtractorClaim): boolean => ruleSentences.some((t) => t.includes(c.clause) || c.clause.includes(t) || t === c.text);
  const confirmed = [...receipt.confirmed];
  const unmatched = [...receipt.unmatched];
  const suspected = [...receipt.suspected];
  const seen = new Set<string>();
  for (const c of claims) {
    if (covered(c) || seen.has(c.clause)) continue;
    seen.add(c.clause);
    const tool = c.tool ?? null;
    const claim: Claim = { text: c.text, verb: c.verb, object: c.object, tool, candidates: tool === null ? [] : [tool], source: 'llm' };
    const state = tool === null ? undefined : states.get(tool);
    if (tool === null || state === undefined) unmatched.push({ ...claim, tool: null, candidates: [] });
    else if (state === 'ok') confirmed.push(claim);
    else suspected.push({ ...claim, reason: state === 'failed' ? 'tool_failed' : 'not_called' });
  }
  return new Receipt({
    confirmed,
    claimedButNeverRan: [...receipt.claimedButNeverRan],
    unmatched,
    suspected,
    ranButUnreported: [...receipt.ranButUnreported],
    claimedWithoutTool: [...receipt.claimedWithoutTool],
    deniedButRan: [...receipt.deniedButRan],
    strict: receipt.strict,
    llmBlocks,
  });
}
