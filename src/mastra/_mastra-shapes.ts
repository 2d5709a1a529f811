/**
 * Internal: the members of `@mastra/core` 1.x shapes that `claimcheck/mastra` reads, as local
 * structural types. `@mastra/core` declares Node.js >=22.13 and is an optional peer, so claimcheck
 * neither imports it at run time nor needs its types to build; the conformance suite checks these
 * shapes against the real ones (`new Agent({ hooks, outputProcessors })`) on Node.js 24.
 * @see https://mastra.ai/blog/introducing-tool-hooks
 * @see https://mastra.ai/reference/processors/processor-interface
 */

/** What a tool hook receives (`ToolHookContext` in `@mastra/core/tools`). */
export interface ToolHookContext {
  /** The name the model called the tool by: its key in the agent's tools. */
  toolName: string;
  /** The arguments the model gave, before Mastra validates them against the tool's schema. */
  input: unknown;
  /** What the agent passes the tool's `execute`; in an agent run it has the model's `toolCallId`. */
  context: unknown;
  metadata?: Record<string, unknown>;
}

/** What `afterToolCall` receives (`ToolAfterHookContext`). */
export interface ToolAfterHookContext extends ToolHookContext {
  /** The tool's output; `undefined` when it threw. */
  output?: unknown;
  /** What the tool threw, if it did. */
  error?: unknown;
}

/** What `beforeToolCall` returns to answer the call itself: the tool does not run and the model reads `output`. */
export interface ToolBeforeHookResult {
  proceed: false;
  output: unknown;
}

/** One tool call of a step (`ToolCallInfo`). */
export interface ToolCallInfo {
  toolName: string;
  toolCallId: string;
  args: unknown;
}

/** What `abort()` takes besides the reason (`TripWireOptions`). */
export interface TripWireOptions {
  /** Have the model answer again, with the reason as feedback (up to the agent's `maxProcessorRetries`). */
  retry?: boolean;
  metadata?: unknown;
}

/** The members of the processor arguments every phase has (`ProcessorMessageContext`). */
export interface ProcessorMessageArgs<L> {
  /** Ends the run with a tripwire (`result.tripwire`), or asks for a retry. Throws. */
  abort: (reason?: string, options?: TripWireOptions) => never;
  /** The run's messages (`MastraDBMessage[]`). */
  messages: readonly unknown[];
  /** The run's `MessageList`; returning it unchanged changes nothing. */
  messageList: L;
  /** Per-run state, shared by every phase of this processor within one `generate()` / `stream()`. */
  state: Record<string, unknown>;
  /** Retries processors have asked for in this run. */
  retryCount: number;
}

/** What `processOutputStep` receives (`ProcessOutputStepArgs`): after each model response, before its tools run. */
export interface ProcessOutputStepArgs<L> extends ProcessorMessageArgs<L> {
  stepNumber: number;
  /** The step's tool calls. */
  toolCalls?: readonly ToolCallInfo[];
  /** The step's text. */
  text?: string;
  /** Every step so far, this one included (`StepResult`s; their `content` holds the tool calls and results). */
  steps: readonly unknown[];
}

/** What `processOutputResult` receives (`ProcessOutputResultArgs`): once, when the run is done. */
export interface ProcessOutputResultArgs<L> extends ProcessorMessageArgs<L> {
  result: { text: string; steps: readonly unknown[] };
}
