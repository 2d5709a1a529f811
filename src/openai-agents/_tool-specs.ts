/**
 * Internal: an Agents SDK agent's tools as the core's tool entries. A function tool (`tool()`, an MCP
 * tool, an agent as a tool) carries the JSON Schema the SDK sends the model in `parameters`; hosted,
 * computer, shell and apply-patch tools are built-ins the core does not judge.
 * @see https://openai.github.io/openai-agents-js/guides/tools/
 */
import { isRecord } from '../readers/_shape.js';
import type { ToolSpec } from '../tools.js';

/** The function tools among `tools`, as {@link ToolSpec}s (a non-array gives none). */
export function agentToolSpecs(tools: unknown): ToolSpec[] {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((t: unknown) => {
    const spec = functionToolSpec(t);
    return spec === null ? [] : [spec];
  });
}

/** One function tool as a {@link ToolSpec}; `null` for anything else. */
export function functionToolSpec(tool: unknown): ToolSpec | null {
  if (!isRecord(tool) || tool.type !== 'function' || typeof tool.name !== 'string' || tool.name === '') return null;
  const spec: ToolSpec = { name: tool.name, description: typeof tool.description === 'string' ? tool.description : '' };
  if (isRecord(tool.parameters)) spec.parameters = tool.parameters;
  return spec;
}

/** The tools of every agent that took part in a run (handoffs bring in others), function tools first seen first. */
export function runToolSpecs(agents: Iterable<unknown>): ToolSpec[] {
  const out = new Map<string, ToolSpec>();
  for (const agent of agents) {
    if (!isRecord(agent)) continue;
    for (const spec of agentToolSpecs(agent.tools)) if (!out.has(spec.name)) out.set(spec.name, spec);
  }
  return [...out.values()];
}
