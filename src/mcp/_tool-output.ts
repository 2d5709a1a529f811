/**
 * Internal: an MCP `CallToolResult` translated into what a guard executor returns or throws, so the
 * guard judges MCP calls as it judges any other: `isError` → a thrown {@link McpToolError} (the
 * operation is `failed`, with the result's text as its error); otherwise the output is
 * `structuredContent`, else the text content parsed when it is one JSON object or array, else that text.
 * @see https://modelcontextprotocol.io/specification/2025-06-18/server/tools#tool-result
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { parseStructured } from '../readers/_json.js';

/** What an MCP tool reported with `isError: true`; its message is the result's text. */
export class McpToolError extends Error {
  override readonly name = 'McpToolError';
}

/** The executor's output for `result`. @throws McpToolError when `result.isError` is true. */
export function toolOutput(result: CallToolResult): unknown {
  const text = resultText(result);
  if (result.isError === true) throw new McpToolError(text === '' ? 'the MCP tool reported an error (isError) with no text' : text);
  if (isObject(result.structuredContent)) return result.structuredContent;
  if (text === '') return Array.isArray(result.content) && result.content.length > 0 ? result.content : '';
  return parseStructured(text) ?? text;
}

/** The text blocks of a result's content, joined by newlines (`''` when there are none). */
export function resultText(result: CallToolResult): string {
  if (!Array.isArray(result.content)) return '';
  const texts: string[] = [];
  for (const block of result.content as unknown[]) {
    if (isObject(block) && block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
  }
  return texts.join('\n');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
