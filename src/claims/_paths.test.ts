import { describe, expect, it } from 'vitest';
import { findPaths, pathAgrees, recordedPaths } from './_paths.js';

describe('findPaths', () => {
  it.each([
    ['saved to `/Shared/Accountant/Q1_PL.pdf`.', [{ path: '/shared/accountant/q1_pl.pdf', folders: true, ext: 'pdf' }]],
    ['I attached **estimate_final_0512.pdf** to the claim.', [{ path: 'estimate_final_0512.pdf', folders: false, ext: 'pdf' }]],
    ['Exported to /Gradebooks/ (27 rows).', [{ path: '/gradebooks', folders: true, ext: '' }]],
    ['Applied k8s/worker.yaml to prod.', [{ path: 'k8s/worker.yaml', folders: true, ext: 'yaml' }]],
    ['Open ./notes.md next.', [{ path: './notes.md', folders: true, ext: 'md' }]],
  ])('%j', (text, expected) => {
    expect(findPaths(text)).toEqual(expected);
  });

  it.each(['It runs 24/7 and/or on 3/14.', 'It costs 3.5 times more, e.g. twice.', 'See www.example.com or https://example.com/a.pdf', 'Mail ana@example.com.'])('states none in %j', (text) => {
    expect(findPaths(text)).toEqual([]);
  });
});

describe('recordedPaths', () => {
  it('reads a value that is one path, the paths a command states, and no URL, email or plain text', () => {
    expect(recordedPaths('/Shared/Owner/Q1 Report.pdf')).toEqual(['/shared/owner/q1 report.pdf']);
    expect(recordedPaths('kubectl apply -f k8s/worker.yaml')).toEqual(['k8s/worker.yaml']);
    expect(recordedPaths('https://example.com/a.pdf')).toEqual([]);
    expect(recordedPaths('dora@dora-website.com')).toEqual([]);
    expect(recordedPaths('Thanks for your business!')).toEqual([]);
    expect(recordedPaths(42)).toEqual([]);
  });
});

describe('pathAgrees', () => {
  const [file] = findPaths('referral_letter_0528.pdf');
  const [folder] = findPaths('/Shared/Accountant');
  const [tail] = findPaths('Reports/2025/q1.pdf');
  it('agrees with the same path, a path that ends in the stated name or tail, and a file in the stated folder', () => {
    expect(file && pathAgrees(file, '/charts/p-1/referral_letter_0528.pdf')).toBe(true);
    expect(tail && pathAgrees(tail, '/shared/reports/2025/q1.pdf')).toBe(true);
    expect(folder && pathAgrees(folder, '/shared/accountant/q1.pdf')).toBe(true);
  });

  it('disagrees with another file or folder', () => {
    expect(file && pathAgrees(file, '/charts/p-1/visit_summary_0528.pdf')).toBe(false);
    expect(folder && pathAgrees(folder, '/shared/owner/reports/q1.pdf')).toBe(false);
    expect(file && pathAgrees(file, '/charts/p-1/old_referral_letter_0528.pdf')).toBe(false);
  });
});
