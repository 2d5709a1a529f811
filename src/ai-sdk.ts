/**
 * claimcheck/ai-sdk: the Vercel AI SDK integration. `guardTools()` routes a tool set through a guard,
 * `repairToolCall()` repairs rejected calls with claimcheck's repair prompt, and `createRecorder()`
 * records `generateText` / `streamText` steps and checks their text. `ai` (version 6 or 7) is an optional
 * peer dependency, loaded on first use.
 */
export { guardTools, type GuardToolsOptions } from './ai-sdk/guard-tools.js';
export { repairToolCall, type RepairToolCallOptions } from './ai-sdk/repair-tool-call.js';
export { createRecorder, type AiSdkStep, type Recorder, type RecorderOptions, type StepReceipt, type TranscriptLine } from './ai-sdk/create-recorder.js';
export { createLlmExtractor, type LlmExtractorOptions } from './ai-sdk/create-llm-extractor.js';
