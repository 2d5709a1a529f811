// `@mastra/core` 1.x declares Node.js >=22.13: its tests run in CI's Node.js 24 pass, where .ci/run
// installs it into .ci/mastra (see vitest.config.ts), and are skipped on older Node.js with this reason.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);

/** Whether this Node.js runs `@mastra/core` 1.x (>=22.13). */
export const mastraRuns = major > 22 || (major === 22 && minor >= 13);

/** A describe title that says why it is skipped here. */
export function mastraSuite(title: string): string {
  return mastraRuns ? title : `${title} (skipped: @mastra/core 1.x needs Node.js >=22.13, this is ${process.versions.node}; CI runs it on Node.js 24)`;
}
