/**
 * Internal: a guarded call's result as the text the model reads back: the executor's output, or an
 * `Error: …` line that says what went wrong (the readers count such text as a failed call, so a
 * transcript made by `run()` reads the same later).
 */
import type { GuardResult } from '../action/guard-result.js';
import type { CallAnswer } from './_adapter.js';

export function answerOf(id: string, result: GuardResult): CallAnswer {
  return { id, content: result.ok ? outputText(result.value) : failureText(result), isError: !result.ok };
}

/** A failed call's answer. Validation failures list every finding with its hint. */
export function failureText(result: GuardResult): string {
  const failure = result.failure;
  if (failure === undefined) return outputText(result.value);
  switch (failure.category) {
    case 'tool_failed':
      // An output that reports its own failure says more than our summary of it.
      return result.value === undefined ? `Error: ${failure.message}` : outputText(result.value);
    case 'halted':
      return `Error: ${result.tool} ran but was halted for review: ${failure.message}`;
    case 'unknown_tool':
      return `Error: ${failure.message}${failure.hint === undefined ? '' : ` ${failure.hint}`}`;
    default: {
      const findings = failure.failures.map((f) => (f.hint === undefined ? f.message : `${f.message} ${f.hint}`));
      return `Error: the arguments of ${result.tool} were rejected and the tool did not run. ${findings.join(' ')}`;
    }
  }
}

/** An output as text: strings as they are, anything else as JSON (`''` for `undefined`). */
export function outputText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
