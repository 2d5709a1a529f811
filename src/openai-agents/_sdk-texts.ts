/**
 * Internal: the fixed texts the OpenAI Agents SDK gives the model in place of a function tool's output
 * when the call failed before or inside the tool. The SDK marks these outputs `completed` like any
 * other, so the text is the only sign of the failure. Plain data, checked against `@openai/agents` 0.20.
 * @see https://openai.github.io/openai-agents-js/guides/tools/
 */

/** The output the SDK writes for a call whose arguments were not JSON (the tool never ran). */
export const sdkInvalidJsonText = 'An error occurred while parsing tool arguments. Please try again with valid JSON.';

/** Whole outputs the SDK writes for a failed call. */
export const sdkFailureTexts: readonly string[] = [
  // `tool()` without an `errorFunction`: the tool threw (agents-core `defaultToolErrorFunction`).
  'An error occurred while running the tool. Please try again.',
  sdkInvalidJsonText,
  // A rejected approval (agents-core `TOOL_APPROVAL_REJECTION_MESSAGE`).
  'Tool execution was not approved.',
  // A failure whose details are redacted (agents-core `REDACTED_TOOL_ERROR_MESSAGE`).
  'Tool execution failed. Error details are redacted.',
];

/** `Tool '<name>' not found.`: a call to a tool the agent does not have (`toolNotFoundBehavior: 'return_error_to_model'`). */
export function isSdkToolNotFound(text: string): boolean {
  return text.startsWith("Tool '") && text.endsWith("' not found.");
}

/** `Tool '<name>' timed out after <n>ms.`: the tool's `timeoutMs` passed (`timeoutBehavior: 'error_as_result'`). */
function isSdkTimeout(text: string): boolean {
  return text.startsWith("Tool '") && text.endsWith('ms.') && text.includes("' timed out after ");
}

/** True when `text` is one of the SDK's failure outputs. */
export function isSdkFailureText(text: string): boolean {
  return sdkFailureTexts.includes(text) || isSdkToolNotFound(text) || isSdkTimeout(text);
}
