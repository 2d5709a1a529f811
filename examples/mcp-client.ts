import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { guardMcpClient, readMcpRefusal } from 'claimcheck/mcp';
import { openStore } from 'claimcheck/store';
import { z } from 'zod';

// A stand-in for your MCP server. With a real one: await client.connect(new StdioClientTransport({ command, args })).
const server = new McpServer({ name: 'shop', version: '1.0.0' });
server.registerTool(
  'issue_refund',
  { description: 'Refund an order. Amount in cents.', inputSchema: { order_id: z.string(), amount_cents: z.number().int().min(1) } },
  async () => ({ content: [{ type: 'text', text: 'Refunded.' }], structuredContent: { refund_id: 'RF-1001' } }),
);
server.registerTool(
  'send_email',
  { description: 'Send an email to a customer.', inputSchema: { to: z.string().email(), body: z.string() } },
  async () => ({ content: [{ type: 'text', text: 'SMTP timeout after 30000ms' }], isError: true }),
);

export async function main(): Promise<string> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'support-agent', version: '1.0.0' });
  await client.connect(clientSide);
  const store = await openStore({ path: ':memory:' }); // openStore() for .claimcheck/ledger.sqlite in this project
  const mcp = await guardMcpClient(client, { store });

  // The model's tool calls: a bad one is refused (the server never sees it), its repair goes through.
  const refused = await mcp.callTool({ name: 'issue_refund', arguments: { order_id: 'A-1', amount_cents: '6400' } });
  console.log(refused.isError, readMcpRefusal(refused)?.category, readMcpRefusal(refused)?.path);
  const refund = await mcp.callTool({ name: 'issue_refund', arguments: { order_id: 'A-1', amount_cents: 6400 } }, { repaired: true });
  console.log(refund.structuredContent?.refund_id);
  await mcp.callTool({ name: 'send_email', arguments: { to: 'priya@example.com', body: 'Your refund is on its way.' } });

  // The model's final reply, checked against what ran.
  const receipt = mcp.checkBypass("I've refunded $64.00 and emailed you the confirmation.");
  console.log(receipt.verdict, receipt.claimedButNeverRan.map((c) => `${c.tool}:${c.reason}`).join(', '));
  console.log(mcp.render());
  await client.close();
  await store.close();
  return receipt.verdict;
}
