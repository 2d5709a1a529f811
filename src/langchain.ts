/**
 * claimcheck/langchain: claimcheck for LangChain v1 and LangGraph. Agent middleware for `createAgent`,
 * a callback handler for graphs built by hand, and checks over a recorded `BaseMessage[]`. Loads the
 * optional peers `langchain`, `@langchain/core` and `zod`; the root entry never imports this file.
 */
export { claimcheckMiddleware, type ClaimcheckMiddleware, type ClaimcheckMiddlewareOptions, type OnFabricated } from './langchain/claimcheck-middleware.js';
export { ClaimcheckCallbackHandler, type CallbackReceiptOptions, type ClaimcheckCallbackHandlerOptions } from './langchain/claimcheck-callback-handler.js';
export { checkLangChainMessages, ledgerFromLangChainMessages, type CheckLangChainMessagesOptions } from './langchain/check-langchain-messages.js';
