import { describe, expect, it } from 'vitest';
import { evaluate } from './check.js';
import type { BenchResults } from './lib/report.js';

const budgets = {
  'weight.homeJsGzipKiB': { max: 150, ceiling: 225 },
  'weight.pageJsGzipKiB': { max: 80 },
  'upstream.coldRequestsPerPage': { max: 3 },
  'upstream.warmRequestsPerPage': { max: 0 },
  'upstream.blogListBytesRatio': { max: 0.1 },
  'gateway.ratio': { min: 0.5 },
  'render.warmRatio': { min: 0.5 },
  'lighthouse.performance': { min: 95 },
  'publish.visibleMs': { max: 2000 },
};

const base: BenchResults = { generatedAt: '', quick: true, machine: { cpus: 2, node: 'v20' } };
const weight = (kib: number): BenchResults['weight'] => ({
  routes: [{ route: '/', files: [], jsGzip: kib * 1024, jsBrotli: 0, cssGzip: 0, cssBrotli: 0 }],
});

describe('bench:check', () => {
  it('passes within a budget, reports a gap under the ceiling, fails past it', () => {
    const verdict = (kib: number) => evaluate({ ...base, weight: weight(kib) }, budgets)[0]?.verdict;
    expect(verdict(140)).toBe('pass');
    expect(verdict(200)).toBe('gap');
    expect(verdict(230)).toBe('FAIL');
  });

  it('fails a page that costs WordPress more than 3 requests cold or any warm', () => {
    const rows = evaluate(
      {
        ...base,
        upstream: {
          pages: [
            { path: '/blog/', coldRequests: 4, coldBytes: 1, warmRequests: 1, warmBytes: 1, requests: [] },
          ],
          blogListBytes: 1,
          blogListUnfilteredBytes: 100,
          blogListBytesRatio: 0.01,
        },
      },
      budgets,
    );
    expect(
      rows.filter((r) => r.budget.startsWith('upstream.') && r.verdict === 'FAIL').map((r) => r.budget),
    ).toEqual(['upstream.coldRequestsPerPage', 'upstream.warmRequestsPerPage']);
  });

  it('never reports a part that did not run as passed', () => {
    const rows = evaluate(base, budgets);
    expect(rows.every((r) => r.verdict === 'not run')).toBe(true);
  });
});
