/**
 * The provider-neutral conversation every reader produces: what the user said, what the assistant
 * said to the user, and each tool call placed where it settled.
 */
import type { LedgerEntry } from './ledger.js';
import type { ToolSpec } from './tools.js';

/** Message formats claimcheck reads. */
export const MessageFormat = {
  /** OpenAI Chat Completions messages. @see https://platform.openai.com/docs/api-reference/chat/create */
  openaiChat: 'openai-chat',
  /** OpenAI Responses API input/output items. @see https://platform.openai.com/docs/api-reference/responses */
  openaiResponses: 'openai-responses',
  /** Anthropic Messages API. @see https://docs.anthropic.com/en/api/messages */
  anthropic: 'anthropic',
  /** Plain `{role, content}` lines with settled tool entries `{tool, status, args?, result?, error?, callId?}`. */
  transcript: 'transcript',
  /**
   * One trace of an OTLP JSON trace export (`{resourceSpans}`), its spans following the OpenTelemetry GenAI
   * semantic conventions, the Vercel AI SDK's telemetry or OpenInference (docs/formats.md, "Traces").
   * @see https://opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding
   */
  otlp: 'otlp',
  /** A Langfuse trace with its observations (`GET /api/public/traces/{traceId}`). @see https://api.reference.langfuse.com */
  langfuse: 'langfuse',
  /** A LangSmith root run with its child runs, or the list of one trace's runs. @see https://docs.smith.langchain.com/reference/data_formats/run_data_format */
  langsmith: 'langsmith',
} as const;
export type MessageFormat = (typeof MessageFormat)[keyof typeof MessageFormat];

/** One event of a conversation, in the order it happened. `index` is the index of the source message or item. */
export type ConversationEvent =
  /** A user message with text (tool-result-only user messages of the Anthropic format are not user events). */
  | { kind: 'user'; index: number; text: string }
  /**
   * An assistant message with text said to the user (thinking/reasoning removed). An assistant message
   * that only calls tools, or only thinks, is no event of this kind.
   */
  | { kind: 'assistant'; index: number; text: string }
  /** A tool call, placed where it settled: where its result arrived, or at its call when no result ever did. */
  | { kind: 'tool'; index: number; entry: LedgerEntry };

/** What a reader returns. */
export interface Conversation {
  format: MessageFormat;
  events: ConversationEvent[];
  /** Tools declared with the conversation, normalized (empty when none were given). */
  tools: ToolSpec[];
}
