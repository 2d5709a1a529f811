// The hooks' side of Mastra's ToolHooks contract, called as Mastra's agent calls them (beforeToolCall,
// then the tool, then afterToolCall, with the call's `toolCallId` in the context). A real Mastra agent
// drives them in test/conformance/mastra.conformance.test.ts and test/mastra (Node.js 24).
import { describe, expect, it, vi } from 'vitest';
import { idField } from '../action/action-receipt.js';
import { guard } from '../action/guard.js';
import { createMemorySink } from '../action/operation-sink.js';
import { HALT } from '../action/verify-outcome.js';
import { ClaimcheckError } from '../errors.js';
import { claimcheckToolHooks } from './claimcheck-tool-hooks.js';

const quiet = { warn: () => undefined };
const refundSchema = { type: 'object', properties: { order_id: { type: 'string' }, amount_cents: { type: 'integer', minimum: 1 } }, required: ['order_id', 'amount_cents'] };
/** A tool as Mastra's `createTool` makes it: the schema behind the Standard JSON Schema interface. */
const mastraTool = (schema: object, description = 'Refund an order. Amount in cents.') => ({
  id: 'issue_refund',
  description,
  inputSchema: { '~standard': { version: 1, vendor: 'mastra', validate: () => ({ value: {} }), jsonSchema: { input: () => ({ $schema: 'http://json-schema.org/draft-07/schema#', ...schema }) } } },
  execute: async () => ({ refund_id: 'RF-1' }),
});
const ctx = (toolCallId: string) => ({ toolCallId, messages: [] });

/** What Mastra does around a tool: beforeToolCall, the tool unless answered, afterToolCall. */
async function call(hooks: ReturnType<typeof claimcheckToolHooks>, toolName: string, input: unknown, id: string, tool: () => unknown): Promise<unknown> {
  const context = ctx(id);
  const before = await hooks.beforeToolCall({ toolName, input, context });
  if (before?.proceed === false) return before.output;
  let output: unknown;
  try {
    output = await tool();
  } catch (error) {
    await hooks.afterToolCall({ toolName, input, context, error });
    throw error;
  }
  await hooks.afterToolCall({ toolName, input, context, output });
  return output;
}

