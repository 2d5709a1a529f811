import { describe, expect, it } from 'vitest';
import { ClaimcheckError } from '../errors.js';
import { loadMcpSdk } from './_load-sdk.js';

describe('loadMcpSdk', () => {
  it('loads the installed SDK', async () => {
    const sdk = await loadMcpSdk();
    expect(typeof sdk.Server).toBe('function');
    expect(typeof sdk.StdioClientTransport).toBe('function');
  });

  it('says what to install when the SDK is missing', async () => {
    const missing = Object.assign(new Error("Cannot find package '@modelcontextprotocol/sdk'"), { code: 'ERR_MODULE_NOT_FOUND' });
    const error = await loadMcpSdk(() => Promise.reject(missing)).catch((e: unknown) => e);
    expect(ClaimcheckError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'missing_dependency', data: { dependency: '@modelcontextprotocol/sdk' }, cause: missing });
    expect((error as Error).message).toBe(
      "claimcheck's MCP proxy needs the optional dependency @modelcontextprotocol/sdk, but it is not installed. Install it next to claimcheck: npm install @modelcontextprotocol/sdk@1",
    );
    await expect(loadMcpSdk(() => Promise.reject(new SyntaxError('bad build')))).rejects.toThrow(/but it did not load \(bad build\)/);
  });
});
