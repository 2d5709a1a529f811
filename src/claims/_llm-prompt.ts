/**
 * Internal: the prompt of the LLM extractor and the defensive reading of its answer. The prompt holds the
 * reply and the tool list (names, descriptions) only, never a call's arguments or results.
 */
import type { ExtractorTool } from './extractor.js';

/** The instructions; the reply and tools follow them as JSON. */
const INSTRUCTIONS = `You find ACTION CLAIMS in an AI agent's reply: statements that the agent has, in this run, done something only a tool call could do (sent, created, updated, deleted, booked, cancelled, refunded, submitted, looked up...), in any wording, including idioms and results given without a verb.
Not claims: negations, failures, future or intended actions, offers, questions, advice to the user, conditionals, quoted or drafted text, other people's actions, past events outside this run, and text the agent writes in the reply itself (a summary, a draft).
Answer with JSON only: {"claims":[{"span":"<exact text copied from the reply>","tool":"<a listed tool name, or null>","verb":"<the action as one base-form English verb>"}]}. The span must be copied character for character from the reply.`;

/** The prompt for one reply. */
export function buildPrompt(reply: string, tools: readonly ExtractorTool[]): string {
  return `${INSTRUCTIONS}\n\nTOOLS:\n${JSON.stringify(tools.map((t) => ({ name: t.name, description: t.description })))}\n\nREPLY:\n${JSON.stringify(reply)}`;
}

/** One claim as the model stated it, shape-checked. */
export interface ModelClaim {
  span: string;
  tool: string | null;
  verb: string;
}

/**
 * Reads the model's answer: a JSON object `{"claims": [...]}` (a code fence or text around it is allowed).
 * Items of the wrong shape are dropped. `null` when no such object can be read (the answer is garbage).
 */
export function parseAnswer(answer: string): ModelClaim[] | null {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start === -1 || end <= start) return null;
  let value: unknown;
  try {
    value = JSON.parse(answer.slice(start, end + 1));
  } catch {
    return null;
  }
  const claims = typeof value === 'object' && value !== null ? (value as { claims?: unknown }).claims : undefined;
  if (!Array.isArray(claims)) return null;
  const out: ModelClaim[] = [];
  for (const item of claims as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { span, tool, verb } = item as Record<string, unknown>;
    if (typeof span !== 'string' || span.trim() === '' || span.length > 2_000) continue;
    out.push({ span: span.trim(), tool: typeof tool === 'string' ? tool : null, verb: typeof verb === 'string' ? verb.trim().toLowerCase() : '' });
  }
  return out;
}
