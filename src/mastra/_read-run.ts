/**
 * Internal: what the processor reads of a Mastra run besides the step arguments: which calls a step
 * answered with an error (its `content` parts, as the AI SDK's `StepResult` has them), and the user's
 * latest message (a `MastraDBMessage`, whose `content` is `{ format: 2, parts }`, or a string).
 * @see https://mastra.ai/reference/processors/processor-interface
 */
import { isRecord } from '../readers/_shape.js';

/** The ids of the calls whose result in `steps` is an error (`tool-error` parts, and `tool-result` parts with an error output). */
export function failedCallIds(steps: readonly unknown[]): Set<string> {
  const ids = new Set<string>();
  for (const step of steps) {
    if (!isRecord(step) || !Array.isArray(step.content)) continue;
    for (const part of step.content as unknown[]) {
      if (!isRecord(part) || typeof part.toolCallId !== 'string') continue;
      const errorOutput = part.type === 'tool-result' && isRecord(part.output) && typeof part.output.type === 'string' && part.output.type.startsWith('error');
      if (part.type === 'tool-error' || errorOutput) ids.add(part.toolCallId);
    }
  }
  return ids;
}

/** The text of the last user message among `messages`; `undefined` when there is none. */
export function lastUserText(messages: readonly unknown[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (!isRecord(m) || m.role !== 'user') continue;
    const text = textOf(m.content);
    if (text !== '') return text;
  }
  return undefined;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (isRecord(content) && typeof content.content === 'string' && !Array.isArray(content.parts)) return content.content;
  const parts = isRecord(content) ? content.parts : content;
  if (!Array.isArray(parts)) return '';
  return parts.flatMap((p: unknown) => (isRecord(p) && p.type === 'text' && typeof p.text === 'string' ? [p.text] : [])).join('\n');
}
