import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';

/**
 * Each SDK is tested at the newest major its Node.js line supports. Where that major needs Node.js 22
 * or newer (openai 7, ai 7), it is not in devDependencies (so `npm ci` on Node.js 20 stays free of
 * engine warnings): `.ci/node24-deps` installs it under node_modules/.cache/node24-deps and links it as
 * `node_modules/openai-v7` and `node_modules/ai-v7`. On Node.js 22+ with those links, the tests'
 * imports of the bare names resolve to them; without them the tests run against the devDependencies'
 * majors (CI's Node 24 pass always installs them, and test/sdk-majors.test.ts checks it there). Code
 * that runs outside vitest (the built CLI and examples in child processes) keeps the bare name's major.
 */
const newestOnNode22: Record<string, string> = { openai: 'openai-v7', ai: 'ai-v7' };
const node22 = Number(process.versions.node.split('.')[0]) >= 22;
const installed = (alias: string): boolean => existsSync(new URL(`./node_modules/${alias}/package.json`, import.meta.url));
const newest = node22 && Object.values(newestOnNode22).every(installed);
/**
 * Packages that exist only for those majors, installed and linked by the same script: `@ai-sdk/otel`, AI SDK 7's
 * OpenTelemetry integration (AI SDK 6 records spans itself), as `node_modules/ai-sdk-otel-v7`.
 */
const companionsOfNewest: Record<string, string> = { '@ai-sdk/otel': 'ai-sdk-otel-v7' };
const aliases = newest ? { ...newestOnNode22, ...Object.fromEntries(Object.entries(companionsOfNewest).filter(([, alias]) => installed(alias))) } : {};

/**
 * `@mastra/core` 1.x declares Node.js >=22.13, so it is no devDependency (the Node.js 20 install would
 * warn): .ci/run installs it into .ci/mastra with Node.js 24's npm (`npm ci --prefix .ci/mastra`), and on
 * Node.js 22+ the tests' imports of `@mastra/core` resolve there, as if imported from that folder.
 */
const mastraFromCi: Plugin = {
  name: 'claimcheck:mastra-from-ci',
  enforce: 'pre',
  async resolveId(source, _importer, options) {
    if (!/^@mastra\/core(?:\/|$)/.test(source)) return null;
    const resolved = await this.resolve(source, fileURLToPath(new URL('./.ci/mastra/package.json', import.meta.url)), { ...options, skipSelf: true });
    if (resolved === null) this.error(`${source} is not installed in .ci/mastra: run \`npm ci --prefix .ci/mastra\` with the npm of Node.js >=22.13 (.ci/run does, for its Node 24 pass).`);
    return resolved;
  },
};

export default defineConfig({
  plugins: node22 ? [mastraFromCi] : [],
  resolve: {
    alias: Object.entries(aliases).map(([name, alias]) => ({ find: new RegExp(`^${name}(?=/|$)`), replacement: alias })),
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    // NO_COLOR: the CLI's colour follows the environment (picocolors turns it on under CI=true, as CI runners
    // set it, or FORCE_COLOR), and the tests read plain text; tests of colour itself set their children's env.
    env: { CLAIMCHECK_NEWEST_SDKS: newest ? '1' : '0', NO_COLOR: '1' },
  },
});
