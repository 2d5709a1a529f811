/**
 * Internal: loads `ai` (the Vercel AI SDK), the optional peer of `claimcheck/ai-sdk`, on first use, so
 * importing the subpath never fails and the root entry never loads it.
 */
import type * as Ai from 'ai';
import { ClaimcheckError } from '../errors.js';

/** The `ai` module. */
export type AiModule = typeof Ai;

/** Imports the module; replaced in tests to simulate a missing install. */
export type AiImporter = () => Promise<AiModule>;

const importAi: AiImporter = () => import('ai');

let cached: AiModule | undefined;

/**
 * The `ai` module, imported on first use.
 * @throws ClaimcheckError `missing_dependency` when `ai` is not installed or does not load.
 */
export async function loadAi(importer: AiImporter = importAi): Promise<AiModule> {
  if (importer === importAi && cached !== undefined) return cached;
  let mod: AiModule;
  try {
    mod = await importer();
    if (typeof mod.generateText !== 'function' || typeof mod.jsonSchema !== 'function') throw new TypeError('ai has no generateText or jsonSchema export');
  } catch (cause) {
    const notInstalled = (cause as { code?: unknown } | null)?.code === 'ERR_MODULE_NOT_FOUND';
    const why = notInstalled ? 'it is not installed' : `it did not load (${cause instanceof Error ? cause.message.split('\n')[0] : String(cause)})`;
    throw new ClaimcheckError(
      'missing_dependency',
      `claimcheck/ai-sdk needs the optional dependency ai (the Vercel AI SDK, version 6 or 7), but ${why}. Install it next to claimcheck: npm install ai`,
      { cause, data: { dependency: 'ai' } },
    );
  }
  if (importer === importAi) cached = mod;
  return mod;
}
