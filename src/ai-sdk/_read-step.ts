/**
 * Internal: one AI SDK step (`StepResult`, as `onStepFinish` gets it) translated into claimcheck's
 * transcript lines: the step's text, then one settled entry per tool call. Reads only the documented
 * content parts (`text`, `tool-call`, `tool-result`, `tool-error`) and ignores the rest.
 * @see https://ai-sdk.dev/docs/reference/ai-sdk-core/generate-text#steps
 */
import { isRecord } from '../readers/_shape.js';
import type { AiSdkStep, TranscriptLine } from './create-recorder.js';

/** A call the SDK could not parse (an unknown tool, or input it rejected); it never reached an executor. */
export interface InvalidCall {
  callId: string;
  tool: string;
  /** The parsed input, or the raw text when it is not JSON. */
  input: unknown;
  /** The SDK's error: `NoSuchToolError`, `InvalidToolInputError` or `ToolCallRepairError`. */
  error: unknown;
}

/** What a step holds. */
export interface ReadStep {
  text: string;
  /** Calls made by this step (client- or provider-executed), in order. */
  calls: number;
  /** Settled entries, in call order; a call with no result or error in the step is an `error` entry. */
  entries: Array<Extract<TranscriptLine, { tool: string }>>;
  invalid: InvalidCall[];
}

export function readStep(step: AiSdkStep): ReadStep {
  const calls = new Map<string, { tool: string; input: unknown }>();
  const settled = new Map<string, Extract<TranscriptLine, { tool: string }>>();
  const invalid: InvalidCall[] = [];
  for (const part of step.content) {
    if (!isRecord(part) || typeof part.toolCallId !== 'string' || typeof part.toolName !== 'string') continue;
    const callId = part.toolCallId;
    const tool = part.toolName;
    if (part.type === 'tool-call') {
      calls.set(callId, { tool, input: part.input });
      if (part.invalid === true && part.providerExecuted !== true) invalid.push({ callId, tool, input: part.input, error: part.error });
    } else if (part.type === 'tool-result' && part.preliminary !== true) {
      settled.set(callId, { tool, status: 'ok', args: part.input, result: part.output, callId });
    } else if (part.type === 'tool-error') {
      settled.set(callId, { tool, status: 'error', args: part.input, error: errorText(part.error), callId });
    }
  }
  const entries = [...calls].map(([callId, call]) => settled.get(callId) ?? { tool: call.tool, status: 'error' as const, args: call.input, error: 'No result in this step.', callId });
  // A provider-executed result whose call came in an earlier step.
  for (const [callId, entry] of settled) if (!calls.has(callId)) entries.push(entry);
  return { text: step.text, calls: calls.size, entries, invalid };
}

function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
