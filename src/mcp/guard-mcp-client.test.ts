// guardMcpClient against a real MCP server (the SDK's McpServer) over the SDK's in-memory transport.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { connectObserved, createShopServer, type ShopServerOptions } from '../../test/fixtures/mcp-shop-server.mjs';
import { idField } from '../action/action-receipt.js';
import { createMemorySink } from '../action/operation-sink.js';
import { openStore } from '../store/open-store.js';
import { guardMcpClient, type GuardMcpClientOptions } from './guard-mcp-client.js';
import { readMcpRefusal } from './mcp-refusal.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function connect(server = createShopServer()) {
  const calls: Array<{ tool: string; args: unknown }> = [];
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await connectObserved(server, serverSide, (tool, args) => calls.push({ tool, args }));
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  closers.push(() => client.close());
  return { server, client, calls };
}

async function setUp(shop: ShopServerOptions = {}, options: GuardMcpClientOptions = {}) {
  const conn = await connect(createShopServer(shop));
  const sink = createMemorySink();
  const logger = { warn: vi.fn() };
  const mcp = await guardMcpClient(conn.client, { sink, logger, ...options });
  return { ...conn, sink, logger, mcp };
}

const refund = { name: 'issue_refund', arguments: { order_id: 'A-1', amount_cents: 6400 } };

describe('guardMcpClient: forwarded calls', () => {
  it('lists the tools and returns the server result as it is, recording read and posted calls', async () => {
    const { mcp, sink, calls } = await setUp();
    expect(mcp.tools.map((t) => t.name)).toEqual(['lookup_order', 'issue_refund', 'send_email']);
    const lookup = await mcp.callTool({ name: 'lookup_order', arguments: { order_id: 'A-1' } });
    expect(lookup.structuredContent).toEqual({ order_id: 'A-1', total: 64, status: 'delivered' });
    const refunded = await mcp.callTool(refund, { callId: 'call_9' });
    expect(refunded).toEqual({ content: [{ type: 'text', text: '{"refund_id":"RF-1001","status":"succeeded"}' }], structuredContent: { refund_id: 'RF-1001', status: 'succeeded' } });
    expect(calls.map((c) => c.tool)).toEqual(['lookup_order', 'issue_refund']);
    expect(sink.operations.map((o) => [o.tool, o.kind, o.state, o.receipt?.id ?? null])).toEqual([
      ['lookup_order', 'read', 'read', null],
      ['issue_refund', 'action', 'posted', 'RF-1001'],
    ]);
    expect(sink.operations[1]).toMatchObject({ callId: 'call_9', receipt: { kind: 'refund_id' } });
    expect(mcp.ledger.entries.map((e) => e.result)).toEqual([{ order_id: 'A-1', total: 64, status: 'delivered' }, { refund_id: 'RF-1001', status: 'succeeded' }]);
  });

  it('records an isError result as failed and returns it unchanged', async () => {
    const { mcp, sink } = await setUp();
    const result = await mcp.callTool({ name: 'send_email', arguments: { to: 'timeout@example.com', subject: 'Hi', body: 'x' } });
    expect(result).toEqual({ content: [{ type: 'text', text: 'SMTP timeout after 30000ms' }], isError: true });
    expect(sink.operations).toEqual([expect.objectContaining({ tool: 'send_email', state: 'failed', failure: 'tool_failed', error: 'SMTP timeout after 30000ms' })]);
  });

  it('judges an action whose output has no id as unknown, and an echoed argument is no proof', async () => {
    const { mcp, sink } = await setUp({ handlers: { issue_refund: (a) => ({ order_id: a.order_id, status: 'queued' }) } });
    await mcp.callTool(refund);
    expect(sink.operations[0]).toMatchObject({ state: 'unknown', receipt: { id: null } });
  });

  it('takes receipts and readOnlyTools to override what the annotations say', async () => {
    const { mcp, sink } = await setUp(
      { handlers: { issue_refund: () => ({ refund: { id: 're_1' } }), lookup_order: (a) => ({ id: a.order_id }) }, readOnly: [] },
      { receipts: { issue_refund: idField(['refund', 'id']) }, readOnlyTools: ['lookup_order'] },
    );
    await mcp.callTool(refund);
    await mcp.callTool({ name: 'lookup_order', arguments: { order_id: 'A-1' } });
    expect(sink.operations.map((o) => [o.kind, o.state, o.receipt?.id ?? null])).toEqual([
      ['action', 'posted', 're_1'],
      ['read', 'read', null],
    ]);
  });
});

