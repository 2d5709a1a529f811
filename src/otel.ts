/**
 * claimcheck/otel: OpenTelemetry spans for guarded tool calls, following the GenAI semantic
 * conventions for tool execution (v1.41.0), and a span processor that checks the agent turns an
 * application already traces. Loads the optional peer `@opentelemetry/api` (and no
 * SDK: bring your own tracer provider); the root entry never imports this file.
 */
export { createOtelObserver, GEN_AI_SEMCONV_VERSION, OTEL_SCOPE_NAME, type OtelObserverOptions } from './otel/create-otel-observer.js';
export { createClaimcheckSpanProcessor, CHECK_SPAN, type ClaimcheckSpanProcessor, type ClaimcheckSpanProcessorOptions } from './otel/create-claimcheck-span-processor.js';
export type { GuardObserver, ObservedCall, ObservedReply } from './action/guard-observer.js';
