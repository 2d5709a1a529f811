// The package surface: what the root exports, and that the root loads no optional SDK or driver.
import { execFileSync } from 'node:child_process';
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
        'readTraces', 'readTranscript', 'resultFailure', 'turnReceiptToJSON', 'validateInput', 'validateToolCall',
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

  it('ships its own MIT licence and the WordNet licence the README points to', () => {
    const root = new URL('..', import.meta.url);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const [pack] = JSON.parse(execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as Array<{ files: Array<{ path: string }> }>;
    const files = new Set(pack?.files.map((f) => f.path));
    expect(files.has('LICENSE')).toBe(true);
    expect(files.has('src/lexicon/data/WORDNET-LICENSE')).toBe(true);
    expect(readFileSync(new URL('LICENSE', root), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) 2026 claimcheck contributors\n/);
    const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { license: string };
    expect(pkg.license).toBe('MIT');
  });

  it('loads no provider SDK or database driver from the built root (its whole import graph)', async () => {
    await import(new URL('../dist/index.js', import.meta.url).href);
    const graph = importGraph(new URL('../dist/index.js', import.meta.url));
    expect([...graph].filter((s) => !s.startsWith('.') && !s.startsWith('node:'))).toEqual(expect.arrayContaining(['ajv']));
    expect([...graph].some((s) => /^(openai|@openai|@anthropic-ai|better-sqlite3|@langchain|langchain|ai|pg|@modelcontextprotocol|@mastra|@opentelemetry)(\/|$)/.test(s))).toBe(false);
  });
});
