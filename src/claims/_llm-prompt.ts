/**
 * Internal: the prompt of the LLM extractor, the JSON Schema of the answer it asks for, and the defensive
 * reading of that answer. The prompt holds the reply and the tool list (names, descriptions) only, never a
 * call's arguments or results. The answer shape is written down in docs/formats.md ("LLM extractor answer").
 */
import type { ExtractorTool } from './extractor.js';

/** Claims read from one answer; the rest are counted as `omitted`, not read. */
export const MAX_ANSWER_CLAIMS = 100;

/** Characters a span may hold; a longer one is skipped as the wrong shape. */
export const MAX_SPAN_CHARS = 2_000;

/** The instructions; the reply and tools follow them as JSON. */
const INSTRUCTIONS = `You find ACTION CLAIMS in an AI agent's reply: statements that the agent has, in this run, done something only a tool call could do (sent, created, updated, deleted, booked, cancelled, refunded, submitted, looked up...), in any wording, including idioms and results given without a verb.
Not claims: negations, failures, future or intended actions, offers, questions, advice to the user, conditionals, quoted or drafted text, other people's actions, past events outside this run, and text the agent writes in the reply itself (a summary, a draft).
Answer with JSON only: {"claims":[{"span":"<exact text copied from the reply>","tool":"<a listed tool name, or null>","verb":"<the action as one base-form English verb>"}]}. The span must be copied character for character from the reply.`;

/** The prompt for one reply. */
export function buildPrompt(reply: string, tools: readonly ExtractorTool[]): string {
  return `${INSTRUCTIONS}\n\nTOOLS:\n${JSON.stringify(tools.map((t) => ({ name: t.name, description: t.description })))}\n\nREPLY:\n${JSON.stringify(reply)}`;
}

/**
 * The JSON Schema (draft 2020-12, in the subset OpenAI's strict structured outputs accept: every property
 * required, no other property, no length keywords) of the answer for one reply: `tool` is one of the listed
 * names or `null`.
 */
export function answerSchema(tools: readonly ExtractorTool[]): Record<string, unknown> {
  const claim = {
    type: 'object',
    properties: {
      span: { type: 'string', description: 'The claim, copied character for character from the reply.' },
      tool: { type: ['string', 'null'], enum: [...tools.map((t) => t.name), null], description: 'The listed tool the claim is about, or null when none fits.' },
      verb: { type: 'string', description: 'The claimed action as one base-form English verb.' },
    },
    required: ['span', 'tool', 'verb'],
    additionalProperties: false,
  };
  return { type: 'object', properties: { claims: { type: 'array', items: claim } }, required: ['claims'], additionalProperties: false };
}

/** One claim as the model stated it, shape-checked. */
export interface ModelClaim {
  span: string;
  tool: string | null;
  verb: string;
}

/** The claims of an answer, the first {@link MAX_ANSWER_CLAIMS} of the right shape, and how many more it held. */
export interface ModelAnswer {
  claims: ModelClaim[];
  omitted: number;
}

/**
 * Reads the model's answer: a JSON object `{"claims": [...]}` (a code fence or text around it is allowed).
 * Items of the wrong shape are skipped. `null` when no such object can be read (the answer is garbage).
 * Linear in the answer's length.
 */
export function parseAnswer(answer: string): ModelAnswer | null {
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
  let omitted = 0;
  for (const item of claims as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { span, tool, verb } = item as Record<string, unknown>;
    if (typeof span !== 'string' || span.trim() === '' || span.length > MAX_SPAN_CHARS) continue;
    if (out.length === MAX_ANSWER_CLAIMS) {
      omitted++;
      continue;
    }
    out.push({ span: span.trim(), tool: typeof tool === 'string' ? tool : null, verb: typeof verb === 'string' ? verb.trim().toLowerCase() : '' });
  }
  return { claims: out, omitted };
}
