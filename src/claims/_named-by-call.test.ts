import { describe, expect, it } from 'vitest';
import { isGivenName, toolNamedByCall, toolNamedByFile } from './_named-by-call.js';
import { findPaths } from './_paths.js';
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

describe('toolNamedByFile', () => {
  const profiles = [profileTool({ name: 'render_invoice', description: 'Render an invoice to a PDF file.' }), profileTool({ name: 'list_files', description: 'List the files of a folder.' })];
  const calls = (tool: string): LedgerEntry[] => [call(tool, { out: '/Shared/Billing/inv_0042.pdf' })];

  it('finds the acting tool whose call wrote a file of the name the claim states, in any folder', () => {
    expect(toolNamedByFile(findPaths('It is saved to /Shared/Clients/INV_0042.pdf.'), profiles, calls)).toBe('render_invoice');
    expect(toolNamedByFile(findPaths('It is saved to /Shared/Clients/inv_0043.pdf.'), profiles, calls)).toBeNull();
  });

  it('reads no folder as a file', () => {
    expect(toolNamedByFile(findPaths('It is in /Shared/Billing/'), profiles, calls)).toBeNull();
  });
});