describe('claimcheckToolHooks', () => {
  it('lets a valid call run, then records it with the proof read from its output', async () => {
    const sink = createMemorySink();
    const hooks = claimcheckToolHooks({ tools: { issue_refund: mastraTool(refundSchema) }, actions: { issue_refund: { receipt: idField('refund_id') } }, sink, logger: quiet });
    const tool = vi.fn(() => ({ refund_id: 'RF-1' }));
    expect(await call(hooks, 'issue_refund', { order_id: 'A-1', amount_cents: 6400 }, 'c1', tool)).toEqual({ refund_id: 'RF-1' });
    expect(tool).toHaveBeenCalledTimes(1);
    expect(sink.operations.map((o) => [o.tool, o.callId, o.state, o.receipt?.id])).toEqual([['issue_refund', 'c1', 'posted', 'RF-1']]);
  });

  it('answers rejected arguments itself, and records the next call of the tool as the repair', async () => {
    const sink = createMemorySink();
    const hooks = claimcheckToolHooks({ tools: { issue_refund: mastraTool(refundSchema) }, actions: { issue_refund: { receipt: idField('refund_id') } }, sink, logger: quiet });
    const tool = vi.fn(() => ({ refund_id: 'RF-1' }));
    const answer = await call(hooks, 'issue_refund', { order_id: 'A-1', amount_cents: '6400' }, 'c1', tool);
    expect(answer).toMatch(/^Error: the arguments of issue_refund were rejected and the tool did not run\. .*amount_cents/);
    expect(tool).not.toHaveBeenCalled();
    await call(hooks, 'issue_refund', { order_id: 'A-1', amount_cents: 6400 }, 'c2', tool);
    expect(sink.interceptions.map((i) => [i.tool, i.category, i.callId])).toEqual([['issue_refund', 'type_mismatch', 'c1']]);
    expect(sink.operations.map((o) => [o.callId, o.state, o.repaired])).toEqual([
      ['c1', 'failed', false],
      ['c2', 'posted', true],
    ]);
  });

  it('records a tool that threw as failed, and the error still reaches Mastra', async () => {
    const sink = createMemorySink();
    const hooks = claimcheckToolHooks({ tools: { issue_refund: mastraTool(refundSchema) }, sink, logger: quiet });
    await expect(call(hooks, 'issue_refund', { order_id: 'A-1', amount_cents: 1 }, 'c1', () => Promise.reject(new Error('card declined')))).rejects.toThrow('card declined');
    expect(sink.operations.map((o) => [o.state, o.error])).toEqual([['failed', 'card declined']]);
  });

  it('throws halted from afterToolCall when verify halts the call', async () => {
    const sink = createMemorySink();
    const verify = () => HALT('refund larger than the order');
    const hooks = claimcheckToolHooks({ tools: { issue_refund: mastraTool(refundSchema) }, actions: { issue_refund: { receipt: idField('refund_id'), verify } }, sink, logger: quiet });
    const error = await call(hooks, 'issue_refund', { order_id: 'A-1', amount_cents: 9999 }, 'c1', () => ({ refund_id: 'RF-1' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClaimcheckError);
    expect((error as ClaimcheckError).code).toBe('halted');
    expect((error as Error).message).toBe('Error: issue_refund ran but was halted for review: refund larger than the order');
    expect(sink.operations.map((o) => o.state)).toEqual(['needs_review']);
  });

  it('lets a tool it was not given run unguarded, warning once per name', async () => {
    const sink = createMemorySink();
    const warn = vi.fn();
    const hooks = claimcheckToolHooks({ tools: { issue_refund: mastraTool(refundSchema) }, sink, logger: { warn } });
    expect(await call(hooks, 'updateWorkingMemory', { memory: 'x' }, 'c1', () => 'ok')).toBe('ok');
    expect(await call(hooks, 'updateWorkingMemory', { memory: 'y' }, 'c2', () => 'ok')).toBe('ok');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('"updateWorkingMemory" is not in claimcheckToolHooks({ tools })');
    expect(sink.operations).toEqual([]);
  });

  it('reads a plain JSON Schema and an AI SDK jsonSchema() schema; a tool with no schema (or none in JSON Schema) takes any arguments', async () => {
    const sink = createMemorySink();
    const tools = {
      plain: { description: 'Plain.', inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } },
      aiSdk: { description: 'AI SDK.', inputSchema: { jsonSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] }, validate: () => ({ success: true }) } },
      open: { description: 'No schema.' },
      unconvertible: { description: 'No JSON Schema form.', inputSchema: { '~standard': { version: 1, vendor: 'x', validate: () => ({ value: {} }), jsonSchema: { input: () => { throw new Error('transforms have no JSON Schema'); } } } } },
    };
    const hooks = claimcheckToolHooks({ tools, sink, logger: quiet });
    expect(await call(hooks, 'plain', {}, 'c1', () => 1)).toMatch(/^Error: the arguments of plain were rejected/);
    expect(await call(hooks, 'aiSdk', { n: 'x' }, 'c2', () => 1)).toMatch(/^Error: the arguments of aiSdk were rejected/);
    expect(await call(hooks, 'open', { anything: true }, 'c3', () => 1)).toBe(1);
    expect(await call(hooks, 'unconvertible', { anything: true }, 'c4', () => 2)).toBe(2);
    expect(sink.interceptions.map((i) => [i.tool, i.category])).toEqual([
      ['plain', 'missing_required'],
      ['aiSdk', 'type_mismatch'],
    ]);
  });

  it('with a guard of your own, its executors answer every call and the tool never runs', async () => {
    const sink = createMemorySink();
    const g = guard({ tools: [{ name: 'issue_refund', description: '', parameters: refundSchema }], executors: { issue_refund: () => ({ refund_id: 'RF-9' }) }, sink, logger: quiet });
    const hooks = claimcheckToolHooks({ guard: g });
    const tool = vi.fn();
    expect(await call(hooks, 'issue_refund', { order_id: 'A-1', amount_cents: 1 }, 'c1', tool)).toEqual({ refund_id: 'RF-9' });
    expect(tool).not.toHaveBeenCalled();
    expect(hooks.guard).toBe(g);
    expect(sink.operations.map((o) => [o.callId, o.state])).toEqual([['c1', 'read']]);
  });

  it('rejects bad options with invalid_options or invalid_tool', () => {
    const g = guard({ executors: {} });
    expect(() => claimcheckToolHooks({})).toThrow(expect.objectContaining({ code: 'invalid_options' }));
    expect(() => claimcheckToolHooks({ guard: g, tools: {} })).toThrow(expect.objectContaining({ code: 'invalid_options' }));
    expect(() => claimcheckToolHooks({ tools: { a: mastraTool(refundSchema) }, actions: { b: { receipt: idField('id') } } })).toThrow(expect.objectContaining({ code: 'invalid_options', data: { actions: ['b'] } }));
    expect(() => claimcheckToolHooks({ tools: [] as never })).toThrow(expect.objectContaining({ code: 'invalid_tool' }));
    expect(() => claimcheckToolHooks({ tools: { a: 'x' } })).toThrow(expect.objectContaining({ code: 'invalid_tool' }));
  });
});
