import { describe, expect, it } from 'vitest';
import { isGivenName, toolNamedByCall } from './_named-by-call.js';
import { profileTool } from './tool-profile.js';
import type { LedgerEntry } from '../ledger.js';

const call = (tool: string, args: unknown): LedgerEntry => ({ tool, status: 'error', args, result: undefined, error: 'failed', callId: null, startedAt: null, endedAt: null });

describe('isGivenName', () => {
  it.each(['etl-worker-3', 'db2', 'web_01', 'node.7'])('reads %s as a name given to a thing', (w) => expect(isGivenName(w)).toBe(true));
  it.each(['worker', '2025', 'up', 'a1'])('reads %s as no given name', (w) => expect(isGivenName(w)).toBe(false));
});

describe('toolNamedByCall', () => {
  const profiles = [profileTool({ name: 'queue_create', description: 'Create a queue.' }), profileTool({ name: 'queue_get', description: 'Get a queue.' })];

  it('finds the acting tool whose call was given the name as a whole value, case aside', () => {
    const calls = (tool: string): LedgerEntry[] => (tool === 'queue_create' ? [call(tool, { spec: { name: 'Jobs-2' } })] : []);
    expect(toolNamedByCall('jobs-2', profiles, calls)).toBe('queue_create');
    expect(toolNamedByCall('jobs-3', profiles, calls)).toBeNull();
  });

  it('leaves a name only a lookup was given to no tool', () => {
    expect(toolNamedByCall('jobs-2', profiles, (tool) => (tool === 'queue_get' ? [call(tool, { name: 'jobs-2' })] : []))).toBeNull();
  });
});
