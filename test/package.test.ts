// The package surface: what the root exports, and that the root loads no optional SDK or driver.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as root from '../src/index.js';
import { importGraph } from './_import-graph.js';

describe('package surface', () => {
  it('exports exactly the public API', () => {
    expect(Object.keys(root).sort()).toEqual(
      [
        'ClaimcheckError', 'ClaimcheckErrorCode', 'Ledger', 'MessageFormat', 'RECEIPT_VERSION', 'Receipt',
        'ValidationFailureCategory', 'check', 'checkMessages', 'checkTurns', 'createValidator', 'detectFormat',
        'extractClaims', 'normalizeTools', 'readAnthropic', 'readConversation', 'readOpenAIChat', 'readOpenAIResponses',
        'readTranscript', 'resultFailure', 'turnReceiptToJSON', 'validateInput', 'validateToolCall',
        'validationFailureCategories',
        // findings and the LLM second opinion
        'LLM_TIMEOUT_MS', 'checkAsync', 'checkTurnsAsync', 'createLlmExtractor', 'ruleExtractor',
        // action layer
        'FLAG', 'HALT', 'PASS', 'action', 'createMemorySink', 'guard', 'idField', 'isAction', 'renderTurn',
      ].sort(),
    );
  });

  it('declares an explicit exports map, ESM and no side effects', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    expect(pkg.type).toBe('module');
    expect(pkg.sideEffects).toBe(false);
    expect(Object.keys(pkg.exports as object)).toEqual(['.', './store', './testing', './run', './ai-sdk', './mcp', './langchain', './openai-agents', './openai', './anthropic', './mastra', './otel', './package.json']);
    expect(pkg.bin).toEqual({ claimcheck: './dist/cli/main.js' });
  });

  it('loads no provider SDK or database driver from the built root (its whole import graph)', async () => {
    await import(new URL('../dist/index.js', import.meta.url).href);
    const graph = importGraph(new URL('../dist/index.js', import.meta.url));
    expect([...graph].filter((s) => !s.startsWith('.') && !s.startsWith('node:'))).toEqual(expect.arrayContaining(['ajv']));
    expect([...graph].some((s) => /^(openai|@openai|@anthropic-ai|better-sqlite3|@langchain|langchain|ai|pg|@modelcontextprotocol|@mastra|@opentelemetry)(\/|$)/.test(s))).toBe(false);
  });
});
