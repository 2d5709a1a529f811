/**
 * Internal: the `ToolMessage` (status `error`) the agent gets for a call the guard did not pass, so the
 * model reads what went wrong and can correct itself; the run goes on.
 * @see https://docs.langchain.com/oss/javascript/langchain/middleware#tool-call-wrapping
 */
import { ToolMessage } from '@langchain/core/messages';
import type { GuardResult } from '../action/guard-result.js';
import { failureText } from '../run/_answer.js';
import { isCommand, toolMessageOf, type ToolOutput } from './_tool-output.js';

/** The call a failure answers. */
export interface FailedCall {
  id: string | undefined;
  name: string;
}

/**
 * The answer to a failed call: the tool's own answer marked `status: 'error'` when it ran and answered
 * (a `Command` is returned as it is), else an `Error: …` message saying why.
 */
export function failureAnswer(call: FailedCall, result: GuardResult, output: ToolOutput | undefined): ToolOutput {
  const own = output === undefined ? undefined : toolMessageOf(output);
  if (result.failure?.category === 'tool_failed' && own !== undefined) {
    if (isCommand(output) || own.status === 'error') return output;
    return new ToolMessage({ content: own.content, tool_call_id: own.tool_call_id, name: own.name ?? call.name, artifact: own.artifact, status: 'error' });
  }
  return new ToolMessage({ content: failureText(result), tool_call_id: call.id ?? '', name: call.name, status: 'error' });
}
