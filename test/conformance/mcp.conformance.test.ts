// The MCP driver: each scenario played through guardMcpClient against a real MCP server (the SDK's
// McpServer, whose tools run the scenario's executors) over the SDK's in-memory transport. The scripted
// model's tool calls become callTool calls, a repair round trip's call goes with { repaired: true }, and
// the final text goes to checkBypass.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { createMemorySink, createValidator, isAction, type Action, type Executor } from '../../src/index.js';
import { guardMcpClient, readMcpRefusal } from '../../src/mcp.js';
import { violationPayloads } from '../../src/testing.js';
import { connectObserved, createShopServer, type ShopHandler } from '../fixtures/mcp-shop-server.mjs';
import { conformanceTools, expectConformance, scenarios, type ModelStep } from './scenarios.js';

const isCalls = (s: ModelStep): s is Extract<ModelStep, { toolCalls: unknown }> => 'toolCalls' in s;

/** The scenario's executors as the server's tool handlers; actions are the tools not marked read-only. */
function serverTools(executors: Record<string, Executor | Action>) {
  const handlers: Record<string, ShopHandler> = {};
  const readOnly: string[] = [];
  for (const [name, entry] of Object.entries(executors)) {
    const run = isAction(entry) ? entry.executor : entry;
    handlers[name] = (args) => run(args, { tool: name, callId: '' });
    if (!isAction(entry)) readOnly.push(name);
  }
  return { handlers, readOnly };
}

describe('conformance: MCP (guardMcpClient over an in-memory transport)', () => {
  it('the server advertises schemas that judge arguments as conformanceTools do', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createShopServer().connect(serverSide);
    const client = new Client({ name: 'conformance', version: '1.0.0' });
    await client.connect(clientSide);
    const { tools } = await client.listTools();
    await client.close();
    const advertised = createValidator({ tools });
    const reference = createValidator({ tools: conformanceTools });
    let payloads = 0;
    for (const tool of conformanceTools) {
      for (const p of violationPayloads(tool.parameters).filter((v) => v.category !== 'invalid_json')) {
        payloads++;
        const categories = (v: ReturnType<typeof advertised.validate>) => (v.ok ? [] : [...new Set(v.failures.map((f) => `${f.category} ${f.path}`))]);
        expect(categories(advertised.validate(tool.name, p.args)), `${tool.name} ${p.category}`).toEqual(categories(reference.validate(tool.name, p.args)));
      }
    }
    expect(payloads).toBeGreaterThan(8);
  });


  it.each(scenarios.map((s) => [s.name, s] as const))('%s', async (_name, scenario) => {
    const server = createShopServer(serverTools(scenario.executors()));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await connectObserved(server, serverSide, () => undefined);
    const client = new Client({ name: 'conformance', version: '1.0.0' });
    await client.connect(clientSide);
    try {
      const sink = createMemorySink();
      const mcp = await guardMcpClient(client, { sink, logger: { warn: () => undefined } });
      let repairNext = false;
      let text = '';
      for (const step of scenario.steps) {
        if (!isCalls(step)) {
          text = step.text;
          break;
        }
        for (const c of step.toolCalls) {
          const result = await mcp.callTool({ name: c.name, arguments: c.args as Record<string, unknown> }, { callId: c.id, repaired: repairNext });
          // A refused call whose tool exists is repaired by the next step (the model's answer to the refusal).
          const refusal = readMcpRefusal(result);
          repairNext = refusal !== null && refusal.category !== 'unknown_tool';
        }
      }
      const receipt = mcp.checkBypass(text, { request: scenario.user });
      expectConformance(scenario, { receipt, operations: sink.operations, interceptions: sink.interceptions });
    } finally {
      await client.close();
    }
  });
});
