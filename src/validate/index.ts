/**
 * Schema validation of tool-call arguments: a reusable validator, a one-shot check, the CLI's record
 * check, and a payload generator for tests.
 */
export { createValidator, type Validator, type ValidatorOptions } from './create-validator.js';
export { validateInput, type ValidateInputFailure, type ValidateInputResult } from './validate-input.js';
export { validateToolCall, type ValidateToolCallOptions } from './validate-tool-call.js';
export {
  ValidationFailureCategory,
  validationFailureCategories,
  type ValidationFailure,
  type ValidationResult,
} from './validation-failure.js';
export { violationPayloads, type ViolationPayload } from './violation-payloads.js';
