import { trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { action, guard, idField } from 'claimcheck';
import { createOtelObserver } from 'claimcheck/otel';
import { openStore } from 'claimcheck/store';

// Every worker: CLAIMCHECK_DB=postgres://… (the shared ledger) and
// OTEL_EXPORTER_OTLP_ENDPOINT=http://collector:4318 (your OTel backend), read from the environment.
const provider = new NodeTracerProvider({ spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
provider.register();

const tools = [{ name: 'issue_refund', description: 'Refund an order.', parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] } }];
const executors = { issue_refund: action((args: { order_id: string }) => ({ refund_id: `RF-${args.order_id}` }), { receipt: idField('refund_id') }) };

export async function handleTicket(orderId: string, reply: string): Promise<string> {
  const store = await openStore();
  const g = guard({ tools, executors, store, observers: [createOtelObserver()], run: { agent: 'refund-worker' } });
  const verdict = await trace.getTracer('refund-worker').startActiveSpan('invoke_agent refund-worker', async (span) => {
    await g.executeAsync('issue_refund', { order_id: orderId });
    const receipt = g.checkBypass(reply); // adds a claimcheck.reply_checked event to this span
    span.end();
    return receipt.verdict;
  });
  g.close();
  await store.close();
  await provider.forceFlush(); // a worker that exits sends what it traced
  return verdict;
}
