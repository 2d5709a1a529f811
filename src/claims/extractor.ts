/**
 * The `Extractor` interface: what reads a reply's action claims. The rule-based extractor implements it
 * (synchronously, model-free); `createLlmExtractor` implements it with a language model as an opt-in second
 * opinion (`checkAsync` / `checkTurnsAsync`).
 */
import { extractClaims, type ExtractedClaim } from './extract-claims.js';

/** A listed tool as an extractor sees it: its name and description only (never a call's arguments or result). */
export interface ExtractorTool {
  name: string;
  description: string;
}

/** What an extractor reads. */
export interface ExtractorInput {
  /** The assistant reply (thinking removed). */
  reply: string;
  /** The listed tools, names and descriptions. */
  tools: readonly ExtractorTool[];
  /** The user's latest message before the reply. */
  request?: string;
  /** Aborts a slow extraction (a model call). */
  signal?: AbortSignal;
}

/** A claim an extractor found: an {@link ExtractedClaim}, with the tool a model named (`null`: none listed fits). */
export interface ExtractorClaim extends ExtractedClaim {
  /** Set by a model-based extractor only: the listed tool the claim is about, or `null`. */
  tool?: string | null;
}

/** Reads the action claims of one reply. */
export interface Extractor {
  /** `rules` for the deterministic extractor, `llm` for a model-based one; copied to each claim's `source`. */
  readonly kind: 'rules' | 'llm';
  extract(input: ExtractorInput): ExtractorClaim[] | Promise<ExtractorClaim[]>;
}

/** The deterministic extractor ({@link extractClaims}) as an {@link Extractor}. */
export const ruleExtractor: Extractor = {
  kind: 'rules',
  extract: (input) => extractClaims(input.reply, input.request === undefined ? {} : { request: input.request }),
};
