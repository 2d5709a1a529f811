import { describe, expect, it } from 'vitest';
import { runTitle } from './_run-title.js';

describe('runTitle', () => {
  it("reads a run's name, title or scenario, in that order", () => {
    expect(runTitle({ scenario: 'email-failed', model: 'gpt-4o', scripted: true })).toEqual({ text: 'email-failed', named: true });
    expect(runTitle({ title: 'nightly eval', name: 'refunds' })).toEqual({ text: 'refunds', named: true });
    expect(runTitle({ name: '  ', title: 'multi\n  line' })).toEqual({ text: 'multi line', named: true });
  });

  it('makes a title of the other fields that hold text, numbers or booleans, not raw JSON', () => {
    // What claimcheck mcp-proxy wrote before it named its runs.
    expect(runTitle({ via: 'mcp-proxy', servers: [{ name: 'everything', version: '1.0.0' }] })).toEqual({ text: 'via mcp-proxy', named: false });
    expect(runTitle({ model: 'gpt-4o', shard: 3, dry: false, tags: ['a'] })).toEqual({ text: 'model gpt-4o · shard 3 · dry false', named: false });
  });

  it('falls back to the JSON of a meta with nothing else to show, and has no title without meta', () => {
    expect(runTitle({ servers: [{ name: 'x' }] })).toEqual({ text: '{"servers":[{"name":"x"}]}', named: false });
    expect(runTitle(['a', 1])).toEqual({ text: '["a",1]', named: false });
    expect(runTitle('a run')).toEqual({ text: '"a run"', named: false });
    expect(runTitle(null)).toBeNull();
  });
});
