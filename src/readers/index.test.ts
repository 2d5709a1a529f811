import { describe, it, expect } from 'vitest';
import * as readers from './index.js';

describe('readers public surface', () => {
  it('exports exactly the documented names', () => {
    expect(Object.keys(readers).sort()).toEqual([
      'detectFormat',
      'ignoredAnthropicBlockTypes',
      'ignoredResponsesItemTypes',
      'normalizeTools',
      'readAnthropic',
      'readConversation',
      'readOpenAIChat',
      'readOpenAIResponses',
      'readTraces',
      'readTranscript',
      'resultFailure',
    ]);
  });
});
