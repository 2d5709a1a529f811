// createMcpProxy over real MCP servers (the SDK's McpServer) and a real client, all on in-memory transports.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { connectObserved, createShopServer, defaultShopHandlers } from '../../test/fixtures/mcp-shop-server.mjs';
import { createMemorySink } from '../action/operation-sink.js';
import { createMcpProxy } from './create-mcp-proxy.js';
import { readMcpRefusal } from './mcp-refusal.js';
import { upstreamPrefixes } from './_proxy-routes.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function link(server: ReturnType<typeof createShopServer>, calls: string[], label: string): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await connectObserved(server, serverSide, (tool) => calls.push(`${label}:${tool}`));
  const client = new Client({ name: 'proxy', version: '1.0.0' });
  await client.connect(clientSide);
  closers.push(() => client.close());
  return client;
}

async function setUp() {
  const calls: string[] = [];
  const shop = createShopServer();
  const crm = createShopServer({ name: 'crm', handlers: { lookup_order: (a) => ({ order_id: a.order_id, owner: 'crm' }) } });
  const sink = createMemorySink();
  const proxy = await createMcpProxy({ upstreams: [{ client: await link(shop, calls, 'shop') }, { client: await link(crm, calls, 'crm') }], sink, logger: { warn: vi.fn() } });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await proxy.server.connect(serverSide);
  const client = new Client({ name: 'desktop', version: '1.0.0' });
  await client.connect(clientSide);
  closers.push(async () => {
    await client.close();
    await proxy.close();
  });
  return { calls, shop, sink, proxy, client };
}

describe('createMcpProxy', () => {
  it('lists the upstreams’ tools merged, prefixing names more than one server lists', async () => {
    const { client } = await setUp();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['shop__lookup_order', 'issue_refund', 'send_email', 'crm__lookup_order']);
    expect(tools[1]).toMatchObject({ description: 'Refund an order to the original payment method. Amount in cents.', inputSchema: { required: ['order_id', 'amount_cents'] } });
    expect(client.getServerVersion()?.name).toBe('claimcheck-mcp-proxy');
  });

  it('routes calls, refuses bad arguments and unknown tools without forwarding them, and records every call', async () => {
    const { client, calls, sink } = await setUp();
    expect((await client.callTool({ name: 'crm__lookup_order', arguments: { order_id: 'A-1' } })).structuredContent).toEqual({ order_id: 'A-1', owner: 'crm' });
    expect((await client.callTool({ name: 'issue_refund', arguments: { order_id: 'A-1', amount_cents: 6400 } })).structuredContent).toMatchObject({ refund_id: 'RF-1001' });
    const bad = await client.callTool({ name: 'send_email', arguments: { to: 'not-an-email', subject: 'Hi', body: 'x' } });
    expect(readMcpRefusal(bad)).toMatchObject({ tool: 'send_email', category: 'format_violation', path: '/to' });
    const unknown = await client.callTool({ name: 'lookup_order', arguments: { order_id: 'A-1' } });
    expect(readMcpRefusal(unknown)).toMatchObject({ tool: 'lookup_order', category: 'unknown_tool' });
    expect((unknown.content as Array<{ text: string }>)[0]?.text).toContain('Did you mean "crm__lookup_order"?');
    expect(calls).toEqual(['crm:lookup_order', 'shop:issue_refund']);
    expect(sink.operations.map((o) => [o.tool, o.state])).toEqual([
      ['lookup_order', 'read'],
      ['issue_refund', 'posted'],
      ['send_email', 'failed'],
      ['lookup_order', 'failed'],
    ]);
    expect(sink.interceptions.map((i) => [i.tool, i.category])).toEqual([
      ['send_email', 'format_violation'],
      ['lookup_order', 'unknown_tool'],
    ]);
  });

  it('passes progress notifications through', async () => {
    const { client, shop } = await setUp();
    shop.registerTool('export_orders', { description: 'Export every order.', inputSchema: {} }, async (_args, extra) => {
      await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: extra._meta?.progressToken ?? 0, progress: 1, total: 2 } });
      return { content: [{ type: 'text', text: 'done' }], structuredContent: { export_id: 'EX-1' } };
    });
    await vi.waitFor(async () => expect((await client.listTools()).tools.map((t) => t.name)).toContain('export_orders'));
    const onprogress = vi.fn();
    const result = await client.callTool({ name: 'export_orders', arguments: {} }, undefined, { onprogress });
    expect(result.structuredContent).toEqual({ export_id: 'EX-1' });
    expect(onprogress).toHaveBeenCalledWith({ progress: 1, total: 2 });
  });

  it('reads a changed upstream list again and tells its clients', async () => {
    const { client, shop, proxy } = await setUp();
    const changed = vi.fn();
    client.setNotificationHandler(ToolListChangedNotificationSchema, changed);
    shop.registerTool('cancel_order', { description: 'Cancel an order.', inputSchema: { order_id: z.string() } }, () => ({ content: [{ type: 'text', text: 'cancelled' }] }));
    await vi.waitFor(() => expect(changed).toHaveBeenCalled());
    expect(proxy.tools.map((t) => t.name)).toContain('cancel_order');
    const result = await client.callTool({ name: 'cancel_order', arguments: { order_id: 42 } });
    expect(readMcpRefusal(result)).toMatchObject({ category: 'type_mismatch', path: '/order_id' });
  });

  it('needs an upstream; prefixes are distinct and allowed in tool names', async () => {
    await expect(createMcpProxy({ upstreams: [] })).rejects.toMatchObject({ code: 'invalid_options' });
    const calls: string[] = [];
    const upstream = { client: await link(createShopServer(), calls, 'shop') };
    for (const callTimeoutMs of [0, 1.5, 2 ** 31]) {
      await expect(createMcpProxy({ upstreams: [upstream], callTimeoutMs })).rejects.toMatchObject({ code: 'invalid_options' });
    }
    expect(upstreamPrefixes(['shop', 'shop', undefined, 'My Server/2'])).toEqual(['shop', 'shop2', 'server3', 'My_Server_2']);
    expect(defaultShopHandlers.issue_refund({})).toEqual({ refund_id: 'RF-1001', status: 'succeeded' });
  });
});
