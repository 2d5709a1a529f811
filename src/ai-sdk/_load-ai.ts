/**
 * Internal: loads `ai` (the Vercel AI SDK), the optional peer of `claimcheck/ai-sdk`, on first use, so
 * importing the subpath never fails and the root entry never loads it.
 */
import type * as Ai from 'ai';
import { peerLoader } from '../_load-peer.js';

/** The `ai` module. */
export type AiModule = typeof Ai;

/** Imports the module; replaced in tests to simulate a missing install. */
export type AiImporter = () => Promise<AiModule>;

const importAi: AiImporter = () => import('ai');

/**
 * The `ai` module, imported on first use.
 * @throws ClaimcheckError `missing_dependency` when `ai` is not installed or does not load.
 */
export const loadAi: (importer?: AiImporter) => Promise<AiModule> = peerLoader(
  { needer: 'claimcheck/ai-sdk', dependency: 'ai (the Vercel AI SDK, version 6 or 7)', packageName: 'ai', install: 'npm install ai' },
  importAi,
  (mod) => {
    if (typeof mod.generateText !== 'function' || typeof mod.jsonSchema !== 'function') throw new TypeError('ai has no generateText or jsonSchema export');
  },
);
