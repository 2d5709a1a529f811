/**
 * Internal: what one span of a trace contributes to the conversation, whatever convention it follows:
 * a model call (the messages it was given and what it answered) or a tool execution.
 */
import type { ChatMessage, LazyMessages } from './_chat-message.js';

/** A model call: an LLM/chat span, or an agent span holding messages. */
export interface ModelStep {
  kind: 'model';
  spanId: string;
  start: number;
  end: number;
  /** The messages the model was given (JSON text read when needed); `null` when the span records none (content capture off). */
  input: ChatMessage[] | LazyMessages | null;
  /** What the model answered; `null` when the span records none. */
  output: ChatMessage[] | null;
  /** Tool definitions the span lists (any provider shape), or `null`. */
  tools: unknown[] | null;
}

/** A tool execution. */
export interface ToolStep {
  kind: 'tool';
  spanId: string;
  start: number;
  end: number;
  tool: string;
  callId: string | null;
  /** The arguments (parsed from JSON text); `undefined` when not recorded. */
  args: unknown;
  /** The result (parsed from JSON text); `undefined` when not recorded. */
  result: unknown;
  /** The span or the result marks the call failed (status `ERROR`, an error level, an `error` field). */
  failed: boolean;
  /** The error text the trace gives, if any. */
  error: string | null;
}

/** Tool definitions alone (a span that declares the agent's tools and does nothing else of interest). */
export interface ToolsStep {
  kind: 'tools';
  spanId: string;
  tools: unknown[];
}

export type TraceStep = ModelStep | ToolStep | ToolsStep;
