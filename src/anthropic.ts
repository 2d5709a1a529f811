/**
 * claimcheck/anthropic: the Anthropic SDK (`@anthropic-ai/sdk`). `run()` for one guarded turn, and
 * `guardRunnableTools()` for the SDK's tool runner or a loop you keep yourself. Loads no SDK.
 */
export { run, buildRepairPrompt, REPAIR_PROMPT_LIMITS } from './run.js';
export type { RunOptions, RepairAttempt, RunResult, RepairFailure, AnthropicMessagesClient, OpenAIChatClient, RunClient } from './run.js';
export {
  guardRunnableTools,
  type GuardedRunnableTools,
  type GuardRunnableToolsOptions,
  type RunnableToolContext,
  type RunnableToolLike,
} from './anthropic/guard-runnable-tools.js';
