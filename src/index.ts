/**
 * claimcheck: catch LLM agents claiming actions they never took.
 *
 * The root entry is the core: ledger, message readers, claim extraction, receipts and argument
 * validation. It loads no provider SDK and no database driver.
 */
export { ClaimcheckError, ClaimcheckErrorCode, type ClaimcheckErrorOptions } from './errors.js';
export { Ledger, type LedgerEntry, type LedgerOptions } from './ledger.js';
export { MessageFormat, type Conversation, type ConversationEvent } from './conversation.js';
export { normalizeTools, type ToolSpec } from './tools.js';
export {
  detectFormat,
  readAnthropic,
  readConversation,
  readOpenAIChat,
  readOpenAIResponses,
  readTranscript,
  resultFailure,
  type ReadConversationOptions,
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
export { Receipt, RECEIPT_VERSION, type Claim, type FlagReason, type ReceiptJSON, type ReceiptParts, type Verdict } from './receipt.js';
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
