// Importing the root, or one integration, never loads another integration's SDK: proved over the built
// output, for every entry in package.json's exports map.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importGraph, packageOf } from './_import-graph.js';

const SDKS = ['openai', '@openai/agents', '@anthropic-ai/sdk', 'better-sqlite3', 'langchain', '@langchain/core', '@langchain/langgraph', 'ai', '@modelcontextprotocol/sdk', 'zod', '@mastra/core', 'pg', '@opentelemetry/api', '@opentelemetry/sdk-trace-base', '@opentelemetry/sdk-trace-node', '@opentelemetry/exporter-trace-otlp-http'];

/** What each entry may load at run time (lazily or not). */
const allowed: Record<string, string[]> = {
  '.': [],
  './store': ['better-sqlite3', 'pg'],
  './testing': [],
  './run': [],
  './ai-sdk': ['ai'],
  './mcp': ['@modelcontextprotocol/sdk'],
  './langchain': ['langchain', '@langchain/core', 'zod'],
  './openai-agents': [],
  './openai': [],
  './anthropic': [],
  // Reads Mastra's shapes structurally: it loads nothing of @mastra/core (Node.js >=22.13), and no other entry does either.
  './mastra': [],
  // The API only: spans go through the tracer provider the user set up; no SDK or exporter is loaded.
  './otel': ['@opentelemetry/api'],
};

/** An integration that loads nothing of its SDK at run time may still name the SDK's types: its user has it installed. */
const typesOf: Record<string, string> = { './openai-agents': '@openai/agents', './openai': 'openai', './anthropic': '@anthropic-ai/sdk', './mastra': '@mastra/core' };

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, string | { import: string; types?: string }> };
const entries = Object.entries(pkg.exports).filter(([k]) => k !== './package.json');

describe('subpath entries', () => {
  it('every exported entry is listed here', () => {
    expect(entries.map(([k]) => k).sort()).toEqual(Object.keys(allowed).sort());
  });

  it.each(entries)('%s loads only its own SDK', (name, target) => {
    const file = typeof target === 'string' ? target : target.import;
    const loaded = [...importGraph(new URL(`../${file}`, import.meta.url))].filter((s) => !s.startsWith('.') && !s.startsWith('node:')).map(packageOf);
    const sdks = [...new Set(loaded.filter((p) => SDKS.includes(p)))].sort();
    expect(sdks).toEqual([...(allowed[name] ?? [])].sort());
  });

  // A TypeScript project compiles against an entry's declarations with skipLibCheck off (tsc's default)
  // only when they name no optional SDK beyond the entry's own: a user of the root who has not installed
  // `ai` must not need it for types either.
  it.each(entries.filter(([, t]) => typeof t !== 'string' && t.types !== undefined))('%s: its type declarations name only its own SDK', (name, target) => {
    const types = typeof target === 'string' ? target : (target.types ?? '');
    const named = [...importGraph(new URL(`../${types}`, import.meta.url), new Set(), new Set(), '.d.ts')].filter((s) => !s.startsWith('.') && !s.startsWith('node:')).map(packageOf);
    const sdks = [...new Set(named.filter((p) => SDKS.includes(p)))];
    expect(sdks.filter((p) => !(allowed[name] ?? []).includes(p) && p !== typesOf[name])).toEqual([]);
  });
});
