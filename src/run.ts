/**
 * claimcheck/run: `run()`, one guarded model turn over an OpenAI (also Azure OpenAI) or Anthropic client,
 * and `buildRepairPrompt()`. Loads no SDK: `run()` only calls methods on the client you pass.
 */
export { run, type RunOptions } from './run/run.js';
export type { RepairAttempt, RunResult } from './run/run-result.js';
export { buildRepairPrompt, REPAIR_PROMPT_LIMITS, type RepairFailure } from './run/build-repair-prompt.js';
export type { AnthropicMessagesClient, OpenAIChatClient, RunClient } from './run/clients.js';
