/**
 * Internal: `--llm <module>` loads an extractor from a user's module: its default export or its export
 * named `extractor`, an object with `kind` and `extract` (what `createLlmExtractor(...)` returns).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Extractor } from '../claims/extractor.js';

/** The extractor the module exports, or a message saying what is wrong. */
export async function loadExtractor(module: string): Promise<Extractor | string> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(resolve(module)).href)) as Record<string, unknown>;
  } catch (error) {
    return `--llm ${module}: the module did not load (${error instanceof Error ? error.message.split('\n')[0] : String(error)}).`;
  }
  const candidate = (mod['extractor'] ?? mod['default']) as Partial<Extractor> | undefined;
  if (candidate === undefined || candidate === null || typeof candidate.extract !== 'function' || (candidate.kind !== 'llm' && candidate.kind !== 'rules')) {
    return `--llm ${module}: export an extractor as default or as \`extractor\` (export default createLlmExtractor({ complete }) from 'claimcheck').`;
  }
  return candidate as Extractor;
}
