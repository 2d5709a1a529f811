/**
 * Internal: the attributes of an `execute_tool` span and of the checked-reply event, from a guard's
 * records. Pure: OpenTelemetry objects stay in `create-otel-observer.ts`.
 * @see https://github.com/open-telemetry/semantic-conventions/blob/v1.41.0/docs/gen-ai/gen-ai-spans.md#execute-tool-span
 */
import type { Attributes } from '@opentelemetry/api';
import type { ObservedCall } from '../action/guard-observer.js';
import type { Operation, ReceiptRecord } from '../action/operation.js';
import { redactText } from '../_redact.js';

/** What the content attributes may hold. */
export interface ContentPolicy {
  capture: boolean;
  maxChars: number;
}

/** The span attributes of one settled call (GenAI `execute_tool` ones, then `claimcheck.*`). */
export function callAttributes(call: ObservedCall, content: ContentPolicy): Attributes {
  const op = call.operation;
  const a: Attributes = {
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': op.tool,
    'gen_ai.tool.call.id': op.callId,
    // Every guarded tool is run by the application, not by the model provider: a `function` tool.
    'gen_ai.tool.type': 'function',
    'claimcheck.state': op.state,
    'claimcheck.tool.kind': op.kind,
    'claimcheck.ran': op.ran,
    'claimcheck.repaired': op.repaired,
  };
  if (call.description !== null) a['gen_ai.tool.description'] = call.description;
  if (op.failure !== null) a['error.type'] = op.failure;
  if (op.turn !== undefined) a['claimcheck.turn'] = op.turn;
  if (op.receipt !== null) {
    a['claimcheck.receipt.ok'] = op.receipt.ok;
    a['claimcheck.receipt.kind'] = op.receipt.kind;
    if (op.receipt.id !== null) a['claimcheck.receipt.id'] = op.receipt.id;
  }
  if (op.verify !== null) a['claimcheck.verify'] = op.verify.code;
  if (op.incident !== null) a['claimcheck.incident'] = freeText(op.incident, content);
  if (op.validation !== undefined) a['claimcheck.validation'] = op.validation;
  if (call.interception !== null) {
    a['claimcheck.interception.category'] = call.interception.category;
    a['claimcheck.interception.path'] = call.interception.path;
  }
  if (content.capture) {
    const args = asJson(call.args, content.maxChars);
    if (args !== undefined) a['gen_ai.tool.call.arguments'] = args;
    // The convention records a result only when the call succeeded.
    const result = op.state === 'failed' ? undefined : asJson(call.result, content.maxChars);
    if (result !== undefined) a['gen_ai.tool.call.result'] = result;
  }
  return a;
}

/** The attributes of the `claimcheck.interception` event: every failure, by category and path, and the arguments' hash. */
export function interceptionAttributes(call: ObservedCall): Attributes {
  const i = call.interception;
  if (i === null) return {};
  return {
    'claimcheck.interception.category': i.category,
    'claimcheck.interception.path': i.path,
    'claimcheck.interception.failures': i.failures.map((f) => `${f.category} at ${f.path === '' ? '/' : f.path}`),
    'claimcheck.args_hash': i.argsHash,
  };
}

/**
 * The attributes of the `claimcheck.reply_checked` event: the receipt's verdict, summary and counts,
 * and each flagged claim as `tool:reason` (`(none)` for a claim no tool fits); with content capture,
 * the flagged claims' sentences too.
 */
export function replyAttributes(record: ReceiptRecord, content: ContentPolicy): Attributes {
  const r = record.receipt;
  const a: Attributes = {
    'claimcheck.receipt.verdict': r.verdict,
    'claimcheck.receipt.summary': r.summary,
    'claimcheck.receipt.confirmed': r.confirmed.length,
    'claimcheck.receipt.flagged': r.claimedButNeverRan.length,
    'claimcheck.receipt.unreported': r.ranButUnreported.length,
    'claimcheck.receipt.flagged_claims': r.claimedButNeverRan.map((c) => `${c.tool ?? '(none)'}:${c.reason ?? 'flagged'}`),
    'claimcheck.receipt.call_ids': record.callIds,
  };
  if (record.turn !== undefined) a['claimcheck.turn'] = record.turn;
  if (content.capture) a['claimcheck.receipt.flagged_texts'] = r.claimedButNeverRan.map((c) => clip(c.text, content.maxChars));
  return a;
}

/**
 * A failed call's span status message: its error text (else its failure category). Without content
 * capture the text is redacted by the ledger's rule (`_redact.ts`), so a span never holds more of it
 * than a ledger opened without `capture` stores.
 */
export function statusMessage(op: Operation, content: ContentPolicy): string {
  return op.error === null ? (op.failure ?? 'failed') : freeText(op.error, content);
}

/** Free text (error text, an incident) as a span may hold it: as it is with capture, else redacted; cut to `maxChars` either way. */
function freeText(text: string, content: ContentPolicy): string {
  return clip(content.capture ? text : redactText(text), content.maxChars);
}

/** `value` as JSON text (a string as it is), cut to `maxChars`; `undefined` for `undefined` or what cannot be serialized. */
function asJson(value: unknown, maxChars: number): string | undefined {
  if (value === undefined) return undefined;
  let text: string | undefined;
  try {
    text = typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    return undefined; // cycles, BigInt: left out rather than failing the span
  }
  return text === undefined ? undefined : clip(text, maxChars);
}

/** `text` cut to `maxChars` UTF-16 code units and marked with `…`, never splitting a surrogate pair. */
function clip(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const last = text.charCodeAt(maxChars - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? maxChars - 1 : maxChars;
  return `${text.slice(0, end)}…`;
}
