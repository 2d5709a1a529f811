/**
 * Message readers: every provider's conversation shape into claimcheck's `Conversation`.
 */
export { detectFormat } from './detect-format.js';
export { readAnthropic, ignoredAnthropicBlockTypes } from './read-anthropic.js';
export { readConversation, type ReadConversationOptions } from './read-conversation.js';
export { readOpenAIChat } from './read-openai-chat.js';
export { readOpenAIResponses, ignoredResponsesItemTypes } from './read-openai-responses.js';
export { readTranscript } from './read-transcript.js';
export { resultFailure } from './result-failure.js';
export { readTraces, type ReadTracesOptions, type TraceConversation, type TraceFormat } from './traces/read-traces.js';
export { normalizeTools, type ToolSpec } from '../tools.js';
