/**
 * Adds a model-based extractor's claims to a rule receipt without weakening it: a claim the rules already
 * judged (same sentence or span) is left to the rules; one only the model found is `confirmed` when its tool
 * succeeded in the window, `suspected` (with `reason`) when the tool never ran or only failed, `unmatched`
 * when the model named no listed tool. No claim the rules found is removed or changed; a successful call of
 * a tool a model claim confirmed is no longer `ranButUnreported` (the reply reports it).
 */
import { Receipt, type Claim, type DroppedClaim, type SecondOpinionNote } from '../receipt.js';
import type { ExtractorClaim } from './extractor.js';

/** Inputs of {@link withSecondOpinion}. */
export interface SecondOpinion {
  receipt: Receipt;
  claims: readonly ExtractorClaim[];
  /** What the extractor did with its answer (the LLM extractor's `read`); the merge adds its own drops. */
  note?: SecondOpinionNote;
  /** How each listed tool settled in the reply's window. */
  states: ReadonlyMap<string, 'ok' | 'failed' | 'none'>;
  /** `suspected` claims make the verdict `fabricated`. */
  llmBlocks: boolean;
}

/** The receipt with the model's own claims added (`source: 'llm'`), and `secondOpinion` when a note is given. */
export function withSecondOpinion({ receipt, claims, note, states, llmBlocks }: SecondOpinion): Receipt {
  const judged = judgedByRules(receipt);
  const confirmed = [...receipt.confirmed];
  const unmatched = [...receipt.unmatched];
  const suspected = [...receipt.suspected];
  const dropped: DroppedClaim[] = [...(note?.dropped ?? [])];
  const seen = new Set<string>();
  for (const c of claims) {
    const tool = c.tool ?? null;
    const skip = judged(c) ? 'judged_by_rules' : seen.has(c.clause) ? 'duplicate' : null;
    if (skip !== null) {
      dropped.push({ span: c.clause, tool, verb: c.verb, guard: skip });
      continue;
    }
    seen.add(c.clause);
    const claim: Claim = { text: c.text, verb: c.verb, object: c.object, tool, candidates: tool === null ? [] : [tool], source: 'llm' };
    const state = tool === null ? undefined : states.get(tool);
    if (tool === null || state === undefined) unmatched.push({ ...claim, tool: null, candidates: [] });
    else if (state === 'ok') confirmed.push(claim);
    else suspected.push({ ...claim, reason: state === 'failed' ? 'tool_failed' : 'not_called' });
  }
  const reported = new Set(confirmed.filter((c) => c.source === 'llm').map((c) => c.tool));
  return new Receipt({
    confirmed,
    claimedButNeverRan: [...receipt.claimedButNeverRan],
    unmatched,
    suspected,
    ranButUnreported: receipt.ranButUnreported.filter((e) => !reported.has(e.tool)),
    claimedWithoutTool: [...receipt.claimedWithoutTool],
    deniedButRan: [...receipt.deniedButRan],
    strict: receipt.strict,
    llmBlocks,
    ...(note === undefined ? {} : { secondOpinion: { ...note, dropped } }),
  });
}

/**
 * Whether the rules judged a model claim's sentence: a judged claim's sentence is the model's, holds its span,
 * or is one of the sentences of its span. Linear in the judged sentences' length per claim.
 */
function judgedByRules(receipt: Receipt): (c: ExtractorClaim) => boolean {
  const sentences = new Set([...receipt.confirmed, ...receipt.claimedButNeverRan].map((c) => c.text.trim()));
  const joined = [...sentences].join('\u0000');
  return (c) => sentences.has(c.text.trim()) || joined.includes(c.clause) || sentencesOf(c.clause).some((s) => sentences.has(s));
}

/** The sentences of a span, each cut after its ".", "!", "?" or line end, trimmed. */
function sentencesOf(span: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (let k = 0; k < span.length; k++) {
    if ('.!?\n'.includes(span[k] ?? '')) {
      out.push(span.slice(from, k + 1).trim());
      from = k + 1;
    }
  }
  out.push(span.slice(from).trim());
  return out;
}
