/**
 * claimcheck/mastra: claimcheck for Mastra agents (`@mastra/core` 1.x). Tool hooks that route every
 * tool call through a guard, and an output processor that checks each step's text and the final reply
 * against the calls, annotating, blocking or retrying a fabricated reply. Needs no import of
 * `@mastra/core` (its shapes are read structurally); the root entry never imports this file.
 */
export { claimcheckToolHooks, type ClaimcheckToolHooks, type ClaimcheckToolHooksOptions } from './mastra/claimcheck-tool-hooks.js';
export { claimcheckProcessor, type ClaimcheckProcessor, type ClaimcheckProcessorOptions, type MastraStepReceipt, type OnFabricated } from './mastra/claimcheck-processor.js';
