// The public surface of claimcheck/langchain.
import { describe, expect, it } from 'vitest';
import * as langchain from './langchain.js';

describe('claimcheck/langchain surface', () => {
  it('exports exactly the LangChain integration', () => {
    expect(Object.keys(langchain).sort()).toEqual(['ClaimcheckCallbackHandler', 'checkLangChainMessages', 'claimcheckMiddleware', 'ledgerFromLangChainMessages']);
  });
});
