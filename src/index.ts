/**
 * claimcheck: catch LLM agents claiming actions they never took.
 *
 * The root entry is the core: ledger, message readers, claim extraction, receipts, argument
 * validation, and the action layer's guard. It loads no provider SDK and no database driver.
 */
export { ClaimcheckError, ClaimcheckErrorCode, type ClaimcheckErrorOptions } from './errors.js';
export { Ledger, type LedgerEntry, type LedgerEntryInput, type LedgerOptions } from './ledger.js';
export { MessageFormat, type Conversation, type ConversationEvent } from './conversation.js';
export { normalizeTools, type ToolSpec } from './tools.js';
export {
  detectFormat,
  readAnthropic,
  readConversation,
  readOpenAIChat,
  readOpenAIResponses,
  readTraces,
  readTranscript,
  resultFailure,
  type ReadConversationOptions,
  type ReadTracesOptions,
  type TraceConversation,
  type TraceFormat,
} from './readers/index.js';
export { extractClaims, type ClaimForm, type ExtractedClaim, type ExtractOptions } from './claims/extract-claims.js';
export {
  check,
  checkMessages,
  checkTurns,
  turnReceiptToJSON,
  type CheckMessagesOptions,
  type CheckOptions,
  type CheckReplyOptions,
  type TurnReceipt,
  type TurnReceiptJSON,
} from './check.js';
export { Receipt, RECEIPT_VERSION, type Claim, type DroppedClaim, type FlagReason, type ReceiptJSON, type ReceiptParts, type SecondOpinionGuard, type SecondOpinionNote, type Verdict } from './receipt.js';
export {
  createValidator,
  validateInput,
  validateToolCall,
  type ValidateInputFailure,
  type ValidateInputResult,
  type ValidateToolCallOptions,
  type Validator,
  type ValidatorOptions,
  ValidationFailureCategory,
  validationFailureCategories,
  type ValidationFailure,
  type ValidationResult,
} from './validate/index.js';
export {
  guard,
  type CheckBypassOptions,
  type ExecuteOptions,
  type Guard,
  type GuardLogger,
  type GuardObserver,
  type GuardOptions,
  type GuardRunOptions,
  type GuardSummary,
  type ObservedCall,
  type ObservedReply,
  type RejectOptions,
} from './action/guard.js';
export type { GuardErrorData, GuardFailure, GuardResult, GuardResultBase } from './action/guard-result.js';
export { action, isAction, type Action, type ActionOptions, type Executor, type ExecutorContext } from './action/action.js';
export { idField, type ActionReceipt, type ActionReceiptInit, type ReceiptReader } from './action/action-receipt.js';
export { FLAG, HALT, PASS, type Verify, type VerifyOutcome } from './action/verify-outcome.js';
export type { GuardFailureCategory, Interception, Operation, OperationState, ReceiptRecord, ValidationCoverage } from './action/operation.js';
export { createMemorySink, type MemorySink, type MemorySinkOptions, type OperationSink, type SinkErrorSource } from './action/operation-sink.js';
export { renderTurn, type RenderTurnInput } from './action/render-turn.js';
export { checkAsync, checkTurnsAsync, type AsyncCheckOptions } from './check-async.js';
export { ruleExtractor, type Extractor, type ExtractorClaim, type ExtractorInput, type ExtractorTool } from './claims/extractor.js';
export { createLlmExtractor, LLM_TIMEOUT_MS, type Complete, type CompleteRequest, type LlmExtractor, type LlmExtractorOptions, type LlmExtractorSettings, type LlmReading } from './claims/llm-extractor.js';
