// The fleet recipe end to end (examples/fleet-worker.ts, quoted in the README): a worker records into
// a PostgreSQL ledger of its own and sends its spans through the OTLP/HTTP exporter to a receiver on
// 127.0.0.1 started here, which decodes what arrives (OTLP JSON).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../src/store/open-store.js';
import { postgresDriver, type Ledger } from './store/drivers.js';

interface OtlpValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  arrayValue?: { values: OtlpValue[] };
}
interface OtlpSpan {
  name: string;
  kind: number;
  spanId: string;
  parentSpanId?: string;
  attributes: Array<{ key: string; value: OtlpValue }>;
  events?: Array<{ name: string; attributes: Array<{ key: string; value: OtlpValue }> }>;
}
interface OtlpRequest {
  resourceSpans: Array<{ scopeSpans: Array<{ scope: { name: string }; spans: OtlpSpan[] }> }>;
}

const requests: Array<{ path: string | undefined; type: string | undefined; body: OtlpRequest }> = [];
let server: Server;
let ledger: Ledger;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ path: req.url, type: req.headers['content-type'], body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpRequest });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ledger = await postgresDriver.fresh();
  process.env['OTEL_EXPORTER_OTLP_ENDPOINT'] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env['CLAIMCHECK_DB'] = (ledger.location as { url: string }).url;
  process.env['CLAIMCHECK_HASH_KEY'] ??= 'otlp suite key';
});
afterAll(async () => {
  delete process.env['OTEL_EXPORTER_OTLP_ENDPOINT'];
  delete process.env['CLAIMCHECK_DB'];
  await new Promise((resolve) => server.close(resolve));
  await ledger.dispose();
});

function attrs(list: Array<{ key: string; value: OtlpValue }> | undefined): Record<string, unknown> {
  const plain = (v: OtlpValue): unknown => v.stringValue ?? v.boolValue ?? (v.intValue === undefined ? v.arrayValue?.values.map(plain) : Number(v.intValue));
  return Object.fromEntries((list ?? []).map((a) => [a.key, plain(a.value)]));
}

describe('fleet worker recipe: ledger in PostgreSQL, traces over OTLP/HTTP', () => {
  it('the receiver gets the execute_tool span under the agent span, with the reply event; the ledger holds the call', async () => {
    const { handleTicket } = (await import('../examples/fleet-worker.js')) as { handleTicket: (orderId: string, reply: string) => Promise<string> };
    expect(await handleTicket('A-1', 'I refunded order A-1.')).toBe('clean');

    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((r) => r.path === '/v1/traces' && r.type === 'application/json')).toBe(true);
    const spans = requests.flatMap((r) => r.body.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans.map((s) => ({ ...s, scope: ss.scope.name })))));
    const agent = spans.find((s) => s.name === 'invoke_agent refund-worker');
    const tool = spans.find((s) => s.name === 'execute_tool issue_refund');
    expect(tool?.scope).toBe('claimcheck');
    expect(tool?.kind).toBe(1); // SPAN_KIND_INTERNAL
    expect(tool?.parentSpanId).toBe(agent?.spanId);
    expect(attrs(tool?.attributes)).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'issue_refund',
      'gen_ai.tool.description': 'Refund an order.',
      'gen_ai.tool.type': 'function',
      'claimcheck.state': 'posted',
      'claimcheck.receipt.id': 'RF-A-1',
    });
    expect(attrs(tool?.attributes)['gen_ai.tool.call.arguments']).toBeUndefined();
    const event = agent?.events?.find((e) => e.name === 'claimcheck.reply_checked');
    expect(attrs(event?.attributes)).toMatchObject({ 'claimcheck.receipt.verdict': 'clean', 'claimcheck.receipt.confirmed': 1, 'claimcheck.receipt.flagged_claims': [] });

    const store = await openStore({ url: (ledger.location as { url: string }).url });
    try {
      const runs = await store.listRuns();
      expect(runs.map((r) => [r.agent, r.operations])).toEqual([['refund-worker', 1]]);
    } finally {
      await store.close();
    }
  });
});
