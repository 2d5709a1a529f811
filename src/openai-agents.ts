/**
 * claimcheck/openai-agents: claimcheck for the OpenAI Agents SDK (`@openai/agents`). Function tools
 * routed through a guard, a tool input guardrail that validates arguments, an output guardrail that
 * checks the final reply against the run's tool calls, and checks over a finished run's items. Imports
 * `@openai/agents` for types only; the root entry never imports this file.
 */
export { guardAgentTools, type GuardAgentToolsOptions, type GuardedAgentTools } from './openai-agents/guard-agent-tools.js';
export { claimcheckOutputGuardrail, type ClaimcheckGuardrailMode, type ClaimcheckOutputGuardrailOptions } from './openai-agents/claimcheck-output-guardrail.js';
export {
  claimcheckToolInputGuardrail,
  type ClaimcheckToolInputGuardrailOptions,
  type ToolInputGuardrailInfo,
} from './openai-agents/claimcheck-tool-input-guardrail.js';
export { claimcheckRunOptions, type ClaimcheckRunOptions, type ClaimcheckRunOptionsInput } from './openai-agents/claimcheck-run-options.js';
export { ledgerFromRunItems } from './openai-agents/ledger-from-run-items.js';
export { checkAgentRun, type AgentRunLike, type CheckAgentRunOptions } from './openai-agents/check-agent-run.js';