describe('guardMcpClient: refusals', () => {
  it('refuses arguments that fail the inputSchema, without calling the server', async () => {
    const { mcp, sink, calls } = await setUp();
    const result = await mcp.callTool({ name: 'issue_refund', arguments: { order_id: 'A-1', amount_cents: '6400' } });
    expect(calls).toEqual([]);
    expect(result.isError).toBe(true);
    const text = (result.content[0] as { text: string }).text;
    expect(text).toContain('claimcheck refused this call (type_mismatch at /amount_cents).');
    expect(text).toContain('Your call to issue_refund was rejected and did not run');
    expect(text).toContain('Call issue_refund again with corrected arguments.');
    expect(readMcpRefusal(result)).toEqual({
      tool: 'issue_refund',
      category: 'type_mismatch',
      path: '/amount_cents',
      failures: [{ category: 'type_mismatch', path: '/amount_cents', message: expect.any(String) }],
    });
    expect(sink.interceptions).toEqual([expect.objectContaining({ tool: 'issue_refund', category: 'type_mismatch', path: '/amount_cents', repaired: false })]);
    expect(sink.operations).toEqual([expect.objectContaining({ tool: 'issue_refund', state: 'failed', ran: false })]);
    // The model's corrected call, marked as a repair.
    await mcp.callTool(refund, { repaired: true });
    expect(sink.operations[1]).toMatchObject({ state: 'posted', repaired: true });
  });

  it('refuses a tool the server does not list, naming the closest one', async () => {
    const { mcp, sink, calls } = await setUp();
    const result = await mcp.callTool({ name: 'issue_refnd', arguments: {} });
    expect(calls).toEqual([]);
    expect((result.content[0] as { text: string }).text).toBe(
      'claimcheck refused this call: Unknown tool "issue_refnd"; registered tools: "lookup_order", "issue_refund" and "send_email". Did you mean "issue_refund"? The call did not run.',
    );
    expect(readMcpRefusal(result)).toMatchObject({ category: 'unknown_tool', path: '' });
    expect(sink.interceptions).toEqual([expect.objectContaining({ tool: 'issue_refnd', category: 'unknown_tool' })]);
  });

  it('validates absent arguments as {}', async () => {
    const { mcp } = await setUp();
    const result = await mcp.callTool({ name: 'lookup_order' });
    expect(readMcpRefusal(result)).toMatchObject({ category: 'missing_required', path: '/order_id' });
  });
});

describe('guardMcpClient: the session', () => {
  it('catches a reply that claims an action no call backs', async () => {
    const { mcp } = await setUp();
    await mcp.callTool({ name: 'lookup_order', arguments: { order_id: 'A-1' } });
    const receipt = mcp.checkBypass("I looked up order A-1 and I've emailed you the confirmation.");
    expect(receipt.verdict).toBe('fabricated');
    expect(receipt.claimedButNeverRan.map((c) => [c.tool, c.reason])).toEqual([['send_email', 'not_called']]);
    expect(mcp.turn).toEqual([]);
    expect(mcp.close().operations.read).toBe(1);
  });

  it('rethrows what the client throws, after recording the call as failed', async () => {
    const { mcp, client, sink } = await setUp();
    await client.close();
    await expect(mcp.callTool(refund)).rejects.toThrow(/Not connected/);
    expect(sink.operations).toEqual([expect.objectContaining({ tool: 'issue_refund', state: 'failed', failure: 'tool_failed' })]);
  });

  it('fails open: when the guard itself fails, the call is forwarded and a warning logged', async () => {
    const { mcp, calls, logger } = await setUp();
    vi.spyOn(mcp.guard, 'executeAsync').mockImplementation(() => {
      throw new TypeError('boom');
    });
    const result = await mcp.callTool({ name: 'lookup_order', arguments: { order_id: 'A-1' } });
    expect(result.structuredContent).toMatchObject({ order_id: 'A-1' });
    expect(calls).toHaveLength(1);
    expect(logger.warn).toHaveBeenCalledWith('claimcheck (MCP): guarding a call failed; the call goes on unguarded: boom');
  });

  it('takes a changed tool list from listTools(), keeping the sink', async () => {
    const { mcp, server, sink } = await setUp();
    const first = mcp.guard;
    server.registerTool('cancel_order', { description: 'Cancel an order.', inputSchema: { order_id: z.string() } }, () => ({
      content: [{ type: 'text', text: 'ok' }],
      structuredContent: { cancellation_id: 'CX-1' },
    }));
    await mcp.listTools();
    expect(mcp.guard).not.toBe(first);
    expect(mcp.sink).toBe(sink);
    await mcp.callTool({ name: 'cancel_order', arguments: { order_id: 'A-1' } });
    expect(sink.operations.at(-1)).toMatchObject({ tool: 'cancel_order', state: 'posted', receipt: { id: 'CX-1', kind: 'cancellation_id' } });
    const same = mcp.guard;
    await mcp.refreshTools();
    expect(mcp.guard).toBe(same);
  });

  it('records into a store given as store', async () => {
    const store = await openStore({ path: ':memory:' });
    closers.push(() => store.close());
    const { client } = await connect();
    const mcp = await guardMcpClient(client, { store });
    expect(mcp.sink).toBe(store);
    await mcp.callTool(refund);
    await mcp.callTool({ name: 'issue_refund', arguments: { order_id: 'A-1' } });
    await store.flush();
    const detail = await store.runDetail(store.currentRunId ?? '');
    expect(detail?.operations.map((o) => [o.tool, o.state])).toEqual([['issue_refund', 'posted'], ['issue_refund', 'failed']]);
    expect(detail?.interceptions).toEqual([expect.objectContaining({ category: 'missing_required', path: '/amount_cents' })]);
  });

  it('refuses a callId already in flight, and a client without the two methods', async () => {
    const { mcp } = await setUp();
    const first = mcp.callTool(refund, { callId: 'same' });
    await expect(mcp.callTool(refund, { callId: 'same' })).rejects.toMatchObject({ code: 'invalid_options' });
    await first;
    await expect(guardMcpClient({} as never)).rejects.toMatchObject({ code: 'invalid_options' });
  });
});
