import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';

/**
 * Each SDK is tested at the newest major its Node.js line supports. Where that major needs Node.js 22
 * or newer, it is installed beside the one for Node.js 20 under an npm alias (devDependencies
 * `openai-v7`, `ai-v7`), and on Node.js 22+ the tests' imports of the bare name resolve to it. Code
 * that runs outside vitest (the built CLI and examples in child processes) keeps the bare name's major.
 */
const newestOnNode22: Record<string, string> = { openai: 'openai-v7', ai: 'ai-v7' };
const node22 = Number(process.versions.node.split('.')[0]) >= 22;

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
    alias: node22
      ? Object.entries(newestOnNode22).map(([name, alias]) => ({ find: new RegExp(`^${name}(?=/|$)`), replacement: alias }))
      : [],
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
