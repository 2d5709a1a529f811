/**
 * claimcheck/openai: the OpenAI SDK (`openai`). `run()` for one guarded turn, and `guardToolMap()` for a
 * Chat Completions loop you keep yourself. Loads no SDK: both only read the shapes the client returns.
 */
export { run, buildRepairPrompt, REPAIR_PROMPT_LIMITS } from './run.js';
export type { RunOptions, RepairAttempt, RunResult, RepairFailure, AnthropicMessagesClient, OpenAIChatClient, RunClient } from './run.js';
export {
  guardToolMap,
  type GuardedToolMap,
  type GuardToolMapOptions,
  type OpenAICustomToolCall,
  type OpenAIFunctionToolCall,
  type OpenAIToolMessage,
} from './openai/guard-tool-map.js';
